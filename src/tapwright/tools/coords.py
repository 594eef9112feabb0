"""Locate-then-act tools that work on any Driver (seed 0's chain).

``locate`` returns a bounding box; ``click_at`` and ``type_text`` take the
``center_x`` / ``center_y`` of it through placeholders:

    {"steps": [
      {"tool": "fake.locate", "args": {"target": "blue Log in button"}},
      {"tool": "fake.click_at", "args": {"x": "${fake.locate.output.center_x}",
                                          "y": "${fake.locate.output.center_y}",
                                          "element_description": "blue Log in button"}}]}

Each pack binds these functions to its own driver type with :func:`coordinate_tools`.
"""

from __future__ import annotations

from typing import Annotated, Any

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.element import Rect
from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.drivers.base import Driver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate as locate_element
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.spec import ToolSpec

Coord = Annotated[int, Ge(0), Le(100_000)]
Description = Annotated[str, MinLen(1), MaxLen(500)]


async def locate(driver: Driver, target: Description, test_specific_data: str | None = None) -> Rect:
    """Locate a UI element from a plain-English description and return its bounding box.

    Use the box's center_x and center_y as the x and y of the next tool.

    Args:
        target: The element as a person would describe it, e.g. "blue Log in button", or a ref.
        test_specific_data: Test data associated with the element, if any (for the record).
    """
    tree = await driver.snapshot()
    found = locate_element(tree, target)
    if found.element.rect is None:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} has no position on screen")
    return found.element.rect


async def click_at(
    driver: Driver, x: Coord, y: Coord, element_description: str = "", related_data: str | None = None
) -> ToolResult:
    """Left-click at screen coordinates.

    Args:
        x: The x-coordinate of the click.
        y: The y-coordinate of the click.
        element_description: What is being clicked, for logging and context.
        related_data: Any data related to this action, if any.
    """
    await driver.click_at(x, y)
    return ToolResult.success({"x": x, "y": y, "element_description": element_description}, status=tapped_status(x, y))


async def double_click_at(driver: Driver, x: Coord, y: Coord, element_description: str = "", related_data: str | None = None) -> ToolResult:
    """Double-click at screen coordinates.

    Args:
        x: The x-coordinate.
        y: The y-coordinate.
        element_description: What is being clicked, for logging and context.
        related_data: Any data related to this action, if any.
    """
    await driver.click_at(x, y, count=2)
    return ToolResult.success({"x": x, "y": y}, status=tapped_status(x, y) + " x2")


async def right_click_at(driver: Driver, x: Coord, y: Coord, element_description: str = "", related_data: str | None = None) -> ToolResult:
    """Right-click at screen coordinates.

    Args:
        x: The x-coordinate.
        y: The y-coordinate.
        element_description: What is being clicked, for logging and context.
        related_data: Any data related to this action, if any.
    """
    await driver.click_at(x, y, button="right")
    return ToolResult.success({"x": x, "y": y}, status=tapped_status(x, y) + " right")


async def move_to(driver: Driver, x: Coord, y: Coord, element_description: str = "") -> dict[str, int]:
    """Move the pointer to screen coordinates (hover).

    Args:
        x: The x-coordinate.
        y: The y-coordinate.
        element_description: What is under the pointer, for logging and context.
    """
    await driver.move_to(x, y)
    return {"x": x, "y": y}


async def type_text(
    driver: Driver,
    text: Annotated[str, MaxLen(10_000)],
    x: Coord,
    y: Coord,
    wipe_out_old_content: bool = False,
    element_description: str = "",
    test_specific_data: str | None = None,
) -> dict[str, Any]:
    """Click at a location, then type text there. The result reports only the text's length.

    Args:
        text: The text to type.
        x: The x-coordinate of the field to click before typing.
        y: The y-coordinate of the field to click before typing.
        wipe_out_old_content: Clear what the field holds before typing.
        element_description: The field, for logging and context.
        test_specific_data: Test data associated with the element, if any.
    """
    await driver.click_at(x, y)
    if wipe_out_old_content:
        await driver.press_key("Control+A")
        await driver.press_key("Backspace")
        clear = getattr(driver, "clear_focused", None)
        if clear is not None:
            await clear()
    await driver.type_text(text)
    return {"text_length": len(text), "x": x, "y": y}


async def verify_visible(driver: Driver, target: Description) -> ToolResult:
    """Check that an element matching the description is on screen.

    Args:
        target: The element as a person would describe it, or a ref.
    """
    tree = await driver.snapshot()
    try:
        found = locate_element(tree, target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is not visible", data=exc.data) from None
        if exc.code is not ErrorCode.AMBIGUOUS:
            raise
        count = len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2
        return ToolResult.success({"matches": count}, status=visible_status(count))
    if not found.element.state.visible:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} exists but is hidden")
    return ToolResult.success({"matches": 1, "ref": found.element.ref}, status=visible_status(1))


async def screenshot(driver: Driver, path: str | None = None) -> ToolResult:
    """Capture the screen.

    Args:
        path: Where to write the PNG; nothing is written when omitted.
    """
    shot = await driver.screenshot(path)
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height}, screenshot=shot)


_TRIGGERS: dict[str, list[str]] = {
    "locate": [r"\b(locate|find|where is)\b"],
    "click_at": [r"\b(click|tap|press)\b"],
    "double_click_at": [r"\bdouble[- ]?click\b"],
    "right_click_at": [r"\bright[- ]?click\b", r"\bcontext menu\b"],
    "move_to": [r"\b(hover|move (the )?(mouse|pointer))\b"],
    "type_text": [r"\b(type|enter|fill|input)\b"],
    "verify_visible": [r"\b(should see|is visible|verify|expect)\b"],
    "screenshot": [r"\b(screenshot|capture)\b"],
}
_EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "locate": [{"instruction": "Find the blue Log in button", "parameters": {"target": "blue Log in button"},
                "expected_output": {"x": 40, "y": 250, "width": 120, "height": 40, "center_x": 100, "center_y": 270}}],
    "click_at": [{"instruction": "Click the Log in button", "parameters": {"x": 100, "y": 270, "element_description": "Log in button"},
                  "expected_output": {"x": 100, "y": 270}}],
    "type_text": [{"instruction": "Type alice into Username", "parameters": {"text": "alice", "x": 190, "y": 106, "wipe_out_old_content": True},
                   "expected_output": {"text_length": 5}}],
}  # fmt: skip
_FUNCS = (locate, click_at, double_click_at, right_click_at, move_to, type_text, verify_visible, screenshot)


def coordinate_tools(driver_type: type[Driver], *, category: str = "ui", timeout_ms: int = 30_000) -> list[ToolSpec]:
    """The locate-then-act tools bound to one driver type (injected from the run context)."""
    specs = []
    for func in _FUNCS:
        spec = spec_from_function(
            func,
            category=category,
            triggers=_TRIGGERS.get(func.__name__, []),
            examples=_EXAMPLES.get(func.__name__, []),
            dependencies=[driver_type.kind],
            timeout_ms=timeout_ms,
        )
        spec.injected = dict.fromkeys(spec.injected, driver_type)
        specs.append(spec)
    return specs
