"""The rules planner's vocabulary for the catalog's actions, derived from the catalog and a platform's seam."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

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
