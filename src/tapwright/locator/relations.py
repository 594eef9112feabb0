"""Relations between a target and something else: containers ("in the dialog", "for the user @leo")
and positions ("next to", "below", "left of" another element)."""

from __future__ import annotations

import math
import re
import weakref
from dataclasses import replace

from tapwright.core.element import Rect, UiTree
from tapwright.locator import rows
from tapwright.locator.index import TreeIndex
from tapwright.locator.query import Container
from tapwright.locator.text import loose_form, plural_pair, token_similarity, tokens
from tapwright.locator.vocab import CONTAINER_WORDS, HEAD_ROW


def _name_matches(wanted: tuple[str, ...], have: tuple[str, ...]) -> bool:
    """Every wanted word (typos allowed) appears in the container's name, or the words said apart are one word of
    it written solid (an id "bulkbar" for "the bulk bar", "filterpanel" for "the filter panel")."""
    if all(any(token_similarity(w, h) >= 0.8 for h in have) for w in wanted):
        return True
    return 2 <= len(wanted) <= 3 and "".join(wanted) in have


_JOINED = re.compile(r"[\w\-@/]")


def _standalone(name: str, entry: str) -> bool:
    """A quoted container name stands on its own in the container's text: "beta" in "beta 2.0.0-beta.1", not a part
    of a longer word such as "2.0.0-beta.1" (whose tokens also hold "beta")."""
    text = entry.partition(":")[2].lower()
    want = name.lower().strip()
    for m in re.finditer(re.escape(want), text):
        before = text[m.start() - 1] if m.start() > 0 else " "
        after = text[m.end()] if m.end() < len(text) else " "
        if after == "." and m.end() + 1 < len(text) and not text[m.end() + 1].isspace():
            continue  # "beta" of "beta.1"
        if not _JOINED.match(before) and not _JOINED.match(after):
            return True
    return False


def _holds(have: tuple[str, ...], wanted: tuple[str, ...]) -> bool:
    """Whether the words ``wanted`` stand together, in order, among ``have``."""
    n = len(wanted)
    return any(have[k : k + n] == wanted for k in range(len(have) - n + 1))


def _fits(container: Container, entry: str) -> bool:
    return not container.exact or _standalone(container.name, entry)


def container_tokens(container: Container) -> tuple[str, ...]:
    return tokens(loose_form(container.name))


def _kind_fits(kind: str, have: tuple[str, ...], kinds: frozenset[str] | None) -> bool:
    """Whether a container of ``kind`` named ``have`` is of one of ``kinds``: its own kind, or a block the page
    named ending in a kind word (an id "settings_dialog_menu" is a menu, "main-sidebar" a sidebar; a
    "dialog_trigger_area" is no dialog)."""
    if kinds is None or kind in kinds:
        return True
    return kind == "block" and bool(have) and bool(CONTAINER_WORDS.get(have[-1], frozenset()) & kinds)


_HEADS: weakref.WeakKeyDictionary[TreeIndex, set[str]] = weakref.WeakKeyDictionary()


def _head_fits(index: TreeIndex, kind: str, entry: str, kinds: frozenset[str] | None) -> bool:
    """Whether a row entry is the head row a description names ("the table header": vocab.HEAD_ROW)."""
    if kinds is None or HEAD_ROW not in kinds or kind != "row":
        return False
    heads = _HEADS.get(index)
    if heads is None:
        heads = _HEADS[index] = rows.head_rows(index)
    return entry in heads


def in_context(index: TreeIndex, i: int, container: Container, wanted: tuple[str, ...]) -> str | None:
    """The context entry of element ``i`` that matches ``container``, as "kind:name", else None."""
    for kind, entry, have in reversed(index.contexts(i)):
        if _head_fits(index, kind, entry, container.kinds):
            return entry  # a head row is named by its place, not by what it shows
        if not _kind_fits(kind, have, container.kinds):
            continue
        if wanted and not _name_matches(wanted, have):
            continue
        if wanted and not _fits(container, entry):
            continue
        if container.side and not on_side(index, entry, container.side):
            continue
        return entry
    return None


def matching_contexts(index: TreeIndex, i: int, container: Container, wanted: tuple[str, ...]) -> list[str]:
    """Every context entry of element ``i`` that matches ``container`` (innermost last)."""
    return [entry for kind, entry, have in index.contexts(i)
            if _head_fits(index, kind, entry, container.kinds) or (_kind_fits(kind, have, container.kinds)
            and (not wanted or (_name_matches(wanted, have) and _fits(container, entry)))
            and (not container.side or on_side(index, entry, container.side)))]  # fmt: skip


def any_context_matches(index: TreeIndex, container: Container, wanted: tuple[str, ...]) -> bool:
    """Whether any element sits in such a container (if none, the driver reports no contexts)."""
    if container.kinds is not None and HEAD_ROW in container.kinds:
        return bool(rows.head_rows(index))
    for kind, have in index.distinct_contexts():
        if not _kind_fits(kind, have, container.kinds):
            continue
        if not wanted or _name_matches(wanted, have):
            return True
    return False


_EXTENTS: weakref.WeakKeyDictionary[TreeIndex, dict[str, Rect]] = weakref.WeakKeyDictionary()


def on_side(index: TreeIndex, entry: str, side: str) -> bool:
    """Whether the container ``entry`` ("complementary:Help") stands in that half of the page ("the right-hand
    panel"): the middle of the box its members span. A tree without a size cannot tell: every container is."""
    tree = index.tree
    if not tree.width or not tree.height:
        return True
    extents = _EXTENTS.get(index)
    if extents is None:
        extents = _EXTENTS[index] = _member_extents(index)
    return in_half(tree, extents.get(entry), side)


def in_half(tree: UiTree, box: Rect | None, side: str) -> bool:
    """Whether the middle of ``box`` is in that half of the page (left, right, top or bottom)."""
    if box is None:
        return False
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    return {"left": cx < tree.width / 2, "right": cx >= tree.width / 2,
            "top": cy < tree.height / 2, "bottom": cy >= tree.height / 2}.get(side, False)  # fmt: skip


def _member_extents(index: TreeIndex) -> dict[str, Rect]:
    spans: dict[str, list[float]] = {}
    for e in index.elements:
        if e.rect is None or not e.state.visible:
            continue
        r = e.rect
        edges = [r.x, r.y, r.x + r.width, r.y + r.height]
        for entry in e.context:
            box = spans.get(entry)
            spans[entry] = edges if box is None else [min(box[0], edges[0]), min(box[1], edges[1]),
                                                      max(box[2], edges[2]), max(box[3], edges[3])]
    return {k: Rect(x0, y0, x1 - x0, y1 - y0) for k, (x0, y0, x1, y1) in spans.items()}


def container_rects(index: TreeIndex, container: Container, wanted: tuple[str, ...]) -> list[Rect]:
    """Rects of elements that are themselves such containers (a dialog element named "Confirm" ...).

    Used when the driver reports no ``context`` (Android, desktop): containment is then geometric.
    """
    if container.kinds is None:
        return []
    out = []
    for role in container.kinds:
        for i in index.by_role.get(role, ()):
            e = index.elements[i]
            if e.rect is None:
                continue
            if wanted and not any(_name_matches(wanted, f.tokens) and (not container.exact or _holds(f.tokens, wanted))
                                  for f in index.fields[i]):  # fmt: skip
                continue  # a quoted name is a literal: "Artcles" is not the "Articles" list
            out.append(e.rect)
    return out


def inside(rect: Rect | None, boxes: list[Rect]) -> bool:
    if rect is None:
        return False
    return any(b.contains(rect.center_x, rect.center_y) for b in boxes)


# How far below or above a collection its count or page line may stand (a line and a half of text, a margin).
_COUNT_LINE_GAP = 48.0


# The controls of a pager: "Next page", "Previous page", "Rows per page", "Go to last page", "Older".
_PAGER = re.compile(r"\b(?:next|previous|prev|first|last)\s+page\b|\bper\s+page\b|^\s*(?:next|previous|prev|older|newer)\s*$",
                    re.IGNORECASE)


def count_line(text: str, rect: Rect | None, boxes: list[Rect]) -> bool:
    """Whether a text with a number in it ("25 products", "1-6 of 6", "Page 2 of 3"), or a control of a pager ("Next
    page", "Rows per page"), stands right under one of ``boxes`` (collections: lists, tables), across its width: the
    collection's own count or page line, which a person reads as part of it ("the list says 25 products", "the next
    page of the table") though the page draws it outside. A title over a collection is not: it names the collection
    rather than being in it."""
    if rect is None or not (any(ch.isdigit() for ch in text) or _PAGER.search(text)):
        return False
    for b in boxes:
        across = rect.x < b.x + b.width and b.x < rect.x + rect.width
        if across and -2 <= rect.y - (b.y + b.height) <= _COUNT_LINE_GAP:
            return True
    return False


def context_extents(index: TreeIndex, kinds: frozenset[str], wanted: tuple[str, ...]) -> list[Rect]:
    """The boxes of the containers of ``kinds`` (named ``wanted``, if said) as their members span them: a
    container the page reports only as the context of what it holds has no box of its own."""
    spans: dict[str, list[float]] = {}
    for e in index.elements:
        if e.rect is None:
            continue
        for entry in e.context:
            kind, _, have = entry.partition(":")
            if kind not in kinds or (wanted and not _name_matches(wanted, tokens(loose_form(have)))):
                continue
            r, box = e.rect, spans.get(entry)
            edges = [r.x, r.y, r.x + r.width, r.y + r.height]
            spans[entry] = edges if box is None else [min(box[0], edges[0]), min(box[1], edges[1]),
                                                      max(box[2], edges[2]), max(box[3], edges[3])]
    return [Rect(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in spans.values()]


_LANDMARKS = frozenset({"main", "complementary", "navigation", "banner", "contentinfo", "dialog", "alertdialog"})


def same_landmark(index: TreeIndex, a: int, b: int) -> bool:
    """Whether two elements are in the same landmark of the page (both in none counts as the same): a text in a
    side panel and a button in the main area are on no row together, whatever their height."""

    def mark(i: int) -> str:
        return next((c for c in index.elements[i].context if c.partition(":")[0] in _LANDMARKS), "")

    return mark(a) == mark(b)


def same_band(rect: Rect | None, anchors: list[Rect]) -> bool:
    """Whether ``rect`` is on the same horizontal line as one of ``anchors`` (a table row without context); a
    thing the page does not draw (no size) is on no line."""
    if rect is None or _undrawn(rect):
        return False
    cy = rect.y + rect.height / 2
    return any(a.y - 4 <= cy <= a.y + a.height + 4 for a in anchors)


def same_column(rect: Rect | None, anchors: list[Rect]) -> bool:
    """Whether the middle of ``rect`` is straight above or below one of ``anchors`` (within its width)."""
    if rect is None:
        return False
    cx = rect.x + rect.width / 2
    return any(a.x - 4 <= cx <= a.x + a.width + 4 for a in anchors)


def _gaps(a: Rect, b: Rect) -> tuple[float, float]:
    dx = max(0.0, b.x - (a.x + a.width), a.x - (b.x + b.width))
    dy = max(0.0, b.y - (a.y + a.height), a.y - (b.y + b.height))
    return dx, dy


def position(kind: str, rect: Rect, anchor: Rect) -> float | None:
    """How close ``rect`` is to ``anchor`` in the direction ``kind``, in (0, 1]; None if not in that direction.

    "near" weighs vertical distance double so the checkbox on the same line wins over the one
    on the next line; "below"/"above" weigh horizontal offset half.
    """
    dx, dy = _gaps(rect, anchor)
    acx, acy = anchor.x + anchor.width / 2, anchor.y + anchor.height / 2
    cx, cy = rect.x + rect.width / 2, rect.y + rect.height / 2
    if kind == "near":
        distance = math.hypot(dx, 2 * dy)
    elif kind == "below":
        if cy <= anchor.y + anchor.height - 2 or cy <= acy:
            return None
        distance = dy + 0.5 * dx
    elif kind == "above":
        if cy >= anchor.y + 2 or cy >= acy:
            return None
        distance = dy + 0.5 * dx
    elif kind in ("left", "right") and dy > 3 * max(anchor.height, rect.height, 40):
        return None  # far below or above the anchor's line: that is below or above it, not beside it
    elif kind == "left":
        if cx >= anchor.x + 2 or cx >= acx:
            return None
        distance = dx + 2 * dy + (40 if dy > 0 else 0)  # off the anchor's line: much farther
    elif kind == "right":
        if cx <= anchor.x + anchor.width - 2 or cx <= acx:
            return None
        distance = dx + 2 * dy + (40 if dy > 0 else 0)
    else:
        return None
    return 40.0 / (40.0 + distance)


def _undrawn(rect: Rect) -> bool:
    return rect.width <= 0 and rect.height <= 0


def label_gap(rect: Rect, label: Rect) -> float | None:
    """Pixels between a control and a text that visually labels it (beside it on its line,
    or just above it), or None when the text is not placed like a label (or either has no size: a thing the
    page does not draw is beside nothing)."""
    if _undrawn(rect) or _undrawn(label):
        return None
    dx, dy = _gaps(rect, label)
    cy, ly = rect.y + rect.height / 2, label.y + label.height / 2
    if abs(cy - ly) <= max(rect.height, label.height) / 2 + 4 and dx <= 60:
        return dx
    # Just above and starting where the control starts (a caption over a field).
    if label.y + label.height <= rect.y + 2 and dy <= 30 and abs(label.x - rect.x) <= 12:
        return dy + 30  # a caption above reads as a label less surely than text on the same line
    return None


def distance(a: Rect, b: Rect) -> float:
    """Pixels between two boxes (0 when they touch or overlap)."""
    dx, dy = _gaps(a, b)
    return math.hypot(dx, dy)


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def by_head_noun(index: TreeIndex, container: Container) -> list[Container]:
    """"the flow editor" where no container holds every word said: the containers whose names end in the
    head noun ("red ui editor", an id), read as the named one. The words before the head noun only describe
    it. Quoted names stay exact. A caller that needs one container takes a single answer only."""
    wanted = container_tokens(container)
    if container.exact or container.ordinal is not None or len(wanted) < 2:
        return []
    head = _stem(wanted[-1])
    found = sorted({have for kind, have in index.distinct_contexts()
                    if have and _stem(have[-1]) == head and (container.kinds is None or kind in container.kinds)})  # fmt: skip
    return [Container(container.kinds, " ".join(have), None, False) for have in found]


_ITEMS = frozenset({"listitem", "row", "article"})


def item_of(index: TreeIndex, container: Container, headed: Container) -> Container | None:
    """ "the physiotherapy visit" read as the list "Recent visits" (:func:`by_head_noun`): the head noun said in the
    singular where the list says it in the plural names one of its items, the one whose text holds the other words
    (None when the head noun is said as the list says it, or no single item holds them)."""
    wanted, have = container_tokens(container), tokens(loose_form(headed.name))
    if len(wanted) < 2 or not have or wanted[-1] == have[-1] or not plural_pair(wanted[-1], have[-1]) or \
            not have[-1].startswith(wanted[-1][:3]) or len(have[-1]) <= len(wanted[-1]):
        return None
    item = Container(_ITEMS, " ".join(wanted[:-1]))
    words = set(container_tokens(item))
    named = {entry for kind, entry in index.distinct_contexts() if kind in _ITEMS and words <= set(entry)}
    return item if words and len(named) == 1 else None


_DIALOGS = frozenset({"dialog", "alertdialog"})
_POPUPS = frozenset({"listbox", "menu"})
_POPUP_ROLES = frozenset({"option", "menuitem", "menuitemradio", "menuitemcheckbox"})


def popup_over(index: TreeIndex, i: int, container: Container, wanted: tuple[str, ...]) -> str | None:
    """A list a control in the dialog opened, drawn by the page outside the dialog's own markup (at the end of
    the body, over everything) but over the dialog's box: it is the dialog's ("the "tom" option in the Add Member
    dialog"). An option or menu item in no dialog of its own whose box meets the dialog's."""
    if container.kinds is None or not container.kinds & _DIALOGS:
        return None
    e = index.elements[i]
    kinds = {c.partition(":")[0] for c in e.context}
    if e.rect is None or kinds & _DIALOGS or not (e.role in _POPUP_ROLES or kinds & _POPUPS):
        return None
    r = e.rect
    for box in context_extents(index, container.kinds & _DIALOGS, wanted):
        if r.x < box.x + box.width and box.x < r.x + r.width and r.y < box.y + box.height and box.y < r.y + r.height:
            return "a list opened over the dialog"
    return None


_RECORDS = frozenset({"row", "listitem"})


def kind_word_off(index: TreeIndex, container: Container, wanted: tuple[str, ...]) -> Container | None:
    """ 'the "–" button in the Owner filter row': a row named by its key and the kind of thing it is (a filter, a
    setting), a last word no row says: the row named by the other words, when one does. None otherwise."""
    if container.exact or container.ordinal is not None or not container.kinds or not container.kinds & _RECORDS:
        return None
    words = container.name.split()
    if len(wanted) < 2 or len(words) < 2 or not words[-1].isalpha() or not words[-1].islower():
        return None
    if any(wanted[-1] in have for kind, have in index.distinct_contexts() if kind in container.kinds):
        return None
    bare = replace(container, name=" ".join(words[:-1]), outer=None)
    return bare if any_context_matches(index, bare, container_tokens(bare)) else None


def number_keyed_row(index: TreeIndex, container: Container) -> Container | None:
    """ "the row for document 13" where no row says "document": the one row with a cell that is the number 13 (its
    id), as the container; None when no row, or several, has such a cell, or a row says the noun."""
    words = container.name.split()
    if container.exact or container.ordinal is not None or not container.kinds or not container.kinds & _RECORDS:
        return None
    if len(words) != 2 or not words[0].isalpha() or not words[0].islower() or not words[1].isdigit():
        return None
    noun, number = words
    if any(noun in have or f"{noun}s" in have for kind, have in index.distinct_contexts() if kind in container.kinds):
        return None
    rows = {c.partition(":")[2] for e in index.elements for c in e.context
            if c.partition(":")[0] in container.kinds and number in (cell.strip() for cell in c.partition(":")[2].split("|"))}
    if len(rows) != 1:
        return None
    return replace(container, name=rows.pop(), outer=None)


_ENTRIES = frozenset({"article"})  # an entry of a list drawn as a block of lines (a card, a post, a file's entry)


def entry_for_row(index: TreeIndex, candidates: list[int], container: Container, wanted: tuple[str, ...]
                  ) -> Container | None:
    """'the "a.gcode" row of the Files panel' on a list drawn as entries of several lines (each an article the
    snapshot marks): the entry named so, when it holds a candidate and no table row or list item named so does
    (one may elsewhere, hidden in a menu). None otherwise."""
    if not container.name or not container.kinds or "row" not in container.kinds:
        return None
    if any(in_context(index, i, container, wanted) is not None for i in candidates):
        return None
    entry = replace(container, kinds=_ENTRIES)
    if any(in_context(index, i, entry, wanted) is not None for i in candidates):
        return entry
    return None
