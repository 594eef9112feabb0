"""The coordinate tools (the locate-then-act chain), written once over the :class:`Driver` seam.

``locate`` returns a bounding box; ``click_at`` and ``type_text`` take its
``center_x`` / ``center_y`` through placeholders:

    {"steps": [
      {"id": "login", "tool": "web.locate", "args": {"target": "blue Log in button"}},
      {"tool": "web.click_at", "args": {"x": "${login.output.center_x}",
                                         "y": "${login.output.center_y}",
                                         "element_description": "blue Log in button"}}]}

Every platform offers them under its own namespace: :func:`coordinate_tools` binds
them to the platform's driver type (injected from the run context).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, TypedDict

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.context import ToolContext
from tapwright.core.fence import FilePath, TypedInput
from tapwright.core.render import render_tree
from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.drivers.base import Driver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate as locate_element
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.spec import ToolSpec

Coord = Annotated[int, Ge(0), Le(100_000)]
Description = Annotated[str, MinLen(1), MaxLen(500)]
Note = Annotated[str, MaxLen(2000)]
TypedText = Annotated[str, MaxLen(100_000), TypedInput]
KeyName = Annotated[str, MinLen(1), MaxLen(100)]


class _BoxRequired(TypedDict):
    x: int
    y: int
    width: int
    height: int
    center_x: int
    center_y: int


class Box(_BoxRequired, total=False):
    """What ``locate`` returns: the element's box (screen or viewport pixels) and, when known, which element it is.

    (Optional keys by ``total=False``: ``NotRequired`` is not seen under postponed annotations on Python 3.11.)
    """

    ref: str
    role: str
    name: str


async def locate(driver: Driver, target: Description, test_specific_data: Note | None = None) -> Box:
    """Locate a UI element from a plain-English description and return its bounding box.

    Use the box's center_x and center_y as the x and y of the next tool.

    Args:
        target: The element as a person would describe it, e.g. "blue Log in button", or a ref.
        test_specific_data: Test data associated with the element, if any (for the record).
    """
    box: Box = await driver.box(target)  # type: ignore[assignment]  # Driver.box promises these keys
    return box


async def _pointer(driver: Driver, x: int, y: int, *, button: str = "left", count: int = 1) -> dict[str, Any]:
    before = await driver.mark()
    await driver.click_at(x, y, button=button, count=count)  # type: ignore[arg-type]
    out: dict[str, Any] = {"x": x, "y": y}
    changed = await driver.changed(before)
    if changed is not None:
        out["changed"] = changed
    return out


async def click_at(driver: Driver, x: Coord, y: Coord, element_description: Note = "", related_data: Note | None = None) -> ToolResult:
    """Left-click at screen coordinates (from locate's center_x / center_y).

    Args:
        x: The x-coordinate of the click.
        y: The y-coordinate of the click.
        element_description: What is being clicked, for logging and context.
        related_data: Any data related to this action, if any.
    """
    data = await _pointer(driver, x, y)
    data["element_description"] = element_description
    return ToolResult.success(data, status=tapped_status(x, y))


async def double_click_at(driver: Driver, x: Coord, y: Coord, element_description: Note = "", related_data: Note | None = None) -> ToolResult:
    """Double-click at screen coordinates.

    Args:
        x: The x-coordinate.
        y: The y-coordinate.
        element_description: What is being clicked, for logging and context.
        related_data: Any data related to this action, if any.
    """
    return ToolResult.success(await _pointer(driver, x, y, count=2), status=tapped_status(x, y) + " x2")


async def right_click_at(driver: Driver, x: Coord, y: Coord, element_description: Note = "", related_data: Note | None = None) -> ToolResult:
    """Right-click at screen coordinates.

    Args:
        x: The x-coordinate.
        y: The y-coordinate.
        element_description: What is being clicked, for logging and context.
        related_data: Any data related to this action, if any.
    """
    return ToolResult.success(await _pointer(driver, x, y, button="right"), status=tapped_status(x, y) + " right")


async def move_to(driver: Driver, x: Coord, y: Coord, element_description: Note = "") -> dict[str, int]:
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
    text: TypedText,
    x: Coord,
    y: Coord,
    wipe_out_old_content: bool = False,
    element_description: Note = "",
    test_specific_data: Note | None = None,
) -> dict[str, Any]:
    """Click a field at screen coordinates, then type text there. The result reports only the text's length.

    Args:
        text: The text to type.
        x: The x-coordinate of the field.
        y: The y-coordinate of the field.
        wipe_out_old_content: Clear what the field holds before typing.
        element_description: The field, for logging and context.
        test_specific_data: Test data associated with the element, if any.
    """
    before = await driver.mark()
    await driver.click_at(x, y)
    if wipe_out_old_content:
        await driver.press_key("Control+A")
        await driver.press_key("Backspace")
        await driver.clear_focused()
    await driver.type_text(text)
    if wipe_out_old_content and "\n" not in text and "\t" not in text:
        await driver.check_field(text)  # the field holds exactly the text (Enter or Tab may move on)
    out: dict[str, Any] = {"text_length": len(text), "x": x, "y": y}
    changed = await driver.changed(before)
    if changed is not None:
        out["changed"] = changed
    return out


async def press_key(driver: Driver, key: KeyName) -> dict[str, str]:
    """Press a key or a combination on whatever has focus ("Enter", "Escape", "Control+A").

    Args:
        key: The key, or keys joined by "+".
    """
    await driver.press_key(key)
    return {"key": key}


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


async def verify_not_visible(driver: Driver, target: Description) -> ToolResult:
    """Check that no visible element matches the description.

    Args:
        target: The element as a person would describe it, or a ref.
    """
    tree = await driver.snapshot()
    try:
        found = locate_element(tree, target)
    except ToolFailure as exc:
        if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
            return ToolResult.success({"matches": 0}, status="NOT_VISIBLE")
        if exc.code is not ErrorCode.AMBIGUOUS:
            raise
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible (several matches)", data=exc.data) from None
    if not found.element.state.visible:
        return ToolResult.success({"matches": 0}, status="NOT_VISIBLE")
    raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({found.element.ref})")


async def snapshot(driver: Driver, max_chars: Annotated[int, Ge(500), Le(500_000)] = 20_000) -> dict[str, Any]:
    """The screen as text: one line per element with its ref (e12), role, name and state.

    Refs can be passed as the target of other tools until the screen changes.

    Args:
        max_chars: Cap on the text; the end is replaced by a marker when it is longer.
    """
    tree = await driver.snapshot()
    text = render_tree(tree, max_chars=max_chars)
    return {"url": tree.url, "title": tree.title, "elements": len(tree), "truncated": "… truncated" in text, "text": text}


async def screenshot(driver: Driver, ctx: ToolContext, path: FilePath | None = None) -> ToolResult:
    """Capture the screen as a PNG.

    Args:
        path: Where to write it (a temporary file when omitted).
    """
    out = str(ctx.files.writable(path)) if path is not None else None  # the fence first, then the device
    shot = await driver.screenshot(out)
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height}, screenshot=shot)


# Where a platform has no element tools of its own, "click the Log in button" means the coordinate tools.
_BROAD_TRIGGERS: dict[str, list[str]] = {
    "click_at": [r"\b(click|tap|press)\b"],
    "double_click_at": [r"\bdouble[- ]?click\b"],
    "right_click_at": [r"\bright[- ]?click\b", r"\bcontext menu\b"],
    "move_to": [r"\b(hover|move (the )?(mouse|pointer))\b"],
    "type_text": [r"\b(type|enter|fill|input)\b"],
}
# Next to element tools (web.click, android.fill), the coordinate tools are for explicit coordinates only.
_TRIGGERS: dict[str, list[str]] = {
    "locate": [r"\b(locate|find|where is)\b"],
    "click_at": [r"\b(click|tap)\b.*\b(at|coordinates?|position)\b"],
    "double_click_at": [r"\bdouble[- ]?click\b.*\b(at|coordinates?)\b"],
    "right_click_at": [r"\bright[- ]?click\b.*\b(at|coordinates?)\b", r"\bcontext menu\b"],
    "move_to": [r"\b(move|hover)\b.*\b(to|at|over)\b"],
    "type_text": [r"\b(type|enter)\b.*\b(at|coordinates?)\b"],
    "press_key": [r"\bpress\b.*\b(key|enter|escape|tab|ctrl|control|shift|alt)\b"],
    "verify_visible": [r"\b(should see|is visible|verify|expect)\b"],
    "verify_not_visible": [r"\b(should not see|not visible|disappear(ed)?|gone)\b"],
    "snapshot": [r"\b(snapshot|what('s| is) on (the )?(page|screen)|list (the )?elements)\b"],
    "screenshot": [r"\b(screenshot|capture|screen ?shot)\b"],
}
_EXAMPLES: dict[str, list[dict[str, Any]]] = {
    "locate": [{"instruction": "Find the blue Log in button", "parameters": {"target": "blue Log in button"},
                "expected_output": {"x": 40, "y": 250, "width": 120, "height": 40, "center_x": 100, "center_y": 270}}],
    "click_at": [{"instruction": "Click the Log in button", "parameters": {"x": 100, "y": 270, "element_description": "Log in button"},
                  "expected_output": {"x": 100, "y": 270}}],
    "type_text": [{"instruction": "Type alice into Username", "parameters": {"text": "alice", "x": 190, "y": 106, "wipe_out_old_content": True},
                   "expected_output": {"text_length": 5}}],
    "press_key": [{"instruction": "Press Enter", "parameters": {"key": "Enter"}, "expected_output": {"key": "Enter"}}],
    "double_click_at": [{"instruction": "Double-click the file icon", "parameters": {"x": 100, "y": 270, "element_description": "file icon"},
                         "expected_output": {"x": 100, "y": 270}}],
    "right_click_at": [{"instruction": "Right-click the row", "parameters": {"x": 100, "y": 270, "element_description": "first row"},
                        "expected_output": {"x": 100, "y": 270}}],
    "move_to": [{"instruction": "Hover over the Help menu", "parameters": {"x": 30, "y": 12, "element_description": "Help menu"},
                 "expected_output": {"x": 30, "y": 12}}],
    "verify_visible": [{"instruction": "I should see the Log in button", "parameters": {"target": "Log in button"},
                        "expected_output": {"matches": 1, "ref": "e5"}}],
    "verify_not_visible": [{"instruction": "The error banner should be gone", "parameters": {"target": "error banner"},
                            "expected_output": {"matches": 0}}],
    "snapshot": [{"instruction": "What is on the screen?", "parameters": {},
                  "expected_output": {"elements": 12, "truncated": False, "text": 'page "Login" ...\ne5 button "Log in"'}}],
    "screenshot": [{"instruction": "Take a screenshot", "parameters": {"path": "out/login.png"},
                    "expected_output": {"path": "out/login.png", "width": 1280, "height": 800}}],
}  # fmt: skip
# What each tool does, as (read_only, idempotent): looking is read-only; moving the pointer to a point
# twice leaves it there; a click, a key or typed text is repeated by a second call.
_EFFECTS: dict[str, tuple[bool, bool]] = {
    "locate": (True, True), "verify_visible": (True, True), "verify_not_visible": (True, True),
    "snapshot": (True, True), "screenshot": (True, True), "move_to": (False, True),
    "click_at": (False, False), "double_click_at": (False, False), "right_click_at": (False, False),
    "type_text": (False, False), "press_key": (False, False),
}  # fmt: skip
_FUNCS = (locate, click_at, double_click_at, right_click_at, move_to, type_text, press_key, verify_visible,
          verify_not_visible, snapshot, screenshot)  # fmt: skip
COORDINATE_TOOLS: tuple[str, ...] = tuple(f.__name__ for f in _FUNCS)
# The tools that act at a point (the MCP server's optional "coords" group).
POINTER_TOOLS: tuple[str, ...] = ("click_at", "double_click_at", "right_click_at", "move_to", "type_text")


def coordinate_tools(
    driver_type: type[Driver],
    *,
    category: str = "ui",
    timeout_ms: int = 30_000,
    exclude: Iterable[str] = (),
    element_tools: bool = False,
) -> list[ToolSpec]:
    """The coordinate tools bound to one driver type, minus those the platform implements itself (``exclude``).

    ``element_tools``: the platform also has element tools (``click``, ``fill`` by description), so the
    coordinate tools' triggers ask for explicit coordinates; otherwise any click or type step triggers them.
    """
    skip = set(exclude)
    unknown = skip - set(COORDINATE_TOOLS)
    if unknown:
        raise ValueError(f"not coordinate tools: {sorted(unknown)}")
    specs = []
    for func in _FUNCS:
        if func.__name__ in skip:
            continue
        spec = spec_from_function(
            func,
            category=category,
            triggers=(_TRIGGERS if element_tools else {**_TRIGGERS, **_BROAD_TRIGGERS}).get(func.__name__, []),
            examples=_EXAMPLES.get(func.__name__, []),
            dependencies=[driver_type.kind],
            timeout_ms=timeout_ms,
            read_only=_EFFECTS[func.__name__][0],
            idempotent=_EFFECTS[func.__name__][1],
            destructive=False,
            open_world=False,
        )
        spec.injected = {k: (v if v is ToolContext else driver_type) for k, v in spec.injected.items()}
        specs.append(spec)
    return specs
