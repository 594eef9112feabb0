"""The web platform's rules-planner vocabulary: every semantic verb maps onto ``web.<verb>``."""

from __future__ import annotations

from typing import Any

from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.templates import Slot, Table

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
    "verify_count": ("target", "count"), "handle_dialog": ("action", "text", "kind"), "expand": ("target", "expanded"),
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


def web_table() -> Table:
    """The web vocabulary: verb -> ``web.<verb>`` with the arguments named in :data:`WEB_ARGS`."""
    table: Table = {}
    for verb, names in WEB_ARGS.items():
        args = {n: Slot(n, tab_index if n == "index" else None) for n in names}
        table[verb] = [{"tool": f"web.{verb}", "args": args}]
    table["verify_state"] = [
        {"tool": "web.verify_state", "args": {"target": Slot("target"), "state": Slot("state", state_name)}}
    ]
    return table
