"""A last word of a description that says what kind of thing the target is, by the name of the list it is in.

"the Drafts folder" is the link "Drafts" in the navigation named "Folders"; "the Books category" the item "Books"
in the list "Categories". An item of a tree is named by the kind of node it is whatever the tree's name: "the
Documents folder" is an item that opens and closes (a branch), "the report.txt file" one that does not (a leaf),
"the Billing node" either. Such a word is in no name of the thing itself, so the text score misses a word and the
element falls below the bar. When the word is one word of the name of a list, menu, tab strip or navigation the
element is in (singular or plural alike, or misspelt: "the #design chanel"), the rest of the description is scored against the element alone, at a
slightly lower weight (:data:`KIND_WEIGHT`, so an element named with the word too still wins).
"""

from __future__ import annotations

from tapwright.locator.index import Field, TreeIndex
from tapwright.locator.text import is_typo, phrase_score, plural_pair, typo_limit

KIND_WEIGHT = 0.95
# Containers whose name says what they hold: a list of folders, a menu of actions, a strip of tabs.
_LISTING = frozenset({"navigation", "list", "listbox", "menu", "menubar", "tablist", "toolbar", "tree", "radiogroup"})


def _names_kind(word: str, name_word: str, limit: int) -> bool:
    """Whether a word of a container's name is the kind word, in either number or misspelt ("chanel" for "Channels")."""
    return name_word == word or plural_pair(word, name_word) or bool(
        limit and (is_typo(word, name_word, limit) or is_typo(word + "s", name_word, limit)))


# The kinds of a tree's nodes: a branch (it opens and closes), a leaf (it does not), either.
_BRANCH_WORDS = frozenset({"folder", "directory", "dir"})
_LEAF_WORDS = frozenset({"file", "document"})
_NODE_WORDS = frozenset({"node", "item", "entry"})


def _tree_kind(index: TreeIndex, i: int, kind: str) -> str | None:
    """The holder named for a tree item ``i`` that ``kind`` says the kind of; None when it is no tree item of it."""
    e = index.elements[i]
    if e.role != "treeitem":
        return None
    branch = e.state.expanded is not None
    if kind in _NODE_WORDS or (kind in _BRANCH_WORDS and branch) or (kind in _LEAF_WORDS and not branch):
        return "tree"
    return None


def with_kind(index: TreeIndex, i: int, toks: tuple[str, ...], fields: tuple[Field, ...], t: float,
              reason: str) -> tuple[float, str]:  # fmt: skip
    """(score, reason) of element ``i`` with the description's last word read as its kind when a container it is
    in is named by that word, or when it is a tree's item of that kind; the score given otherwise."""
    if len(toks) < 2 or len(toks[-1]) < 3:
        return t, reason
    kind, limit = toks[-1], typo_limit(toks[-1])
    holder = next((" ".join(name) for k, _, name in index.contexts(i)
                   if k in _LISTING and any(_names_kind(kind, n, limit) for n in name)), None)  # fmt: skip
    if holder is None:
        holder = _tree_kind(index, i, kind)
    if holder is None:
        return t, reason
    rest = toks[:-1]
    loose = " ".join(rest)
    best, how = 0.0, ""
    for f in fields:
        s, kind_of_match = phrase_score(loose, loose, rest, f.raw, f.loose, f.tokens)
        if s * f.weight > best:
            best, how = s * f.weight, f"{f.kind} {kind_of_match} {f.raw[:60]!r}"
    if best * KIND_WEIGHT <= t:
        return t, reason
    return best * KIND_WEIGHT, f"{how}, a {toks[-1]} of the {holder!r} list"
