"""A button a framework re-renders every few tens of milliseconds is clicked by description:
a target that went stale is resolved again by the same description within the action's deadline."""

from __future__ import annotations

import pytest
from security_servers import Sites

from tapwright.core.context import ToolContext
from tapwright.drivers.web import WebBrowser
from tapwright.registry.registry import Registry

pytestmark = [pytest.mark.browser]


@pytest.mark.asyncio(loop_scope="session")
# A CSS selector ("#save") is not in this list yet: Playwright's own locator waits the whole deadline for the
# node to hold still (docs/security.md lists it as open).
@pytest.mark.parametrize("target", ["Save changes button", "the Save changes button"])
async def test_a_rerendered_button_is_clicked_once(browser: WebBrowser, sites: Sites, target: str) -> None:
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=5_000)
    ctx = ToolContext([session])
    try:
        await session.navigate("/rerender")
        for expected in (1, 2, 3):
            result = await Registry.default().call("web.click", {"target": target}, ctx)
            assert result.ok, result.error
            assert await session.page.evaluate("window.clicks") == expected  # once per click, never twice
    finally:
        await session.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_a_ref_that_went_stale_is_not_guessed_again(browser: WebBrowser, sites: Sites) -> None:
    """A ref names one node of one snapshot: when that node is gone, the answer stays STALE_REF."""
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=2_000)
    ctx = ToolContext([session])
    try:
        await session.navigate("/rerender")
        tree = await session.snapshot()
        ref = next(e.ref for e in tree if e.role == "button")
        import asyncio

        await asyncio.sleep(0.2)  # re-rendered several times since
        result = await Registry.default().call("web.click", {"target": ref}, ctx)
        assert not result.ok and result.error is not None and result.error.code.value == "STALE_REF"
        assert await session.page.evaluate("window.clicks") == 0
    finally:
        await session.aclose()
