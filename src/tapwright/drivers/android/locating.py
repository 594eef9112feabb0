"""The shared semantic locator, applied to Android screens (pure, no I/O).

:func:`find` runs :func:`tapwright.locator.locate` over the tree without the soft keyboard
and settles what Android trees make hard for a locator written first for web pages:

* a class-derived role is only a guess ("Music chip" is a clickable LinearLayout, the
  "Messages app" a TextView): when the noun at the end of a description names nothing,
  the description is tried once more without it;
* a control and its own caption (a tab and the label inside it, an icon and the text
  beside it in one launcher cell) are one target, not two: an AMBIGUOUS between such
  elements is settled for the clickable one;
* "X next to Y" on a high-density screen: the candidate on Y's line wins.
"""

from __future__ import annotations

from typing import Any

from tapwright.core.element import Element, Rect, UiTree
from tapwright.drivers.android.hierarchy import app_tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, accept, locate, parse, rank

# Nouns that say what kind of thing a person sees, which Android classes do not always reflect.
_LOOSE_NOUNS = frozenset({"app", "application", "chip", "folder", "icon", "tile", "item", "bar", "button", "tab",
                          "field", "link", "entry", "option", "label", "key", "card", "shortcut"})  # fmt: skip
_ADJACENT = 24  # px between an icon and its caption in one cell


def find(tree: UiTree, description: str) -> Candidate:
    """The element ``description`` means on an Android screen (the soft keyboard excluded).

    Raises:
        ToolFailure: ELEMENT_NOT_FOUND or AMBIGUOUS with candidates, as :func:`tapwright.locator.locate`.
    """
    tree = app_tree(tree)
    if not any(e.name or e.text for e in tree):
        raise ToolFailure(
            ErrorCode.ELEMENT_NOT_FOUND,
            "the screen has no accessibility nodes (a game, a video or a custom-drawn surface): "
            "use android.tap_by_coordinates with a position from android.screenshot",
            data={"candidates": []},
        )
    try:
        return locate(tree, description)
    except ToolFailure as failure:
        if failure.code is ErrorCode.AMBIGUOUS:
            settled = _settle(tree, description, failure)
            if settled is not None:
                return settled
            raise
        if failure.code is not ErrorCode.ELEMENT_NOT_FOUND:
            raise
        words = description.split()
        if len(words) > 1 and words[-1].lower().strip(".,") in _LOOSE_NOUNS:
            try:
                found = find(tree, " ".join(words[:-1]))
            except ToolFailure:
                pass
            else:
                # The noun may go only when what is found is that kind of thing: "the Login button" is not
                # met by a text field named Login (see tapwright.locator.accept).
                if accept.fits_noun(found.element, words[-1].lower().strip(".,"), tree.elements):
                    return found
        raise failure from None


def _settle(tree: UiTree, description: str, failure: ToolFailure) -> Candidate | None:
    data: Any = failure.data
    refs = [c["ref"] for c in (data or {}).get("candidates", []) if isinstance(c, dict)]
    tied = [e for r in refs if (e := tree.by_ref(r)) is not None and e.rect is not None]
    if len(tied) < 2:
        return None
    merged = _merge_captions(tied)
    if len(merged) == 1:
        return _candidate(tree, description, merged[0], "a control and its own caption")
    query = parse(description)
    rel = query.relation
    if rel is not None and rel.kind == "near" and rel.container is None:
        anchors = [c.element.rect for c in rank(tree, rel.anchor, limit=3) if c.element.rect is not None and c.score >= 0.9]
        on_line = [e for e in merged if any(_same_line(e.rect, a) for a in anchors if e.rect is not None)]
        if len(on_line) == 1:
            return _candidate(tree, description, on_line[0], "on the anchor's line")
    return None


def _candidate(tree: UiTree, description: str, element: Element, why: str) -> Candidate:
    for c in rank(tree, description, limit=20):
        if c.element.ref == element.ref:
            return Candidate(element, c.score, [*c.reasons, why])
    return Candidate(element, 1.0, [why])


def _merge_captions(tied: list[Element]) -> list[Element]:
    """Collapse elements nested in, or touching, each other into the most clickable of each group."""
    groups: list[list[Element]] = []
    for e in tied:
        for g in groups:
            if any(_together(e.rect, o.rect) for o in g if e.rect is not None and o.rect is not None):
                g.append(e)
                break
        else:
            groups.append([e])
    return [max(g, key=lambda e: (e.interactive, e.rect.area if e.rect else 0.0)) for g in groups]


def _together(a: Rect, b: Rect) -> bool:
    if _inside(a, b) or _inside(b, a):
        return True
    gap_x = max(a.x - (b.x + b.width), b.x - (a.x + a.width))
    overlap_y = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    return gap_x <= _ADJACENT and overlap_y >= 0.5 * min(a.height, b.height)


def _inside(a: Rect, b: Rect) -> bool:
    return b.x <= a.x and b.y <= a.y and a.x + a.width <= b.x + b.width and a.y + a.height <= b.y + b.height


def _same_line(r: Rect | None, anchor: Rect) -> bool:
    if r is None:
        return False
    cy, acy = r.y + r.height / 2, anchor.y + anchor.height / 2
    return abs(cy - acy) <= max(r.height, anchor.height) / 2


__all__ = ["find"]
