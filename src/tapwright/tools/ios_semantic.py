"""The ``ios.*`` tools by description that the action catalog does not derive yet: scroll until visible, long press, verify_checked."""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le

from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.drivers.ios.driver import IosDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_common import Text
from tapwright.tools.ios_common import ios_tool, swipe_by

STRONG = 0.95  # a description matched this well names something on screen, not a near miss
Direction = Literal["up", "down", "left", "right"]



@ios_tool([r"\bscroll\b.*\buntil\b", r"\bscroll to\b"], timeout_ms=60_000, idempotent=False)
async def scroll_until_visible(driver: IosDriver, target: Text, direction: Direction = "down",
                               max_swipes: Annotated[int, Ge(1), Le(30)] = 8) -> ToolResult:  # fmt: skip
    """Scroll until the element a description means is on screen; fails NOT_VISIBLE when the content stops moving.

    Args:
        target: The element as a person would describe it.
        direction: Where to move in the content.
        max_swipes: How many swipes to try.
    """
    last = None
    for swipes in range(max_swipes + 1):
        try:
            found = await driver.find(target)
        except ToolFailure as exc:
            if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
                raise
        else:
            if found.element.state.visible and found.element.rect is not None:
                r = found.element.rect
                return ToolResult.success({"ref": found.element.ref, "swipes": swipes, "center_x": r.center_x, "center_y": r.center_y},
                                          status=visible_status(1))  # fmt: skip
        tree = await driver.snapshot()
        shown = [(e.name, e.rect) for e in tree if e.state.visible]
        if shown == last:
            break  # the content no longer moves: its end
        last = shown
        w, h = driver.size or await driver.screen_size()
        vertical = direction in ("up", "down")
        distance = int((h if vertical else w) * 0.6)
        await swipe_by(driver, vertical, distance if direction in ("down", "right") else -distance, 300)
    raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} did not come on screen after scrolling {direction}")



@ios_tool([r"\blong[- ]?press\b", r"\btouch and hold\b"], idempotent=False)
async def long_press(driver: IosDriver, target: Text, duration_ms: Annotated[int, Ge(300), Le(10_000)] = 800) -> ToolResult:
    """Touch and hold the element a description means.

    Args:
        target: The element as a person would describe it, or a ref.
        duration_ms: How long to hold.
    """
    box = await driver.box(target)
    await driver.long_press(box["center_x"], box["center_y"], duration_ms)
    return ToolResult.success({"x": box["center_x"], "y": box["center_y"]}, status=tapped_status(box["center_x"], box["center_y"]) + " long")


@ios_tool([r"\b(is|should be) (checked|on|enabled)\b"], read_only=True)
async def verify_checked(driver: IosDriver, target: Text, checked: bool = True) -> ToolResult:
    """Check that a switch is on (or off).

    Args:
        target: The switch as a person would describe it.
        checked: The state expected.
    """
    found = await driver.find(target)
    state = found.element.state.checked
    if state is None:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{found.describe()} cannot be on or off")
    if state != checked:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{found.describe()} is {'on' if state else 'off'}, expected {'on' if checked else 'off'}")
    return ToolResult.success({"checked": state, "ref": found.element.ref}, status=f"OK: {'on' if state else 'off'}")
