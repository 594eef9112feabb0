"""The semantic ``ios.*`` tools shared with web and Android: click, fill, clear, scroll, verify ... by description."""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le

from tapwright.core.element import Element
from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.source import app_tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_common import Text, Typed
from tapwright.tools.ios_common import ios_tool, snapshot_note, swipe_by, type_into

STRONG = 0.95  # a description matched this well names something on screen, not a near miss
Direction = Literal["up", "down", "left", "right"]


@ios_tool([r"\bscroll\b"], idempotent=False)
async def scroll(driver: IosDriver, direction: Direction = "down", amount: Annotated[int, Ge(1), Le(20_000)] | None = None) -> ToolResult:
    """Scroll the screen's content the way a person says it: "scroll down" shows what is below.

    Args:
        direction: Where to move in the content: down, up, left or right.
        amount: Points to swipe (about 60% of the screen when omitted).
    """
    w, h = driver.size or await driver.screen_size()
    vertical = direction in ("up", "down")
    distance = amount or int((h if vertical else w) * 0.6)
    return await swipe_by(driver, vertical, distance if direction in ("down", "right") else -distance, 300)


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
        await scroll(driver, direction)
    raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} did not come on screen after scrolling {direction}")


@ios_tool([r"\b(click|tap|press)\b"], idempotent=False)
async def click(driver: IosDriver, target: Text) -> ToolResult:
    """Tap the element a plain-English description means ("the Login button"), as web.click does.

    Args:
        target: The element as a person would describe it, or a ref from snapshot.
    """
    box = await driver.box(target)
    note = snapshot_note(driver)
    await driver.click_at(box["center_x"], box["center_y"])
    return ToolResult.success({"x": box["center_x"], "y": box["center_y"], "ref": box["ref"], "name": box["name"], "snapshot": note},
                              status=tapped_status(box["center_x"], box["center_y"]))  # fmt: skip


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


async def _field(driver: IosDriver, target: str) -> tuple[int, int, Element]:
    found = await driver.find(target)
    r = found.element.rect
    if r is None or not found.element.state.visible:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} is not on screen: scroll to it first")
    return r.center_x, r.center_y, found.element


@ios_tool([r"\b(fill|type|enter)\b"], idempotent=True)
async def fill(driver: IosDriver, target: Text, text: Typed) -> ToolResult:
    """Replace a field's text: tap the field a description means, clear it, type, read it back, hide the keyboard.

    Args:
        target: The field as a person would describe it ("Email field"), or a ref.
        text: The text to type (any Unicode). Only its length is reported.
    """
    note = snapshot_note(driver)
    x, y, element = await _field(driver, target)
    await type_into(driver, x, y, element, text, hide=True)
    return ToolResult.success({"text_length": len(text), "ref": element.ref, "snapshot": note},
                              status=f"OK: typed {len(text)} characters")


@ios_tool([r"\b(clear|empty)\b"], idempotent=True)
async def clear(driver: IosDriver, target: Text) -> ToolResult:
    """Empty the field a description means (read back: it fails when the field keeps text).

    Args:
        target: The field as a person would describe it, or a ref.
    """
    x, y, element = await _field(driver, target)
    await type_into(driver, x, y, element, "", hide=True)
    return ToolResult.success({"ref": element.ref}, status="OK: cleared")


@ios_tool([r"\b(verify|check|should see)\b.*\btext\b"], read_only=True)
async def verify_text(driver: IosDriver, text: Text) -> ToolResult:
    """Check that some text is on screen (in an element's text, label or a field's value).

    Args:
        text: The text expected on screen.
    """
    tree = app_tree(await driver.snapshot())
    needle = " ".join(text.split()).casefold()
    hits = [e for e in tree if e.state.visible and any(needle in " ".join(v.split()).casefold()
            for v in (e.text, e.attr("content_desc"), e.value or "") if v)]  # fmt: skip
    if not hits:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"the text {text!r} is not on screen")
    return ToolResult.success({"matches": len(hits), "snapshot": snapshot_note(driver)}, status=visible_status(len(hits)))


@ios_tool([r"\b(should see|is visible|verify|expect)\b"], read_only=True)
async def verify_visible(driver: IosDriver, target: Text) -> ToolResult:
    """Check that an element matching a description is on screen.

    Args:
        target: The element as a person would describe it, or a ref.
    """
    try:
        found = await driver.find(target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is not visible ({exc.message})", data=exc.data) from None
        if exc.code is ErrorCode.AMBIGUOUS:
            n = len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2
            return ToolResult.success({"matches": n}, status=visible_status(n))
        raise
    if not found.element.state.visible:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is off screen")
    return ToolResult.success({"matches": 1, "ref": found.element.ref, "snapshot": snapshot_note(driver)}, status=visible_status(1))


@ios_tool([r"\b(should not see|not visible|disappear(ed)?|gone)\b"], read_only=True)
async def verify_not_visible(driver: IosDriver, target: Text) -> ToolResult:
    """Check that nothing on screen shows this text or matches this description closely.

    Args:
        target: The text or element as a person would describe it.
    """
    tree = app_tree(await driver.snapshot())
    phrase = " ".join(target.strip("\"'“”").split()).casefold()
    shown = [e for e in tree if e.state.visible and e.role not in ("application",) and any(
             phrase in " ".join(v.split()).casefold() for v in (e.text, e.name, e.attr("content_desc")) if v)]  # fmt: skip
    if shown:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({shown[0].ref} {shown[0].name or shown[0].text!r})")
    try:
        found = await driver.find(target)
    except ToolFailure as exc:
        candidates = exc.data.get("candidates", []) if isinstance(exc.data, dict) else []
        weak = exc.code is ErrorCode.AMBIGUOUS and candidates and all(
            isinstance(c, dict) and float(c.get("score", 1.0)) < STRONG for c in candidates)  # fmt: skip
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND or weak:
            return ToolResult.success({"matches": 0}, status="OK: not visible (as expected)")
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible (several matches)", data=exc.data) from None
    if found.element.state.visible and found.score >= STRONG:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({found.describe()})")
    return ToolResult.success({"matches": 0, "snapshot": snapshot_note(driver)}, status="OK: not visible (as expected)")


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
