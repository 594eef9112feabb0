"""tapwright's iOS client through an Appium server (XCUITest driver): the simulator as an Appium server under a
base path, W3C capabilities, and every call of the client on Appium's routes (never WDA's own ``/wda/*``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from http_recorder import recorder

from tapwright.drivers.ios.appium import AppiumClient, is_appium_status, w3c_capabilities
from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.wda import WdaClient
from tapwright.errors import DriverError, ErrorCode
from tapwright.platforms._ios_sim import SimulatedWda

BUNDLE = "com.tapwright.notes"
APP = Path(__file__).resolve().parents[2] / "examples" / "ios-app" / "app.yaml"


@pytest.fixture(params=["/wd/hub", "/"], ids=["appium1-wd-hub", "appium2-root"])
def appium_sim(request: pytest.FixtureRequest) -> Iterator[SimulatedWda]:
    """The simulated iPhone behind a simulated Appium server, under /wd/hub and under /."""
    with SimulatedWda.start(APP, appium=request.param) as sim:
        yield sim


@pytest.fixture
def hub() -> Iterator[SimulatedWda]:
    with SimulatedWda.start(APP, appium="/wd/hub") as sim:
        yield sim


# -- capabilities (pure) ------------------------------------------------------------------------


def test_bare_names_get_the_appium_prefix_and_standard_or_vendor_names_stay() -> None:
    caps = w3c_capabilities({"bundleId": BUNDLE, "platformVersion": "17.5", "appium:noReset": True,
                             "bstack:options": {"deviceName": "iPhone 15"}, "browserName": ""}, udid="ABC-1")  # fmt: skip
    assert caps == {"platformName": "iOS", "appium:automationName": "XCUITest", "appium:bundleId": BUNDLE,
                    "appium:platformVersion": "17.5", "appium:noReset": True,
                    "bstack:options": {"deviceName": "iPhone 15"}, "browserName": "", "appium:udid": "ABC-1"}  # fmt: skip


def test_given_platform_and_automation_names_win_and_quiescence_becomes_an_idle_timeout() -> None:
    caps = w3c_capabilities({"platformName": "tvOS", "appium:automationName": "xcuitest", "shouldWaitForQuiescence": False})
    assert caps == {"platformName": "tvOS", "appium:automationName": "xcuitest", "appium:waitForIdleTimeout": 0}
    assert "appium:waitForIdleTimeout" not in w3c_capabilities({"shouldWaitForQuiescence": True})


async def test_status_tells_appium_from_wda(appium_sim: SimulatedWda, wda_sim: SimulatedWda) -> None:
    for sim, appium in ((appium_sim, True), (wda_sim, False)):
        client = WdaClient(sim.url)
        try:
            assert is_appium_status(await client.status()) is appium
        finally:
            await client.aclose()


# -- the Appium server double refuses what Appium refuses ---------------------------------------


def test_the_double_serves_appium_routes_only_under_its_base_path(hub: SimulatedWda) -> None:
    root = f"http://127.0.0.1:{hub.port}"
    with httpx.Client(timeout=10) as http:
        assert http.get(root + "/status").status_code == 404  # not under /wd/hub
        caps = {"capabilities": {"alwaysMatch": {"platformName": "iOS", "bundleId": BUNDLE}, "firstMatch": [{}]}}
        bare = http.post(hub.url + "/session", json=caps).json()["value"]
        assert bare["error"] == "invalid argument" and "did not have one: bundleId" in bare["message"]
        caps["capabilities"]["alwaysMatch"] = w3c_capabilities({"bundleId": BUNDLE})
        sid = http.post(hub.url + "/session", json=caps).json()["value"]["sessionId"]
        answer = http.post(f"{hub.url}/session/{sid}/wda/tap", json={"x": 10, "y": 10})
        assert answer.status_code == 404 and answer.json()["value"]["error"] == "unknown command"
        find = http.post(f"{hub.url}/session/{sid}/elements", json={"using": "predicate string", "value": "name == 'x'"})
        assert find.json()["value"]["error"] == "invalid selector"
        gone = http.get(f"{hub.url}/session/not-a-session/source").json()["value"]
        assert gone["error"] == "invalid session id"


# -- tapwright's client, call by call -----------------------------------------------------------------


async def _client(sim: SimulatedWda) -> AppiumClient:
    client = AppiumClient(sim.url)
    await client.create_session({"bundleId": BUNDLE, "shouldWaitForQuiescence": False})
    return client


async def test_session_capabilities_and_settings(appium_sim: SimulatedWda) -> None:
    client = await _client(appium_sim)
    try:
        caps = client.capabilities
        assert caps["platformName"] == "iOS" and caps["automationName"] == "XCUITest" and caps["bundleId"] == BUNDLE
        assert caps["waitForIdleTimeout"] == 0 and "shouldWaitForQuiescence" not in caps
        assert (await client.settings({"snapshotMaxDepth": 12}))["snapshotMaxDepth"] == 12  # Appium answers a change with null
        assert (await client.active_app())["bundleId"] == BUNDLE
        assert await client.window_size() == (390, 844)
        assert (await client.screen())["scale"] == 3
        await client.delete_session()
        with pytest.raises(DriverError) as info:
            await client.source()
        assert info.value.code is ErrorCode.DEVICE_LOST
    finally:
        await client.aclose()


async def test_find_type_clear_and_taps_through_w3c(appium_sim: SimulatedWda) -> None:
    client = await _client(appium_sim)
    try:
        xml = await client.source()
        assert xml.startswith("<?xml") and 'name="email_input"' in xml
        assert (await client.source("json"))["type"] == "Application"  # WDA's JSON source drops the prefix
        (email,) = await client.find_elements("predicate string", "name == 'email_input'")  # sent as -ios predicate string
        (same,) = await client.find_elements("class chain", "**/XCUIElementTypeTextField[`name == 'email_input'`]")
        assert email == same
        rect = await client.element_rect(email)
        await client.tap(rect["x"] + 5, rect["y"] + 5)  # W3C actions: the field takes focus
        await client.keys("ada@example.com")  # the active element's /value
        assert 'value="ada@example.com"' in await client.source()
        await client.element_clear(email)
        assert 'value="ada@example.com"' not in await client.source()
        await client.dismiss_keyboard()
        with pytest.raises(DriverError) as info:
            await client.keys("x")
        assert info.value.code is ErrorCode.NOT_INTERACTABLE  # nothing has focus
        (forgot,) = await client.find_elements("accessibility id", "forgot_link")
        r = await client.element_rect(forgot)
        await client.touch_and_hold(r["x"] + r["width"] / 2, r["y"] + r["height"] / 2, 1.0)  # a long press: no tap
        assert "Send reset link" not in await client.source()
        await client.double_tap(r["x"] + r["width"] / 2, r["y"] + r["height"] / 2)
        assert "Send reset link" in await client.source()
    finally:
        await client.aclose()


async def test_apps_links_pasteboard_home_and_alerts(appium_sim: SimulatedWda) -> None:
    client = await _client(appium_sim)
    try:
        assert await client.app_state(BUNDLE) == 4
        assert await client.app_terminate(BUNDLE) is True and await client.app_state(BUNDLE) == 1
        await client.app_launch(BUNDLE)
        assert (await client.active_app())["bundleId"] == BUNDLE
        await client.homescreen()
        assert (await client.active_app())["bundleId"] == "com.apple.springboard"
        await client.app_activate(BUNDLE)
        assert (await client.active_app())["bundleId"] == BUNDLE
        await client.open_url("pocketnotes://note/groceries", BUNDLE)  # mobile: deepLink
        assert 'name="delete_button"' in await client.source()
        with pytest.raises(DriverError):
            await client.open_url("nobody://here")
        await client.app_terminate(BUNDLE)
        await client.app_launch(BUNDLE)
        await client.set_pasteboard("héllo ✓")
        assert await client.get_pasteboard() == "héllo ✓"
        png = await client.screenshot()
        assert png.startswith(b"\x89PNG")
        with pytest.raises(DriverError) as info:
            await client.alert_text()
        assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND  # no such alert
        await _sign_in(client)
        (groceries,) = await client.find_elements("accessibility id", "note_groceries")
        await client.element_click(groceries)
        (delete,) = await client.find_elements("accessibility id", "delete_button")
        await client.element_click(delete)
        assert await client.alert_text() == "Delete this note?\nIt cannot be undone."
        assert await client.alert_buttons() == ["Cancel", "Delete"]
        await client.alert_dismiss("Cancel")
        with pytest.raises(DriverError):
            await client.alert_text()
        await client.element_click(delete)
        await client.alert_accept("Delete")
        after = await client.source()
        assert 'name="delete_button"' not in after and "Trip to Lisbon" in after  # the alert's Delete led back to the list
    finally:
        await client.aclose()


async def _sign_in(client: AppiumClient) -> None:
    for ident, text in (("email_input", "ada@example.com"), ("password_input", "secret")):
        (el,) = await client.find_elements("accessibility id", ident)
        await client.element_value(el, text)
    (button,) = await client.find_elements("accessibility id", "sign_in_button")
    await client.element_click(button)
    assert "Trip to Lisbon" in await client.source()


# -- the driver: found, attached, refused ----------------------------------------------------------------------


async def test_the_driver_finds_appium_behind_a_wda_url_and_clicks_through_it(appium_sim: SimulatedWda) -> None:
    driver = await IosDriver.connect(appium_sim.url, bundle_id=BUNDLE)
    try:
        assert isinstance(driver.client, AppiumClient) and driver.size == (390, 844) and driver.scale == 3
        rect = (await driver.find("Forgot password?")).element.rect
        assert rect is not None
        await driver.click_at(rect.center_x, rect.center_y)
        assert any(e.name == "Send reset link" for e in await driver.snapshot())
        shot = await driver.screenshot()
        assert (shot.width, shot.height) == (1170, 2532)
    finally:
        await driver.aclose()


async def test_the_driver_attaches_to_a_running_session_and_leaves_it_open(hub: SimulatedWda) -> None:
    owner = await _client(hub)
    try:
        driver = await IosDriver.connect(hub.url, server="appium", session_id=owner.session_id)
        assert driver.client.session_id == owner.session_id
        await driver.aclose()
        assert 'name="email_input"' in await owner.source()  # still open for its owner
        with pytest.raises(DriverError) as info:
            await IosDriver.connect(hub.url, server="appium", session_id="no-such-session")
        assert info.value.code is ErrorCode.DEVICE_LOST
    finally:
        await owner.delete_session()
        await owner.aclose()


async def test_a_wrong_udid_or_an_appium_option_on_wda_is_a_clear_error(hub: SimulatedWda, wda_sim: SimulatedWda) -> None:
    with pytest.raises(DriverError) as info:
        await IosDriver.connect(hub.url, bundle_id=BUNDLE, udid="NOT-A-DEVICE")
    assert info.value.code is ErrorCode.DEVICE_LOST and "NOT-A-DEVICE" in info.value.message
    with pytest.raises(DriverError) as info:
        await IosDriver.connect(wda_sim.url, udid="ABC")
    assert info.value.code is ErrorCode.INVALID_INPUT and "Appium" in info.value.message
    with pytest.raises(DriverError) as info:
        await IosDriver.connect(hub.url, server="selenium")
    assert info.value.code is ErrorCode.INVALID_INPUT


async def test_nothing_listening_is_device_lost_naming_appium() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(DriverError) as info:
        await IosDriver.connect(f"http://farm-user:s3cret@127.0.0.1:{port}/wd/hub", server="appium")
    assert info.value.code is ErrorCode.DEVICE_LOST and "no Appium answers at http://127.0.0.1:" in info.value.message
    assert "s3cret" not in info.value.message and "farm-user" not in info.value.message


async def test_credentials_in_the_url_become_basic_auth_and_are_never_shown(hub: SimulatedWda) -> None:
    client = AppiumClient(hub.url.replace("http://", "http://farm-user:s3cret@"))
    try:
        assert client.url == hub.url
        assert is_appium_status(await client.status())  # the server is reached at the base path
    finally:
        await client.aclose()
    # What a server receives: the credentials as an Authorization header (a real loopback server records it).
    with recorder() as rec:
        seen = AppiumClient(rec.url.replace("http://", "http://farm-user:s3cret@") + "/wd/hub")
        try:
            await seen.status()
        finally:
            await seen.aclose()
    assert rec.seen[0].headers["authorization"] == "Basic ZmFybS11c2VyOnMzY3JldA=="  # farm-user:s3cret
    assert rec.seen[0].path == "/wd/hub/status" and "s3cret" not in seen.url

