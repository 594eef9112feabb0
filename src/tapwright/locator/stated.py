"""A kind of element named only by the state it is in: "the selected tab", "the checked radio button", "the
expanded folder", "the selected file".

Such a description has no words of a name: "selected" is no word of any tab's name, so the text score finds nothing,
or worse, something whose name happens to hold "selected". Read as a state and a kind, it means the visible elements
of that kind in that state: one is found, several are AMBIGUOUS, none is ELEMENT_NOT_FOUND saying so (read so
only where elements of that kind on the page say whether they are in that state). A check on
it then checks what the step says of the one in that state ("the selected file should be report.txt"). Where an
element of that kind is named with the word ("the Open button", "the Closed tab"), the word is its name instead.
"""

from __future__ import annotations

import re

from tapwright.core.element import Element
from tapwright.locator import vocab

# A state word -> (the ElementState field it reads, the value it wants).
STATE_WORDS: dict[str, tuple[str, bool]] = {
    "selected": ("selected", True), "current": ("selected", True), "active": ("selected", True),
    "highlighted": ("selected", True), "chosen": ("selected", True),
    "checked": ("checked", True), "ticked": ("checked", True),
    "unchecked": ("checked", False), "unticked": ("checked", False),
    "expanded": ("expanded", True), "open": ("expanded", True), "opened": ("expanded", True),
    "collapsed": ("expanded", False), "closed": ("expanded", False),
}  # fmt: skip
_LEADING = frozenset({"the", "a", "an", "currently", "now", "one"})
# Kinds of a collection's items, beyond the role words: a tree's branches and leaves, any list's entries.
_BRANCHES = frozenset({"folder", "directory"})
_LEAVES = frozenset({"file", "document"})
_ITEMS = frozenset({"item", "entry", "node"})
_ITEM_ROLES = frozenset({"treeitem", "option", "listitem", "row", "tab", "menuitem", "gridcell"})


def _item_word(kind: tuple[str, ...]) -> str | None:
    """The one word of a collection's item a kind is ("folders" -> "folder"), or None."""
    if len(kind) != 1:
        return None
    word = kind[0].removesuffix("s") if kind[0] not in _BRANCHES | _LEAVES | _ITEMS else kind[0]
    return word if word in _BRANCHES | _LEAVES | _ITEMS else None


def _of_kind(e: Element, kind: tuple[str, ...]) -> bool:
    roles = vocab.ROLE_PHRASES.get(kind)
    if roles is not None:
        return e.role in roles
    word = _item_word(kind)
    if word in _ITEMS:
        return e.role in _ITEM_ROLES
    if word in _BRANCHES:
        return e.role == "treeitem" and e.state.expanded is not None
    if word in _LEAVES:
        return e.role == "treeitem" and e.state.expanded is None
    return False


def reading(description: str) -> tuple[str, tuple[str, ...]] | None:
    """(the state word, the kind's words) when ``description`` is only a state word and a kind; else None."""
    words = list(re.findall(r"[\w'-]+", description.casefold()))
    while words and words[0] in _LEADING:
        words = words[1:]
    if len(words) < 2 or words[0] not in STATE_WORDS:
        return None
    kind = tuple(words[1:])
    return (words[0], kind) if kind in vocab.ROLE_PHRASES or _item_word(kind) is not None else None


def in_state(elements: tuple[Element, ...], description: str) -> tuple[list[int], str] | None:
    """The indices of the visible elements ``description`` names by state and kind, and how it reads them; None when
    it is not such a description."""
    read = reading(description)
    if read is None:
        return None
    word, kind = read
    field, wanted = STATE_WORDS[word]
    shown = [(i, e) for i, e in enumerate(elements) if e.state.visible and _of_kind(e, kind)]
    if any(word in re.findall(r"[\w'-]+", (e.name or e.text).casefold()) for _, e in shown):
        return None  # "the Open button", "the Closed tab": the word is a name on the page, not a state
    if not any(getattr(e.state, field) is not None for _, e in shown):
        return None  # "the open dialog": no element of the kind says it is in that state or not, so no reading by it
    return [i for i, e in shown if getattr(e.state, field) is wanted], f"the {word} {' '.join(kind)}"
