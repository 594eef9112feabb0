"""No web tool raises: on a closed session and with wrong arguments each returns a failed ToolResult."""

from __future__ import annotations

from typing import Any

import pytest
import pytest_asyncio

from tapwright.core.context import ToolContext
from tapwright.drivers.web import WebBrowser, WebSession
from tapwright.errors import ErrorCode
from tapwright.registry.registry import Registry
from tapwright.tools.actions import offered
from tapwright.tools.web_seam import WebActions

ARGS: dict[str, dict[str, Any]] = {
    "web.navigate": {"url": "/form.html"}, "web.type_text": {"text": "x", "x": 1, "y": 1},
    "web.select": {"target": "Country", "option": "x"}, "web.fill": {"target": "Email", "text": "x"},
    "web.press_key": {"key": "Enter"}, "web.wait": {"seconds": 0}, "web.wait_for": {"text": "x", "timeout_ms": 100},
    "web.click_link": {"text": "x"}, "web.click_button": {"text": "x"}, "web.upload_file": {"target": "x", "path": __file__},
    "web.drag": {"source": "a", "target": "b"}, "web.verify_text": {"text": "x"},
    "web.verify_value": {"target": "x", "value": "x"}, "web.verify_url": {"expected": "x"},
    "web.verify_title": {"expected": "x"}, "web.switch_tab": {"index": 0},
    "web.verify_state": {"target": "Log in", "state": "enabled"}, "web.verify_count": {"target": "row", "count": 1},
}  # fmt: skip
COORDS = {"web.click_at", "web.double_click_at", "web.right_click_at", "web.move_to"}
WEB_TOOLS = sorted(s.name for s in Registry.default().list(namespace="web"))


def _args(name: str) -> dict[str, Any]:
    if name in ARGS:
        return ARGS[name]
    if name in COORDS:
        return {"x": 1, "y": 1}
    spec = Registry.default().get(name)
    assert spec is not None
    required = set(spec.parameters.get("required", []))
    if required <= {"target"}:
        return {"target": "Log in"} if required else {}
    return dict(spec.examples[0]["parameters"])  # more required arguments: the tool's own example has them


def test_catalog_is_complete_and_documented() -> None:
    # The web's own tools and the coordinate tools (36: web.console, web.network, web.verify_rows, web.verify_record, web.verify_order,
    # web.verify_sorted, web.sort_table, web.pick_date, web.confirm among them), and every catalog action the web offers: adding an action to the catalog does not
    # touch this test.
    assert len(WEB_TOOLS) == 36 + len(offered(WebActions))
    for name in WEB_TOOLS:
        spec = Registry.default().get(name)
        assert spec is not None and spec.triggers and spec.examples and spec.description, name


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def closed(browser: WebBrowser, server: str) -> WebSession:
    session = await browser.new_session(base_url=server, action_timeout_ms=300)
    await session.aclose()
    return session


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("name", WEB_TOOLS)
async def test_closed_session_fails_cleanly(name: str, closed: WebSession, registry: Registry) -> None:
    session = closed
    result = await registry.call(name, _args(name), ToolContext([session]))
    if name == "web.wait":
        assert result.ok
        return
    assert not result.ok and result.code is CLOSED_CODES.get(name, ErrorCode.BROWSER_CRASHED), result.status_line()


# A closed session has no tabs, so a tab index is checked (and refused) before anything reaches the browser.
CLOSED_CODES = {"web.switch_tab": ErrorCode.INVALID_INPUT, "web.close_tab": ErrorCode.INVALID_INPUT}


@pytest.mark.parametrize("name", WEB_TOOLS)
async def test_wrong_arguments_fail_validation(name: str, registry: Registry) -> None:
    result = await registry.call(name, {"no_such_argument": 1}, ToolContext())
    assert result.code is ErrorCode.INVALID_INPUT
