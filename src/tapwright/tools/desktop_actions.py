"""``desktop.*`` semantic actions: click, fill, check, select ... on a described element, plus drag and scroll.

Each finds the element on a fresh snapshot (AT-SPI or OCR), waits for it up to ``timeout_ms``,
and acts at its centre through XTEST.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any, Literal

from annotated_types import Ge, Le, MaxLen

from tapwright.drivers.desktop import DesktopDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.desktop_common import Coord, TargetArg, TimeoutMs, center, desktop_tool, example, find, until


async def _click(driver: DesktopDriver, target: str, timeout_ms: int, **how: Any) -> dict[str, Any]:
    # The screen's checksum before the click is taken while the snapshot is read (it waits on the
    # reader, not on this thread); again when finding the element took retries.
    started = time.monotonic()
    marking = asyncio.ensure_future(driver.mark())
    try:
        found, tree = await until(lambda: find(driver, target), timeout_ms)
    finally:
        before = await marking
    if time.monotonic() - started > 0.5:
        before = await driver.mark()
    x, y = center(found)
    await driver.click_at(x, y, **how)
    e = found.element
    return {"ref": e.ref, "role": e.role, "name": e.name, "x": x, "y": y, "source": tree.source,
            "changed": await driver.changed(before)}  # fmt: skip


@desktop_tool([r"\b(click|tap|hit|press)\b"], [example("Click the Sign in button", {"target": "Sign in button"})], idempotent=False)
async def click(driver: DesktopDriver, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Click an element described in plain English (or a ref from the last snapshot).

    Args:
        target: The element, e.g. "Sign in button", "the Remember me checkbox", "e12".
        timeout_ms: How long to wait for it to appear.
    """
    return await _click(driver, target, timeout_ms)


@desktop_tool([r"\bdouble[- ]?click\b"], [example("Double-click the Drafts folder", {"target": "Drafts"})], idempotent=False)
async def double_click(driver: DesktopDriver, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Double-click an element.

    Args:
        target: The element, as a description or ref.
        timeout_ms: How long to wait for it to appear.
    """
    return await _click(driver, target, timeout_ms, count=2)


@desktop_tool([r"\bright[- ]?click\b", r"\bcontext menu\b"], [example("Right-click the Inbox folder", {"target": "Inbox"})], idempotent=False)
async def right_click(driver: DesktopDriver, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Right-click an element (opens its context menu).

    Args:
        target: The element, as a description or ref.
        timeout_ms: How long to wait for it to appear.
    """
    return await _click(driver, target, timeout_ms, button="right")


@desktop_tool([r"\b(fill|enter|type|input)\b.*\b(in|into)\b"],
              [example("Fill Username with alice", {"target": "Username field", "text": "alice"}, {"text_length": 5})], idempotent=True)
async def fill(driver: DesktopDriver, target: TargetArg, text: Annotated[str, MaxLen(100_000)], timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Replace the content of a text field: click it, select all, delete, type. Reports only the text's length.

    Args:
        target: The field, e.g. "Username field" or "the field next to Password".
        text: What to type (any Unicode the keyboard layout can carry, or is bound for the moment).
        timeout_ms: How long to wait for the field to appear.
    """
    found, _tree = await until(lambda: find(driver, target), timeout_ms)
    x, y = center(found)
    await driver.click_at(x, y)
    await driver.press_key("Control+A")
    await driver.press_key("BackSpace")
    await driver.type_text(text)
    return {"ref": found.element.ref, "name": found.element.name, "text_length": len(text), "x": x, "y": y}


@desktop_tool([r"\b(clear|empty|erase)\b"], [example("Clear the Filter field", {"target": "Filter field"})], idempotent=True)
async def clear(driver: DesktopDriver, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Empty a text field.

    Args:
        target: The field, as a description or ref.
        timeout_ms: How long to wait for it to appear.
    """
    found, _tree = await until(lambda: find(driver, target), timeout_ms)
    x, y = center(found)
    await driver.click_at(x, y)
    await driver.press_key("Control+A")
    await driver.press_key("BackSpace")
    return {"ref": found.element.ref, "name": found.element.name}


async def _set_checked(driver: DesktopDriver, target: str, want: bool, timeout_ms: int) -> dict[str, Any]:
    found, _tree = await until(lambda: find(driver, target), timeout_ms)
    state = found.element.state.checked
    x, y = center(found)
    if state is not want:
        await driver.click_at(x, y)
        await asyncio.sleep(0.05)
    out: dict[str, Any] = {"ref": found.element.ref, "name": found.element.name, "was_checked": state, "clicked": state is not want}
    return out


@desktop_tool([r"\b(check|tick|enable|turn on)\b"], [example("Tick Enable notifications", {"target": "Enable notifications"})], idempotent=True)
async def check(driver: DesktopDriver, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Tick a check box or choose a radio button (no click when it reads as ticked already).

    Args:
        target: The check box or radio button, as a description or ref.
        timeout_ms: How long to wait for it to appear.
    """
    return await _set_checked(driver, target, True, timeout_ms)


@desktop_tool([r"\b(uncheck|untick|disable|turn off)\b"], [example("Untick Remember me", {"target": "Remember me"})], idempotent=True)
async def uncheck(driver: DesktopDriver, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Untick a check box (no click when it reads as unticked already).

    Args:
        target: The check box, as a description or ref.
        timeout_ms: How long to wait for it to appear.
    """
    return await _set_checked(driver, target, False, timeout_ms)


@desktop_tool([r"\b(select|choose|pick)\b.*\bfrom\b"], [example("Select French from Language", {"target": "Language", "option": "French"})], idempotent=True)
async def select(driver: DesktopDriver, target: TargetArg, option: TargetArg, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Choose an option of a drop-down: open it, then click the option in the list that appears.

    Args:
        target: The drop-down (combo box), as a description or ref.
        option: The option's text.
        timeout_ms: How long to wait for the drop-down and then for the option.
    """
    opened = await _click(driver, target, timeout_ms)
    await asyncio.sleep(0.15)
    for phrase in (f"{option} menu item", option):
        try:
            chosen = await _click(driver, phrase, timeout_ms)
            break
        except ToolFailure as exc:
            if exc.code is not ErrorCode.AMBIGUOUS:
                await driver.press_key("Escape")
                raise
    else:  # pragma: no cover - the loop breaks or raises
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no option {option!r}")
    return {"target": opened["name"], "option": option, "x": chosen["x"], "y": chosen["y"]}


@desktop_tool([r"\bdrag\b"], [example("Drag Drafts onto Archive", {"source": "Drafts", "target": "Archive"})], idempotent=False)
async def drag(driver: DesktopDriver, source: TargetArg, target: TargetArg, timeout_ms: TimeoutMs = 5_000) -> dict[str, Any]:
    """Drag one element onto another with the left button.

    Args:
        source: What to drag, as a description or ref.
        target: Where to drop it, as a description or ref.
        timeout_ms: How long to wait for each to appear.
    """
    src, _ = await until(lambda: find(driver, source), timeout_ms)
    dst, _ = await until(lambda: find(driver, target), timeout_ms)
    (x1, y1), (x2, y2) = center(src), center(dst)
    await driver.drag(x1, y1, x2, y2)
    return {"from": {"x": x1, "y": y1}, "to": {"x": x2, "y": y2}}


@desktop_tool([r"\bdrag\b.*\b(at|coordinates?|from)\b"], [example("Drag from (10,10) to (200,50)", {"x1": 10, "y1": 10, "x2": 200, "y2": 50})], idempotent=False)
async def drag_at(driver: DesktopDriver, x1: Coord, y1: Coord, x2: Coord, y2: Coord, element_description: Annotated[str, MaxLen(2000)] = "") -> dict[str, Any]:
    """Drag with the left button from one screen point to another.

    Args:
        x1: Where the drag starts (x).
        y1: Where the drag starts (y).
        x2: Where it ends (x).
        y2: Where it ends (y).
        element_description: What is dragged, for logging and context.
    """
    await driver.drag(x1, y1, x2, y2)
    return {"from": {"x": x1, "y": y1}, "to": {"x": x2, "y": y2}}


@desktop_tool([r"\bscroll\b"], [example("Scroll down 3 in the folder list", {"direction": "down", "amount": 3, "target": "Folders list"})], idempotent=False)
async def scroll(
    driver: DesktopDriver,
    direction: Literal["up", "down", "left", "right"] = "down",
    amount: Annotated[int, Ge(1), Le(100)] = 3,
    target: Annotated[str, MaxLen(500)] | None = None,
    x: Coord | None = None,
    y: Coord | None = None,
) -> dict[str, Any]:
    """Turn the mouse wheel over an element, over a point, or wherever the pointer is.

    Args:
        direction: up, down, left or right.
        amount: Wheel notches.
        target: The element to scroll over, as a description or ref.
        x: Or a point to scroll at (x).
        y: And its y.
    """
    if target:
        found, _ = await find(driver, target)
        x, y = center(found)
    elif (x is None) != (y is None):
        raise ToolFailure(ErrorCode.INVALID_INPUT, "give both x and y, or neither")
    await driver.scroll(direction, amount, x, y)
    return {"direction": direction, "amount": amount, "x": x, "y": y}


@desktop_tool([r"\bwait\b.*\bseconds?\b"], [example("Wait 1 second", {"seconds": 1})], read_only=True)
async def wait(driver: DesktopDriver, seconds: Annotated[float, Ge(0), Le(60)]) -> dict[str, float]:
    """Wait a fixed time (prefer wait_for or the waiting verify tools).

    Args:
        seconds: How long.
    """
    await asyncio.sleep(seconds)
    return {"waited_s": seconds}
