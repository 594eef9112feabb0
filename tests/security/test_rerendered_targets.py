"""A button a framework re-renders every few tens of milliseconds is clicked by description and by selector:
a target that went stale is matched again by the same words within the action's deadline, and an element that
really went away is still reported as gone."""

from __future__ import annotations

import asyncio

import pytest
from security_servers import Sites

from tapwright.core.context import ToolContext
from tapwright.drivers.web import WebBrowser
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.actions import click_on, operate
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.registry import Registry

pytestmark = [pytest.mark.browser]

TARGETS = ["Save changes button", "the Save changes button", "#save", "css=#box > button", "role=button[name='Save changes']"]


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("target", TARGETS)
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
@pytest.mark.parametrize("target", ["Save changes button", "#save"])
async def test_a_button_replaced_every_20_to_50_ms_takes_every_click(browser: WebBrowser, sites: Sites,
                                                                      target: str) -> None:
    """Twenty clicks in a row, each landing once, on a node replaced at random 20-50 ms intervals."""
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=5_000)
    ctx = ToolContext([session])
    try:
        await session.navigate("/rerender-jitter")
        draws = await session.page.evaluate("window.draws")
        for expected in range(1, 21):
            result = await Registry.default().call("web.click", {"target": target}, ctx)
            assert result.ok, (expected, result.error)
            assert await session.page.evaluate("window.clicks") == expected
        assert await session.page.evaluate("window.draws") > draws + 20  # it really was re-rendered all along
    finally:
        await session.aclose()


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("target", ["Save changes button", "#save"])
async def test_a_press_the_page_redrew_before_the_release_is_clicked_again(browser: WebBrowser, sites: Sites,
                                                                          target: str) -> None:
    """The release lands on a copy of the pressed button, so the click reaches neither: not reported done on a
    click the page never took, but pressed again on the copy, once."""
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=5_000)
    ctx = ToolContext([session])
    try:
        await session.navigate("/redraw-on-press")
        result = await Registry.default().call("web.click", {"target": target}, ctx)
        assert result.ok, result.error
        assert await session.page.evaluate("[window.presses, window.clicks]") == [2, 1]
    finally:
        await session.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_a_press_that_turns_the_element_into_another_is_not_pressed_again(browser: WebBrowser,
                                                                                sites: Sites) -> None:
    """A label that becomes an editor when pressed: the page changed because of the press, which is not retried."""
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=5_000)
    ctx = ToolContext([session])
    try:
        await session.navigate("/edit-on-press")
        result = await Registry.default().call("web.click", {"target": "Rename me"}, ctx)
        assert result.ok, result.error
        assert await session.page.evaluate("window.presses") == 1
        assert await session.page.evaluate("document.querySelector('#ed') !== null")
    finally:
        await session.aclose()


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("target", ["Save changes button", "#save"])
async def test_a_rerendered_button_that_went_away_is_reported_gone(browser: WebBrowser, sites: Sites,
                                                                    target: str) -> None:
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=1_500)
    ctx = ToolContext([session])
    try:
        await session.navigate("/rerender-then-gone")
        await session.page.evaluate("window.stop_drawing()")
        result = await Registry.default().call("web.click", {"target": target}, ctx)
        assert not result.ok and result.error is not None
        assert result.error.code.value == "ELEMENT_NOT_FOUND", result.error
        assert await session.page.evaluate("window.clicks") == 0
    finally:
        await session.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_a_disabled_rerendered_button_is_not_forced(browser: WebBrowser, sites: Sites) -> None:
    """A node found again is clicked without waiting for it to hold still only when it could take the click:
    a disabled one is waited for (and times out), never reported as clicked."""
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=1_500)
    ctx = ToolContext([session])
    try:
        await session.navigate("/rerender-jitter")
        await session.page.evaluate("window.off = true")
        await asyncio.sleep(0.1)
        result = await Registry.default().call("web.click", {"target": "#save"}, ctx)
        assert not result.ok and result.error is not None
        assert result.error.code.value in ("NOT_INTERACTABLE", "TIMEOUT", "STALE_REF"), result.error
        assert await session.page.evaluate("document.querySelector('#save').disabled")
        assert await session.page.evaluate("window.clicks") == 0
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
        await asyncio.sleep(0.2)  # re-rendered several times since
        result = await Registry.default().call("web.click", {"target": ref}, ctx)
        assert not result.ok and result.error is not None and result.error.code.value == "STALE_REF"
        assert await session.page.evaluate("window.clicks") == 0
    finally:
        await session.aclose()


COPY_PAGE = "<div id=box><button id=save onclick='window.clicks = (window.clicks || 0) + 1'>Save changes</button></div>"
COPY = "<button id=save onclick='window.clicks = (window.clicks || 0) + 1'>Save changes</button>"
REDRAW_JS = "(html) => { document.getElementById('box').innerHTML = html; }"


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize(("redraw", "stands"), [
    (COPY, True),
    ("<button id=save>Save changes</button><button id=save>Save changes</button>", False),  # two copies: which?
    ("<button id=save>Save</button>", False),  # another text: not a copy
    ("<a id=save>Save changes</a>", False),  # another tag
])
async def test_a_kept_node_redrawn_stands_for_its_one_copy(browser: WebBrowser, redraw: str, stands: bool) -> None:
    """The mechanism under the clicks above, with no timer: a node the page replaced by the one node of the same tag,
    id, name and text is that copy; two copies, another text or another tag are a node that is gone."""
    session = await browser.new_session()
    try:
        await session.page.set_content(COPY_PAGE)
        target = await session.resolve("#save")
        await session.page.evaluate(REDRAW_JS, redraw)
        with pytest.raises(pw.Error):
            await target.evaluate("(el) => el.id")  # the node itself is gone
        if stands:
            assert await target.evaluate_live("(el) => el.isConnected && el.textContent") == "Save changes"
        else:
            with pytest.raises(pw.Error, match="no longer points at"):
                await target.evaluate_live("(el) => el.id")
    finally:
        await session.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_a_redrawn_target_found_again_is_clicked_on_its_copy_once(browser: WebBrowser) -> None:
    """Found again after a re-render, the target is pressed at its copy's middle: one click, counted once."""
    session = await browser.new_session()
    try:
        await session.page.set_content(COPY_PAGE)
        target = await session.resolve("#save")
        target.again = True
        await session.page.evaluate(REDRAW_JS, COPY)
        assert await click_on(session, target) is None
        assert await session.page.evaluate("window.clicks") == 1
        assert session.lost_clicks == 0
    finally:
        await session.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_a_disabled_copy_is_left_to_the_waiting_click(browser: WebBrowser) -> None:
    """A copy drawn disabled is not pressed at its middle (a press there does nothing the page takes): the usual
    click waits for it to be enabled and says it is not."""
    session = await browser.new_session(action_timeout_ms=800)
    try:
        await session.page.set_content(COPY_PAGE)
        target = await session.resolve("#save")
        target.again = True
        await session.page.evaluate(REDRAW_JS, "<button id=save disabled>Save changes</button>")
        with pytest.raises(ToolFailure) as failed:
            await operate(target, "click", lambda t: click_on(session, t))
        assert failed.value.code in (ErrorCode.NOT_INTERACTABLE, ErrorCode.TIMEOUT, ErrorCode.STALE_REF)
        assert await session.page.evaluate("window.clicks || 0") == 0
    finally:
        await session.aclose()


IN_FRAME = ["#f >> internal:control=enter-frame >> #save", "css=iframe >> internal:control=enter-frame >> button"]


@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("target", IN_FRAME)
async def test_a_button_redrawn_inside_an_iframe_takes_every_click_by_selector(browser: WebBrowser, sites: Sites,
                                                                                target: str) -> None:
    """A selector that enters an iframe pins its node in that frame: ten clicks on a button replaced every
    20-50 ms inside the frame each land once (through a Locator they waited for a node that never holds still)."""
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=5_000)
    ctx = ToolContext([session])
    try:
        await session.navigate("/rerender-in-frame")
        inner = session.page.frame_locator("#f").locator("body")
        await inner.locator("#save").wait_for()
        frame = next(f for f in session.page.frames if f.url.endswith("/rerender-jitter"))
        for expected in range(1, 11):
            result = await Registry.default().call("web.click", {"target": target}, ctx)
            assert result.ok, (expected, result.error)
            assert await frame.evaluate("window.clicks") == expected
    finally:
        await session.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_a_button_gone_from_an_iframe_is_reported_gone(browser: WebBrowser, sites: Sites) -> None:
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=1_500)
    ctx = ToolContext([session])
    try:
        await session.navigate("/gone-in-frame")
        await session.page.frame_locator("#f").locator("#save").wait_for()
        frame = next(f for f in session.page.frames if f.url.endswith("/rerender-then-gone"))
        await frame.evaluate("window.stop_drawing()")
        result = await Registry.default().call("web.click", {"target": IN_FRAME[0]}, ctx)
        assert not result.ok and result.error is not None
        assert result.error.code in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.TIMEOUT), result.error
        assert await frame.evaluate("window.clicks") == 0
    finally:
        await session.aclose()
