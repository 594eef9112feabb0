"""A claim added after a step's main one, rewritten as a clause of its own joined with "and".

- A relative clause on a noun: ``... in the orders list, which now says "11 orders"`` is also a check that
  the list says "11 orders" (a list, table or page's summary line is read on the page: it is seldom inside
  the list's own box); ``..., which shows "X"`` after a named element checks that element.
- A trailing absolute phrase: ``..., with "2 Items" shown`` is also a check that "2 Items" is shown.

Only a claim with a quoted value is split off; anything else is left for the grammar to take or refuse.
"""

from __future__ import annotations

from tapwright.planners.rules._lexicon import ARTICLES
from tapwright.planners.rules._tokens import Token, tokenize

# Verbs of saying or holding, as a relative clause has them, with the form after "should".
_SAYING = {"says": "say", "shows": "show", "reads": "read", "lists": "list", "displays": "display",
           "contains": "contain", "includes": "include", "has": "have", "mentions": "mention"}  # fmt: skip
_SOFT = frozenset({"now", "still", "also", "then", "already"})
_SHOWN = frozenset({"shown", "displayed", "visible", "showing"})
# Nouns whose summary line ("19 Items", "11 orders") a person reads as theirs, though the page draws it apart.
_HOLDERS = frozenset({"list", "table", "grid", "results", "listing", "page", "screen", "view", "overview"})
_OWNERS = ARTICLES | {"this", "that", "his", "her", "its", "their", "my", "our", "your"}
_MAX_ANTECEDENT = 5


def split_claims(text: str) -> str:
    """``text`` with each added claim rewritten as '... and <subject> should <verb> ...' (unchanged when none)."""
    toks = tokenize(text)
    for i, tok in enumerate(toks):
        if tok.kind != "comma" or i + 2 >= len(toks):
            continue
        rewritten = _relative(text, toks, i) or _absolute(text, toks, i)
        if rewritten is not None:
            return split_claims(rewritten)
    return text


def _relative(text: str, toks: list[Token], comma: int) -> str | None:
    if toks[comma + 1].low != "which":
        return None
    k = comma + 2
    while k < len(toks) and toks[k].low in _SOFT:
        k += 1
    if k + 1 >= len(toks) or toks[k].low not in _SAYING or not any(t.is_value for t in toks[k + 1 :]):
        return None
    subject = _antecedent(toks[:comma])
    if subject is None:
        return None
    added = f"{subject} should {_SAYING[toks[k].low]}"
    end = next((m for m in range(k + 1, len(toks)) if toks[m].kind == "comma"), None)
    if end is not None and end + 1 < len(toks):
        # 'the badge, which now shows "3", should be visible': the main clause goes on after the second comma.
        return f"{text[: toks[comma].start]} {text[toks[end].end :].strip()} and {added}{text[toks[k].end : toks[end].start]}"
    return f"{text[: toks[comma].start]} and {added}{text[toks[k].end :]}"


def _antecedent(left: list[Token]) -> str | None:
    """What a relative clause is about: the noun phrase just before the comma (a holder: the page)."""
    if not left:
        return None
    if left[-1].is_value:
        return left[-1].text
    start = next((k for k in range(len(left) - 1, -1, -1) if left[k].low in _OWNERS), None)
    if start is None or len(left) - start > _MAX_ANTECEDENT or any(t.kind != "word" for t in left[start + 1 :]):
        return None
    if left[-1].low in _HOLDERS:
        return "the page"
    return " ".join(["the", *(t.text for t in left[start + 1 :])])


def _absolute(text: str, toks: list[Token], comma: int) -> str | None:
    """', with "2 Items" shown' (at the end of the step, or before the next comma)."""
    j = comma + 1
    if toks[j].low != "with" or j + 2 >= len(toks) or not toks[j + 1].is_value or toks[j + 2].low not in _SHOWN:
        return None
    if j + 3 < len(toks) and toks[j + 3].kind != "comma":
        return None
    return f"{text[: toks[comma].start]} and {toks[j + 1].text} should be shown{text[toks[j + 2].end :]}"
