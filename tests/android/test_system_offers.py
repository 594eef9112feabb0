"""Steps that name the device around the app get its tools offered to a model (by their triggers)."""

from __future__ import annotations

import pytest

from tapwright import Registry
from tapwright.llm.tools import select_tools

STEPS = {
    "Open the deep link pocketnotes://note/groceries": "android.open_deep_link",
    "Grant the app the camera permission": "android.grant_permission",
    "Revoke the location permission": "android.revoke_permission",
    "Check that the app has the notifications permission": "android.check_permission",
    "Copy 'ABC-123' to the clipboard": "android.set_clipboard",
    "Read the clipboard": "android.get_clipboard",
    "Scroll down until the Archive row is visible": "android.scroll_until_visible",
    "A toast says 'Note deleted'": "android.wait_for_toast",
}


@pytest.mark.parametrize(("step", "tool"), STEPS.items())
def test_a_step_about_the_device_is_offered_its_tool(step: str, tool: str) -> None:
    assert tool in [s.name for s in select_tools(Registry.default(), "android", step)]
