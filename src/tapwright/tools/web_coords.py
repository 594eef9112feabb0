"""``web.*`` locate-then-act by coordinates (seed 0's chain), snapshots and screenshots.

    web.locate {"target": "blue Log in button"}  ->  {"center_x": 712, "center_y": 92, ...}
    web.click_at {"x": "${login.output.center_x}", "y": "${login.output.center_y}"}
"""

from __future__ import annotations

from typing import Annotated, Any

from annotated_types import Ge, Le, MaxLen

from tapwright.core.render import render_tree
from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession, actions
from tapwright.tools.web_common import Coord, TargetArg, example, web_tool

Note = Annotated[str, MaxLen(2000)]


async def _pointer(session: WebSession, x: int, y: int, *, button: str = "left", count: int = 1) -> dict[str, Any]:
    before = await session.mark()
    await session.click_at(x, y, button=button, count=count)  # type: ignore[arg-type]
    return {"x": x, "y": y, "changed": await session.changed(before)}


@web_tool([r"\b(locate|find|where is)\b"],
          [example("Find the blue Log in button", {"target": "blue Log in button"},
                   {"x": 40, "y": 250, "width": 120, "height": 40, "center_x": 100, "center_y": 270, "ref": "e9",
                    "role": "button", "name": "Log in"})])
async def locate(session: WebSession, target: TargetArg) -> dict[str, Any]:
    """Find an element from a plain-English description and return its box in viewport pixels.

    The element is scrolled into view first, so center_x / center_y can be clicked at once.

    Args:
        target: The element, as a description, selector or ref.
    """
    return await actions.box(session, target)


@web_tool([r"\b(click|tap)\b.*\b(at|coordinates?|position)\b"],
          [example("Click the Log in button", {"x": 100, "y": 270, "element_description": "Log in button"}, {"x": 100, "y": 270})])
async def click_at(session: WebSession, x: Coord, y: Coord, element_description: Note = "", related_data: Note | None = None) -> ToolResult:
    """Left-click at viewport coordinates (from web.locate's center_x / center_y).

    Args:
        x: The x-coordinate of the click.
        y: The y-coordinate of the click.
        element_description: What is being clicked, for the record.
        related_data: Any data related to this action, for the record.
    """
    data = await _pointer(session, x, y)
    data["element_description"] = element_description
    return ToolResult.success(data, status=f"TAPPED: ({x},{y})")


@web_tool([r"\bdouble[- ]?click\b.*\b(at|coordinates?)\b"], [example("Double-click at 100,270", {"x": 100, "y": 270})])
async def double_click_at(session: WebSession, x: Coord, y: Coord, element_description: Note = "", related_data: Note | None = None) -> ToolResult:
    """Double-click at viewport coordinates.

    Args:
        x: The x-coordinate.
        y: The y-coordinate.
        element_description: What is being clicked, for the record.
        related_data: Any data related to this action, for the record.
    """
    return ToolResult.success(await _pointer(session, x, y, count=2), status=f"TAPPED: ({x},{y}) x2")


@web_tool([r"\bright[- ]?click\b.*\b(at|coordinates?)\b"], [example("Right-click at 100,270", {"x": 100, "y": 270})])
async def right_click_at(session: WebSession, x: Coord, y: Coord, element_description: Note = "", related_data: Note | None = None) -> ToolResult:
    """Right-click at viewport coordinates.

    Args:
        x: The x-coordinate.
        y: The y-coordinate.
        element_description: What is being clicked, for the record.
        related_data: Any data related to this action, for the record.
    """
    return ToolResult.success(await _pointer(session, x, y, button="right"), status=f"TAPPED: ({x},{y}) right")


@web_tool([r"\b(move|hover)\b.*\b(to|at|over)\b"], [example("Move the mouse to 100,270", {"x": 100, "y": 270})])
async def move_to(session: WebSession, x: Coord, y: Coord, element_description: Note = "") -> dict[str, Any]:
    """Move the pointer to viewport coordinates (hover).

    Args:
        x: The x-coordinate.
        y: The y-coordinate.
        element_description: What is under the pointer, for the record.
    """
    await session.move_to(x, y)
    return {"x": x, "y": y}


@web_tool([r"\b(type|enter)\b.*\b(at|coordinates?)\b"],
          [example("Type alice into Username", {"text": "alice", "x": 190, "y": 106, "wipe_out_old_content": True},
                   {"text_length": 5})])
async def type_text(
    session: WebSession,
    text: Annotated[str, MaxLen(100_000)],
    x: Coord,
    y: Coord,
    wipe_out_old_content: bool = False,
    element_description: Note = "",
    test_specific_data: Note | None = None,
) -> dict[str, Any]:
    """Click a field at viewport coordinates and type text there. Reports only the text's length.

    Args:
        text: The text to type.
        x: The x-coordinate of the field.
        y: The y-coordinate of the field.
        wipe_out_old_content: Select and delete what the field holds before typing.
        element_description: The field, for the record.
        test_specific_data: Test data associated with the element, for the record.
    """
    before = await session.mark()
    await session.click_at(x, y)
    if wipe_out_old_content:
        await session.press_key("ControlOrMeta+A")
        await session.press_key("Backspace")
    await session.type_text(text)
    return {"text_length": len(text), "x": x, "y": y, "changed": await session.changed(before)}


@web_tool([r"\b(snapshot|what('s| is) on (the )?(page|screen)|list (the )?elements)\b"],
          [example("What is on the page?", {}, {"text": 'page "Login" http://127.0.0.1/\ne1 h1 "Sign in"\n...'})])
async def snapshot(session: WebSession, max_chars: Annotated[int, Ge(500), Le(500_000)] = 20_000) -> dict[str, Any]:
    """The page as text: one line per element with its ref (e12), role, name and state.

    Refs can be passed as the target of other tools until the page changes.

    Args:
        max_chars: Cap on the text; the end is replaced by a marker when it is longer.
    """
    snap = await session.full_snapshot()
    text = render_tree(snap.tree, max_chars=max_chars)
    return {"url": snap.tree.url, "title": snap.tree.title, "elements": len(snap.tree), "truncated": "… truncated" in text,
            "text": text}


@web_tool([r"\b(screenshot|capture|screen ?shot)\b"], [example("Take a screenshot", {"path": "out/login.png"})])
async def screenshot(session: WebSession, path: Annotated[str, MaxLen(4096)] | None = None, full_page: bool = False) -> ToolResult:
    """Capture the current tab as an image: PNG, or JPEG / WebP when the path ends so.

    Args:
        path: Where to write it; .png, .jpg or .webp picks the format (a temporary PNG when omitted).
        full_page: Capture the whole scrollable page, not just the viewport.
    """
    shot = await session.screenshot(path, full_page=full_page)
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height}, screenshot=shot)
