"""A card's one nameless control is named by the card's title: "choose the "Sequence to sequence" project type".

Galleries and pickers draw each choice as a card: a picture that takes the click, and a title under it that is
plain text (nothing listens to it: a click on the words does nothing). The page names the card by its title
(an ``article:Sequence to sequence`` container), while the picture, the control, has no name of its own. So a
nameless control that is the only control of a block titled by a text (its innermost container is named exactly
by that text) is named by that text, and the title yields to it unless the description asks for text.

It must be the block's only control (a card with a nameless picture and a named "Delete" button is not one
choice), and it must cover a good part of the block: a small nameless icon in a card (a "⋮" menu, a close
cross) is not what the card's title names.
"""

from __future__ import annotations

from collections.abc import Callable

from tapwright.core.element import Element, Rect
from tapwright.locator.index import Field, TreeIndex
from tapwright.locator.query import Query
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form

# Containers that hold one choice of a set: a card (article), an item of a list, a group.
_BLOCKS = frozenset({"article", "listitem", "group"})
MIN_SHARE = 0.25  # of the block's area the control must cover
_TITLE_TEXT = 0.85  # a text matched at least this well stands for the control it titles


def titled_controls(
    index: TreeIndex, scored: list[Scored], q: Query, finish: Callable[[Scored, tuple[Field, ...]], Scored],
    *, wants_text: bool,
) -> list[Scored]:
    """Controls named by the title of the block they are alone in (scored by ``finish`` with the title's fields);
    the titles found so are demoted unless ``wants_text``."""
    out: list[Scored] = []
    taken = {s.i for s in scored}
    for s in list(scored):
        title = index.elements[s.i]
        if s.text < _TITLE_TEXT or title.interactive or not title.context or not title.text:
            continue
        control = _only_control(index, title)
        if control is None or control in taken:
            continue
        taken.add(control)
        t = s.text
        out.append(finish(Scored(control, t, t, ["the one control of the block its words title"], t), index.fields[s.i]))
        if not wants_text:
            s.add(-0.15, "title of a block whose one control it names")
    return out


def _only_control(index: TreeIndex, title: Element) -> int | None:
    entry = title.context[-1]
    kind, _, name = entry.partition(":")
    if kind not in _BLOCKS or not name or loose_form(name) != loose_form(title.text):
        return None
    depth = len(title.context)
    members = [j for j, e in enumerate(index.elements) if e.context[:depth] == title.context]
    controls = [j for j in members if index.elements[j].interactive]
    if len(controls) != 1:
        return None
    control = index.elements[controls[0]]
    if control.name or control.text or control.attrs.get("label") or control.rect is None:
        return None
    block = _union([r for j in members if (r := index.elements[j].rect) is not None])
    area = block.width * block.height
    if area <= 0 or control.rect.width * control.rect.height < MIN_SHARE * area:
        return None
    return controls[0]


def _union(rects: list[Rect]) -> Rect:
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.x + r.width for r in rects), max(r.y + r.height for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)
