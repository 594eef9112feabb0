"""The rules planner's vocabulary for the catalog's actions, derived from the catalog and a platform's seam."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tapwright.core.states import STATES
from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.templates import Slot, Table
from tapwright.tools.actions import CATALOG, ActionSeam, dropped, offered


def action_table(
    namespace: str,
    seam: type[ActionSeam[Any]],
    *,
    convert: dict[str, Callable[[Any], Any]] | None = None,
    only: Iterable[str] | None = None,
) -> Table:
    """Verb -> ``<namespace>.<verb>`` for every catalog action the seam offers (those of them in ``only``).

    A call's arguments are the action's slots (the arguments a step fills) that the platform takes;
    ``convert`` maps a slot to the function that turns the step's word into the tool's value.
    """
    names = offered(seam) if only is None else sorted(set(only) & set(offered(seam)))
    table: Table = {}
    for name in names:
        slots = [s for s in CATALOG[name].slots if s not in dropped(seam, name)]
        table[name] = [{"tool": f"{namespace}.{name}", "args": {s: Slot(s, (convert or {}).get(s)) for s in slots}}]
    return table


def slot_names(table: Table) -> dict[str, tuple[str, ...]]:
    """Each verb's argument names (the first call of its template), as the planner's tests read them."""
    out: dict[str, tuple[str, ...]] = {}
    for verb, entry in table.items():
        if not isinstance(entry, str):
            out[verb] = tuple(entry[0]["args"])
    return out


# The grammar's state words -> verify_state's states; the others have no check.
# "active" is the chosen one of its kind: a tab or item selected, a chip or toggle button pressed ("selected" reads
# the pressed state where a control has no selected state); a control that has neither state is refused, so "the
# Save button should be active" (enabled?) is never guessed.
_STATE_NAMES = {"ticked": "checked", "unticked": "unchecked", "read-only": "readonly", "on": "checked", "off": "unchecked",
                "active": "selected"}


def state_namer(namespace: str) -> Callable[[Any], Any]:
    """A step's state word ("ticked", "read-only") as ``<namespace>.verify_state`` names it; a word it has no
    check for is refused when the step is planned (PLAN_INVALID), never guessed."""

    def state_name(word: Any) -> Any:
        state = _STATE_NAMES.get(word, word)
        if state not in STATES:
            raise PlanError(ErrorCode.PLAN_INVALID, f"{namespace}.verify_state cannot check whether an element is {word}; "
                            f"it checks: {', '.join(sorted(STATES))}")  # fmt: skip
        return state

    return state_name
