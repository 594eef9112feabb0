"""Several things named in one subject: 'the "Draft", "Paid" and "Void" checkboxes should be ticked', 'all five
Status checkboxes "A", "B", "C", "D" and "E" should be ticked'.

Each name is checked on its own (one element stands for one name; a description holding them all would let
whichever one is found stand for every one). A kind said once before or after the names is each name's; words
said before the kind qualify it ("Status checkboxes"). A number said with them must be how many names follow:
"all five" with four names is refused, never trimmed.
"""

from __future__ import annotations

from tapwright.planners.rules._ast import NoParse, is_value_list, set_aside, value_list
from tapwright.planners.rules._lexicon import NUMBER_WORDS
from tapwright.planners.rules._records import singular
from tapwright.planners.rules._tokens import Token

_LEADS = frozenset({"the", "all", "both", "each", "every"})
_MAX_KIND_WORDS = 3


def named_each(subject: list[Token]) -> tuple[str, list[str]] | None:
    """(kind, names) of a subject naming two or more things of one kind ('the "A" and "B" buttons'; kind "button",
    "" when none is said); None for any other subject."""
    i = 0
    while i < len(subject) and subject[i].low in _LEADS:
        i += 1
    count = _count(subject[i]) if i < len(subject) else None
    if count is not None:
        i += 1
    before: list[Token] = []
    while i < len(subject) and subject[i].kind == "word" and not subject[i].is_value:
        before.append(subject[i])
        i += 1
    j = i
    while j < len(subject) and (subject[j].is_value or subject[j].kind == "comma" or subject[j].low == "and"):
        j += 1
    names, after = subject[i:j], subject[j:]
    if not is_value_list(names) or (before and after):
        return None
    kind_words = before or after
    if len(kind_words) > _MAX_KIND_WORDS or any(not t.low.isalpha() for t in kind_words):
        return None
    if kind_words and singular(kind_words[-1].low) == kind_words[-1].low:
        return None  # the kind is said in the plural ("checkboxes"): one word alone is no kind of several
    values = value_list(names)
    if count is not None and count != len(values):
        raise NoParse(f"the step says {count:g} but names {len(values)}: say how many there are, or name each one")
    set_aside(subject[: len(subject) - len(names) - len(after) - len(before)])  # "all five": each of them, and how many
    kind = " ".join([*(t.text for t in kind_words[:-1]), singular(kind_words[-1].text)]) if kind_words else ""
    return kind, values


def _count(tok: Token) -> float | None:
    if tok.kind != "word":
        return None
    if tok.text.isdigit():
        return float(tok.text)
    n = NUMBER_WORDS.get(tok.low)
    return None if n is None or tok.low in ("a", "an", "half", "few", "couple") else float(n)
