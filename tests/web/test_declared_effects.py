"""Declarations checked against behaviour on a real Chromium page.

Every web tool declared read-only is called with valid arguments and must leave the page as it
found it: the same URL, DOM, field values, focus and scroll position. A few tools declared not
idempotent show that a second call does something the first did not.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession
from tapwright.registry.registry import Registry

Call = Callable[..., Awaitable[ToolResult]]
pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

# Valid arguments for each read-only tool that works on a web page, against pages/form.html.
SAMPLES: dict[str, dict[str, Any]] = {
    "web.console": {"level": "all"},
    "web.downloads": {"wait_s": 0},
    "web.get_text": {"target": "#status"},
    "web.get_value": {"target": "Bio"},
    "web.locate": {"target": "the Log in button"},
    "web.network": {"limit": 10},
    "web.screenshot": {},  # the path is added below (a file under the test's folder)
    "web.snapshot": {},
    "web.verify_count": {"target": "row in the Users table", "count": 2},
    "web.verify_not_visible": {"target": "Hidden button"},
    "web.verify_order": {"texts": ["Leo Smith"], "at": "first"},
    "web.verify_sorted": {"column": "Name"},
    "web.verify_rows": {"column": "Action", "values": ["Delete"]},
    "web.verify_record": {"claim": "Leo Smith and Delete", "key": "Leo Smith"},
    "web.verify_state": {"target": "Remember me", "state": "unchecked"},
    "web.verify_text": {"text": "Sign in"},
    "web.verify_title": {"expected": "Login form"},
    "web.verify_url": {"expected": "/form.html"},
    "web.verify_value": {"target": "Bio", "value": "hello"},
    "web.verify_visible": {"target": "the Log in button"},
    "web.wait": {"seconds": 0},
    "web.wait_for": {"target": "the Log in button"},
    "extract.articles": {},
    "extract.links": {},
    "extract.lists": {},
    "extract.products": {},
    "extract.schema": {"schema": {"type": "array", "items": {"type": "object", "properties": {"name": {"type": "string"},
                                                                                             "email": {"type": "string"}}}},
                       "use_model": False},
    "extract.tables": {},
}  # fmt: skip

READ_ONLY_WEB = sorted(s.name for s in Registry.default().list() if s.read_only and "web" in s.dependencies)

# Everything a look must not touch: the address, the document, what fields hold, focus, scroll.
STATE_JS = """() => ({
  url: location.href,
  // Playwright hides the text caret for a screenshot and leaves an empty style attribute behind
  // on each field (styling nothing); that is the screenshot machinery's trace, not the tool's.
  html: document.documentElement.outerHTML.replaceAll(' style=""', ''),
  values: [...document.querySelectorAll('input, textarea, select')].map(e => [e.id, e.value, e.checked]),
  active: document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : null,
  scroll: [window.scrollX, window.scrollY],
  history: history.length,
})"""


@pytest.mark.asyncio(loop_scope="session")
async def test_every_read_only_web_tool_has_sample_arguments() -> None:
    assert sorted(SAMPLES) == READ_ONLY_WEB


async def _open_form(call: Call, session: WebSession) -> dict[str, Any]:
    r = await call("web.navigate", url="/form.html")
    assert r.ok, r.status_line()
    await session.page.wait_for_selector("#late", state="attached")  # the page's own late change is over
    state: dict[str, Any] = await session.page.evaluate(STATE_JS)
    return state


@pytest.mark.parametrize("name", READ_ONLY_WEB)
async def test_a_read_only_tool_leaves_the_page_as_it_was(name: str, call: Call, session: WebSession, tmp_path: Path) -> None:
    before = await _open_form(call, session)
    args = dict(SAMPLES[name])
    if name == "web.screenshot":
        args["path"] = str(tmp_path / "shot.png")
    result = await call(name, **args)
    assert result.ok, result.status_line()
    after = await session.page.evaluate(STATE_JS)
    for key in before:
        assert after[key] == before[key], f"{name} changed the page's {key}"


async def test_fill_that_appends_differs_on_a_second_call_so_web_fill_is_not_idempotent(call: Call, session: WebSession) -> None:
    await _open_form(call, session)
    for _ in range(2):
        assert (await call("web.fill", target="Bio", text="!", clear=False)).ok
    assert await session.page.input_value("#bio") == "hello!!"


async def test_go_back_twice_lands_elsewhere_than_once(call: Call, session: WebSession) -> None:
    for page in ("/form.html", "/page2.html", "/inner.html"):
        assert (await call("web.navigate", url=page)).ok
    assert (await call("web.go_back")).ok
    once = session.page.url
    assert (await call("web.go_back")).ok
    assert once.endswith("/page2.html") and session.page.url.endswith("/form.html")


async def test_a_second_click_acts_again(call: Call, session: WebSession) -> None:
    await _open_form(call, session)
    assert (await call("web.click", target="Remember me")).ok
    assert await session.page.is_checked("#remember")
    assert (await call("web.click", target="Remember me")).ok
    assert not await session.page.is_checked("#remember")


async def test_declared_idempotent_tools_change_nothing_more_on_a_second_call(call: Call, session: WebSession) -> None:
    await _open_form(call, session)
    steps: list[tuple[str, dict[str, Any]]] = [
        ("web.fill", {"target": "Bio", "text": "set"}),
        ("web.check", {"target": "Remember me"}),
        ("web.select", {"target": "Country", "option": "Japan"}),
    ]
    for name, args in steps:
        assert (await call(name, **args)).ok
    once = await session.page.evaluate(STATE_JS)
    for name, args in steps:
        assert (await call(name, **args)).ok
    again = await session.page.evaluate(STATE_JS)
    # Focus follows the last control acted on; a second check of a ticked box does not click it.
    del once["active"], again["active"]
    assert again == once
