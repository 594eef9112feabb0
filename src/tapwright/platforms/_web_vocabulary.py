"""The web platform's rules-planner vocabulary: every semantic verb maps onto ``web.<verb>``.

The catalog's actions (click, fill, verify_text ...) come from the catalog (their slots); this
module names only the web's own verbs (navigation, tabs, dialogs, page checks).
"""

from __future__ import annotations

from typing import Any

from tapwright.plan.templates import Slot, Table
from tapwright.platforms._action_vocabulary import action_table, slot_names, state_namer

# The web's own tools (not catalog actions) and the arguments a step fills. Every semantic
# verb with the same name maps straight onto ``web.<verb>``.
_OWN_ARGS: dict[str, tuple[str, ...]] = {
    "submit": ("target",), "wait": ("seconds",), "wait_for": ("target", "text", "state"), "navigate": ("url",),
    "go_back": (), "go_forward": (), "reload": (), "switch_tab": ("index", "title"), "open_new_tab": ("url",),
    "close_tab": ("index",), "screenshot": ("full_page",), "verify_value": ("target", "value"),
    "verify_url": ("expected", "match"), "verify_title": ("expected", "match"), "verify_count": ("target", "count"),
    "handle_dialog": ("action", "text", "kind"), "expand": ("target", "expanded"),
    "verify_rows": ("column", "values", "none", "each", "count"), "sort_table": ("column", "order"),
    "verify_record": ("claim", "key", "only", "kinds", "at", "table"),
    "verify_order": ("texts", "at"), "verify_sorted": ("column", "order"), "pick_date": ("date", "target"),
    "confirm": ("verb",),
}  # fmt: skip


def tab_index(n: Any) -> Any:
    """Tabs are numbered from 1 in steps ("tab 2") and from 0 by web.switch_tab; "the new tab" is -1 in both."""
    if isinstance(n, int) and n < 0:
        return -1
    return n - 1 if isinstance(n, int) and n > 0 else n


def web_table() -> Table:
    """The web vocabulary: the catalog's actions the web offers, and the web's own verbs."""
    from tapwright.tools.web_seam import WebActions  # the web tools import Playwright: only when planning

    table = action_table("web", WebActions, convert={"state": state_namer("web")})
    for verb, names in _OWN_ARGS.items():
        table[verb] = [{"tool": f"web.{verb}", "args": {n: Slot(n, tab_index if n == "index" else None) for n in names}}]
    return table


def web_args() -> dict[str, tuple[str, ...]]:
    """Each web verb's argument names (what a step may fill), from :func:`web_table`."""
    return slot_names(web_table())
