"""Choosing among equally good candidates: ordinals ("the 2nd", "last"), size words, ties."""

from __future__ import annotations

from tapwright.core.element import Element, Rect, UiTree
from tapwright.locator import visual
from tapwright.locator.scored import Scored
from tapwright.locator.vocab import LABELABLE, RELATED_ROLES

TIER = 0.12  # candidates this close to the best (before closeness) count as "the matching ones"
ORDINAL_BONUS = 0.3
TIE = 0.03  # scores closer than this cannot be told apart
# "the third password field" when only "Password" matches closely: the fields whose labels merely hold
# the words ("Current password", "New password") count too, as long as they are form fields of one kind.
WIDE_TIER = 0.3


def tier(elements: tuple[Element, ...], scored: list[Scored]) -> list[Scored]:
    """The candidates that match about as well as the best, visible ones only when any is visible."""
    if not scored:
        return []
    top = max(s.base for s in scored)
    pool = [s for s in scored if s.base >= top - TIER]
    visible = [s for s in pool if elements[s.i].state.visible]
    return visible or pool


def _same_kind(elements: tuple[Element, ...], scored: list[Scored]) -> list[Scored]:
    """A wider pool for an ordinal the close ones cannot satisfy: near matches of the best one's kind of control."""
    close = tier(elements, scored)
    if not close:
        return []
    best = max(close, key=lambda s: s.base)
    role = elements[best.i].role
    if role not in LABELABLE:
        return []  # a button's or link's name is what it does: "Delete account" is no 4th "Delete" link
    kin = RELATED_ROLES.get(role, frozenset()) | {role}
    pool = [s for s in scored if s.base >= best.base - WIDE_TIER and elements[s.i].role in kin]
    visible = [s for s in pool if elements[s.i].state.visible]
    return visible or pool


def reading_order(elements: tuple[Element, ...], pool: list[Scored], origin: str) -> list[Scored]:
    """Sort in reading order: rows top to bottom (grouped by overlapping lines), each row left to
    right, or right to left when most of its elements are right-to-left (``dir="rtl"``); with
    ``origin="left"`` ("the 2nd from the left") purely left to right."""

    def key_xy(s: Scored) -> tuple[float, float, int]:
        r = elements[s.i].rect
        return (r.x, r.y, s.i) if r is not None else (float("inf"), float("inf"), s.i)

    def in_row(row: list[Scored]) -> list[Scored]:
        rtl = sum(elements[s.i].attr("dir") == "rtl" for s in row) * 2 > len(row)
        if not rtl:
            return sorted(row, key=key_xy)
        return sorted(row, key=lambda s: (-(elements[s.i].rect.x + elements[s.i].rect.width), s.i))  # type: ignore[union-attr]

    if origin == "left":
        return sorted(pool, key=key_xy)
    placed = sorted(((r, s) for s in pool if (r := elements[s.i].rect) is not None), key=lambda rs: (rs[0].y, rs[1].i))
    rows: list[list[Scored]] = []
    row_bottom = float("-inf")
    for r, s in placed:
        center = r.y + r.height / 2
        if rows and center <= row_bottom:
            rows[-1].append(s)  # its middle is within the line started by the row's first element
        else:
            rows.append([s])
            row_bottom = r.y + r.height
    ordered = [s for row in rows for s in in_row(row)]
    ordered.extend(sorted((s for s in pool if elements[s.i].rect is None), key=lambda s: s.i))
    return ordered


def apply_ordinal(elements: tuple[Element, ...], scored: list[Scored], ordinal: int, origin: str) -> str | None:
    """Promote the n-th of the matching candidates; returns a problem message when there are too few."""
    pool = reading_order(elements, tier(elements, scored), origin)
    index = ordinal - 1 if ordinal > 0 else len(pool) + ordinal
    if not 0 <= index < len(pool) and ordinal > 0:
        wide = reading_order(elements, _same_kind(elements, scored), origin)
        if len(wide) > len(pool) and index < len(wide):
            pool = wide
    if not 0 <= index < len(pool):
        return f"asked for #{ordinal} but only {len(pool)} element(s) match"
    direction = "left to right" if origin == "left" else "top to bottom"
    pool[index].add(ORDINAL_BONUS, f"{_ordinal_words(ordinal)} of {len(pool)} ({direction})")
    return None


def prefer_end(elements: tuple[Element, ...], scored: list[Scored], end: int) -> None:
    """ "At the right of the top bar": among candidates tied for the best, the one at that end wins.

    Only a tie-break: a candidate that does not match as well as the best is never promoted by it.
    """
    best = sorted(scored, key=lambda s: (-s.score, s.i))
    tied = ties(elements, best) if best else []
    if len(tied) < 2:
        return
    pool = reading_order(elements, tied, "left")
    pool[-1 if end < 0 else 0].add(0.1, "at the right end" if end < 0 else "at the left end")


def apply_size(elements: tuple[Element, ...], scored: list[Scored], size: str) -> None:
    """Promote the biggest (or smallest) of the matching candidates when it clearly is."""
    pool = sorted(tier(elements, scored), key=lambda s: visual.area(elements[s.i]), reverse=size == "big")
    if len(pool) < 2:
        return
    first, second = visual.area(elements[pool[0].i]), visual.area(elements[pool[1].i])
    if first > 0 and second > 0 and max(first, second) >= 1.2 * min(first, second):
        pool[0].add(0.15, f"{'biggest' if size == 'big' else 'smallest'} of {len(pool)}")


def _ordinal_words(n: int) -> str:
    if n == -1:
        return "last"
    if n < 0:
        return f"{_ordinal_words(-n)} from the end"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def ties(elements: tuple[Element, ...], ranked: list[Scored]) -> list[Scored]:
    """The candidates tied with the best one; fewer than two means the best one wins.

    Two candidates at the same spot (a link and the list item around it) are not a real tie:
    acting on either hits the same place. Nor is a hidden element tied with a visible one (a
    select hidden behind the dropdown widget drawn in its place): the visible ones win.
    """
    if len(ranked) < 2:
        return ranked[:1]
    best = ranked[0]
    out = [best]
    first = _spot(elements[best.i])
    spots = {first} if first is not None else set()
    for s in ranked[1:]:
        if best.score - s.score >= TIE:
            break
        spot = _spot(elements[s.i])
        if spot is not None:
            if spot in spots:
                continue
            spots.add(spot)
        out.append(s)
    visible = [s for s in out if elements[s.i].state.visible]
    return visible if visible and len(visible) < len(out) else out


def _spot(e: Element) -> tuple[int, int] | None:
    return (e.rect.center_x, e.rect.center_y) if e.rect is not None else None


def apply_side(tree: UiTree, scored: list[Scored], side: str) -> None:
    """ "... on the left": the target's middle is in that half of the page; elsewhere it is not acceptable.
    A tree without a size (nothing to halve) leaves the scores as they are."""
    if not tree.width or not tree.height:
        return
    for s in scored:
        r = tree.elements[s.i].rect
        if r is None or any(why.endswith("(whole description)") for why in s.reasons):
            continue  # "Align on the left" is that control's whole name: the side words are part of it
        cx, cy = r.x + r.width / 2, r.y + r.height / 2
        halves = {"left": cx < tree.width / 2, "right": cx >= tree.width / 2,
                  "top": cy < tree.height / 2, "bottom": cy >= tree.height / 2}  # fmt: skip
        there = all(halves[one] for one in side.split())  # a corner ("top right") is in both halves
        if there:
            s.add(0.05, f"on the {side} of the page")
        else:
            s.add(-0.5, f"not on the {side} of the page")
            s.outside = f"the {side} half of the page" if " " not in side else f"the {side} corner of the page"


def one_destination(elements: tuple[Element, ...], tied: list[Scored]) -> list[Scored]:
    """Links tied on one name that lead to one address ("New Custom Query" in a page's menu and in its text, both
    to ``/query``) are one choice: the first on the page stands for them, and says so. Anything else tied, a
    link to another address, or one without an address of its own ("#", script), stays tied."""
    if len(tied) < 2:
        return tied
    first = elements[tied[0].i]
    href = first.attr("href")
    if not href or href.startswith(("#", "javascript:")):
        return tied
    same = all(elements[s.i].role == "link" and elements[s.i].attr("href") == href and elements[s.i].name == first.name
               for s in tied)
    if first.role != "link" or not same:
        return tied
    lead = min(tied, key=lambda s: s.i)
    lead.reasons.append(f"{len(tied)} links named so, all to {href!r}")
    return [lead]


# A tied control this much nearer the field just typed in than every other tied one is the one meant.
_NEARER = 0.5
_PRESSED = frozenset({"button", "link", "menuitem"})


def _gap(a: Rect, b: Rect) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(a.x - (b.x + b.width), b.x - (a.x + a.width), 0.0)
    dy = max(a.y - (b.y + b.height), b.y - (a.y + a.height), 0.0)
    return float((dx * dx + dy * dy) ** 0.5)


def near_work(elements: tuple[Element, ...], tied: list[Scored], typed_in: Rect | None) -> list[Scored]:
    """Buttons or links tied on one name, just after a field on this page was typed in (a form being filled): the one
    clearly nearest that field is the one a person presses ("Login" under the password box, not the "Login" in the
    page's header). At most half as far as any other tied one; otherwise all stay tied."""
    if typed_in is None or len(tied) < 2:
        return tied
    if any(elements[s.i].role not in _PRESSED or elements[s.i].rect is None for s in tied):
        return tied
    far = sorted(tied, key=lambda s: _gap(elements[s.i].rect or typed_in, typed_in))
    first, second = (_gap(elements[s.i].rect or typed_in, typed_in) for s in far[:2])
    if first > _NEARER * second:
        return tied
    far[0].reasons.append(f"{len(tied)} named so; the one by the field just typed in")
    return [far[0]]


def _shared(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """How many containers, outermost first, two elements' contexts have in common."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def same_place(elements: tuple[Element, ...], tied: list[Scored], acted_in: tuple[str, ...] | None) -> list[Scored]:
    """Elements tied on one name, just after an element of this page was acted on: the one inside a named container
    the acted-on element is in, where no other tied one is, is the one a person means next ("Try it out" of the
    operation just expanded, the "orderId" box of that operation, the "Save" of the card just edited).

    The containers are compared outermost first (a row named like a row of another form is another row); the
    innermost one they share must have a name of its own (an unnamed list or group may be any list or group), and
    every other tied element must share less. Otherwise all stay tied."""
    if not acted_in or len(tied) < 2:
        return tied
    depth = [_shared(elements[s.i].context, acted_in) for s in tied]
    best = max(depth)
    if best == 0 or depth.count(best) > 1:
        return tied
    kind, _, name = acted_in[best - 1].partition(":")
    if not name.strip():
        return tied
    winner = tied[depth.index(best)]
    winner.reasons.append(f"{len(tied)} named so; the one in the {kind} {name.strip()!r} just acted in")
    return [winner]
