"""Every android.* tool against the simulated device through the real adb binary: success,
failure, the status prefixes, and no exception ever reaching the caller."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from android_support import PACKAGE

from _support import mobile
from _support.mobile import caller
from tapwright import Registry, ToolContext
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.errors import ErrorCode

pytestmark = pytest.mark.slow


call = caller("android")


async def sign_in(registry: Registry, ctx: ToolContext) -> None:
    line = await mobile.sign_in(call, registry, ctx)
    assert line.startswith("TAPPED: (540,"), line


async def test_the_real_adb_lists_the_simulated_device_with_its_model(sim, adb_server) -> None:
    listing = adb_server.run("devices", "-l")
    assert f"{sim.serial}" in listing and "model:Pixel_8__simulated_" in listing
    assert adb_server.run("-s", sim.serial, "shell", "getprop", "ro.build.version.sdk") == "34"


async def test_start_testing_scenario_launches_once(registry, ctx, driver) -> None:
    ok, line, _data = await call(registry, ctx, "start_testing_scenario", app_package=PACKAGE)
    assert ok and line == "OK: launched (foreground confirmed)"
    assert await driver.foreground_package() == PACKAGE
    ok, line, _ = await call(registry, ctx, "start_testing_scenario", app_package=PACKAGE)
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]") and "go on with the next step" in line


async def test_launching_a_missing_or_malformed_package_is_an_error(registry, ctx) -> None:
    ok, line, _ = await call(registry, ctx, "launch_app_by_package", package_name="com.example.absent")
    assert not ok and line.startswith("ERROR: [NAVIGATION_FAILED]") and "not installed" in line
    ok, line, _ = await call(registry, ctx, "launch_app_by_package", package_name="not a package")
    assert not ok and "[INVALID_INPUT]" in line
    ok, line, _ = await call(registry, ctx, "launch_app_by_package", package_name="com.android.settings")
    assert ok and line.startswith("OK: launched")


async def test_find_elements_by_text_with_selector_types(registry, ctx) -> None:
    ok, line, data = await call(registry, ctx, "find_ui_elements_by_text", text="sign in")
    assert ok and line == "OK: 2 match(es)"  # "Sign in to your notes" and the button (one entry per element)
    values = [m["value"] for m in data["matches"]]
    assert "Sign in" in values and all("cx" in m and "cy" in m for m in data["matches"])
    ok, _, data = await call(registry, ctx, "find_ui_elements_by_text", text="sign_in", selector_type="resource-id")
    assert ok and [m["value"] for m in data["matches"]] == ["com.tapwright.notes:id/sign_in_button"]
    ok, line, _ = await call(registry, ctx, "find_ui_elements_by_text", text="zebra")
    assert not ok and line.startswith("NOT_FOUND: [ELEMENT_NOT_FOUND]")


async def test_screen_dump_size_and_device_information(registry, ctx) -> None:
    ok, _, data = await call(registry, ctx, "get_screen_dump", max_chars=500)
    assert (ok and 'resource-id="sign_in_button"' in data["dump"]) or data["truncated"]
    assert len(data["dump"]) <= 500 + len("\n… truncated") and data["app"] == PACKAGE
    ok, line, data = await call(registry, ctx, "get_screen_size")
    assert ok and line == "OK: 1080x2400" and (data["scale"], data["pixel_width"], data["unit"]) == (1.0, 1080, "pixels")
    ok, line, data = await call(registry, ctx, "device_information")
    assert ok and data["model"] == "Pixel 8 (simulated)" and data["sdk"] == "34" and data["battery"] == 87
    assert data["os"] == "Android" and data["version"] == data["android"] and data["device"].endswith("Pixel 8 (simulated)")


async def test_tap_by_text_position_and_coordinates(registry, ctx, driver) -> None:
    ok, line, _ = await call(registry, ctx, "tap", text="Sign in", position=7)
    assert not ok and line.startswith("AMBIGUOUS: [AMBIGUOUS]") and "position in 0..1" in line
    ok, line, _ = await call(registry, ctx, "tap", text="Forgot password")
    assert ok and line.startswith("TAPPED: (540,")
    assert (await call(registry, ctx, "verify_element_visible", text="Reset your password"))[1] == "VISIBLE: 1 match"
    ok, line, _ = await call(registry, ctx, "tap_by_coordinates", x=5000, y=10)
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]") and "off the 1080x2400 screen" in line
    ok, line, _ = await call(registry, ctx, "tap_by_coordinates", x=80, y=150)  # the Up arrow
    assert ok and line == "TAPPED: (80,150)"
    assert (await call(registry, ctx, "verify_element_visible", text="Pocket Notes"))[0]


async def test_clear_empties_a_field_and_refuses_what_is_no_field(registry, ctx, driver) -> None:
    assert (await call(registry, ctx, "fill", target="Email field", text="ada@example.com"))[0]
    ok, line, data = await call(registry, ctx, "clear", target="Email field")
    assert ok and line.startswith("TAPPED: (540,") and data["role"] == "textbox", (line, data)  # type: ignore[index]
    h = await driver.hierarchy(fresh=True)
    email = next(e for e in h.tree if e.attr("resource_id").endswith("email_input"))
    assert email.value == "" and not h.keyboard_shown
    ok, line, _ = await call(registry, ctx, "clear", target="Remember me")
    assert not ok and line.startswith("ERROR: [NOT_INTERACTABLE]"), line
    assert registry.get("android.clear").idempotent is True  # type: ignore[union-attr]


async def test_input_text_types_then_hides_the_keyboard(registry, ctx, driver) -> None:
    ok, line, data = await call(registry, ctx, "input_text", field_selector="email_input", text="ada@example.com")
    assert ok and line == "OK: typed 15 characters" and "ada" not in str(data)
    h = await driver.hierarchy()
    assert not h.keyboard_shown
    email = next(e for e in h.tree if e.attr("resource_id").endswith("email_input"))
    assert email.value == "ada@example.com"
    ok, line, _ = await call(registry, ctx, "input_text", field_selector="Remember me", text="x")
    assert not ok and line.startswith("ERROR: [NOT_INTERACTABLE]")


async def test_shell_metacharacters_are_typed_never_run(registry, ctx, driver) -> None:
    nasty = "a; echo PWNED > /sdcard/pwned $(reboot) `id` 'q' \"d\" | & \\ %d *"
    ok, _, _ = await call(registry, ctx, "fill", target="Email field", text=nasty)
    assert ok
    email = next(e for e in await driver.snapshot() if e.attr("resource_id").endswith("email_input"))
    assert email.value == nasty
    log = await driver.shell("cat /data/local/tmp/commands.log")
    ran = [line.split(" ", 1)[0] for line in log.splitlines()]
    assert not {"echo", "reboot", "id"} & set(ran), ran
    assert "No such file" in await driver.shell("cat /sdcard/pwned")


async def test_non_ascii_text_is_refused_with_the_way_round(registry, ctx) -> None:
    ok, line, _ = await call(registry, ctx, "fill", target="Email field", text="zoë@example.com")
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]") and "ADBKeyBoard" in line


async def test_non_ascii_text_goes_through_adbkeyboard_when_installed(registry, ctx, driver, sim) -> None:
    sim.control("install com.android.adbkeyboard")
    try:
        text = "zoë 李雷 ✓ %s '$(id)' 🙂"
        ok, line, _ = await call(registry, ctx, "fill", target="Email field", text=text)
        assert ok, line
        email = next(e for e in await driver.snapshot() if e.attr("resource_id").endswith("email_input"))
        assert email.value == text
        # Switched to ADBKeyBoard for the text and back to the keyboard in use before.
        assert (await driver.shell("settings get secure default_input_method")).strip() == "com.android.inputmethod.latin/.LatinIME"
        log = await driver.shell("cat /data/local/tmp/commands.log")
        assert "ime set com.android.adbkeyboard/.AdbIME" in log and "am broadcast -a ADB_INPUT_B64" in log
        assert "id" not in [row.split(" ", 1)[0] for row in log.splitlines()]  # base64: nothing of the text reaches the shell
        # Plain ASCII still goes through `input text` (no input method switch).
        before = log.count("ime set")
        assert (await call(registry, ctx, "fill", target="Email field", text="ada@example.com"))[0]
        assert (await driver.shell("cat /data/local/tmp/commands.log")).count("ime set") == before
    finally:
        sim.control("uninstall com.android.adbkeyboard")


async def test_keyboard_back_and_hide(registry, ctx, driver) -> None:
    ok, line, _ = await call(registry, ctx, "hide_keyboard")
    assert ok and line == "OK: keyboard already hidden"
    await call(registry, ctx, "click", target="Email field")
    assert (await driver.hierarchy()).keyboard_shown
    ok, line, _ = await call(registry, ctx, "hide_keyboard")
    assert ok and line == "OK: keyboard hidden" and not (await driver.hierarchy()).keyboard_shown
    await call(registry, ctx, "tap", text="Forgot password")
    ok, line, data = await call(registry, ctx, "go_back")
    assert ok and line == "OK: pressed back (Back key)" and data == {"button": "Back key"}
    assert (await call(registry, ctx, "verify_element_visible", text="Sign in to your notes"))[0]


async def test_swipes_and_scrolls_reveal_the_rest_of_a_list(registry, ctx) -> None:
    await sign_in(registry, ctx)
    ok, line, _ = await call(registry, ctx, "verify_element_not_visible", text="Archive")
    assert ok and line.startswith("OK: 'Archive' is not visible")
    ok, line, _ = await call(registry, ctx, "swipe_up")
    assert ok and line == "OK: swiped 1800->360"
    ok, line, _ = await call(registry, ctx, "verify_element_visible", text="Archive")
    assert ok and line == "VISIBLE: 1 match"
    ok, line, _ = await call(registry, ctx, "verify_element_not_visible", text="Archive")
    assert not ok and line.startswith("NOT_VISIBLE: [NOT_VISIBLE]") and "still visible" in line
    assert (await call(registry, ctx, "swipe_down"))[0]
    assert (await call(registry, ctx, "verify_element_visible", text="My notes"))[0]
    assert (await call(registry, ctx, "scroll_vertically", distance=600, duration_ms=200))[1] == "OK: swiped 1800->1200"
    assert (await call(registry, ctx, "scroll_horizontally", distance=-300))[1] == "OK: swiped 270->570"
    ok, line, _ = await call(registry, ctx, "scroll_vertically", duration_ms=20)
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]")


async def test_wait_is_bounded(registry, ctx) -> None:
    ok, line, _ = await call(registry, ctx, "wait", ms=1)
    assert ok and line == "OK: waited 50ms"
    ok, line, _ = await call(registry, ctx, "wait", ms=-5)
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]")


async def test_screenshot_named_after_the_goal(registry, ctx, tmp_path: Path) -> None:
    ok, _line, data = await call(registry, ctx, "take_screenshot", goal_name="Sign-in page!", directory=str(tmp_path))
    assert ok and data["path"].endswith("-signin-page.png") and (data["width"], data["height"]) == (1080, 2400)
    assert Path(data["path"]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ok, _, data = await call(registry, ctx, "screenshot", path=str(tmp_path / "s.png"))
    assert ok and Path(data["path"]).stat().st_size > 1000


async def test_screen_recording_is_pulled(registry, ctx, tmp_path: Path) -> None:
    ok, line, _ = await call(registry, ctx, "stop_screen_recording")
    assert not ok and "no screen recording is running" in line
    assert (await call(registry, ctx, "start_screen_recording"))[1] == "OK: recording"
    ok, line, _ = await call(registry, ctx, "start_screen_recording")
    assert not ok and "already running" in line
    await call(registry, ctx, "wait", ms=300)
    ok, line, data = await call(registry, ctx, "stop_screen_recording", path=str(tmp_path / "run.mp4"))
    assert ok and data["bytes"] > 0
    head = (tmp_path / "run.mp4").read_bytes()
    assert head[4:8] == b"ftyp" and struct.unpack(">I", head[20:24])[0] >= 1


async def test_semantic_tools_shared_with_web(registry, ctx) -> None:
    ok, line, data = await call(registry, ctx, "locate", target="Password field")
    assert ok and data["role"] == "textbox" and data["center_x"] == 540
    ok, line, _ = await call(registry, ctx, "click", target="Delete account button")
    assert not ok and line.startswith("NOT_FOUND: [ELEMENT_NOT_FOUND]")
    await sign_in(registry, ctx)
    ok, line, data = await call(registry, ctx, "verify_text", text="Trip to Lisbon")
    assert ok and line == "VISIBLE: 1 match"
    ok, line, _ = await call(registry, ctx, "verify_text", text="Shopping list")
    assert not ok and line.startswith("ERROR: [ASSERTION_FAILED]")
    assert (await call(registry, ctx, "click", target="Trip to Lisbon"))[0]
    assert (await call(registry, ctx, "verify_text", text="hotel in Alfama"))[0]
    assert (await call(registry, ctx, "click", target="back button"))[0]
    # Several texts whose resource id is note_title, each reading something else: refused (matched only by
    # the id of a static text), naming the texts it would not guess between.
    ok, line, data = await call(registry, ctx, "click", target="note title")
    assert not ok and line.startswith("NOT_FOUND: [ELEMENT_NOT_FOUND]")
    assert "'Groceries'" in line and "'Book club'" in line and "matched only by its resource_id" in line


async def test_wrong_password_shows_the_message(registry, ctx) -> None:
    await call(registry, ctx, "fill", target="Email field", text="ada@example.com")
    await call(registry, ctx, "fill", target="Password field", text="nope")
    await call(registry, ctx, "click", target="Sign in button")
    assert (await call(registry, ctx, "verify_text", text="Wrong email or password"))[0]


async def test_switches_toggle_and_report_their_state(registry, ctx) -> None:
    await sign_in(registry, ctx)
    await call(registry, ctx, "click", target="Settings")
    ok, line, _ = await call(registry, ctx, "verify_checked", target="Dark mode switch", checked=False)
    assert ok and line == "OK: off"
    assert (await call(registry, ctx, "click", target="Dark mode switch"))[0]
    assert (await call(registry, ctx, "verify_checked", target="Dark mode switch"))[1] == "OK: on"
    ok, line, _ = await call(registry, ctx, "verify_checked", target="Notifications switch", checked=False)
    assert not ok and line.startswith("ERROR: [ASSERTION_FAILED]") and "is on" in line


async def test_a_snapshot_is_reused_while_nothing_was_done(registry, ctx, driver: AndroidDriver) -> None:
    before = driver.dumps
    _, _, first = await call(registry, ctx, "verify_element_visible", text="Pocket Notes")
    _, _, second = await call(registry, ctx, "find_ui_elements_by_text", text="Email")
    assert first["snapshot"] == "fresh" and second["snapshot"] == "reused"  # type: ignore[index]
    assert driver.dumps == before + 1
    _, _, clicked = await call(registry, ctx, "click", target="Remember me checkbox")
    assert clicked["snapshot"] == "reused"  # type: ignore[index]
    _, _, third = await call(registry, ctx, "verify_element_visible", text="Pocket Notes")
    assert third["snapshot"] == "fresh" and driver.dumps == before + 2  # type: ignore[index]


async def test_coordinate_tools_and_press_key(registry, ctx, driver) -> None:
    ok, _, box = await call(registry, ctx, "locate", target="Email field")
    ok, line, _ = await call(registry, ctx, "type_text", text="ada", x=box["center_x"], y=box["center_y"], wipe_out_old_content=True)
    assert ok
    ok, line, _ = await call(registry, ctx, "press_key", key="Backspace")
    assert ok
    email = next(e for e in await driver.snapshot() if e.attr("resource_id").endswith("email_input"))
    assert email.value == "ad"
    ok, line, _ = await call(registry, ctx, "press_key", key="Hyper+Warp")
    assert not ok and "[INVALID_INPUT]" in line and "unknown key" in line
    ok, line, data = await call(registry, ctx, "snapshot")
    assert ok and "Sign in" in data["text"]


async def test_every_tool_returns_a_result_for_garbage_arguments(registry, ctx) -> None:
    for spec in registry.list(namespace="android"):
        result = await registry.call(spec.name, {"bogus": object.__name__, "x": -1}, ctx)
        assert not result.ok and result.code is ErrorCode.INVALID_INPUT, spec.name


async def test_app_control_tools(registry, ctx, driver) -> None:
    await call(registry, ctx, "fill", target="Email field", text="ada@example.com")
    ok, line, data = await call(registry, ctx, "force_stop_app", package_name=PACKAGE)
    assert ok and line == f"OK: stopped {PACKAGE}" and await driver.foreground_package() != PACKAGE
    assert data["was_running"] is True
    assert (await call(registry, ctx, "force_stop_app", package_name=PACKAGE))[2]["was_running"] is False
    assert not (await driver.shell(f"pidof {PACKAGE}")).strip()
    await driver.launch(PACKAGE)
    ok, line, _ = await call(registry, ctx, "clear_app_data", package_name=PACKAGE)
    assert ok and line == f"OK: cleared {PACKAGE}"
    ok, line, _ = await call(registry, ctx, "clear_app_data", package_name="com.example.absent")
    assert not ok and line.startswith("ERROR: [DRIVER_ERROR]") and "could not clear" in line


async def test_touch_gestures_without_a_mouse(registry, ctx, driver) -> None:
    ok, line, _ = await call(registry, ctx, "long_press", target="Remember me checkbox")
    assert ok and line.endswith(" long")
    assert "input swipe 540 794 540 794 800" in await driver.shell("cat /data/local/tmp/commands.log")
    ok, line, _ = await call(registry, ctx, "double_click_at", x=540, y=794)
    assert ok and line == "TAPPED: (540,794) x2"
    box = await driver.box("Remember me checkbox")
    assert box["name"] == "Remember me"
    ok, line, _ = await call(registry, ctx, "move_to", x=10, y=10)
    assert ok
    ok, line, _ = await call(registry, ctx, "move_to", x=99_999, y=10)
    assert not ok and "off the 1080x2400 screen" in line


async def test_scroll_by_direction(registry, ctx) -> None:
    await sign_in(registry, ctx)
    ok, line, data = await call(registry, ctx, "scroll", direction="down")
    assert ok and line == "OK: scrolled down by 1440" and (data["from"], data["to"]) == (1800, 360)
    assert (await call(registry, ctx, "verify_element_visible", text="Archive"))[0]
    ok, line, _ = await call(registry, ctx, "scroll", direction="up", amount=5000)
    assert ok and (await call(registry, ctx, "verify_element_visible", text="My notes"))[0]
    ok, line, _ = await call(registry, ctx, "scroll", direction="sideways")
    assert not ok and "[INVALID_INPUT]" in line


async def test_line_breaks_are_enter_keys(registry, ctx, driver) -> None:
    await call(registry, ctx, "click", target="Email field")
    await driver.type_text("ada@example.com\n")
    log = await driver.shell("cat /data/local/tmp/commands.log")
    assert log.splitlines()[-3:-1] == ["input text ada@example.com", "input keyevent 66"]  # then this cat


async def test_a_fresh_dump_of_an_unchanged_screen_keeps_the_parse_and_a_changed_one_does_not(driver: AndroidDriver) -> None:
    first = await driver.hierarchy()
    await driver.click_at(*_centre(await driver.box("Pocket Notes title")))  # static text: nothing changes
    again = await driver.hierarchy()
    assert not driver.reused and again is first  # the device was asked again; its answer was the same bytes
    await driver.click_at(*_centre(await driver.box("Remember me checkbox")))  # the checkbox toggles
    changed = await driver.hierarchy()
    assert changed is not first
    box = next(e for e in changed.tree if e.name == "Remember me")
    assert box.state.checked is not next(e for e in first.tree if e.name == "Remember me").state.checked


def _centre(box: dict[str, object]) -> tuple[float, float]:
    return float(box["center_x"]), float(box["center_y"])  # type: ignore[arg-type]
