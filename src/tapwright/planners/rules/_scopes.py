"""The places a step names ("in the Ann row", "inside the Billing dialog", "under Shipping", "in the sidebar"),
and whether a plan written by someone else keeps them.

A place narrows what is acted on: "Click Delete in the Ann row" planned as a click on "Delete" alone
clicks whichever Delete the page shows first. A place is a phrase after "in", "inside", "within" or
"on" that holds a container word the locator knows (:data:`~tapwright.locator.vocab.CONTAINER_WORDS`,
:data:`~tapwright.locator.vocab.REGION_PHRASES`), or a heading's name after "under", "beneath"
or "underneath" (quoted or capitalised: "under Shipping", not "in under 5 seconds"). A plan keeps it when an argument that describes something (not a typed
value) holds the place's name words; a place with no name ("in the dialog", "in the sidebar") is kept
by its container word or another word for the same kind of container ("modal" for "dialog").

A place needs no container word when it is said by where it lies from a named thing ("next to Ann",
"below the Total", "to the left of "Email"", "beside Remember me"): a relation phrase of the locator
(:data:`~tapwright.locator.vocab.POSITION_PHRASES`) followed by an anchor with a name (a quoted value
or a capitalised word that is not a kind of control: "below the input" names no thing, and is not held).
It is kept, like a named container, when a description holds the anchor's name words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from tapwright.locator.vocab import CONTAINER_LINKS, CONTAINER_WORDS, POSITION_PHRASES, REGION_PHRASES, ROLE_PHRASES
from tapwright.planners.rules._lexicon import ARTICLES, NUMBER_WORDS, ORDINALS
from tapwright.planners.rules._tokens import Token, tokenize

_INTO = frozenset({"in", "inside", "within", "on"})  # a place only when a container word follows
_UNDER = frozenset({"under", "beneath", "underneath"})  # a heading names the place
# Where a place's phrase ends: a new clause, a purpose, another place or a relation.
_STOP = frozenset({"and", "then", "to", "so", "but", "before", "after", "when", "while", "if", "until", "once",
                   "next", "near", "beside", "above", "below", "left", "right", "into", "from", "at", "by",
                   "should", "must", "is", "are", "was", "were", "has", "have", "shows", "says"}) | _INTO | _UNDER  # fmt: skip
_SKIP = ARTICLES | {"this", "that", "same"}
# Relation leads, longest first; "under" and its kin already name a heading's place (_UNDER).
_RELATIONS = sorted((p for p in POSITION_PHRASES if p[-1] not in _UNDER), key=len, reverse=True)
_KIND_NOUNS = frozenset(w for phrase in ROLE_PHRASES for w in phrase) | frozenset(CONTAINER_WORDS)
_WORD = re.compile(r"[\w@#$%&+*/.:'’-]+", re.UNICODE)
_NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?(st|nd|rd|th)?$")


@dataclass(frozen=True, slots=True)
class Place:
    """One place a step names: its words as written, its name words and its container word (if any)."""

    phrase: str
    names: tuple[str, ...]
    kind: str | None


def places(step: str) -> list[Place]:
    """The places ``step`` names, in order."""
    tokens = tokenize(step)
    out: list[Place] = []
    skip_to = 0  # tokens inside a relation lead already read ("on the left of")
    for k, tok in enumerate(tokens):
        if k < skip_to:
            continue
        lead = _relation_at(tokens, k)
        if lead:
            skip_to = k + len(lead)
            anchor = _phrase(tokens[skip_to:])
            relation = _relation(lead, anchor, step) if anchor else None
            if relation is not None:
                out.append(relation)
            continue
        if tok.low not in _INTO | _UNDER:
            continue
        phrase = _phrase(tokens[k + 1 :])
        if not phrase:
            continue
        place = _place(tok.low, phrase, step)
        if place is not None:
            out.append(place)
    return out


def _phrase(tokens: list[Token]) -> list[Token]:
    out: list[Token] = []
    for tok in tokens:
        if tok.kind in ("comma", "semicolon") or tok.low in _STOP:
            break
        out.append(tok)
    return out


def _place(preposition: str, phrase: list[Token], step: str) -> Place | None:
    lows = [t.low for t in phrase]
    kind = next((w for w in lows if w in CONTAINER_WORDS), None)
    if kind is None:
        kind = next((f"{a} {b}" for a, b in pairwise(lows) if (a, b) in REGION_PHRASES), None)
    if kind is None and preposition not in _UNDER:
        return None
    kind_words = set(kind.split()) if kind else set()
    names: list[str] = []
    for t in phrase:
        if t.is_value:
            names.append(t.value)
        elif t.low and not _said_elsewhere(t.low) and t.low not in kind_words and t.low not in CONTAINER_LINKS:
            names.append(t.text.strip(".,!?:;").removesuffix("'s").removesuffix("’s"))
    if kind is None and not any(t.is_value or t.text[:1].isupper() for t in phrase if t.text.lower() not in _SKIP):
        return None  # "in under 5 seconds", "under pressure": no heading's name
    text = step[phrase[0].start : phrase[-1].end]
    return Place(f"{preposition} {text}", tuple(n for n in names if n), kind)


def _relation_at(tokens: list[Token], k: int) -> tuple[str, ...]:
    """The relation lead ("next to", "to the left of") that begins at ``tokens[k]``; () when none does."""
    lows = [t.low for t in tokens[k : k + 4]]
    return next((p for p in _RELATIONS if tuple(lows[: len(p)]) == p), ())


def _relation(lead: tuple[str, ...], anchor: list[Token], step: str) -> Place | None:
    """A place said by where it lies from a named thing; None when the anchor has no name."""
    names = [t.value if t.is_value else t.text.strip(".,!?:;").removesuffix("'s").removesuffix("’s") for t in anchor
             if t.is_value or (t.low and not _said_elsewhere(t.low) and t.low not in _KIND_NOUNS)]  # fmt: skip
    if not any(t.is_value or t.text[:1].isupper() for t in anchor if t.low not in _SKIP and t.low not in _KIND_NOUNS):
        return None  # "below the input", "over time": no thing named
    text = step[anchor[0].start : anchor[-1].end]
    return Place(f"{' '.join(lead)} {text}", tuple(n for n in names if n), None)


def _said_elsewhere(low: str) -> bool:
    """Articles, and numbers and ordinals (held to account in any of their forms by the word accounting)."""
    return low in _SKIP or low in ORDINALS or low in NUMBER_WORDS or bool(_NUMBER.match(low))


def dropped(step: str, described: Iterable[str]) -> list[str]:
    """The places of ``step`` that none of the ``described`` strings (descriptions, targets, scopes) keeps."""
    said = " \u0000 ".join(described).lower()
    words = set(_WORD.findall(said)) | {w.strip(".,!?:;'’") for w in _WORD.findall(said)}
    out: list[str] = []
    for place in places(step):
        if place.names:
            kept = all(_holds(said, words, name) for name in place.names)
        else:
            kept = place.kind is not None and _kind_said(place.kind, words)
        if not kept:
            out.append(place.phrase)
    return out


def _holds(said: str, words: set[str], name: str) -> bool:
    low = name.lower()
    return low in words or (" " in low and low in said)


def _kind_said(kind: str, words: set[str]) -> bool:
    if " " in kind:
        a, b = kind.split()
        wanted = REGION_PHRASES[(a, b)]
        return (a in words and b in words) or any(w in words for w, kinds in CONTAINER_WORDS.items() if kinds & wanted)
    wanted = CONTAINER_WORDS[kind]
    return any(w in words for w, kinds in CONTAINER_WORDS.items() if kinds & wanted)
