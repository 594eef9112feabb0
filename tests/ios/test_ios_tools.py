"""Every ios.* tool against the simulated WebDriverAgent: success, failure, the status prefixes Android uses,
and no exception ever reaching the caller."""

from __future__ import annotations

import struct
from pathlib import Path

from _support import mobile
from _support.mobile import caller
from tapwright import Registry, ToolContext
from tapwright.drivers.ios.driver import IosDriver

BUNDLE = "com.tapwright.notes"


call = caller("ios")


async def sign_in(registry: Registry, ctx: ToolContext) -> None:
    line = await mobile.sign_in(call, registry, ctx)
    assert line == "TAPPED: (195,318)", line


# The mobile catalog of the issue, under the same names on both platforms.
CORE = {"start_testing_scenario", "launch_app_by_package", "force_stop_app", "find_ui_elements_by_text", "get_screen_dump",
        "get_screen_size", "device_information", "tap_text", "tap_by_coordinates", "input_text", "go_back", "hide_keyboard",
        "swipe_up", "swipe_down", "scroll_vertically", "scroll_horizontally", "verify_element_visible",
        "verify_element_not_visible", "wait", "take_screenshot", "click", "fill", "scroll", "long_press", "verify_text",
        "verify_visible", "verify_not_visible", "verify_checked", "press_key", "locate", "click_at", "snapshot"}  # fmt: skip


def test_the_toolset_mirrors_androids_names() -> None:
    from tapwright.tools.android import toolset as android
    from tapwright.tools.ios import toolset as ios

    ios_names = {s.name.split(".", 1)[1] for s in ios().specs()}
    android_names = {s.name.split(".", 1)[1] for s in android().specs()}
    assert ios_names >= CORE and android_names >= CORE, (CORE - ios_names, CORE - android_names)
    assert {"accept_alert", "dismiss_alert", "tap_alert_button", "press_home", "scroll_until_visible", "clear"} <= ios_names
    undeclared = [s.name for s in ios().specs() if not s.effects_declared]
    assert undeclared == []


async def test_start_testing_scenario_launches_once(registry, ctx, driver: IosDriver) -> None:
    ok, line, _ = await call(registry, ctx, "start_testing_scenario", app_package=BUNDLE)
    assert ok and line == "OK: launched (foreground confirmed)"
    assert await driver.foreground_app() == BUNDLE
    ok, line, _ = await call(registry, ctx, "start_testing_scenario", app_package=BUNDLE)
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]")


async def test_apps_launch_activate_terminate_and_home(registry, ctx, driver: IosDriver) -> None:
    ok, line, _ = await call(registry, ctx, "launch_app_by_package", package_name="com.example.absent")
    assert not ok and line.startswith("ERROR: [NAVIGATION_FAILED]") and "installed" in line
    ok, line, _ = await call(registry, ctx, "launch_app_by_package", package_name="not a bundle")
    assert not ok and "[INVALID_INPUT]" in line
    await sign_in(registry, ctx)
    ok, line, _ = await call(registry, ctx, "launch_app_by_package", package_name="com.apple.Preferences")
    assert ok and await driver.foreground_app() == "com.apple.Preferences"
    ok, line, _ = await call(registry, ctx, "activate_app", package_name=BUNDLE)
    assert ok and line == "OK: activated (foreground confirmed)"
    assert (await call(registry, ctx, "verify_element_visible", text="Trip to Lisbon"))[0]  # state kept
    ok, line, data = await call(registry, ctx, "get_app_state", package_name=BUNDLE)
    assert ok and data["state"] == 4 and line == "OK: running in foreground"
    ok, line, _ = await call(registry, ctx, "press_home")
    assert ok and await driver.foreground_app() == "com.apple.springboard"
    ok, _, data = await call(registry, ctx, "force_stop_app", package_name=BUNDLE)
    assert ok and data["was_running"] is True
    assert (await call(registry, ctx, "get_app_state", package_name=BUNDLE))[2]["state"] == 1


async def test_tap_by_text_and_coordinates_and_input_text(registry, ctx) -> None:
    ok, line, data = await call(registry, ctx, "find_ui_elements_by_text", text="sign in")
    assert ok and line == "OK: 2 match(es)" and {m["role"] for m in data["matches"]} == {"text", "button"}  # "Sign in to your notes" and the button
    ok, line, _ = await call(registry, ctx, "tap", text="notes")  # "Pocket Notes", "Sign in to your notes"
    assert not ok and line.startswith("AMBIGUOUS")
    ok, line, _ = await call(registry, ctx, "find_ui_elements_by_text", text="email_input", selector_type="resource-id")
    assert ok and line == "OK: 1 match(es)"
    ok, line, _ = await call(registry, ctx, "input_text", field_selector="email_input", text="ada@example.com",
                             selector_type="resource-id")  # fmt: skip
    assert ok and line == "OK: typed 15 characters"
    ok, line, _ = await call(registry, ctx, "input_text", field_selector="Password", text="secret")
    assert ok
    ok, line, _ = await call(registry, ctx, "tap", text="Sign in", selector_type="content-desc")
    assert ok and line == "TAPPED: (195,318)"
    assert (await call(registry, ctx, "verify_element_visible", text="My notes"))[0]
    ok, line, _ = await call(registry, ctx, "tap_by_coordinates", x=195, y=246)  # the Groceries cell
    assert ok and line == "TAPPED: (195,246)"
    assert (await call(registry, ctx, "verify_text", text="Milk, eggs"))[0]
    assert (await call(registry, ctx, "verify_text", text="Milk"))[0]  # a whole word of the text
    ok, line, _ = await call(registry, ctx, "verify_text", text="Mil")  # only the start of a word: not shown
    assert not ok and "[ASSERTION_FAILED]" in line, line
    ok, line, _ = await call(registry, ctx, "tap_by_coordinates", x=500, y=100)
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]") and "390x844-point" in line


async def test_back_keyboard_and_swipes(registry, ctx) -> None:
    ok, line, _ = await call(registry, ctx, "go_back")
    assert not ok and line.startswith("NOT_FOUND") and "no back button" in line
    assert (await call(registry, ctx, "click", target="Forgot password?"))[0]
    ok, line, _ = await call(registry, ctx, "go_back")
    assert ok and line == "OK: pressed back (Back)", line
    assert (await call(registry, ctx, "verify_visible", target="Sign in button"))[0]
    assert (await call(registry, ctx, "tap", text="Email"))[0]
    ok, line, _ = await call(registry, ctx, "hide_keyboard")
    assert ok and line == "OK: keyboard hidden"
    ok, line, _ = await call(registry, ctx, "hide_keyboard")
    assert ok and line == "OK: keyboard already hidden"
    await sign_in(registry, ctx)
    ok, line, _ = await call(registry, ctx, "verify_element_visible", text="Archive")
    assert not ok and line.startswith("NOT_VISIBLE")
    assert (await call(registry, ctx, "swipe_up"))[1].startswith("OK: swiped 633->")
    assert (await call(registry, ctx, "verify_element_visible", text="Archive"))[0]
    assert (await call(registry, ctx, "swipe_down"))[0]
    assert (await call(registry, ctx, "scroll_vertically", distance=300))[0]
    assert (await call(registry, ctx, "scroll_horizontally", distance=-100))[0]
    assert (await call(registry, ctx, "scroll", direction="up"))[0]


async def test_scroll_until_visible(registry, ctx) -> None:
    await sign_in(registry, ctx)
    ok, line, data = await call(registry, ctx, "scroll_until_visible", target="Archive")
    assert ok and line == f"VISIBLE: 1 match after {data['swipes']} swipe(s)" and data["swipes"] >= 1
    ok, line, _ = await call(registry, ctx, "scroll_until_visible", target="Tax returns", max_swipes=3)
    assert not ok and line.startswith("NOT_FOUND: [ELEMENT_NOT_FOUND]"), line  # the same code as on Android


async def test_semantic_tools_fill_clear_verify_and_switches(registry, ctx) -> None:
    ok, line, _ = await call(registry, ctx, "fill", target="Sign in button", text="x")
    assert not ok and "[NOT_INTERACTABLE]" in line
    assert (await call(registry, ctx, "fill", target="Email field", text="zoë@example.com"))[0]  # Unicode typed as given
    ok, line, _ = await call(registry, ctx, "clear", target="Email field")
    assert ok and line == "TAPPED: (195,150)"  # the catalog's clear: the field it emptied
    ok, line, data = await call(registry, ctx, "verify_not_visible", target="zoë@example.com")
    assert ok and line == "OK: NOT_VISIBLE" and data["visible"] is False  # the catalog's shape, as on every platform
    ok, line, _ = await call(registry, ctx, "verify_checked", target="Remember me switch", checked=False)
    assert ok and line == "OK: off"
    assert (await call(registry, ctx, "click", target="Remember me switch"))[0]
    ok, line, _ = await call(registry, ctx, "verify_checked", target="Remember me switch", checked=False)
    assert not ok and line.startswith("ERROR: [ASSERTION_FAILED]")
    ok, line, _ = await call(registry, ctx, "verify_visible", target="Dark mode switch")
    assert not ok and "[ASSERTION_FAILED]" in line
    ok, line, _ = await call(registry, ctx, "verify_text", text="Sign in to your notes")
    assert ok and line == "VISIBLE: 1 match"
    ok, _, _ = await call(registry, ctx, "long_press", target="Sign in button")
    assert ok


async def test_alerts_accept_dismiss_and_by_name(registry, ctx) -> None:
    ok, line, _ = await call(registry, ctx, "accept_alert")
    assert not ok and line.startswith("NOT_FOUND")
    await sign_in(registry, ctx)
    assert (await call(registry, ctx, "click", target="Settings button"))[0]
    assert (await call(registry, ctx, "click", target="Remind me daily"))[0]
    ok, line, data = await call(registry, ctx, "get_alert")
    assert ok and data["buttons"] == ["Don’t Allow", "Allow"]
    ok, line, _ = await call(registry, ctx, "dismiss_alert")
    assert ok and line == "OK: alert dismissed"
    assert (await call(registry, ctx, "verify_visible", target="Dark mode switch"))[0]
    assert (await call(registry, ctx, "click", target="Remind me daily"))[0]
    ok, line, data = await call(registry, ctx, "tap_alert_button", button="Maybe later")
    assert not ok and line.startswith("NOT_FOUND") and "Allow" in line
    ok, line, _ = await call(registry, ctx, "tap_alert_button", button="allow")
    assert ok and line == "OK: pressed 'Allow'"
    assert (await call(registry, ctx, "verify_text", text="Daily reminders are on"))[0]
    assert (await call(registry, ctx, "go_back"))[0]
    assert (await call(registry, ctx, "click", target="Remind me daily"))[0]
    ok, line, _ = await call(registry, ctx, "accept_alert")
    assert ok and (await call(registry, ctx, "verify_text", text="Daily reminders are on"))[0]


async def test_screen_dump_size_info_wait_and_screenshot(registry, ctx, tmp_path: Path) -> None:
    ok, line, data = await call(registry, ctx, "get_screen_dump")
    assert ok and 'identifier="email_input"' in data["dump"] and data["depth_limited"] is False
    ok, line, data = await call(registry, ctx, "get_screen_size")
    assert ok and line == "OK: 390x844 points (1170x2532 pixels)"
    ok, line, data = await call(registry, ctx, "device_information")
    assert ok and line == "OK: iphone iOS 17.5"
    ok, line, _ = await call(registry, ctx, "wait", ms=10)
    assert ok and line == "OK: waited 50ms"
    ok, line, data = await call(registry, ctx, "take_screenshot", goal_name="Sign in!", directory=str(tmp_path))
    png = Path(data["path"]).read_bytes()
    assert ok and data["path"].endswith("-sign-in.png") and struct.unpack(">II", png[16:24]) == (1170, 2532)


async def test_a_tree_cut_by_the_depth_limit_is_reported(registry, ctx, driver: IosDriver) -> None:
    await driver.client.settings({"snapshotMaxDepth": 2})  # application > window > container: the controls are cut
    driver.max_depth = 2
    driver.invalidate()
    ok, line, data = await call(registry, ctx, "get_screen_dump")
    assert ok and data["depth_limited"] and "snapshotMaxDepth" in data["hint"] and "cut at the depth limit" in line
    ok, line, _ = await call(registry, ctx, "click", target="Forgot password?")
    assert not ok and line.startswith("NOT_FOUND") and "snapshotMaxDepth" in line
    ok, line, _ = await call(registry, ctx, "tap", text="Forgot password?")
    assert not ok and "snapshotMaxDepth" in line


async def test_a_lost_wda_is_device_lost(registry, ctx, wda_sim) -> None:
    wda_sim.control("offline")
    ok, line, _ = await call(registry, ctx, "verify_text", text="Sign in")
    assert not ok and line.startswith("ERROR: [DEVICE_LOST]")
