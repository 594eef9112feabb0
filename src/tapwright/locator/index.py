"""A per-tree index: every element's texts normalized once, and token postings for a cheap prefilter.

Ranking a 12,000-element page must not normalize 12,000 names per query, so the
index is built once per UiTree and kept in a small LRU keyed by ``id(tree)`` (the
tree itself is held so the id cannot be reused while the entry lives; UiTree has
slots and no ``__weakref__``).
"""

from __future__ import annotations

import bisect
import itertools
import re
import threading
from collections import OrderedDict
from typing import NamedTuple

from tapwright.core.element import Element, UiTree
from tapwright.locator.text import ARTICLES, PUNCT_ASCII, exact_form, loose_form, normalize, split_camel, tokens
from tapwright.locator.vocab import LABELABLE

# Attributes that name an element, best first: (key, weight, split identifiers). The accessible
# name and label are what a person reads; ids and test ids are what a developer writes; ``near``
# is the text before an unlabelled field. Kept in weight order so no per-element sort is needed.
ATTR_FIELDS: tuple[tuple[str, float, bool], ...] = (
    ("label", 1.0, False),
    ("label_title", 1.0, False),
    ("content_desc", 1.0, False),
    ("placeholder", 0.92, False),
    ("title", 0.9, False),
    ("alt", 0.9, False),
    ("test_id", 0.9, True),
    ("near", 0.86, False),
    ("icon", 0.85, True),
    ("id", 0.85, True),
    ("resource_id", 0.85, True),
    ("name", 0.84, True),
    ("cls", 0.8, True),
)
NAME_WEIGHT, TEXT_WEIGHT, VALUE_WEIGHT, TYPE_WEIGHT = 1.0, 0.97, 0.7, 0.8
# Input types that say what a field is for ("Email" finds <input type=email>).
_TELLING_TYPES = frozenset({"email", "password", "search", "tel", "url", "number", "date", "time", "datetime-local",
                            "month", "week", "color", "file", "range"})  # fmt: skip
_CACHE_SIZE = 8


class Field(NamedTuple):
    """One normalized text of an element (a tuple: thousands are built per snapshot)."""

    kind: str
    raw: str
    loose: str
    tokens: tuple[str, ...]
    weight: float


# A number in brackets at either end of a name is a count or an id the page shows with it ("Inbox (3)",
# "{7} My Tickets"), not part of what a person calls the thing; so is a unit in brackets at its end ("Fee (€)",
# "Weight (kg)", "Price (USD)": "the fee" is that column).
_DECORATION = re.compile(r"^\s*[\[{(]\d+[\]})]\s+|\s+[\[{(]\d+[\]})]\s*$"
                         r"|\s+\((?:[^\w\s]{1,3}|%|[a-zA-Z]{1,3}|[A-Z]{3}|[a-z]{1,3}/[a-z]{1,3})\)\s*$")


def _texts(e: Element) -> list[tuple[str, float, str, bool]]:
    """(kind, weight, raw text, split identifiers) of every text that names ``e``, best first."""
    out = [("name", NAME_WEIGHT, e.name, False)] if e.name else []
    bare = _DECORATION.sub("", e.name) if e.name else ""
    if bare and bare != e.name:
        out.append(("name", NAME_WEIGHT, bare, False))  # "My Tickets" names "{7} My Tickets" as a whole
    if e.text and e.text != e.name:
        # Static text has no name: its text is what it is called.
        out.append(("text", TEXT_WEIGHT if e.name else NAME_WEIGHT, e.text, False))
    attrs = e.attrs
    if attrs:
        for key, weight, split in ATTR_FIELDS:
            raw = attrs.get(key)
            if raw:
                if key == "resource_id" and "/" in raw:
                    raw = raw.rsplit("/", 1)[1]
                out.append((key, weight, raw, split))
        kind = attrs.get("type")
        if kind in _TELLING_TYPES:
            out.append(("type", TYPE_WEIGHT, kind, False))
    # A password's value is a secret; other values (a chosen option, typed text) can identify a field.
    if e.value and e.value != e.name and attrs.get("type") != "password":
        out.append(("value", VALUE_WEIGHT, e.value, False))
    if len(out) > 1 and out[1][1] > out[0][1]:
        out.sort(key=lambda t: -t[1])  # a name-less text outranks nothing else; keep weight order
    return out


def element_fields(e: Element) -> tuple[Field, ...]:
    """The normalized texts of one element, best weight first, repeats (same loose form) dropped."""
    fields: list[Field] = []
    seen: set[str] = set()
    for kind, weight, raw, split in _texts(e):
        raw = raw[:300]
        loose, toks = normalize(raw, split_identifiers=split)
        key = loose or exact_form(raw)  # a symbol-only text ("+", "×") is kept by its exact form
        if key and key not in seen:
            seen.add(key)
            fields.append(Field(kind, raw, loose, toks, weight))
    return tuple(fields)


def _record(e: Element) -> str:
    """All of an element's texts in one string, identifiers already split, for bulk tokenizing."""
    parts = []
    for _, _, raw, split in _texts(e):
        raw = raw[:300]
        if split and not raw.islower():
            raw = split_camel(raw)
        parts.append(raw)
    return "\n".join(parts)


class _LazyFields:
    """``fields[i]``: element ``i``'s Fields, normalized on first use (most are never scored)."""

    __slots__ = ("_cache", "_elements")

    def __init__(self, elements: tuple[Element, ...]) -> None:
        self._elements = elements
        self._cache: list[tuple[Field, ...] | None] = [None] * len(elements)

    def __getitem__(self, i: int) -> tuple[Field, ...]:
        found = self._cache[i]
        if found is None:
            found = self._cache[i] = element_fields(self._elements[i])
        return found

    def __len__(self) -> int:
        return len(self._elements)


class TreeIndex:
    """Normalized fields, token postings, role postings and positions of one UiTree.

    Building it is the cost of the first query on a snapshot, so the postings come from one
    bulk lower-case/translate over all texts at once, and the per-element Fields are made lazily.
    """

    def __init__(self, tree: UiTree) -> None:
        self.tree = tree
        self.elements = tree.elements
        self.fields = _LazyFields(self.elements)
        self.postings: dict[str, list[int]] = {}
        self.by_role: dict[str, list[int]] = {}
        self.by_ref: dict[str, int] = {}
        for i, e in enumerate(self.elements):
            self.by_role.setdefault(e.role, []).append(i)
            self.by_ref.setdefault(e.ref, i)
        records = [_record(e) for e in self.elements]
        # One C-level pass for the ASCII majority; other records get the full Unicode treatment.
        lowered = "\0".join(records).lower().translate(PUNCT_ASCII).split("\0") if records else []
        if len(lowered) != len(records):  # a record held a NUL itself: do it one by one
            lowered = [r.lower().translate(PUNCT_ASCII) for r in records]
        postings = self.postings
        for i, (record, low) in enumerate(zip(records, lowered, strict=True)):
            words = low.split() if record.isascii() else [t for f in self.fields[i] for t in f.tokens]
            for t in words:
                posting = postings.get(t)
                if posting is None:
                    postings[t] = [i]
                elif posting[-1] != i:  # the same word twice in one element
                    posting.append(i)
        for article in ARTICLES:
            postings.pop(article, None)
        self._symbols: dict[str, list[int]] | None = None
        self._vocab: list[str] | None = None
        self._by_length: dict[int, list[str]] | None = None
        self._contexts: dict[int, tuple[tuple[str, str, tuple[str, ...]], ...]] = {}
        self._entries: dict[str, tuple[str, str, tuple[str, ...]]] = {}
        self._distinct: set[tuple[str, tuple[str, ...]]] | None = None
        self._labels: dict[str, bool] = {}

    @property
    def symbols(self) -> dict[str, list[int]]:
        """Exact forms of symbol-only texts ("+", "×") -> elements (built on the first such query)."""
        if self._symbols is None:
            symbols: dict[str, list[int]] = {}
            for i in range(len(self.elements)):
                for f in self.fields[i]:
                    if not f.tokens:
                        symbols.setdefault(exact_form(f.raw), []).append(i)
            self._symbols = symbols
        return self._symbols

    @property
    def vocab(self) -> list[str]:
        """All tokens, sorted (for prefix and typo expansion)."""
        if self._vocab is None:
            self._vocab = sorted(self.postings)
        return self._vocab

    def of_length(self, n: int) -> list[str]:
        """Tokens of the page with ``n`` characters (typo candidates are looked up by length)."""
        if self._by_length is None:
            by_length: dict[int, list[str]] = {}
            for token in self.postings:
                by_length.setdefault(len(token), []).append(token)
            self._by_length = by_length
        return self._by_length.get(n, [])

    def known_pair(self, a: str, b: str) -> bool:
        """Whether the words ``a b`` appear side by side in some text of the page.

        Answered from the postings of the two words, so nothing is built for it.
        """
        la, lb = loose_form(a).split(), loose_form(b).split()
        if not la or not lb:
            return False
        first, second = la[-1], lb[0]
        pa, pb = self.postings.get(first), self.postings.get(second)
        if not pa or not pb:
            return False
        both = set(pa).intersection(pb) if len(pa) < len(pb) else set(pb).intersection(pa)
        for i in both:
            for f in self.fields[i]:
                toks = f.tokens
                if any(x == first and y == second for x, y in itertools.pairwise(toks)):
                    return True
        return False

    def prefixed(self, prefix: str) -> list[str]:
        """Tokens of the page starting with ``prefix``."""
        vocab = self.vocab
        start = bisect.bisect_left(vocab, prefix)
        out = []
        for token in vocab[start : start + 64]:
            if not token.startswith(prefix):
                break
            out.append(token)
        return out

    def is_field_label(self, f: Field) -> bool:
        """Whether ``f``'s text is also the name, label or ``near`` text of a form control,
        i.e. most likely that control's label. Looked up through the postings, no full scan."""
        found = self._labels.get(f.loose)
        if found is None:
            found = False
            if f.tokens:
                ids = set(self.postings.get(f.tokens[0], ()))
                for t in f.tokens[1:]:
                    ids.intersection_update(self.postings.get(t, ()))
                found = any(
                    self.elements[i].role in LABELABLE and any(
                        g.loose == f.loose and g.kind in ("name", "label", "near") for g in self.fields[i])
                    for i in ids
                )  # fmt: skip
            self._labels[f.loose] = found
        return found

    def distinct_contexts(self) -> set[tuple[str, tuple[str, ...]]]:
        """Every (kind, name tokens) container of the page, once."""
        if self._distinct is None:
            entries = {c for e in self.elements for c in e.context}  # contexts repeat: hash them first
            entries.update(f"frame:{e.attrs['frame']}" for e in self.elements if "frame" in e.attrs)
            self._distinct = {(kind, toks) for kind, _, toks in map(self._entry, entries)}
        return self._distinct

    def _entry(self, entry: str) -> tuple[str, str, tuple[str, ...]]:
        parsed = self._entries.get(entry)
        if parsed is None:
            kind, _, name = entry.partition(":")
            parsed = self._entries[entry] = (kind.strip().lower(), entry, tokens(loose_form(name)))
        return parsed

    def contexts(self, i: int) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        """(kind, the entry as written, name tokens) of each container of element ``i``, outer to inner.

        A ``frame`` attribute counts as a ``frame:`` container so "in the payment frame" works
        whether or not the driver put the frame into ``context``.
        """
        cached = self._contexts.get(i)
        if cached is not None:
            return cached
        e = self.elements[i]
        entries = list(e.context)
        frame = e.attrs.get("frame")
        if frame and not any(c.startswith("frame:") for c in entries):
            entries.insert(0, f"frame:{frame}")
        result = tuple(map(self._entry, entries))
        self._contexts[i] = result
        return result


_cache: OrderedDict[int, TreeIndex] = OrderedDict()
_lock = threading.Lock()


def index_for(tree: UiTree) -> TreeIndex:
    """The (cached) index of ``tree``."""
    key = id(tree)
    with _lock:
        found = _cache.get(key)
        if found is not None and found.tree is tree:
            _cache.move_to_end(key)
            return found
    built = TreeIndex(tree)
    with _lock:
        _cache[key] = built
        _cache.move_to_end(key)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return built
