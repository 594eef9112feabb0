"""Finding a described element without a full snapshot, and proving it is the same element.

A full snapshot of a 12,000-control page costs far more than acting. For a plain
description ("Edit user 12 button", "Email field") the page script instead walks the
DOM once, numbering every element exactly as a full snapshot would, and reports in
full only the *candidates*: elements whose texts hold every significant word of the
description (as a word or the start of one), or whose whole text is the description,
plus unnamed form controls (the locator may name those by the text beside them).
The locator then runs on that partial tree.

The answer is accepted only when it is provably the one the full snapshot would give:

* the description has no relation, ordinal, colour or size words (those compare
  elements with the rest of the page) and is ASCII;
* no element left out can come close: it misses a significant word, so its text score
  is at most ``0.88 * (n - 0.2) / n`` for ``n`` query words (a typo counts 0.8 of a
  word, every other partial match less), plus at most the role bonus and the open
  dialog bonus; the winner must beat that by more than the locator's tie margin;
* the locator expands a query word to the page words it begins and, when there are
  none, to typos of it. The page reports every word starting with each query word, so
  the expansions seen from the partial tree are checked to match the page's;
* the winner is not static text (the locator lowers text that is only a form control's
  label, which depends on controls that may be left out).

Anything else falls back to the full snapshot, so the fast path can only be faster,
never different. ``tests/web/test_fastpath.py`` checks that against the locator
accuracy pages.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tapwright.drivers.web.snapshot import Snapshot
from tapwright.errors import ToolFailure
from tapwright.locator import Candidate, is_ref, is_selector, locate, parse, restated
from tapwright.locator.index import index_for
from tapwright.locator.pick import TIE
from tapwright.locator.text import FILLERS, compact, loose_form, tokens, typo_limit
from tapwright.locator.vocab import FOCUSED

# The locator's score parts this proof leans on (tapwright.locator.score): the best text
# score of a field missing words, the role bonus with and without a role asked for, the
# open-dialog bonus, the text score that lets a text name the control beside it, and how
# many page words a query word is expanded to.
_CONTAINED_MAX = 0.88
_TYPO_CREDIT = 0.8
_ROLE_BONUS, _INTERACTIVE_BONUS, _DIALOG_BONUS = 0.25, 0.05, 0.05
_VISUAL_LABEL_TEXT = 0.85
_PREFIX_CAP = 64
_SLACK = 0.01  # rounding room on top of the tie margin


@dataclass(frozen=True, slots=True)
class FastQuery:
    """What the page script needs for one description, and the bound on what it leaves out.

    Attributes:
        description: The description, as given.
        words: Significant words: a candidate holds every one of them.
        compacts: The description without spaces (with and without role words): a text equal
            to one of them is a candidate whatever its words.
        prefixes: Query words of 3+ characters, whose page-wide expansions are reported.
        typo_words: Query words long enough for typo matching.
        asks_role: Whether the description names a role ("button", "field").
        bound: The best score an element without every significant word can reach.
    """

    description: str
    words: tuple[str, ...]
    compacts: tuple[str, ...]
    prefixes: tuple[str, ...]
    typo_words: frozenset[str]
    asks_role: bool
    bound: float

    def script_args(self) -> dict[str, Any]:
        return {"words": list(self.words), "compact": list(self.compacts), "prefixes": list(self.prefixes)}


@lru_cache(maxsize=512)  # pure, and a test suite describes the same elements again and again
def plan(description: str) -> FastQuery | None:
    """The fast query for ``description``, or None when only a full snapshot can answer it."""
    text = description.strip()
    if not text or not text.isascii() or is_ref(text) or is_selector(text):
        return None
    if " ".join(text.lower().split()) in FOCUSED or restated.split(text) is not None:
        return None  # (a target said twice, in brackets: each half is looked for in the whole page)
    q = parse(text)  # without the page: fine, since nothing below depends on it (no modifiers)
    if q.relation is not None or q.ordinal is not None or q.colours or q.size is not None or q.alt_names or q.multiline:
        return None
    main = tokens(loose_form(q.text))
    whole = tokens(loose_form(q.full_text)) if q.full_text and q.full_text != q.text else ()
    words = tuple(dict.fromkeys(t for t in main if t not in FILLERS))
    if not words:
        return None  # a role alone ("the checkbox") or symbols: every element of the page competes
    n = max(len(main), len(whole))
    text_bound = _CONTAINED_MAX * (n - 1 + _TYPO_CREDIT) / n
    if text_bound >= _VISUAL_LABEL_TEXT:
        return None  # a left-out text could then name an unnamed control
    role = _ROLE_BONUS if q.roles else _INTERACTIVE_BONUS
    compacts = tuple(dict.fromkeys(compact(loose_form(t)) for t in (q.text, q.full_text) if t))
    every = set(main) | set(whole)
    return FastQuery(
        description=text,
        words=words,
        compacts=compacts,
        prefixes=tuple(sorted(t for t in every if len(t) >= 3)),
        typo_words=frozenset(t for t in every if typo_limit(t) > 0),
        asks_role=bool(q.roles),
        bound=text_bound + role + _DIALOG_BONUS,
    )


def choose(query: FastQuery, snap: Snapshot) -> Candidate | None:
    """The element ``query`` means in the partial snapshot ``snap``, when provably the full answer; else None."""
    if not snap.tree.elements:
        return None  # nothing holds the words; the full snapshot says what is nearest (and the index needs elements)
    try:
        found = locate(snap.tree, query.description)
    except ToolFailure:
        return None  # not found or ambiguous here: the full snapshot gives the real answer and message
    e = found.element
    if not e.interactive and e.role == "text":
        return None
    if found.score - query.bound < TIE + _SLACK:
        return None
    if query.asks_role and not any(r.startswith("role ") for r in found.reasons):
        return None  # the locator re-read the description as a plain name: that depends on the whole page
    return found if _same_expansions(query, snap) else None


def _same_expansions(query: FastQuery, snap: Snapshot) -> bool:
    """Whether each query word expands to the same words among the candidates as on the whole page."""
    vocab = index_for(snap.tree).vocab
    for word in query.prefixes:
        page = snap.stats.get(word)
        if page is None:
            return False
        start = bisect.bisect_left(vocab, word)
        here = []
        for token in vocab[start:]:
            if not token.startswith(word):
                break
            here.append(token)
        if word in query.typo_words and not here and (page.first or page.more or page.fuzzy):
            return False  # typos would be looked for here but not on the page
        longer = [t for t in here if t != word]
        if not longer:
            continue
        if page.fuzzy:
            return False  # words of non-ASCII texts are not listed: the page's expansions are unknown
        if (page.more or len(page.first) > _PREFIX_CAP) and longer[-1] > page.first[_PREFIX_CAP - 1]:
            return False  # beyond the locator's cap on the page, within it here
    return True
