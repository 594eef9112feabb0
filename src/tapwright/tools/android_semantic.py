"""The semantic ``android.*`` tools shared with web: click, fill, verify_text, verify_visible ... by description."""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le

from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.drivers.android.hierarchy import app_tree
from tapwright.drivers.android.locating import find
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_common import Text, Typed, android_tool, snapshot_note, swipe_by, type_into, vanished

STRONG = 0.95  # a description matched this well names something on screen, not a near miss


@android_tool([r"\bscroll\b"], idempotent=False)
async def scroll(driver: AndroidDriver, direction: Literal["up", "down", "left", "right"] = "down",
                 amount: Annotated[int, Ge(1), Le(20_000)] | None = None) -> ToolResult:  # fmt: skip
    """Scroll the screen's content the way a person says it: "scroll down" shows what is below.

    Args:
        direction: Where to move in the content: down, up, left or right.
        amount: Pixels to swipe (about 60% of the screen when omitted).
    """
    w, h = driver.size or await driver.screen_size()
    vertical = direction in ("up", "down")
    distance = amount or int((h if vertical else w) * 0.6)
    return await swipe_by(driver, vertical, distance if direction in ("down", "right") else -distance, 300)


# -- semantic tools shared with web ----------------------------------------------------------------


@android_tool([r"\b(click|tap|press)\b"], idempotent=False)
async def click(driver: AndroidDriver, target: Text) -> ToolResult:
    """Tap the element a plain-English description means ("the Login button"), as web.click does.

    Args:
        target: The element as a person would describe it, or a ref from snapshot.
    """
    box = await driver.box(target)
    note = snapshot_note(driver)  # before the tap drops the snapshot
    await driver.click_at(box["center_x"], box["center_y"])
    return ToolResult.success({"x": box["center_x"], "y": box["center_y"], "ref": box["ref"], "name": box["name"],
                               "snapshot": note},
                              status=tapped_status(box["center_x"], box["center_y"]))  # fmt: skip


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


@android_tool([r"\b(fill|type|enter)\b"], idempotent=True)
async def fill(driver: AndroidDriver, target: Text, text: Typed) -> ToolResult:
    """Replace a field's text: tap the field a description means, clear it, type, hide the keyboard.

    Args:
        target: The field as a person would describe it ("Email field"), or a ref.
        text: The text to type (ASCII; shell characters are typed literally). Only its length is reported.
    """
    tree = await driver.snapshot()
    note = snapshot_note(driver)
    found = find(tree, target)
    r = found.element.rect
    if r is None or not found.element.state.visible:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} is not on screen: scroll to it first")
    await type_into(driver, r.center_x, r.center_y, found.element, text, hide=True)
    return ToolResult.success({"text_length": len(text), "ref": found.element.ref, "snapshot": note},
                              status=f"OK: typed {len(text)} characters")


@android_tool([r"\b(verify|check|should see)\b.*\btext\b"], read_only=True)
async def verify_text(driver: AndroidDriver, text: Text) -> ToolResult:
    """Check that some text is on screen (in an element's text, description or a field's value).

    Args:
        text: The text expected on screen.
    """
    tree = app_tree(await driver.snapshot())
    needle = " ".join(text.split()).casefold()
    hits = [e for e in tree if e.state.visible and any(needle in " ".join(v.split()).casefold()
            for v in (e.text, e.attr("content_desc"), e.value or "") if v)]  # fmt: skip
    if not hits:
        if (recent := vanished(driver, text)) is not None:
            return recent  # a toast or snackbar that has just gone
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"the text {text!r} is not on screen")
    return ToolResult.success({"matches": len(hits), "snapshot": snapshot_note(driver)}, status=visible_status(len(hits)))


@android_tool([r"\b(should see|is visible|verify|expect)\b"], read_only=True)
async def verify_visible(driver: AndroidDriver, target: Text) -> ToolResult:
    """Check that an element matching a description is on screen.

    Args:
        target: The element as a person would describe it, or a ref.
    """
    try:
        found = find(await driver.snapshot(), target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is not visible", data=exc.data) from None
        if exc.code is ErrorCode.AMBIGUOUS:
            n = len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2
            return ToolResult.success({"matches": n}, status=visible_status(n))
        raise
    if not found.element.state.visible:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is off screen")
    return ToolResult.success({"matches": 1, "ref": found.element.ref, "snapshot": snapshot_note(driver)}, status=visible_status(1))


@android_tool([r"\b(should not see|not visible|disappear(ed)?|gone)\b"], read_only=True)
async def verify_not_visible(driver: AndroidDriver, target: Text) -> ToolResult:
    """Check that nothing on screen shows this text or matches this description closely.

    Args:
        target: The text or element as a person would describe it.
    """
    tree = app_tree(await driver.snapshot())
    phrase = " ".join(target.strip("\"'“”").split()).casefold()
    shown = [e for e in tree if e.state.visible and any(phrase in " ".join(v.split()).casefold()
             for v in (e.text, e.name, e.attr("content_desc")) if v)]  # fmt: skip
    if shown:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({shown[0].ref} {shown[0].name or shown[0].text!r})")
    try:
        found = find(tree, target)
    except ToolFailure as exc:
        candidates = exc.data.get("candidates", []) if isinstance(exc.data, dict) else []
        weak = exc.code is ErrorCode.AMBIGUOUS and candidates and all(
            isinstance(c, dict) and float(c.get("score", 1.0)) < STRONG for c in candidates)  # fmt: skip
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND or weak:
            # Nothing, or only loose partial matches of several things (no strong one): not shown.
            return ToolResult.success({"matches": 0}, status="OK: not visible (as expected)")
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible (several matches)", data=exc.data) from None
    if found.element.state.visible and found.score >= STRONG:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({found.describe()})")
    return ToolResult.success({"matches": 0, "snapshot": snapshot_note(driver)}, status="OK: not visible (as expected)")


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
