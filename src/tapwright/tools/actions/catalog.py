"""The catalog of actions: each defined once (name, parameters, description, effects, triggers, examples, output).

Every platform's tools for these actions are derived from this module by
:func:`tapwright.tools.actions.action_tools` over the platform's :class:`ActionSeam`;
a platform offers the actions its seam lists. Each action's output keys (its TypedDict)
are there on every platform; a platform may add keys of its own.

To add an action: write one function here, decorated with :func:`action`. When it composes verbs
the seams know already (``uses=``), every platform whose seam knows them offers it at once; a new
verb is taught to each seam that should offer it (see docs/contributing/adding-an-action.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypedDict

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.fence import FilePath, TypedInput
from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.drivers.base import Changed
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.actions import flow
from tapwright.tools.actions.seam import ActionSeam

# An element: a description ("the blue Sign in button"), a ref (e12) or a platform selector (css=..., #id).
Target = Annotated[str, MinLen(1), MaxLen(500)]
TimeoutMs = Annotated[int, Ge(0), Le(120_000)]
Typed = Annotated[str, MaxLen(100_000), TypedInput]
Expected = Annotated[str, MaxLen(10_000)]
KeyName = Annotated[str, MinLen(1), MaxLen(100)]  # "Enter", "Control+A"
if TYPE_CHECKING:
    Seam = ActionSeam[Any]
else:
    Seam = ActionSeam  # a bare class at run time: the signature reader sees an injected Resource


class _ActedRequired(TypedDict):
    ref: str
    role: str
    name: str
    changed: Changed | None


class Acted(_ActedRequired, total=False):
    """What an action on one element returns on every platform: which element, and whether the screen changed.

    ``changed`` is None when the platform cannot tell (or does not watch, as for a hover), and
    ``"pending"`` when nothing changed yet and the platform did not wait for a late change
    (``Driver.settle_change`` says later whether one came).
    ``x`` / ``y`` are where a pointer platform acted; ``each`` lists the items of a list target.
    ``dialogs`` lists the dialogs the action opened (kind, message, answer, and ``said``: one line),
    ``downloads`` the downloads it started (suggested name, status ``saved`` with name, path and
    size, ``downloading`` or ``not saved`` with a reason), on platforms that have them (web).
    ``chose`` is the option a click chose in a drop-down instead (``"Milestone" under "Group results by"``:
    an option named by its drop-down's caption is chosen there; the element is then the drop-down).
    """

    x: int
    y: int
    each: list[Any]
    dialogs: list[dict[str, Any]]
    downloads: list[dict[str, Any]]
    chose: str


class Filled(Acted):
    text_length: int


class Ticked(Acted):
    checked: bool


class Chosen(Acted):
    option: str


class _KeyedRequired(TypedDict):
    key: str
    changed: Changed | None


class Keyed(_KeyedRequired, total=False):
    """A key pressed; ``dialogs`` / ``downloads`` as for :class:`Acted` (Enter may submit a form that confirms)."""

    dialogs: list[dict[str, Any]]
    downloads: list[dict[str, Any]]


class Scrolled(TypedDict):
    direction: str
    amount: int


# "from" is a keyword: the functional form names it.
# "to": the element dropped on; "set": the value a slider dragged to a number was set to (then no "to").
Dragged = TypedDict("Dragged", {"from": dict[str, Any], "to": dict[str, Any], "set": str, "changed": Changed | None},
                    total=False)  # fmt: skip


class _Seen(TypedDict):
    visible: bool
    matches: int


class Seen(_Seen, total=False):
    ref: str
    role: str
    name: str


class Found(TypedDict):
    found: bool


class _InState(TypedDict):
    state: str


class InState(_InState, total=False):
    """``ref`` is missing where no element is there (a "hidden" state holds for an element not on screen)."""

    ref: str
    role: str
    name: str


class TextRead(TypedDict):
    text: str


class ValueRead(TypedDict):
    value: Any


@dataclass(frozen=True)
class Action:
    """One catalog entry: the typed function (its signature and docstring are the manifest) and what it declares.

    ``uses`` are the seam verbs the action needs (its own name unless it composes others): every
    platform whose seam knows them offers the action. ``slots`` are the arguments a plain-English
    step fills (the rules planner's vocabulary); ``files`` marks an action that reads or writes the machine's files (an MCP server hides those
    unless asked).
    """

    func: Callable[..., Any]
    output: Any
    triggers: list[str]
    examples: list[dict[str, Any]] = field(default_factory=list)
    read_only: bool = False
    idempotent: bool = False
    slots: tuple[str, ...] = ()
    files: bool = False
    uses: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        return self.func.__name__

    @property
    def verbs(self) -> frozenset[str]:
        """The seam verbs the action needs."""
        return self.uses or frozenset({self.name})


CATALOG: dict[str, Action] = {}


def action(
    output: Any,
    triggers: list[str],
    examples: list[dict[str, Any]] | None = None,
    *,
    read_only: bool = False,
    idempotent: bool = False,
    slots: tuple[str, ...] = (),
    files: bool = False,
    uses: tuple[str, ...] = (),
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add a function to the catalog; effects are declared here, once, for every platform."""

    def wrap(func: Callable[..., Any]) -> Callable[..., Any]:
        CATALOG[func.__name__] = Action(func, output, triggers, examples or [], read_only, idempotent or read_only,
                                        slots, files, frozenset(uses))  # fmt: skip
        return func

    return wrap


def example(instruction: str, parameters: dict[str, Any], expected_output: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"instruction": instruction, "parameters": parameters}
    if expected_output is not None:
        out["expected_output"] = expected_output
    return out


def _acted(out: dict[str, Any]) -> ToolResult:
    if "x" in out and "y" in out:
        return ToolResult.success(out, status=tapped_status(out["x"], out["y"]))
    return ToolResult.success(out)


def _seen_status(out: dict[str, Any]) -> str:
    """``VISIBLE: n match(es)``, with the seam's note (taken out of the output) when it gave one."""
    note = out.pop("_note", None)
    status = visible_status(int(out.get("matches", 0)))  # a missing key fails the output check
    return f"{status} ({note})" if note else status


def _waiting(timeout_ms: int | None) -> dict[str, Any]:
    return {} if timeout_ms is None else {"timeout_ms": timeout_ms}


# -- pointer actions on one element ------------------------------------------------------------


@action(Acted, [r"\b(click|tap|hit)\b"],
        [example("Click the blue Log in button", {"target": "blue Log in button"}, {"ref": "e9", "role": "button", "name": "Log in", "changed": True})],
        slots=("target",))  # fmt: skip
async def click(seam: Seam, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Click (tap, on a touch screen) the element a plain-English description means, or a ref / selector.

    Args:
        target: The element: "the blue Sign in button", a ref like "e12", or a selector where the platform has them.
        timeout_ms: How long to wait for it to appear (the platform's own wait when omitted).
    """
    return _acted(await flow.perform(seam, "click", target, _waiting(timeout_ms), each=True))


@action(Acted, [r"\bdouble[- ]?click\b"], [example("Double-click the file row", {"target": "report.pdf row"})], slots=("target",))
async def double_click(seam: Seam, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Double-click an element.

    Args:
        target: The element, as a description, ref or selector.
        timeout_ms: How long to wait for it to appear (the platform's own wait when omitted).
    """
    return _acted(await flow.perform(seam, "double_click", target, _waiting(timeout_ms), each=True))


@action(Acted, [r"\bright[- ]?click\b", r"\bcontext menu\b"], [example("Right-click the file", {"target": "report.pdf"})], slots=("target",))
async def right_click(seam: Seam, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Right-click an element (opens its context menu).

    Args:
        target: The element, as a description, ref or selector.
        timeout_ms: How long to wait for it to appear (the platform's own wait when omitted).
    """
    return _acted(await flow.perform(seam, "right_click", target, _waiting(timeout_ms), each=True))


@action(Acted, [r"\b(hover|mouse over|point at)\b"], [example("Hover over the Account menu", {"target": "Account menu"})],
        idempotent=True, slots=("target",))  # fmt: skip
async def hover(seam: Seam, target: Target) -> ToolResult:
    """Move the pointer over an element (shows tooltips and hover menus).

    Args:
        target: The element, as a description, ref or selector.
    """
    return _acted(await flow.perform(seam, "hover", target, {}, track=False))


@action(Acted, [r"\bfocus\b"], [example("Focus the search box", {"target": "search box"})], idempotent=True, slots=("target",))
async def focus(seam: Seam, target: Target) -> ToolResult:
    """Give an element keyboard focus.

    Args:
        target: The element, as a description, ref or selector.
    """
    return _acted(await flow.perform(seam, "focus", target, {}))


# -- fields --------------------------------------------------------------------------------------


@action(Filled, [r"\b(fill|enter|type|input|write)\b.*\b(in|into|as)\b", r"\bfill\b"],
        [example("Enter alice@example.com into Email", {"target": "Email field", "text": "alice@example.com"},
                 {"ref": "e4", "role": "textbox", "name": "Email", "text_length": 17, "changed": True})],
        slots=("target", "text"))  # fmt: skip
async def fill(seam: Seam, target: Target, text: Typed, clear: bool = True, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Type text into a field, replacing what it holds (unless clear is false). Reports only the text's length.

    Not idempotent: with clear false a second call appends again, and an Enter or Tab in the text moves on.

    Args:
        target: The field, as a description, ref or selector.
        text: The text to type.
        clear: Replace the current content (true) or append to it (false).
        timeout_ms: How long to wait for the field to appear (the platform's own wait when omitted).
    """
    out = await flow.perform(seam, "fill", target, {"text": text, "clear": clear, **_waiting(timeout_ms)}, each=True)
    out["text_length"] = len(text)
    if out.get("picked_from_list"):  # a dropdown's face: the value was chosen from its list, not typed
        return ToolResult.success(out, status=f"OK: picked {out.get('shows') or 'the value'!r} from its list")
    return ToolResult.success(out, status=f"OK: typed {len(text)} characters")


@action(Acted, [r"\b(clear|empty|erase)\b"], [example("Clear the Email field", {"target": "Email field"})], idempotent=True, slots=("target",))
async def clear(seam: Seam, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Empty a text field.

    Args:
        target: The field, as a description, ref or selector.
        timeout_ms: How long to wait for it to appear (the platform's own wait when omitted).
    """
    return _acted(await flow.perform(seam, "clear", target, _waiting(timeout_ms)))


async def _tick(seam: Seam, target: str, checked: bool, timeout_ms: int | None) -> ToolResult:
    verb = "check" if checked else "uncheck"
    try:
        out = await flow.perform(seam, verb, target, _waiting(timeout_ms), each=True)
    except ToolFailure as exc:
        ref = _the_tickable_one(exc)
        if ref is None:
            raise
        # "Tick Repeat every week" over a checkbox and a button of that name: the one that can be ticked.
        out = await flow.perform(seam, verb, ref, _waiting(timeout_ms))
        out["by"] = f"of the elements named {target!r} alike, the only one that can be ticked"
    out["checked"] = checked
    return _acted(out)


_TICKABLE = frozenset({"checkbox", "switch", "radio", "menuitemcheckbox", "menuitemradio"})


def _the_tickable_one(exc: ToolFailure) -> str | None:
    """The ref of the one tickable candidate of an AMBIGUOUS tie whose candidates all bear one name, else None."""
    data = exc.data if isinstance(exc.data, dict) else {}
    cands = data.get("candidates") or []
    if exc.code is not ErrorCode.AMBIGUOUS or len(cands) < 2:
        return None
    names = {" ".join(str(c.get("name", "")).split()).casefold() for c in cands}
    tickable = [c for c in cands if c.get("role") in _TICKABLE and c.get("ref")]
    if len(names) != 1 or "" in names or len(tickable) != 1:
        return None
    return str(tickable[0]["ref"])


@action(Ticked, [r"\b(check|tick|enable|turn on)\b(?!.*\bun)"], [example("Check Remember me", {"target": "Remember me checkbox"})],
        idempotent=True, slots=("target",))  # fmt: skip
async def check(seam: Seam, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Tick a checkbox, radio button or switch (no change when already ticked).

    Args:
        target: The checkbox, as a description, ref or selector.
        timeout_ms: How long to wait for it to appear (the platform's own wait when omitted).
    """
    return await _tick(seam, target, True, timeout_ms)


@action(Ticked, [r"\b(uncheck|untick|disable|deselect|turn off)\b"], [example("Uncheck Remember me", {"target": "Remember me checkbox"})],
        idempotent=True, slots=("target",))  # fmt: skip
async def uncheck(seam: Seam, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Untick a checkbox or switch (no change when already unticked).

    Args:
        target: The checkbox, as a description, ref or selector.
        timeout_ms: How long to wait for it to appear (the platform's own wait when omitted).
    """
    return await _tick(seam, target, False, timeout_ms)


@action(Chosen, [r"\b(select|choose|pick)\b.*\b(from|in)\b"],
        [example("Choose Germany in Country", {"target": "Country dropdown", "option": "Germany"}, {"option": "Germany", "selected": ["de"]})],
        idempotent=True, slots=("target", "option"))  # fmt: skip
async def select(seam: Seam, target: Target, option: Annotated[str, MinLen(1), MaxLen(500)], timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Choose an option of a dropdown by its label (or, where the platform has them, its value).

    Args:
        target: The dropdown, as a description, ref or selector.
        option: The option's visible label or its value.
        timeout_ms: How long to wait for the dropdown and its option (the platform's own wait when omitted).
    """
    out = await flow.perform(seam, "select", target, {"option": option, **_waiting(timeout_ms)})
    out["option"] = option
    return _acted(out)


@action(Acted, [r"\b(upload|attach)\b"], [example("Upload report.pdf as the attachment", {"target": "Attachment", "path": "report.pdf"})],
        slots=("target", "path"), files=True)  # fmt: skip
async def upload_file(seam: Seam, target: Target, path: Annotated[FilePath, MinLen(1)]) -> ToolResult:
    """Upload a file through a file input (or a button that opens a file chooser).

    Only files inside the session's allowed folders can be uploaded (by default the
    working directory and the system temp directory).

    Args:
        target: The file input or upload button, as a description, ref or selector.
        path: The file to upload.
    """
    return _acted(await flow.perform(seam, "upload_file", target, {"path": path}))


class FilledAndPressed(Filled):
    key: str


@action(FilledAndPressed, [r"\b(search for|look up)\b", r"\b(type|enter)\b.*\bthen press\b"],
        [example("Search for red shoes", {"target": "Search box", "text": "red shoes"},
                 {"ref": "e3", "role": "searchbox", "name": "Search", "text_length": 9, "key": "Enter", "changed": True})],
        slots=("target", "text", "key"), uses=("fill", "press_key"))  # fmt: skip
async def fill_and_press(seam: Seam, target: Target, text: Typed, key: KeyName = "Enter",
                         timeout_ms: TimeoutMs | None = None) -> ToolResult:  # fmt: skip
    """Type text into a field, replacing what it holds, then press a key there (a search box, a chat input).

    Args:
        target: The field, as a description, ref or selector.
        text: The text to type.
        key: The key to press once the text is in ("Enter" when omitted).
        timeout_ms: How long to wait for the field to appear (the platform's own wait when omitted).
    """
    out = await flow.perform(seam, "fill", target, {"text": text, "clear": True, **_waiting(timeout_ms)})
    pressed = await flow.on_screen(seam, "press_key", {"key": key})
    out.update(text_length=len(text), key=key, changed=flow.either_changed(out["changed"], pressed["changed"]))
    return _acted(out)


# -- keys, scrolling, dragging ---------------------------------------------------------------------


@action(Keyed, [r"\bpress\b.*\b(key|enter|tab|escape|esc|backspace|arrow|ctrl|control|shift|alt)\b", r"\bhit (enter|tab|escape)\b"],
        [example("Press Enter", {"key": "Enter"}, {"key": "Enter", "changed": True}),
         example("Select all in Bio", {"key": "Control+A", "target": "Bio"})], slots=("key", "target"))  # fmt: skip
async def press_key(seam: Seam, key: KeyName, target: Target | None = None) -> ToolResult:
    """Press a key or a key combination ("Enter", "Tab", "Control+A", "Shift+ArrowDown").

    Args:
        key: The key; combinations joined with "+".
        target: Focus this element first (optional; otherwise whatever has focus gets the key).
    """
    if target:
        out = await flow.perform(seam, "press_key", target, {"key": key})
    else:
        out = await flow.on_screen(seam, "press_key", {"key": key})
    out["key"] = key
    return ToolResult.success(out)


@action(Scrolled, [r"\bscroll\b"], [example("Scroll down", {"direction": "down"}, {"direction": "down", "amount": 600}),
                                    example("Scroll to the footer", {"target": "footer"})],
        slots=("direction", "amount", "target"))  # fmt: skip
async def scroll(
    seam: Seam,
    direction: Literal["down", "up", "left", "right"] = "down",
    amount: Annotated[int, Ge(1), Le(100_000)] | None = None,
    target: Target | None = None,
    x: Annotated[int, Ge(0), Le(100_000)] | None = None,
    y: Annotated[int, Ge(0), Le(100_000)] | None = None,
) -> ToolResult:
    """Scroll the way a person says it ("scroll down" shows what is below), or bring an element into view.

    Args:
        direction: Which way to move in the content: down, up, left or right.
        amount: How far: pixels (web, Android) or wheel notches (desktop); the platform's default when omitted.
        target: The element to scroll to (web) or over (desktop), as a description or ref (optional).
        x: Or a point to scroll at (x).
        y: And its y.
    """
    args = {"direction": direction, "amount": amount, "target": target, "x": x, "y": y}
    out = await flow.on_screen(seam, "scroll", args, track=False)
    out.setdefault("direction", direction)
    return ToolResult.success(out, status=f"OK: scrolled {direction} by {out.get('amount')}")


# A value a slider is set to: a number, maybe with a sign, a decimal part or a percent sign.
_AMOUNT = re.compile(r"^[-+]?\d+(?:[.,]\d+)?\s?%?$")


@action(Dragged, [r"\bdrag\b"], [example("Drag Task 1 to Done", {"source": "Task 1 card", "target": "Done column"})], slots=("source", "target"))
async def drag(seam: Seam, source: Target, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Drag one element onto another with the pointer.

    Args:
        source: The element to drag.
        target: Where to drop it.
        timeout_ms: How long to wait for each to appear (the platform's own wait when omitted).
    """
    src = await seam.resolve(source, timeout_ms=timeout_ms)
    try:
        before = await seam.mark(src)
        if flow.described(seam, src)["role"] == "slider" and _AMOUNT.match(target.strip()):
            # "Drag the Volume slider to 8": its value, not onto whatever element shows "8".
            moved = await seam.set_to(src, target.strip())
            if moved is None:
                return ToolResult.failure(ErrorCode.NOT_INTERACTABLE, f"{source!r} is a slider: setting it to {target!r} "
                                          "is not done by dragging on this platform; drag it onto an element instead")
            moved["changed"] = await seam.changed(before, src)
            return ToolResult.success({"from": flow.described(seam, src), **moved})
        dst = await seam.resolve(target, timeout_ms=timeout_ms)
        try:
            out = dict(await seam.act("drag", src, {"to": dst}) or {})
            out.setdefault("from", flow.described(seam, src))
            out.setdefault("to", flow.described(seam, dst))
        finally:
            await seam.release(dst)
        out["changed"] = await seam.changed(before, src)
        return ToolResult.success(out)
    finally:
        await seam.release(src)


# -- reads and verifications ---------------------------------------------------------------------


@action(TextRead, [r"\b(get|read|what is)\b.*\btext\b"], [example("Read the status message", {"target": "status message"}, {"text": "Saved"})],
        read_only=True, slots=("target",))  # fmt: skip
async def get_text(seam: Seam, target: Target) -> ToolResult:
    """The visible text of an element.

    Args:
        target: The element, as a description, ref or selector.
    """
    return ToolResult.success(await flow.check(seam, "get_text", {"target": target}))


@action(ValueRead, [r"\b(get|read|what is)\b.*\bvalue\b"], [example("Read the Email field", {"target": "Email field"}, {"value": "a@b.c"})],
        read_only=True, slots=("target",))  # fmt: skip
async def get_value(seam: Seam, target: Target) -> ToolResult:
    """The current value of a form field (a checkbox's value is whether it is checked; passwords are masked).

    Args:
        target: The field, as a description, ref or selector.
    """
    return ToolResult.success(await flow.check(seam, "get_value", {"target": target}))


@action(Seen, [r"\b(should see|is visible|is shown|verify|expect|check that|assert|appears?)\b"],
        [example("Verify the Welcome heading is visible", {"target": "Welcome heading"}, {"visible": True, "matches": 1, "ref": "e5"})],
        read_only=True, slots=("target",))  # fmt: skip
async def verify_visible(seam: Seam, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Check that an element matching the description is on screen (waits for it where the platform can).

    Args:
        target: The element as a person would describe it, or a ref.
        timeout_ms: How long to wait for it (the platform's own wait when omitted).
    """
    out = await flow.check(seam, "verify_visible", {"target": target, **_waiting(timeout_ms)})
    out["visible"] = True
    return ToolResult.success(out, status=_seen_status(out))


@action(Seen, [r"\b(should not see|is not visible|not visible|is hidden|disappear(ed)?|not shown|is gone|gone)\b"],
        [example("Verify the error message is not shown", {"target": "error message"}, {"visible": False, "matches": 0})],
        read_only=True, slots=("target",))  # fmt: skip
async def verify_not_visible(seam: Seam, target: Target, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Check that no visible element matches (waits for it to go away where the platform can).

    Args:
        target: The element as a person would describe it, or a ref.
        timeout_ms: How long to wait for it to disappear (the platform's own wait when omitted).
    """
    out = await flow.check(seam, "verify_not_visible", {"target": target, **_waiting(timeout_ms)})
    out.update(visible=False, matches=0)
    return ToolResult.success(out, status="NOT_VISIBLE")


@action(Found, [r"\b(should (see|contain|say|read|show)|verify|expect|text)\b.*[\"'“]", r"\b(verify|check|should see)\b.*\btext\b"],
        [example("Verify the page says 'Welcome back'", {"text": "Welcome back"}, {"found": True}),
         example("Verify the status reads Saved", {"text": "Saved", "target": "status message", "exact": True})],
        read_only=True, slots=("text", "target", "exact", "gist", "edge"))  # fmt: skip
async def verify_text(
    seam: Seam, text: Expected, target: Target | None = None, exact: bool = False, gist: bool = False,
    timeout_ms: TimeoutMs | None = None, edge: Literal["start", "end"] | None = None,
) -> ToolResult:
    """Check that a text is on screen, or in one element's text (waits for it where the platform can).

    Args:
        text: The text expected.
        target: Look only in this element (optional).
        exact: The whole text must match (whitespace-normalised), not just contain it.
        gist: The text in other words: each meaningful word of it in one message (no negations, not with exact).
        timeout_ms: How long to wait for it (the platform's own wait when omitted).
        edge: ``start`` or ``end``: the target's text begins or ends with the text ("the Request URL should end
            with "?limit=3""); needs a target, not with exact or gist.
    """
    if gist and exact:
        return ToolResult.failure(ErrorCode.INVALID_INPUT, "gist and exact cannot both be asked for")
    if edge is not None and (not target or exact or gist):
        return ToolResult.failure(ErrorCode.INVALID_INPUT, "edge needs a target, and is neither exact nor gist")
    args: dict[str, Any] = {"text": text, "target": target, "exact": exact}
    if gist:
        args["gist"] = True
    if edge is not None:
        args["edge"] = edge
    out = await flow.check(seam, "verify_text", {**args, **_waiting(timeout_ms)})
    out["found"] = True
    # A platform that counts where the text is shown says so in the status line.
    status = _seen_status(out)
    return ToolResult.success(out, status=status if "matches" in out else None)


StateName = Literal["checked", "unchecked", "enabled", "disabled", "visible", "hidden", "focused", "editable",
                    "readonly", "expanded", "collapsed", "selected"]  # fmt: skip


@action(InState, [r"\bshould be (checked|unchecked|enabled|disabled|selected|focused|expanded|collapsed|read-?only|editable)\b",
                  r"\bis (checked|unchecked|enabled|disabled|selected|focused|expanded|collapsed)\b"],
        [example("The Remember me checkbox should be checked", {"target": "Remember me checkbox", "state": "checked"},
                 {"state": "checked", "ref": "e7"}),
         example("The Submit button should be disabled", {"target": "Submit button", "state": "disabled"})],
        read_only=True, slots=("target", "state"))  # fmt: skip
async def verify_state(seam: Seam, target: Target, state: StateName, timeout_ms: TimeoutMs | None = None) -> ToolResult:
    """Check an element's state: checked, unchecked, enabled, disabled, visible, hidden, focused, editable,
    readonly, expanded, collapsed or selected (waits briefly for it). A platform that cannot read a state says so.

    Args:
        target: The element, as a description, ref or selector.
        state: The state it must be in. "hidden" also holds when the element is not on screen.
        timeout_ms: How long to wait for the state (the platform's own wait when omitted).
    """
    out = await flow.check(seam, "verify_state", {"target": target, "state": state, **_waiting(timeout_ms)})
    out["state"] = state
    return ToolResult.success(out)


def offered(seam: type[ActionSeam[Any]]) -> list[str]:
    """The catalog actions a seam offers: those whose verbs it knows, by name."""
    return sorted(name for name, act in CATALOG.items() if act.verbs <= seam.verbs)


def dropped(seam: type[ActionSeam[Any]], action_name: str) -> frozenset[str]:
    """The optional parameters of an action that a seam's platform does not take."""
    return seam.never | seam.drops.get(action_name, frozenset())
