"""ios.open_deep_link, ios.set_clipboard and ios.get_clipboard (Android's names and arguments) against the simulated
WebDriverAgent (/url, /wda/setPasteboard, /wda/getPasteboard); facebook-wda sends the same routes to it."""

from __future__ import annotations

import pytest

from _support.mobile import caller
from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.wda import WdaClient
from tapwright.platforms._ios_sim import SimulatedWda

pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # facebook-wda leaves its sockets to the GC
call = caller("ios")
BUNDLE = "com.tapwright.notes"


async def test_open_deep_link(registry, ctx, driver: IosDriver) -> None:  # type: ignore[no-untyped-def]
    ok, line, _ = await call(registry, ctx, "verify_element_visible", text="Trip to Lisbon")
    assert not ok  # the sign-in screen
    ok, line, data = await call(registry, ctx, "open_deep_link", uri="pocketnotes://note/groceries", package=BUNDLE)
    assert ok and line == f"OK: opened pocketnotes://note/groceries in {BUNDLE}", line
    assert data["foreground"] == BUNDLE
    assert (await call(registry, ctx, "verify_text", text="Milk, eggs"))[0]  # the screen the link names, read afresh
    await driver.home()
    ok, line, data = await call(registry, ctx, "open_deep_link", uri="pocketnotes://notes")  # any handler: back in front
    assert ok and data["foreground"] == BUNDLE and await driver.foreground_app() == BUNDLE
    assert (await call(registry, ctx, "verify_element_visible", text="Trip to Lisbon"))[0]


async def test_open_deep_link_failures(registry, ctx, driver: IosDriver) -> None:  # type: ignore[no-untyped-def]
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="nobody://here")
    assert not ok and line.startswith("ERROR: [NAVIGATION_FAILED]") and "no app opened" in line, line
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="pocketnotes://notes", package="com.apple.Preferences")
    assert not ok and "[NAVIGATION_FAILED]" in line and "com.apple.Preferences" in line, line
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="no scheme here")
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]"), line
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="pocketnotes://notes", package="not a bundle")
    assert not ok and "[INVALID_INPUT]" in line, line
    assert await driver.foreground_app() == BUNDLE  # nothing opened by the refused calls
    assert (await call(registry, ctx, "verify_element_visible", text="Sign in"))[0]


async def test_clipboard_round_trip(registry, ctx) -> None:  # type: ignore[no-untyped-def]
    ok, line, data = await call(registry, ctx, "get_clipboard")
    assert ok and data == {"text": "", "length": 0}
    text = "Grüße, 東京 👋"
    ok, line, data = await call(registry, ctx, "set_clipboard", text=text)
    assert ok and line == f"OK: clipboard holds {len(text)} characters" and data == {"length": len(text), "read_back": True}
    assert text not in line and "text" not in data  # the status and data say its length only
    ok, line, data = await call(registry, ctx, "get_clipboard")
    assert ok and data == {"text": text, "length": len(text)}


async def test_facebook_wda_sends_the_same_routes(wda_sim: SimulatedWda) -> None:
    import asyncio

    wda = pytest.importorskip("wda", reason="facebook-wda is a test dependency (pip install -e '.[dev]')")
    session = wda.Client(wda_sim.url).session(BUNDLE)
    session.open_url("pocketnotes://settings")  # POST /session/:id/url
    assert session(id="dark_mode").exists and session.app_current()["bundleId"] == BUNDLE
    session.set_clipboard("copied by facebook-wda")  # POST /wda/setPasteboard, base64 plain text
    with pytest.raises(wda.WDARequestError) as info:
        session.open_url("nobody://here")
    assert info.value.value["error"] == "unknown error"
    # tapwright's client reads what facebook-wda put there (its own get_clipboard asks Siri to bring WDA in front).
    driver = IosDriver(WdaClient(wda_sim.url))
    driver.client.session_id = session.session_id
    try:
        assert await driver.get_clipboard() == "copied by facebook-wda"
    finally:
        await driver.client.aclose()
    await asyncio.to_thread(session.close)
