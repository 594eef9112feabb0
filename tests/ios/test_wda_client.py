"""tapwright's WDA client against the simulated WebDriverAgent: every call, and errors mapped to stable codes."""

from __future__ import annotations

import socket

import pytest

from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.source import UNREAD_ATTRIBUTES, parse_source
from tapwright.drivers.ios.wda import W3C_CODES, WdaClient
from tapwright.errors import DriverError, ErrorCode
from tapwright.platforms._ios_sim import SimulatedWda

BUNDLE = "com.tapwright.notes"


async def _session(sim: SimulatedWda) -> WdaClient:
    client = WdaClient(sim.url)
    await client.create_session({"bundleId": BUNDLE})
    return client


async def test_status_session_and_settings(wda_sim: SimulatedWda) -> None:
    client = WdaClient(wda_sim.url)
    try:
        status = await client.status()
        assert status["ready"] is True and status["os"]["name"] == "iOS"
        sid = await client.create_session({"bundleId": BUNDLE})
        assert sid and client.capabilities["CFBundleIdentifier"] == BUNDLE
        assert (await client.settings())["snapshotMaxDepth"] == 50
        assert (await client.settings({"snapshotMaxDepth": 12}))["snapshotMaxDepth"] == 12
        await client.delete_session()
        with pytest.raises(DriverError) as info:
            await client.source()
        assert info.value.code is ErrorCode.DEVICE_LOST
    finally:
        await client.aclose()


async def test_source_xml_and_json_agree(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        xml, js = await client.source(), await client.source("json")
        assert xml.startswith("<?xml") and "<AppiumAUT>" in xml
        a, b = parse_source(xml).tree, parse_source(js).tree
        assert [(e.role, e.name, e.rect) for e in a] == [(e.role, e.name, e.rect) for e in b]
    finally:
        await client.aclose()


async def test_source_leaves_out_the_attributes_asked_as_wda_does(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        full, lean = await client.source(), await client.source(excluded=UNREAD_ATTRIBUTES)
        assert ' type="' in full and ' index="' in full
        assert ' type="' not in lean and ' index="' not in lean and "<XCUIElementTypeApplication " in lean
        assert len(lean) < len(full) * 0.9
        assert parse_source(lean) == parse_source(full)
        # WDA matches the names case-insensitively and ignores names it does not know.
        odd = await client.source(excluded=("INDEX", "no-such-attribute"))
        assert ' index="' not in odd and ' type="' in odd
    finally:
        await client.aclose()


async def test_the_driver_asks_for_the_source_without_what_it_never_reads(wda_sim: SimulatedWda) -> None:
    driver = await IosDriver.connect(wda_sim.url, bundle_id=BUNDLE)
    try:
        await driver.snapshot()
        raw = await driver.mark()
        assert isinstance(raw, str) and "<XCUIElementType" in raw and ' index="' not in raw and ' type="' not in raw
    finally:
        await driver.aclose()


async def test_find_click_type_clear_and_rect(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        (email,) = await client.find_elements("accessibility id", "email_input")
        assert await client.element_rect(email) == {"x": 16.0, "y": 128.0, "width": 358.0, "height": 44.0}
        await client.element_value(email, "ada@example.com")
        assert 'value="ada@example.com"' in await client.source()
        await client.element_clear(email)
        assert 'value="ada@example.com"' not in await client.source()
        chain = await client.find_elements("class chain", "**/XCUIElementTypeButton[`label == 'Sign in'`]")
        pred = await client.find_elements("predicate string", "type == 'XCUIElementTypeButton' AND name == 'sign_in_button'")
        assert chain == pred and len(chain) == 1
        assert await client.find_elements("class name", "XCUIElementTypeSwitch")
        assert await client.find_elements("accessibility id", "nothing_here") == []
        await client.element_click(chain[0])  # empty fields: the app says so in an alert
        assert await client.alert_text() == "Wrong email or password"
        with pytest.raises(DriverError) as stale:  # the sign-in screen is still there: its handle is valid
            await client.element_click("0000-NOT-A-HANDLE")
        assert stale.value.code is ErrorCode.STALE_REF
    finally:
        await client.aclose()


async def test_taps_keys_keyboard_and_gestures(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        await client.tap(195, 150)  # the Email field
        assert "XCUIElementTypeKeyboard" in await client.source()
        await client.keys("ada@example.com")
        await client.dismiss_keyboard()
        assert "XCUIElementTypeKeyboard" not in await client.source()
        await client.tap(195, 206)
        await client.keys("secret\n")  # Return submits: the notes list opens
        assert (await client.active_app())["bundleId"] == BUNDLE and "Trip to Lisbon" in await client.source()
        before = parse_source(await client.source()).tree
        finger = {"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [
            {"type": "pointerMove", "duration": 0, "x": 195, "y": 700}, {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "duration": 300, "x": 195, "y": 200}, {"type": "pointerUp", "button": 0}]}  # fmt: skip
        await client.actions([finger])
        after = parse_source(await client.source()).tree
        archive = [e for e in after if e.name == "Archive"]
        assert not next(e for e in before if e.name == "Archive").state.visible and archive[0].state.visible
        await client.drag(195, 200, 195, 700, 0.1)
        await client.double_tap(10, 10)
        await client.touch_and_hold(10, 10, 0.5)
    finally:
        await client.aclose()


async def test_screen_screenshot_and_orientation(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        screen = await client.screen()
        assert screen["scale"] == 3 and screen["screenSize"] == {"width": 390, "height": 844}
        assert await client.window_size() == (390, 844)
        png = await client.screenshot()
        assert png.startswith(b"\x89PNG") and int.from_bytes(png[16:20], "big") == 390 * 3
        assert await client.orientation() == "PORTRAIT"
        assert await client.orientation("LANDSCAPE") == "LANDSCAPE"
    finally:
        await client.aclose()


async def test_apps_home_and_buttons(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        assert await client.app_state(BUNDLE) == 4
        await client.app_launch("com.apple.Preferences")
        assert (await client.active_app())["bundleId"] == "com.apple.Preferences"
        assert await client.app_state(BUNDLE) == 3
        await client.app_activate(BUNDLE)
        assert (await client.active_app())["bundleId"] == BUNDLE
        await client.homescreen()
        assert (await client.active_app())["bundleId"] == "com.apple.springboard"
        await client.press_button("volumeUp")
        assert await client.app_terminate(BUNDLE) is True and await client.app_state(BUNDLE) == 1
        with pytest.raises(DriverError) as info:
            await client.press_button("power")
        assert info.value.code is ErrorCode.INVALID_INPUT
    finally:
        await client.aclose()


async def test_alerts(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        with pytest.raises(DriverError) as none:
            await client.alert_text()
        assert none.value.code is ErrorCode.ELEMENT_NOT_FOUND
        await client.tap(195, 316)  # Sign in with empty fields
        assert await client.alert_buttons() == ["OK"]
        await client.alert_accept()
        with pytest.raises(DriverError):
            await client.alert_text()
        await client.tap(195, 316)
        with pytest.raises(DriverError) as wrong:
            await client.alert_accept("Maybe")
        assert wrong.value.code is ErrorCode.NOT_INTERACTABLE
        await client.alert_dismiss("OK")
    finally:
        await client.aclose()


async def test_errors_map_to_stable_codes(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        with pytest.raises(DriverError) as unknown:
            await client.request("POST", "/wda/touch/perform", {"actions": []})  # gone since WDA 7
        assert unknown.value.code is ErrorCode.DRIVER_ERROR and "WDA 6 or newer" in unknown.value.message
        with pytest.raises(DriverError) as selector:
            await client.find_elements("predicate string", "this is not a predicate")
        assert selector.value.code is ErrorCode.INVALID_INPUT
        with pytest.raises(DriverError) as keys:
            await client.keys("x")  # no field has focus
        assert keys.value.code is ErrorCode.NOT_INTERACTABLE
        client.session_id = "WRONG"
        with pytest.raises(DriverError) as session:
            await client.source()
        assert session.value.code is ErrorCode.DEVICE_LOST
    finally:
        await client.aclose()
    assert W3C_CODES["no such element"] is ErrorCode.ELEMENT_NOT_FOUND


async def test_wda_going_away_is_device_lost(wda_sim: SimulatedWda) -> None:
    client = await _session(wda_sim)
    try:
        wda_sim.control("offline")
        with pytest.raises(DriverError) as info:
            await client.source()
        assert info.value.code is ErrorCode.DEVICE_LOST
    finally:
        await client.aclose()


async def test_a_closed_port_is_device_lost_at_once() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    client = WdaClient(f"http://127.0.0.1:{port}")
    try:
        with pytest.raises(DriverError) as info:
            await client.status()
        assert info.value.code is ErrorCode.DEVICE_LOST and f"127.0.0.1:{port}" in info.value.message
    finally:
        await client.aclose()


async def test_the_simulator_keeps_running_when_its_stdin_closes() -> None:
    import asyncio
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]  # (not ``from conftest import``: another folder's conftest may be that module)
    app = root / "examples" / "ios-app" / "app.yaml"

    proc = subprocess.Popen([sys.executable, "-m", "tapwright.testing.wda_sim", str(app)], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env={"PYTHONPATH": str(root / "src"), "PATH": ""})  # fmt: skip
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().split()[1])
        await asyncio.sleep(0.5)  # stdin is at its end from the start: a background or CI run
        assert proc.poll() is None
        client = WdaClient(f"http://127.0.0.1:{port}")
        try:
            assert (await client.status())["ready"] is True
        finally:
            await client.aclose()
    finally:
        proc.terminate()
        proc.wait(10)
        proc.stdout.close()  # type: ignore[union-attr]
    assert proc.returncode is not None
