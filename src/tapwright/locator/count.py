"""Counting what a description names: "rows in the Orders table", "items in the cart", "Add links".

Rows and list items are counted as the distinct containers the driver reports (a table
row, a list item, an article), header rows left out; anything else as the candidates
that match about as well as the best one (visible ones, one per spot on the screen).
"""

from __future__ import annotations

from tapwright.core.element import UiTree
from tapwright.locator import pick
from tapwright.locator.index import index_for
from tapwright.locator.query import Query, parse
from tapwright.locator.score import apply_container
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form

ITEM_NOUNS = frozenset({"item", "result", "entry", "post", "invite", "order", "product", "comment", "message",
                        "record", "line", "task", "todo", "card"})  # fmt: skip
_ROW_KINDS = frozenset({"row"})
_CELL_ROLES = frozenset({"cell", "gridcell", "rowheader"})
_ITEM_KINDS = frozenset({"listitem", "row", "article"})
_TABLE_KINDS = frozenset({"table", "grid", "treegrid"})
_LIST_KINDS = frozenset({"list", "listbox"})


def count(tree: UiTree, description: str) -> tuple[int, list[str]]:
    """How many things ``description`` names, and what was counted (for messages).

    Args:
        tree: The snapshot.
        description: A singular description: "row in the Orders table", "Add link", "item".
    """
    from tapwright.locator.core import rank

    index = index_for(tree)
    q = parse(description, index.known_pair)
    head = q.text.split()[-1].lower() if q.text else ""
    kinds = _ROW_KINDS if "row" in q.roles else _ITEM_KINDS if head in ITEM_NOUNS and not q.roles else None
    if kinds is None and not q.roles and len(q.text.split()) == 1:
        if q.relation is None and _records(tree, head):
            kinds = _ROW_KINDS  # "3 bookings" on a page whose one table holds the bookings: its rows
        elif (held := _held_kinds(q)) is not None and not _named_control(tree, head):
            kinds = held  # "2 appointments in the table": the rows of the table named (each one a record)
    if kinds is not None:
        everything = [Scored(i, 1.0, 1.0) for i in range(len(tree.elements))]
        if q.relation is not None and q.relation.container is not None:
            apply_container(index, everything, q.relation.container)
            everything = [s for s in everything if s.score > 1.0]
        elif head:
            # "There should be 5 results": the items of the list named for them (id="results"), when one is.
            named = _lists_named(tree, head)
            if named:
                everything = [s for s in everything if named & set(tree.elements[s.i].context)]
        seen: dict[str, bool] = {}
        headed: set[str] = set()
        for s in everything:
            e = tree.elements[s.i]
            entry = next((c for c in reversed(e.context) if c.partition(":")[0] in kinds), None)
            if entry is not None:
                seen[entry] = seen.get(entry, False) or e.role in _CELL_ROLES
                if e.role == "columnheader":
                    headed.add(entry)
        # A data row has a cell; a row of column headers is the header row (a select-all box in it too), and so is a
        # row with no cell where the other rows have cells (headers drawn as text in <th>s).
        celled = any(seen.values())
        counted = [k for k, has_cell in seen.items() if has_cell or (k not in headed and not celled)]
        return len(counted), counted
    ranked = rank(tree, description, limit=10_000)
    if not ranked or ranked[0].score < 0.5:
        return 0, []
    scored = [Scored(tree.elements.index(c.element), c.score, c.score, list(c.reasons)) for c in ranked]
    tier = [s for s in scored if s.score >= ranked[0].score - pick.TIER and not _names_them(tree, s, head)]
    out: list[str] = []
    spots: set[tuple[int, int]] = set()
    for s in pick.tier(tree.elements, tier):
        e = tree.elements[s.i]
        spot = (e.rect.center_x, e.rect.center_y) if e.rect else (s.i, -1)
        if spot not in spots:
            spots.add(spot)
            out.append(f"{e.role} {e.name or e.text[:30]!r}")
    return len(out), out


_BY_ATTRIBUTE = ("id ", "test_id ", "cls ", "name_attr ")


def _names_them(tree: UiTree, s: Scored, noun: str) -> bool:
    """Whether a text counted for ``noun`` is no instance of it: a caption or title that reads the noun in the plural
    ("Visits" over a count), or a text found only by a developer's attribute (a value whose id is "visits")."""
    e = tree.elements[s.i]
    if e.role != "text" or not noun:
        return False
    words = loose_form(e.text or e.name)
    if words in {noun + "s", noun + "es"} or (noun.endswith("s") and words == noun):
        return True
    return bool(s.reasons) and all(not r.startswith(("text ", "name ")) for r in s.reasons[:1]) \
        and any(r.startswith(_BY_ATTRIBUTE) for r in s.reasons[:1])


# Roles whose name may be a plural title of the records a table shows ("Bookings" tab over the bookings table).
_TITLES = frozenset({"tab", "heading", "link", "text", "cell", "columnheader", "caption"})


def _records(tree: UiTree, noun: str) -> bool:
    """Whether a noun no control is named ("booking") means the records of the page's only table: exactly one
    table is shown and no control but a title (a tab, a heading) is named the noun or its plural."""
    tables = {c for e in tree.elements for c in e.context if c.partition(":")[0] in ("table", "grid")}
    if len(tables) != 1:
        return False
    return not _named_control(tree, noun)


def _named_control(tree: UiTree, noun: str) -> bool:
    """Whether some element other than a title (a tab, a heading, a cell) is named the noun: one record is named in
    the singular ("Booking"); a control named in the plural ("Members" in a menu) is a title of all of them, and
    a record noun counts the records, not it."""
    plural = noun.endswith("s") and not noun.endswith(("ss", "us", "is"))
    forms = {noun.removesuffix("s")} if plural else {noun}
    return any(loose_form(e.name) in forms for e in tree.elements if e.name and e.role not in _TITLES)


def _held_kinds(q: Query) -> frozenset[str] | None:
    """What a record noun counts in the place the description names: a table's or grid's rows ("in the table",
    "in the Appointments grid"), a list's items ("in the list"); None for any other place (a row, a dialog)."""
    container = q.relation.container if q.relation is not None else None
    if container is None or container.outer is not None or not container.kinds:
        return None
    if container.kinds <= _TABLE_KINDS:
        return _ROW_KINDS
    return _ITEM_KINDS if container.kinds <= _TABLE_KINDS | _LIST_KINDS else None


def _lists_named(tree: UiTree, noun: str) -> set[str]:
    """The list and table contexts whose name is the noun (singular or plural): "results" for "result"."""
    forms = {noun, noun + "s", noun + "es", noun.removesuffix("s")}
    out: set[str] = set()
    for e in tree.elements:
        for c in e.context:
            kind, _, name = c.partition(":")
            if kind in ("list", "table", "grid") and name and forms & set(loose_form(name).split()):
                out.add(c)
    return out
