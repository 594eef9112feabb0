"""Position claims in checks: where quoted texts stand in a list, table or grid (``web.verify_order``).

- '"A" should be listed first', '"A" should be the first row', '"A" should be at the top of the list',
  '"A" should come first': A is its list's first item ("last", "at the bottom": the last one);
- '"A" should appear above "B"', '"A" should come before "B"', '"B" should be listed after "A"': A before B;
- '"A", "B" and "C" should be listed in this order': each before the next;
- '"A" should be the first row and "B" the last': both places, each checked (the noun is shared).

The list is the one that holds the texts; a holder named by its kind alone ("in the list", "of the table")
says no more than that. A holder with a name of its own ("in the Tasks list") is not read here: its words
would be dropped, so the accounting refuses such a step. A negated position claim is refused: what "not"
reaches ("not first", "not above B") is checked by no tool.
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, NoParse, is_value_list, set_aside, strip_words, value_list
from tapwright.planners.rules._counts import count_of
from tapwright.planners.rules._lexicon import ORDINALS
from tapwright.planners.rules._tokens import Token

_FIRST = {"first", "top", "start", "beginning"}
_LAST = {"last", "bottom", "end"}
_SHOWN = {"listed", "shown", "displayed", "placed", "sorted", "ranked", "positioned", "located", "now", "still"}
_BEFORE = {("before",), ("above",), ("ahead", "of"), ("higher", "than"), ("over",)}
_AFTER = {("after",), ("below",), ("under",), ("beneath",), ("behind",), ("lower", "than")}
# A holder named by its kind only: "first in the list", "at the top of the table".
_HOLDERS = {"list", "table", "grid", "results", "rows", "items", "entries", "page", "column", "listing", "tree"}
_VERBS = {"be", "appear", "come", "sit", "stay", "remain", "show"}
_IN_ORDER = [["in", "this", "order"], ["in", "that", "order"], ["in", "order"], ["in", "the", "order", "given"],
             ["in", "the", "same", "order"], ["in", "the", "given", "order"]]  # fmt: skip


def _holder_tail(words: list[str]) -> bool:
    """ "", "in the list", "of the table", "on the page": nothing, or a holder named by its kind alone."""
    if not words:
        return True
    if words[0] not in ("in", "of", "on", "within") or len(words) < 2:
        return False
    rest = words[1:]
    if rest[0] == "the":
        rest = rest[1:]
    return len(rest) == 1 and rest[0] in _HOLDERS


def _named_holder(words: list[str]) -> bool:
    """Whether the words are a place followed by a holder with a name ("first in the Tasks list")."""
    k = next((i for i, w in enumerate(words) if w in ("in", "of", "within") and i > 0), -1)
    return k > 0 and place(words[:k]) is not None and not _holder_tail(words[k:])


def _at(word: str) -> str | int | None:
    """ "first", "last", or the position an ordinal says ("fifth", "3rd": 5, 3)."""
    if word in ("first", "last"):
        return word
    n = ORDINALS.get(word)
    return n if n is not None and n > 1 else None


def place(words: list[str]) -> str | int | None:
    """ "first", "last" or a position (2 ...) from a predicate's words ("listed first", "the first row", "at the
    top of the list", "the fifth vet"); None when they say something else."""
    while words and words[0] in _SHOWN:
        words = words[1:]
    if len(words) >= 1 and _at(words[0]) is not None and _holder_tail(words[1:]):
        return _at(words[0])
    if len(words) >= 2 and words[0] == "the" and (_at(words[1]) is not None or words[1] == "very"):
        body = words[2:] if words[1] != "very" else words[3:]
        which = _at(words[1]) if words[1] != "very" else (words[2] if len(words) > 2 and words[2] in ("first", "last") else None)
        if which is None:
            return None
        if body and body[0] not in ("in", "of", "on", "within"):
            body = body[1:]  # the noun: "the first row", "the last entry", "the fifth vet"
        return which if _holder_tail(body) else None
    if len(words) >= 3 and words[0] in ("at", "on") and words[1] == "the" and (words[2] in _FIRST or words[2] in _LAST):
        return ("first" if words[2] in _FIRST else "last") if _holder_tail(words[3:]) else None
    if words[:2] == ["on", "top"] and _holder_tail(words[2:]):
        return "first"
    return None


def held_at(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the Vets list should contain "A" as the fifth vet': A is in the subject, at that place among its items."""
    if neg or verb not in ("contain", "list", "show", "include", "have") or len(rest) < 4 or not rest[0].is_value:
        return None
    if rest[1].low != "as" or any(t.is_value for t in rest[1:]) or not subject:
        return None
    where = place([t.low for t in rest[2:]])
    if where is None:
        return None
    return [Action("verify_visible", {"target": f'"{rest[0].value}" in the {c.text(strip_words(subject, lead=("the",)))}'}),
            Action("verify_order", {"texts": [rest[0].value], "at": where})]


def _in_named_holder(text: str, rest: list[Token]) -> list[Action]:
    """ '"A" should be the fifth vet in the Vets list': the text is in that list (found by its name), and it is
    its list's fifth item."""
    k = next(i for i, t in enumerate(rest) if t.low in ("in", "of", "within") and i > 0)
    where = place([t.low for t in rest[:k]])
    holder = [t for t in rest[k + 1 :] if t.low != "the"]
    if where is None or len(holder) < 2 or holder[-1].low not in _HOLDERS:
        raise NoParse("a place in a list said so is not read: say '\"A\" should be listed first in the Tasks list'", "state")
    named = " ".join(t.text for t in holder)
    return [Action("verify_visible", {"target": f'"{text}" in the {named}'}),
            Action("verify_order", {"texts": [text], "at": where})]


def _relation(rest: list[Token]) -> tuple[str, str] | None:
    """("before" | "after", the other text) of 'listed above "B"', 'before "B"'; None otherwise."""
    if len(rest) < 2 or not rest[-1].is_value or any(t.is_value for t in rest[:-1]):
        return None
    words = [t.low for t in rest[:-1]]
    while words and words[0] in _SHOWN:
        words = words[1:]
    if words and words[-1] == "the":
        return None
    if tuple(words) in _BEFORE:
        return "before", rest[-1].value
    if tuple(words) in _AFTER:
        return "after", rest[-1].value
    return None


def ordered(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """The ``verify_order`` checks of a position claim about quoted texts; None for any other claim."""
    spanned = None if neg else _from_to(c, subject, verb, rest)
    if spanned is not None:
        return spanned
    if verb not in _VERBS or not subject or not all(t.is_value or t.kind == "comma" or t.low == "and" for t in subject):
        return None
    texts = value_list(subject)
    if len(texts) > 1 and not is_value_list(subject):
        return None
    actions = _claims(texts, rest)
    if actions is not None and neg:
        raise NoParse("a negated position ('should not be first', 'not above') is checked by no tool: say where it "
                      "should be", "state")  # fmt: skip
    return actions


def _claims(texts: list[str], rest: list[Token]) -> list[Action] | None:
    words = [t.low for t in rest]
    if len(texts) > 1:
        body = [w for w in words if w not in _SHOWN]
        return [Action("verify_order", {"texts": texts})] if body in _IN_ORDER else None
    if not any(t.is_value for t in rest):
        where = place(words)
        if where is None and _named_holder(words):
            return _in_named_holder(texts[0], rest)
        return None if where is None else [Action("verify_order", {"texts": texts, "at": where})]
    related = _relation(rest)
    if related is not None:
        how, other = related
        return [Action("verify_order", {"texts": [texts[0], other] if how == "before" else [other, texts[0]]})]
    return _two_places(texts[0], rest)


def _two_places(text: str, rest: list[Token]) -> list[Action] | None:
    """ '"A" should be the first row and "B" the last': "and", a second text and its place (the noun shared)."""
    k = next((i for i, t in enumerate(rest) if t.low == "and"), -1)
    if k <= 0 or k + 2 > len(rest) or not rest[k + 1].is_value or any(t.is_value for t in rest[k + 2 :]):
        return None
    first = [t.low for t in rest[:k]]
    second = [t.low for t in rest[k + 2 :]]
    where = place(first)
    if where is None:
        return None
    noun = first[2:3] if first[:1] == ["the"] and len(first) >= 3 and first[1] in ("first", "last") else []
    other = place(second) or place(second + noun)
    if other is None:
        return None
    return [Action("verify_order", {"texts": [text], "at": where}),
            Action("verify_order", {"texts": [rest[k + 1].value], "at": other})]  # fmt: skip


def _from_to(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the package list should show 6 packages, from "A" at the top to "B" at the bottom': that many of them in
    the subject, A shown in it and the first, B shown in it and the last; None for any other claim."""
    if verb not in ("show", "list", "contain", "have", "display") or not subject or any(t.is_value for t in subject):
        return None
    i = next((k for k, t in enumerate(rest) if t.low == "from"), -1)
    head = rest[: i - 1] if i > 0 and rest[i - 1].kind == "comma" else rest[:i]
    tail = rest[i + 1 :]
    j = next((k for k, t in enumerate(tail) if t.low == "to"), -1)
    if i < 1 or j < 1 or j + 1 >= len(tail) or not tail[0].is_value or not tail[j + 1].is_value:
        return None
    top, bottom = [t.low for t in tail[1:j]], [t.low for t in tail[j + 2 :]]
    if place(top or ["first"]) != "first" or place(bottom or ["last"]) != "last":
        return None
    counted = count_of(c, head, subject)
    if counted is None:
        return None
    set_aside([t for t in rest[len(head) :] if not t.is_value])  # "from", "at the top", "to": where each one is
    holder = c.text(strip_words(subject, lead=("the",)))
    first, last = tail[0].value, tail[j + 1].value
    return [counted, Action("verify_visible", {"target": f'"{first}" in the {holder}'}),
            Action("verify_order", {"texts": [first], "at": "first"}),
            Action("verify_visible", {"target": f'"{last}" in the {holder}'}),
            Action("verify_order", {"texts": [last], "at": "last"})]
