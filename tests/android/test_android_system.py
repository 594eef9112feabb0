"""Deep links, runtime permissions, the clipboard, scrolling until visible and toasts, against the
simulated device through the real adb binary; each device answer is also checked with `adb` itself."""

from __future__ import annotations

import asyncio

import pytest
from android_support import PACKAGE

from _support import mobile
from _support.mobile import caller
from tapwright import Registry, ToolContext
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.testing.android_sim import AdbServer, SimulatedDevice

pytestmark = pytest.mark.slow


call = caller("android")


async def sign_in(registry: Registry, ctx: ToolContext) -> None:
    await mobile.sign_in(call, registry, ctx)


def adb(server: AdbServer, sim: SimulatedDevice, *args: str) -> str:
    return server.run("-s", sim.serial, "shell", *args)


# -- deep links ----------------------------------------------------------------------------------


async def test_a_deep_link_opens_its_screen_and_the_real_adb_sees_the_same(registry, ctx, driver, sim, adb_server) -> None:
    ok, line, data = await call(registry, ctx, "open_deep_link", uri="pocketnotes://note/lisbon", package=PACKAGE)
    assert ok and line == f"OK: opened pocketnotes://note/lisbon in {PACKAGE}", line
    assert data["foreground"] == PACKAGE  # type: ignore[index]
    assert (await call(registry, ctx, "verify_text", text="Flights on 12 May"))[0]
    out = adb(adb_server, sim, "am", "start", "-W", "-a", "android.intent.action.VIEW", "-d", "https://notes.example.com/n/books")
    assert "Status: ok" in out and f"Activity: {PACKAGE}/.MainActivity" in out and "LaunchState: WARM" in out
    driver.invalidate()
    assert (await call(registry, ctx, "verify_text", text="The Left Hand of Darkness"))[0]


async def test_a_link_no_app_handles_or_a_wrong_package_fails_as_navigation(registry, ctx, driver) -> None:
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="pocketnotes://nowhere/at/all")
    assert not ok and line.startswith("ERROR: [NAVIGATION_FAILED]") and "unable to resolve Intent" in line
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="pocketnotes://settings", package="com.android.settings")
    assert not ok and "[NAVIGATION_FAILED]" in line
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="pocketnotes://settings", package="com.example.absent")
    assert not ok and "[NAVIGATION_FAILED]" in line and "not installed" in line
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="no scheme here")
    assert not ok and line.startswith("ERROR: [INVALID_INPUT]") and "scheme" in line
    # A link's quotes and shell characters reach `am` as one argument, never the shell.
    ok, line, _ = await call(registry, ctx, "open_deep_link", uri="pocketnotes://settings?q=';id;'&x=$(reboot)")
    assert ok, line
    ran = [row.split(" ", 1)[0] for row in (await driver.shell("cat /data/local/tmp/commands.log")).splitlines()]
    assert "id" not in ran and "reboot" not in ran


# -- runtime permissions -------------------------------------------------------------------------


async def test_grant_check_and_revoke_a_runtime_permission(registry, ctx, driver, sim, adb_server) -> None:
    ok, line, data = await call(registry, ctx, "check_permission", package=PACKAGE, permission="CAMERA")
    assert ok and line == "OK: android.permission.CAMERA not granted" and data["requested"] is True  # type: ignore[index]
    ok, line, data = await call(registry, ctx, "grant_permission", package=PACKAGE, permission="camera")
    assert ok and line == f"OK: android.permission.CAMERA granted to {PACKAGE}" and data["changed"] is True  # type: ignore[index]
    assert "android.permission.CAMERA: granted=true" in adb(adb_server, sim, "dumpsys", "package", PACKAGE)
    ok, line, data = await call(registry, ctx, "grant_permission", package=PACKAGE, permission="android.permission.CAMERA")
    assert ok and data["changed"] is False  # type: ignore[index]  # idempotent
    ok, line, _ = await call(registry, ctx, "check_permission", package=PACKAGE, permission="CAMERA", expect_granted=False)
    assert not ok and line.startswith("ERROR: [ASSERTION_FAILED]") and "is granted" in line
    assert await driver.foreground_package() == PACKAGE
    ok, line, data = await call(registry, ctx, "revoke_permission", package=PACKAGE, permission="CAMERA")
    assert ok and line.endswith("(the app was stopped)") and data["app_stopped"] is True  # type: ignore[index]
    assert await driver.foreground_package() != PACKAGE  # Android stops an app whose granted permission is revoked
    assert "android.permission.CAMERA: granted=false" in adb(adb_server, sim, "dumpsys", "package", PACKAGE)
    ok, line, _ = await call(registry, ctx, "check_permission", package=PACKAGE, permission="CAMERA", expect_granted=False)
    assert ok, line


async def test_permissions_that_cannot_change_are_refused_with_androids_reason(registry, ctx, sim, adb_server) -> None:
    cases = {"INTERNET": "not a changeable permission type", "READ_CONTACTS": "has not requested permission",
             "NOT_A_PERMISSION": "Unknown permission"}  # fmt: skip
    for permission, reason in cases.items():
        ok, line, _ = await call(registry, ctx, "grant_permission", package=PACKAGE, permission=permission)
        assert not ok and line.startswith("ERROR: [INVALID_INPUT]") and reason in line, line
    ok, line, _ = await call(registry, ctx, "grant_permission", package="com.example.absent", permission="CAMERA")
    assert not ok and "[INVALID_INPUT]" in line and "not installed" in line
    ok, line, _ = await call(registry, ctx, "grant_permission", package=PACKAGE, permission="CAMERA; reboot")
    assert not ok and "[INVALID_INPUT]" in line
    # The same refusals as the real adb client gets them.
    out = adb(adb_server, sim, "pm", "grant", PACKAGE, "android.permission.INTERNET")
    assert "java.lang.SecurityException" in out and "not a changeable permission type" in out
    ok, line, data = await call(registry, ctx, "check_permission", package=PACKAGE, permission="READ_CONTACTS")
    assert ok and line.endswith("not requested by the app") and data["requested"] is False  # type: ignore[index]


# -- clipboard -----------------------------------------------------------------------------------


async def test_the_clipboard_needs_clipper_and_then_round_trips_unicode(registry, ctx, driver, sim, adb_server) -> None:
    ok, line, _ = await call(registry, ctx, "set_clipboard", text="hello")
    assert not ok and line.startswith("ERROR: [DRIVER_ERROR]") and "Clipper" in line and "adb install" in line
    sim.control("install ca.zgrs.clipper")
    try:
        text = "zoë 李雷 '$(id)' ✓"
        ok, line, data = await call(registry, ctx, "set_clipboard", text=text)
        assert ok and line == f"OK: clipboard holds {len(text)} characters" and data == {"length": len(text), "read_back": True}
        ok, line, data = await call(registry, ctx, "get_clipboard")
        assert ok and data["text"] == text  # type: ignore[index]
        assert f'data="{text}"' in adb(adb_server, sim, "am", "broadcast", "-a", "clipper.get")
        # Pasting (KEYCODE_PASTE) puts it into the focused field, where `input text` could not type it.
        assert (await call(registry, ctx, "click", target="Email field"))[0]
        assert (await call(registry, ctx, "press_key", key="paste"))[0]
        email = next(e for e in await driver.snapshot() if e.attr("resource_id").endswith("email_input"))
        assert email.value == text
        ran = [row.split(" ", 1)[0] for row in (await driver.shell("cat /data/local/tmp/commands.log")).splitlines()]
        assert "id" not in ran
    finally:
        sim.control("uninstall ca.zgrs.clipper")


async def test_without_adbkeyboard_non_ascii_text_is_pasted_through_clipper_and_read_back(registry, ctx, driver, sim) -> None:
    sim.control("install ca.zgrs.clipper")
    try:
        text = "zoë 李雷 ✓"
        ok, line, _ = await call(registry, ctx, "fill", target="Email field", text=text)
        assert ok, line
        email = next(e for e in await driver.snapshot() if e.attr("resource_id").endswith("email_input"))
        assert email.value == text
        log = await driver.shell("cat /data/local/tmp/commands.log")
        assert "am broadcast -a clipper.set" in log and "input keyevent 279" in log and "ime set" not in log
        assert (await call(registry, ctx, "get_clipboard"))[2]["text"] == ""  # type: ignore[index]  # emptied afterwards
    finally:
        sim.control("uninstall ca.zgrs.clipper")


# -- scroll until visible ------------------------------------------------------------------------


async def test_scroll_until_visible_finds_what_is_below_and_stops_at_the_end(registry, ctx) -> None:
    await sign_in(registry, ctx)
    assert not (await call(registry, ctx, "verify_visible", target="Archive"))[0]
    ok, line, data = await call(registry, ctx, "scroll_until_visible", target="Archive")
    assert ok and line == "VISIBLE: 1 match after 1 swipe(s)" and data["swipes"] == 1  # type: ignore[index]
    ok, line, data = await call(registry, ctx, "scroll_until_visible", target="Archive")
    assert ok and data["swipes"] == 0  # type: ignore[index]  # already on screen: no swipe
    ok, line, _ = await call(registry, ctx, "scroll_until_visible", target="Quarterly tax report", max_swipes=20)
    assert not ok and line.startswith("NOT_FOUND: [ELEMENT_NOT_FOUND]") and "does not move further down" in line
    ok, line, _ = await call(registry, ctx, "scroll_until_visible", target="My notes", direction="up", max_swipes=1)
    assert ok and line == "VISIBLE: 1 match after 1 swipe(s)", line


async def test_scroll_until_visible_gives_up_after_max_swipes(registry, ctx) -> None:
    await sign_in(registry, ctx)
    ok, line, _ = await call(registry, ctx, "scroll_until_visible", target="Quarterly tax report", max_swipes=1)
    assert not ok and "[ELEMENT_NOT_FOUND]" in line and "after 1 swipe(s) down: raise max_swipes" in line


async def test_scroll_until_visible_reports_loose_matches_as_ambiguous_when_nothing_better_shows(registry, ctx) -> None:
    ok, line, data = await call(registry, ctx, "scroll_until_visible", target="the field", max_swipes=3)
    assert not ok and line.startswith("AMBIGUOUS: [AMBIGUOUS]") and len(data["candidates"]) == 2  # type: ignore[index]


# -- toasts and snackbars ------------------------------------------------------------------------


async def test_a_check_still_sees_a_toast_that_has_just_vanished(registry, ctx, driver: AndroidDriver, sim, adb_server) -> None:
    await sign_in(registry, ctx)
    assert (await call(registry, ctx, "click", target="Groceries"))[0]
    assert (await call(registry, ctx, "click", target="Delete note button"))[0]
    assert "android:id/message" in adb(adb_server, sim, "uiautomator", "dump", "/dev/tty")  # the toast's window
    ok, line, _ = await call(registry, ctx, "verify_text", text="Note deleted")
    assert ok and line == "VISIBLE: 1 match"  # on screen now
    await asyncio.sleep(2.3)  # the toast is gone (2 s)
    driver.invalidate()
    ok, line, data = await call(registry, ctx, "verify_text", text="note deleted")
    assert ok and line.startswith("VISIBLE: 1 match (a toast seen ") and line.endswith("s ago, gone now)"), line
    assert data["transient"]["on_screen"] is False  # type: ignore[index]
    ok, line, _ = await call(registry, ctx, "verify_element_visible", text="Note deleted")
    assert ok and "gone now" in line
    assert (await call(registry, ctx, "verify_not_visible", target="Note deleted"))[0]  # not on the screen itself
    assert not (await call(registry, ctx, "verify_text", text="Note archived"))[0]  # only what was shown
    driver.transient.keep_s = 0.2  # a short memory: once it has passed, the toast is forgotten
    await asyncio.sleep(0.3)
    ok, line, _ = await call(registry, ctx, "verify_text", text="Note deleted")
    assert not ok and line.startswith("ERROR: [ASSERTION_FAILED]")


async def test_wait_for_toast_catches_a_toast_and_a_snackbar(registry, ctx, driver, sim, adb_server) -> None:
    ok, line, _ = await call(registry, ctx, "wait_for_toast", text="Note deleted", timeout_ms=300)
    assert not ok and line.startswith("TIMEOUT: [TIMEOUT]")
    await sign_in(registry, ctx)
    assert (await call(registry, ctx, "click", target="Settings"))[0]
    assert (await call(registry, ctx, "click", target="Notifications switch"))[0]
    ok, line, data = await call(registry, ctx, "wait_for_toast", text="settings saved")
    assert ok and line == "VISIBLE: 1 match (snackbar)" and data["on_screen"] is True  # type: ignore[index]
    assert "id/snackbar_text" in adb(adb_server, sim, "uiautomator", "dump", "/dev/tty")
    ok, _, data = await call(registry, ctx, "recent_toasts")
    assert ok and [(i["kind"], i["text"]) for i in data["items"]] == [("snackbar", "Notification settings saved")]  # type: ignore[index]


def test_the_example_plan_runs_through_tapwright_exec_on_a_simulated_device() -> None:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("ANDROID_SERIAL", None)  # the app file then starts a simulated device of its own
    done = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "exec", "examples/plans/android-system.yaml", "--json",
                           "--set", "android.app=examples/android-app/app.yaml"], cwd=root, capture_output=True, text=True,
                          timeout=300, env=env)  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    trace = json.loads(done.stdout)
    assert trace["status"] == "passed" and len(trace["calls"]) == 8
    assert trace["calls"][-1]["status_line"].startswith("VISIBLE: 1 match (a toast seen ")
    assert trace["calls"][-1]["status_line"].endswith("gone now)")
