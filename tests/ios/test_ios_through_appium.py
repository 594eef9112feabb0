"""tapwright's iOS tools end to end through an Appium server URL: the iOS demo suite through the real runner,
and the ios platform's Appium settings (``appium_url``, ``udid``, ``session_id``, ``capabilities``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tapwright import Registry, UserError, platforms
from tapwright.drivers.ios.appium import AppiumClient
from tapwright.platforms import EnvOptions, LaunchOptions
from tapwright.platforms._ios_sim import SimulatedWda
from tapwright.runner import run_suite
from tapwright.tools.ios import toolset

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "examples" / "ios-app" / "app.yaml"
BUNDLE = "com.tapwright.notes"


@pytest.fixture
def hub() -> Iterator[SimulatedWda]:
    with SimulatedWda.start(APP, appium="/wd/hub") as sim:
        yield sim


@pytest.mark.slow
async def test_the_ios_demo_suite_passes_through_an_appium_url(hub: SimulatedWda, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("TAPWRIGHT_WDA_URL", raising=False)
    monkeypatch.setenv("TAPWRIGHT_APPIUM_URL", hub.url)
    result = await run_suite([ROOT / "examples" / "ios-tests"], planner="rules", report_dir=tmp_path)
    outcomes = {s.name: s.status for s in result.scenarios}
    assert len(outcomes) >= 8 and set(outcomes.values()) == {"passed"}, outcomes
    assert (tmp_path / "junit.xml").is_file()


async def test_the_platform_opens_an_appium_url_with_capabilities_and_runs_tools(hub: SimulatedWda) -> None:
    runtime = platforms.get("ios").runtime(LaunchOptions(settings={"appium_url": hub.url}))
    env = await runtime.open(EnvOptions(settings={"app": BUNDLE, "capabilities": '{"appium:noReset": true, "language": "en"}'}))
    try:
        client = env.driver.client  # type: ignore[attr-defined]
        assert isinstance(client, AppiumClient) and env.label == hub.url
        assert client.capabilities["noReset"] is True and client.capabilities["language"] == "en"
        registry = Registry([toolset()])
        steps = [("ios.fill", {"target": "Email", "text": "ada@example.com"}),  # the active element's /value
                 ("ios.hide_keyboard", {}),  # mobile: hideKeyboard
                 ("ios.fill", {"target": "Password", "text": "secret"}),
                 ("ios.click", {"target": "Sign in"}),  # W3C actions
                 ("ios.verify_visible", {"target": "Trip to Lisbon"}),  # W3C /source
                 ("ios.swipe_up", {}),
                 ("ios.open_deep_link", {"uri": "pocketnotes://note/groceries", "package": BUNDLE}),  # mobile: deepLink
                 ("ios.click", {"target": "Delete note"}),
                 ("ios.get_alert", {}),  # /alert/text and mobile: alert getButtons
                 ("ios.tap_alert_button", {"button": "Cancel"}),  # mobile: alert dismiss with a buttonLabel
                 ("ios.long_press", {"target": "Delete note"}),
                 ("ios.set_clipboard", {"text": "héllo ✓"}),  # mobile: setPasteboard
                 ("ios.press_home", {}),  # mobile: pressButton home
                 ("ios.launch_app_by_package", {"package_name": BUNDLE})]  # mobile: launchApp, activeAppInfo
        for name, args in steps:
            result = await registry.call(name, args, env.ctx)
            assert result.ok, (name, result.status_line())
        info = await registry.call("ios.device_information", {}, env.ctx)
        assert info.ok and info.data["appium"] == "2.11.5" and info.data["os"] == "iOS" and info.data["url"] == hub.url
        alert = await registry.call("ios.get_alert", {}, env.ctx)
        assert not alert.ok  # Cancel closed it
        clip = await registry.call("ios.get_clipboard", {}, env.ctx)
        assert clip.ok and "héllo ✓" in str(clip.data)
        shot = await registry.call("ios.take_screenshot", {}, env.ctx)
        assert shot.ok and shot.screenshot is not None and shot.screenshot.width == 1170
    finally:
        await env.close()
        await runtime.aclose()


def test_appium_settings_without_an_appium_server_are_a_user_error() -> None:
    runtime = platforms.get("ios").runtime(LaunchOptions())
    with pytest.raises(UserError, match="need an Appium server"):
        runtime._appium({"udid": "ABC"})  # type: ignore[attr-defined]
    with pytest.raises(UserError, match="capabilities must be a mapping"):
        runtime._appium({"appium_url": "http://127.0.0.1:4723", "capabilities": "[1, 2]"})  # type: ignore[attr-defined]
    assert runtime._appium({"appium_url": "http://h:4723/wd/hub", "udid": "ABC"}) == {  # type: ignore[attr-defined]
        "url": "http://h:4723/wd/hub", "server": "appium", "udid": "ABC"}
