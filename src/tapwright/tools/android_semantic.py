"""``android.*`` tools by description that the catalog does not hold: long_press and verify_checked.

click, fill, press_key, scroll, verify_visible, verify_not_visible and verify_text are catalog actions
(:mod:`tapwright.tools.actions`) over :class:`~tapwright.tools.android_seam.AndroidActions`.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le

from tapwright.core.result import ToolResult, tapped_status
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.drivers.android.locating import find
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_common import Text, android_tool


@android_tool([r"\blong[- ]?press\b"], idempotent=False)
async def long_press(driver: AndroidDriver, target: Text, duration_ms: Annotated[int, Ge(300), Le(10_000)] = 800) -> ToolResult:
    """Long-press the element a description means.

    Args:
        target: The element as a person would describe it, or a ref.
        duration_ms: How long to hold.
    """
    box = await driver.box(target)
    await driver.long_press(box["center_x"], box["center_y"], duration_ms)
    return ToolResult.success({"x": box["center_x"], "y": box["center_y"]}, status=tapped_status(box["center_x"], box["center_y"]) + " long")


@android_tool([r"\b(is|should be) (checked|on|enabled)\b"], read_only=True)
async def verify_checked(driver: AndroidDriver, target: Text, checked: bool = True) -> ToolResult:
    """Check that a switch or checkbox is on (or off).

    Args:
        target: The switch or checkbox as a person would describe it.
        checked: The state expected.
    """
    found = find(await driver.snapshot(), target)
    state = found.element.state.checked
    if state is None:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{found.describe()} cannot be checked or unchecked")
    if state != checked:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{found.describe()} is {'on' if state else 'off'}, expected {'on' if checked else 'off'}")
    return ToolResult.success({"checked": state, "ref": found.element.ref}, status=f"OK: {'on' if state else 'off'}")
