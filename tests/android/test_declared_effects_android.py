"""Declarations checked against behaviour on the simulated device (through the real adb binary):
every android tool declared read-only leaves the screen, its fields and the keyboard as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tapwright import Registry, ToolContext

pytestmark = pytest.mark.slow

# Valid arguments for each read-only android tool, against the sign-in screen of the example app.
SAMPLES: dict[str, dict[str, Any]] = {
    "android.check_permission": {"package": "com.tapwright.notes", "permission": "CAMERA"},
    "android.device_information": {},
    "android.get_clipboard": {},  # with the Clipper app installed (below)
    "android.find_ui_elements_by_text": {"text": "sign in"},
    "android.get_screen_dump": {},
    "android.get_screen_size": {},
    "android.locate": {"target": "the Sign in button"},
    "android.recent_toasts": {},
    "android.screenshot": {},  # path added below
    "android.snapshot": {},
    "android.take_screenshot": {"goal_name": "sign in"},  # directory added below
    "android.verify_checked": {"target": "Remember me checkbox", "checked": False},
    "android.verify_element_not_visible": {"text": "Nothing like this"},
    "android.verify_element_visible": {"text": "Sign in"},
    "android.verify_not_visible": {"target": "Nothing like this"},
    "android.verify_state": {"target": "Remember me checkbox", "state": "unchecked"},
    "android.verify_text": {"text": "Sign in to your notes"},
    "android.verify_visible": {"target": "the Sign in button"},
    "android.wait": {"ms": 50},
    "android.wait_for_toast": {"text": "Nothing like this", "timeout_ms": 300},  # fails TIMEOUT: no toast here
}
FAILS = {"android.wait_for_toast": "TIMEOUT"}  # read-only tools sampled where they fail: the device stays as it was too
READ_ONLY_ANDROID = sorted(s.name for s in Registry.default().list() if s.read_only and s.name.startswith("android."))


def test_every_read_only_android_tool_has_sample_arguments() -> None:
    assert sorted(SAMPLES) == READ_ONLY_ANDROID


def _device_state(adb_server: Any, serial: str) -> tuple[str, str]:
    """The screen (uiautomator's dump: texts, field values, focus, checks) and the keyboard, read by the real adb."""
    screen = adb_server.run("-s", serial, "shell", "uiautomator", "dump", "/dev/tty")
    keyboard = adb_server.run("-s", serial, "shell", "dumpsys", "input_method")
    return screen, keyboard


@pytest.mark.parametrize("name", READ_ONLY_ANDROID)
async def test_a_read_only_android_tool_leaves_the_device_as_it_was(
    name: str, registry: Registry, ctx: ToolContext, sim: Any, adb_server: Any, tmp_path: Path
) -> None:
    filled = await registry.call("android.fill", {"target": "Email field", "text": "ada@example.com"}, ctx)
    assert filled.ok, filled.status_line()
    before = _device_state(adb_server, sim.serial)
    assert "ada@example.com" in before[0]
    args = dict(SAMPLES[name])
    if name == "android.screenshot":
        args["path"] = str(tmp_path / "s.png")
    if name == "android.take_screenshot":
        args["directory"] = str(tmp_path)
    if name == "android.get_clipboard":
        sim.control("install ca.zgrs.clipper")
    try:
        result = await registry.call(name, args, ctx)
    finally:
        if name == "android.get_clipboard":
            sim.control("uninstall ca.zgrs.clipper")
    if name in FAILS:
        assert not result.ok and result.error is not None and result.error.code.value == FAILS[name], result.status_line()
    else:
        assert result.ok, result.status_line()
    assert _device_state(adb_server, sim.serial) == before, f"{name} changed the device"


async def test_input_text_clears_first_so_a_second_call_leaves_the_same_text(
    registry: Registry, ctx: ToolContext, sim: Any, adb_server: Any
) -> None:
    for _ in range(2):
        typed = await registry.call("android.input_text", {"field_selector": "email_input", "text": "ab"}, ctx)
        assert typed.ok, typed.status_line()
    screen = _device_state(adb_server, sim.serial)[0]
    assert 'text="ab" resource-id="com.tapwright.notes:id/email_input"' in screen
    assert registry.get("android.input_text").idempotent is True  # type: ignore[union-attr]


async def test_type_text_at_a_point_twice_types_twice(registry: Registry, ctx: ToolContext, sim: Any, adb_server: Any) -> None:
    box = await registry.call("android.locate", {"target": "Email field"}, ctx)
    assert box.ok, box.status_line()
    for _ in range(2):
        args = {"text": "ab", "x": box.data["center_x"], "y": box.data["center_y"], "wipe_out_old_content": False}
        typed = await registry.call("android.type_text", args, ctx)
        assert typed.ok, typed.status_line()
    assert 'text="abab" resource-id="com.tapwright.notes:id/email_input"' in _device_state(adb_server, sim.serial)[0]
    assert registry.get("android.type_text").idempotent is False  # type: ignore[union-attr]
