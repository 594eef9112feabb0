"""Records a page draws without a container role (a card, a post, a row of an unmarked list): the candidate nearest
the text naming the record is in it, one past the next record's name is not."""

from __future__ import annotations

from tapwright.core.element import Rect
from tapwright.locator import relations
from tapwright.locator.index import TreeIndex
from tapwright.locator.scored import Scored


def _card_distance(r: Rect, a: Rect) -> float:
    # A card reads top down: its controls sit below the text naming it, so a candidate above
    # the text counts three times as far, plus 40 px (the post before it, not this one).
    return relations.distance(r, a) * 3 + 40 if r.center_y < a.y else relations.distance(r, a)


# Roles of what names a record drawn without a container role: a heading, a link, a button, a cell (plain
# text has too many look-alikes that name nothing to tell the next record's name from a line of this one).
_NAMING_ROLES = frozenset({"heading", "link", "button", "cell", "rowheader", "listitem", "img", "strong"})


def _peers(index: TreeIndex, i: int) -> tuple[list[Rect], list[Rect]]:
    """The names of the other records drawn alike with anchor ``i``: elements of its role and about its height, lined
    up with it one above another (first list) or side by side (second list)."""
    a, role = index.elements[i].rect, index.elements[i].role
    column: list[Rect] = []
    line: list[Rect] = []
    if a is None or role not in _NAMING_ROLES:
        return column, line
    for j in index.by_role.get(role, ()):
        r = index.elements[j].rect
        if j == i or r is None or not index.elements[j].state.visible or abs(r.height - a.height) > 0.3 * max(a.height, 1):
            continue
        if abs(r.x - a.x) < 8:
            column.append(r)
        elif abs(r.y - a.y) < 8:
            line.append(r)
    return column, line


def _elsewhere(index: TreeIndex, anchor_ids: list[int], r: Rect) -> bool:
    """Whether ``r`` sits in another record than every anchor's: below the anchor, past the name of the next
    record in its column (records one above another), or under the name of another record in its line (records
    side by side). Only where the records line up with ``r`` (a row to the right of a menu is no menu item's)."""
    verdicts = []
    for i in anchor_ids:
        a = index.elements[i].rect
        if a is None:
            continue
        column, line = _peers(index, i)
        cx, cy = r.x + r.width / 2, r.y + r.height / 2
        if column and r.x < a.x + a.width and a.x < r.x + r.width and cy > a.y:
            verdicts.append(any(a.y < p.y <= cy for p in column))
        elif line and cy > a.y:
            verdicts.append(any(p.x <= cx <= p.x + p.width for p in line) and not a.x <= cx <= a.x + a.width)
        else:
            verdicts.append(False)
    return bool(verdicts) and all(verdicts)


def nearest(index: TreeIndex, scored: list[Scored], anchors: list[Rect], what: str, anchor_ids: list[int] | None = None
            ) -> None:
    """Reward the candidate closest to an anchor ("Like for @maria" in a feed of unmarked posts). A candidate that
    lies in another record drawn alike (under the next record's name "Atlas", when "Cosmos" is said) is that
    record's, not this one's: not acceptable."""
    dist: dict[int, float] = {}
    for s in scored:
        r = index.elements[s.i].rect
        if r is not None:
            dist[s.i] = min(_card_distance(r, a) for a in anchors)
    if not dist:
        return
    best = min(dist.values())
    for s in scored:
        d = dist.get(s.i)
        r = index.elements[s.i].rect
        if d is not None and r is not None and _elsewhere(index, anchor_ids or [], r):
            s.add(-0.5, f"in another record than {what!r}")
            s.outside = f"the record named {what!r}"
        elif d is not None and d <= best * 1.05 + 1:
            s.add(0.3, f"nearest to {what!r}")
        else:
            s.add(-0.3, f"farther from {what!r}")


# Items of a collection drawn as boxes of their own: a control of one is on its line (or inside it).
_ITEM_ROLES = frozenset({"treeitem", "option", "row", "gridcell", "menuitem", "tab"})


def off_the_line(index: TreeIndex, scored: list[Scored], found: list[tuple[int, Rect]], what: str, place: str) -> None:
    """No candidate is on the line of the text ``what`` naming a container (``place``, as the description says it).
    When that text is an item of a collection with a box of its own (a tree's node, a list's option), none is its
    own: a control elsewhere is the page's (a toolbar's Delete acts on what is selected, not on the item named), not
    acceptable. Else the container is a card or post the page draws without a container role: the candidate nearest
    the text is in it (:func:`nearest`)."""
    if all(index.elements[i].role in _ITEM_ROLES for i, _ in found):
        for s in scored:
            s.add(-0.5, f"not on the line of the item {what!r}")
            s.outside = place
    else:
        nearest(index, scored, [r for _, r in found], what, [i for i, _ in found])
