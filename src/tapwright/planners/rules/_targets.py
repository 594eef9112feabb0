"""Mapping tables: semantic Actions -> tool calls, one table per tool namespace.

A table maps a semantic verb either to a list of step templates or to a string that
explains why the namespace cannot do it. In a template, a :class:`Slot` is filled
from the Action's arguments (and dropped when the Action lacks it); a step ``id``
starting with ``@`` is renamed to a fresh id per use, and ``${@x.output...}`` in the
same template follows the rename, so one plan can chain several locate steps.

Adding a namespace is adding a table to :data:`NAMESPACES`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tapwright.errors import ErrorCode, PlanError
from tapwright.planners.rules._ast import Action


@dataclass(frozen=True, slots=True)
class Slot:
    """A template argument read from the Action (``name``), optionally converted."""

    name: str
    convert: Callable[[Any], Any] | None = None


Template = list[dict[str, Any]]
Table = dict[str, Template | str]

# The web tools' argument names, from the team contract. Every semantic verb with the
# same name maps straight onto ``web.<verb>``.
WEB_ARGS: dict[str, tuple[str, ...]] = {
    "click": ("target",), "double_click": ("target",), "right_click": ("target",), "hover": ("target",),
    "focus": ("target",), "clear": ("target",), "check": ("target",), "uncheck": ("target",),
    "submit": ("target",), "fill": ("target", "text"), "select": ("target", "option"),
    "press_key": ("key", "target"), "scroll": ("direction", "amount", "target"), "wait": ("seconds",),
    "wait_for": ("target", "text", "state"), "navigate": ("url",), "go_back": (), "go_forward": (),
    "reload": (), "upload_file": ("target", "path"), "drag": ("source", "target"),
    "switch_tab": ("index", "title"), "open_new_tab": ("url",), "close_tab": ("index",),
    "screenshot": ("full_page",), "verify_visible": ("target",), "verify_not_visible": ("target",),
    "verify_text": ("text", "target", "exact"), "verify_value": ("target", "value"),
    "verify_url": ("expected", "match"), "verify_title": ("expected", "match"), "verify_state": ("target", "state"),
    "verify_count": ("target", "count"),
}  # fmt: skip


def tab_index(n: Any) -> Any:
    """Tabs are numbered from 1 in steps ("tab 2") and from 0 by web.switch_tab; "the new tab" is -1 in both."""
    if isinstance(n, int) and n < 0:
        return -1
    return n - 1 if isinstance(n, int) and n > 0 else n


# The grammar's state words -> web.verify_state's states; the others have no check.
# ("active" is left out on purpose: an active tab is selected, an active button enabled.)
_STATE_NAMES = {"ticked": "checked", "unticked": "unchecked", "read-only": "readonly"}
WEB_STATES = frozenset({"checked", "unchecked", "enabled", "disabled", "visible", "hidden", "focused", "editable",
                        "readonly", "expanded", "collapsed", "selected"})  # fmt: skip


def state_name(word: Any) -> Any:
    """A state word of a step ("ticked", "read-only") as web.verify_state names it."""
    state = _STATE_NAMES.get(word, word)
    if state not in WEB_STATES:
        raise PlanError(
            ErrorCode.PLAN_INVALID,
            f"web.verify_state cannot check whether an element is {word}; it checks: {', '.join(sorted(WEB_STATES))}",
        )
    return state


def _web_table() -> Table:
    table: Table = {}
    for verb, names in WEB_ARGS.items():
        args = {n: Slot(n, tab_index if n == "index" else None) for n in names}
        table[verb] = [{"tool": f"web.{verb}", "args": args}]
    table["verify_state"] = [
        {"tool": "web.verify_state", "args": {"target": Slot("target"), "state": Slot("state", state_name)}}
    ]
    return table


def _locate_then(
    ns: str, tool: str, extra: dict[str, Any] | None = None, *, described: str = "element_description"
) -> Template:
    """The seed-0 chain: ``<ns>.locate`` then a coordinate tool at the element's centre."""
    args: dict[str, Any] = {"x": "${@loc.output.center_x}", "y": "${@loc.output.center_y}", described: Slot("target")}
    args.update(extra or {})
    return [
        {"id": "@loc", "tool": f"{ns}.locate", "args": {"target": Slot("target")}},
        {"tool": f"{ns}.{tool}", "args": args},
    ]


def coordinate_table(ns: str) -> Table:
    """A table for a pack built from tools.coords (locate / click_at / type_text / verify_visible)."""
    click = _locate_then(ns, "click_at")
    return {
        "click": click,
        "check": click,  # a coordinate screen has no checked state to read: ticking is a click
        "uncheck": click,
        "double_click": _locate_then(ns, "double_click_at"),
        "right_click": _locate_then(ns, "right_click_at"),
        "hover": _locate_then(ns, "move_to"),
        "fill": _locate_then(ns, "type_text", {"text": Slot("text"), "wipe_out_old_content": True}),
        "verify_visible": [{"tool": f"{ns}.verify_visible", "args": {"target": Slot("target")}}],
        # Text on a coordinate screen is found the way elements are: by the locator.
        "verify_text": [{"tool": f"{ns}.verify_visible", "args": {"target": Slot("text")}}],
        "screenshot": [{"tool": f"{ns}.screenshot", "args": {}}],
    }


NAMESPACES: dict[str, Table] = {"web": _web_table(), "fake": coordinate_table("fake")}
_REF = re.compile(r"\$\{@(\w+)")


def emit(actions: list[tuple[str, Action]], namespace: str) -> list[dict[str, Any]]:
    """Plan steps (dicts) for the Actions in ``namespace``.

    Raises:
        PlanError: PLAN_INVALID when the namespace is unknown or cannot do an action.
    """
    table = NAMESPACES.get(namespace)
    if table is None:
        raise PlanError(
            ErrorCode.PLAN_INVALID,
            f"the rules planner has no table for namespace {namespace!r}; known: {', '.join(sorted(NAMESPACES))}",
        )
    steps: list[dict[str, Any]] = []
    for clause, action in actions:
        entry = table.get(action.verb)
        if entry is None or isinstance(entry, str):
            why = entry or f"the {namespace!r} tools cannot {action.verb.replace('_', ' ')}"
            raise PlanError(ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: {why}", data={"clause": clause})
        ids: dict[str, str] = {}
        for k, template in enumerate(entry):
            try:
                step = _fill(template, action, ids, len(steps) + 1)
            except PlanError as exc:  # an argument the tool cannot take (a state verify_state does not know)
                raise PlanError(ErrorCode.PLAN_INVALID, f"cannot do {clause!r}: {exc.message}", data={"clause": clause}) from None
            if k == 0:
                step["description"] = clause
            steps.append(step)
    return steps


def _fill(template: dict[str, Any], action: Action, ids: dict[str, str], n: int) -> dict[str, Any]:
    step: dict[str, Any] = {"tool": template["tool"], "args": {}}
    if "id" in template:
        ids[template["id"]] = f"{template['id'][1:]}{n}"
        step["id"] = ids[template["id"]]
    for key, value in template["args"].items():
        if isinstance(value, Slot):
            if value.name not in action.args:
                continue
            raw = action.args[value.name]
            step["args"][key] = value.convert(raw) if value.convert else raw
        elif isinstance(value, str):
            step["args"][key] = _REF.sub(lambda m: "${" + ids.get("@" + m.group(1), m.group(1)), value)
        else:
            step["args"][key] = value
    return step
