"""A quoted phrase shown across neighbouring texts: "Total: $42.00" where the label and the value are two elements.

A page often draws a phrase a person reads as one line from several elements: a term and its definition
(``<dt>Total:</dt><dd>$42.00</dd>``), a label and a value set side by side in a flex row ("Version" "1.4"), a
caption and a badge. No one element's text holds the phrase, so a check of "I should see "Total: $42.00"" looked
at each element, found none and failed; worse, "I should not see "Total: $42.00"" passed while the page showed it.

:func:`phrase_across` reads the snapshot's visible texts in the page's order, as they are laid out: two texts on
one line with no gap between their boxes read as one word run ("S" + "ign in" is "Sign in"); any other pair is
read with a space between (a gap, another line, another block). A phrase of at least two words is shown when a
run of two to :data:`MAX_RUN` consecutive texts reads it as whole words, begun in the run's first text and ended
in its last. A text drawn inside the one before it that repeats its words (a link inside a heading) is read once.
The same rule serves the positive check (shown across texts: passes) and the negative one (shown: not gone);
a phrase of one word is left to the element-by-element check (one element holds it or none does).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from tapwright.core.element import Element, Rect, UiTree
from tapwright.core.words import contains_text, text_spans
from tapwright.locator import accept, relations
from tapwright.locator.core import LAYOUT_KINDS
from tapwright.locator.index import index_for
from tapwright.locator.query import parse

MAX_RUN = 6  # the most neighbouring texts a phrase is read across (a label, a value and its unit, ...)
_TOUCH_PX = 2.0  # boxes closer than this on one line are one word run: no space between them


def _shown(e: Element) -> str:
    return " ".join((e.text or "").split()) if e.state.visible and e.rect is not None else ""


def _joint(a: Element, b: Element) -> str:
    """What stands between two texts as read: nothing when ``b`` is a run of text going on ``a``'s line right where
    ``a``'s text ends; a space after any box (a cell, a button: its edge is not where its words end)."""
    if a.role != "text" or b.role != "text" or a.rect is None or b.rect is None:
        return " "
    return _touching(a.rect, b.rect)


def _touching(a: Rect, b: Rect) -> str:
    top, bottom = max(a.y, b.y), min(a.y + a.height, b.y + b.height)
    same_line = bottom - top > 0.5 * min(a.height, b.height)
    gap = b.x - (a.x + a.width)
    return "" if same_line and -_TOUCH_PX < gap < _TOUCH_PX else " "


def _neighbours(a: Element, b: Element) -> bool:
    """Two texts a phrase may run across: in the same containers, ``b`` on ``a``'s line or on the next one."""
    if a.context != b.context or a.rect is None or b.rect is None:
        return False
    return b.rect.y - (a.rect.y + a.rect.height) < max(a.rect.height, b.rect.height)


def phrase_across(tree: UiTree, phrase: str, keep: Callable[[int], bool] | None = None) -> list[Element] | None:
    """The run of neighbouring visible texts that reads ``phrase`` across them (first to last), or None.

    ``keep(i)``: whether element ``i`` of the tree may be part of the run (a check of a place keeps only the
    texts in that place). None also for a phrase of one word, and when one text alone holds it (the ordinary
    check answers that).
    """
    want = " ".join(phrase.split())
    if " " not in want:
        return None
    first = want.split(" ", 1)[0].casefold()
    texts: list[tuple[Element, str]] = []
    for i, e in enumerate(tree):
        said = _shown(e)
        if not said or (keep is not None and not keep(i)):
            continue
        if texts:
            last, last_said = texts[-1]
            if accept.inside_of(e, last) and said.casefold() in last_said.casefold():
                continue  # a link inside a heading, read with the heading already
        texts.append((e, said))
    return _run(texts, want, first)


def _run(texts: Sequence[tuple[Element, str]], want: str, first: str) -> list[Element] | None:
    for start, (_, said) in enumerate(texts):
        if first not in said.casefold() or contains_text(said, want):
            continue
        # The run's line, a text more than a phrase could need so that its last word's edge is read too.
        pieces = list(texts[start : start + MAX_RUN + 1])
        for k in range(1, len(pieces)):
            if not _neighbours(pieces[k - 1][0], pieces[k][0]):
                del pieces[k:]  # another container, or far below: no longer one phrase
                break
        line, ends = pieces[0][1].casefold(), [len(said)]
        for (prev, _), (nxt, nxt_said) in pairwise(pieces):
            line += _joint(prev, nxt) + nxt_said.casefold()
            ends.append(len(line))
        for begin, end in text_spans(line, want):
            if begin >= ends[0]:
                break  # begun in a later text: a later start reads it
            last = next(k for k, stop in enumerate(ends) if end <= stop)
            if 0 < last < MAX_RUN:
                return [t[0] for t in pieces[: last + 1]]
    return None


def placed_phrase(tree: UiTree, description: str) -> list[Element] | None:
    """:func:`phrase_across` for a description that is a quoted phrase alone ('"Total: $42.00"'), or one in a place
    ('"Total: $42.00" in the side panel': only texts in such a container count). None for any other description."""
    index = index_for(tree)
    q = parse(description, index.known_pair)
    if len(q.quoted) != 1 or q.roles or q.ordinal is not None or " ".join(q.text.split()) != " ".join(q.quoted[0].split()):
        return None
    rel = q.relation
    if rel is None:
        return phrase_across(tree, q.quoted[0])
    container = rel.container
    if rel.kind != "in" or container is None:
        return None
    wanted = relations.container_tokens(container)
    side = container.side or q.side
    if side and not container.name and container.kinds and container.kinds & LAYOUT_KINDS and tree.width and tree.height \
            and not relations.any_context_matches(index, container, ()):
        # "in the panel on the right" of a page that marks no panels up: that half of the page (as the locator reads it)
        return phrase_across(tree, q.quoted[0], lambda i: relations.in_half(tree, tree.elements[i].rect, side))
    return phrase_across(tree, q.quoted[0], lambda i: bool(relations.matching_contexts(index, i, container, wanted)))

