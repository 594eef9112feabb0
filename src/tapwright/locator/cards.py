"""A card named by its title: 'the "Cosmos" card', 'the card "Cosmos"', 'a card for the room "Cosmos"'.

A card is a box that shows a title and more under it (a room's floor and seats, a product's price): drawn as a
clickable box (a button or link holding all its lines), or as a container (an article, list item, group or
region) whose first line is its title. People name it by the title, so the candidates are the boxes whose shown
words *begin* with the title's words and go on with more, and the card containers whose name does, taken through
their title line (a check aimed at it then reads the whole box). Several such boxes are AMBIGUOUS, as always.

Words between "for" and the quoted title ("the room" in 'a card for the room "Cosmos"') say what the title is;
they count only when the page shows that word of kind (a heading, a caption, any text holding it, "Rooms"),
else the reading is refused: no word is dropped unchecked.
"""

from __future__ import annotations

from tapwright.locator.index import TreeIndex
from tapwright.locator.query import Query
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form, stem, tokens

CARD_NOUNS = frozenset({"card", "tile"})
_BOXES = frozenset({"button", "link", "article", "listitem", "group", "region", "gridcell"})
_CONTAINERS = frozenset({"article", "listitem", "group", "region"})
_FILLERS = frozenset({"the", "a", "an"})
_MIN_HEIGHT = 36  # a card holds at least two lines; a one-line button that begins with the title is no card


def card(index: TreeIndex, q: Query) -> list[Scored] | None:
    """Candidates for a card named by its title, or None when the description is not of that shape (or the
    words beside the title are not shown to be its kind)."""
    named = _title(index, q)
    if named is None:
        return None
    title, why = named
    want = tuple(tokens(loose_form(title)))
    out: list[Scored] = []
    for i, e in enumerate(index.elements):
        if not e.state.visible or e.rect is None:
            continue
        shown = tuple(tokens(loose_form(e.name or e.text)))
        if e.role in _BOXES and e.rect.height >= _MIN_HEIGHT and len(shown) > len(want) and shown[: len(want)] == want:
            out.append(Scored(i, 1.0, 1.0, [f"a card titled {title!r}{why}"], 1.0))
            continue
        if shown != want:
            continue
        for entry in reversed(e.context):  # the title line of a card container: its name begins with the title
            kind, _, label = entry.partition(":")
            have = tuple(tokens(loose_form(label)))
            if kind in _CONTAINERS and len(have) > len(want) and have[: len(want)] == want:
                out.append(Scored(i, 1.0, 1.0, [f"the title of a card ({kind}) titled {title!r}{why}"], 1.0))
                break
    return out


def _title(index: TreeIndex, q: Query) -> tuple[str, str] | None:
    """(title, why the other words are accounted for) of a description that names a card by its title."""
    said = tuple(w for w in tokens(loose_form(q.text)) if w not in _FILLERS)
    if len(q.quoted) == 1 and q.relation is None:
        name = tuple(tokens(loose_form(q.quoted[0])))
        rest = [w for w in said if w not in name] if said[: len(name)] == name or said[-len(name):] == name else None
        if rest is not None and len(rest) == 1 and rest[0] in CARD_NOUNS:
            return q.quoted[0], ""
        return None
    rel = q.relation
    if rel is None or rel.kind != "for" or rel.container is None or not rel.container.exact or not rel.container.name:
        return None
    if len(said) != 1 or said[0] not in CARD_NOUNS:
        return None
    title = rel.container.name
    kind = [w for w in tokens(loose_form(rel.anchor)) if w not in _FILLERS and w not in tokens(loose_form(title))]
    if not kind:
        return title, ""
    if len(kind) == 1 and _shown(index, kind[0]):
        return title, f" (the page shows {kind[0]!r})"
    return None


def _shown(index: TreeIndex, word: str) -> bool:
    """Whether some text on the page holds ``word`` in some form ("room" in a heading "Rooms")."""
    root = stem(word) or word
    return any((stem(w) or w) == root for e in index.elements for w in tokens(loose_form(e.name or e.text)))
