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


def _before_heading(index: TreeIndex, anchor_ids: list[int], r: Rect) -> bool:
    """Whether ``r`` lies wholly above the anchors, headings (and texts inside them, a heading's link): a heading
    heads what follows it, so a control above it is in the part of the page before (the ticket's summary above the
    "Modify Ticket" section)."""
    heads = [a for i in anchor_ids if index.elements[i].role == "heading" and (a := index.elements[i].rect) is not None]
    rects = [a for i in anchor_ids if (a := index.elements[i].rect) is not None]
    if not heads or len(rects) != len(anchor_ids) or not all(relations.inside(a, heads) for a in rects):
        return False
    return all(r.y + r.height <= a.y for a in heads)


def _headed_by(index: TreeIndex, anchor_ids: list[int], i: int) -> bool | None:
    """For an element not drawn (its box says nothing: a field of a folded section): whether it is in what a heading
    among the anchors heads, read in the page's order (after the heading, inside the heading's own containers, no
    other heading between); None when no anchor is a heading."""
    heads = [h for h in anchor_ids if index.elements[h].role == "heading"]
    if not heads:
        return None
    elements = index.elements
    for h in heads:
        ctx = elements[h].context
        if h < i and elements[i].context[: len(ctx)] == ctx and not any(
                elements[k].role == "heading" and elements[k].state.visible for k in range(h + 1, i)):
            return True
    return False


def nearest(index: TreeIndex, scored: list[Scored], anchors: list[Rect], what: str, anchor_ids: list[int] | None = None,
            *, headed: bool = False) -> None:
    """Reward the candidate closest to an anchor ("Like for @maria" in a feed of unmarked posts). A candidate that
    lies in another record drawn alike (under the next record's name "Atlas", when "Cosmos" is said) is that
    record's, not this one's: not acceptable. ``headed``: the place is said as a section or a panel, which a
    heading naming it heads; a candidate wholly above such a heading is not in it (a card's heart drawn over its
    picture, above its title, still is the card's: cards are not ``headed``), and one not drawn is in it when it
    follows the heading in the page's order (:func:`_headed_by`)."""
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
        under = _headed_by(index, anchor_ids or [], s.i) if headed and not index.elements[s.i].state.visible else None
        if under is not None:
            if under:
                s.add(0.3, f"after the heading {what!r}, in what it heads (not drawn)")
            else:
                s.add(-0.5, f"not in what the heading {what!r} heads")
                s.outside = f"the part of the page the heading {what!r} heads"
        elif d is not None and r is not None and _elsewhere(index, anchor_ids or [], r):
            s.add(-0.5, f"in another record than {what!r}")
            s.outside = f"the record named {what!r}"
        elif headed and r is not None and _before_heading(index, anchor_ids or [], r):
            s.add(-0.5, f"above the heading {what!r}, which heads what follows it")
            s.outside = f"the part of the page the heading {what!r} heads"
        elif d is not None and d <= best * 1.05 + 1:
            s.add(0.3, f"nearest to {what!r}")
        else:
            s.add(-0.3, f"farther from {what!r}")


# Items of a collection drawn as boxes of their own: a control of one is on its line (or inside it).
_ITEM_ROLES = frozenset({"treeitem", "option", "row", "gridcell", "menuitem", "tab"})


def off_the_line(index: TreeIndex, scored: list[Scored], found: list[tuple[int, Rect]], what: str, place: str, *,
                 headed: bool = False) -> None:
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
        nearest(index, scored, [r for _, r in found], what, [i for i, _ in found], headed=headed)
