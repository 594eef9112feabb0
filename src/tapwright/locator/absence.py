"""When "X should not be there" may pass: nothing on the screen plausibly is X.

A positive check passes only above the acceptance bar (:data:`~tapwright.locator.core.MIN_FOUND`).
A negative check is the mirror image and must not pass merely because nothing reaches that bar: an
element whose words are close to the description's, just below it (a near miss a person would call
the same thing), leaves the question open, and the check is refused (``AMBIGUOUS``, the element named)
instead of passing.

The near miss is judged by the locator's own text score alone (:func:`~tapwright.locator.score.text_score`
over every visible element, static text included; the ranking leaves out text matches under
``MIN_TEXT`` = 0.3 and, for hints, anything that is not a control). A partial name match scores
0.55 x recall x (0.5 + 0.5 x precision), over the description's words and the element's. The lower
bound, :data:`PLAUSIBLE` = 0.25, is where an element holds half the words the description names it by
and little else ("Saved" for "the Saved toast": 0.275), or two thirds of them inside a longer name
("Upload failed: file too large" for "the upload failed banner": 0.257). Below it an element shares
one word of two with a different name ("Sign up" for "Sign in": 0.21) or less. The labelled locator
cases (``bench/bench_bar.py``) agree: no labelled element was ever the best answer below 0.367, so
every score at which a right answer has been seen is refused by a negative check, never taken as
absence. The price is an over-cautious refusal where half the words name a different thing ("Delete"
for "the Delete all button", 0.275): refused, never wrong.

A near miss shares at least one whole word with the description: "Bobby" (0.39 for "Bob", a word
that begins another) and a misspelling are other names, not near misses.

Not near misses: a hidden element (it does not show); an element the locator judged and refused by
a rule of meaning ("Don't allow" for "Allow"); an element whose words match at or above the bar but
whose kind does not (static text "Delete" for "the Delete button": the locator's rules decide that);
and any description naming a place, an order or an exact quoted text ("... in the dialog", "the
second ...", ``"Bob"``): there, what and where were both judged by the locator.
"""

from __future__ import annotations

from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator.core import MIN_FOUND, Candidate
from tapwright.locator.index import index_for
from tapwright.locator.query import parse
from tapwright.locator.score import Phrase, text_score

PLAUSIBLE = 0.25  # at or above (and below the bar): an element may be what was described; see above


def near_miss(tree: UiTree, description: str, failure: ToolFailure, bar: float | None = None) -> Candidate | None:
    """The visible element that plausibly is ``description`` although the locator found nothing
    (``failure``, its ``ELEMENT_NOT_FOUND``); None when nothing plausibly is.

    Args:
        tree: The snapshot the locator searched.
        description: What the negative check says should not be there.
        failure: The locator's failure for ``description`` on ``tree``.
        bar: The acceptance bar (the locator's own by default).
    """
    bar = MIN_FOUND if bar is None else bar
    if failure.code is not ErrorCode.ELEMENT_NOT_FOUND:
        return None
    data = failure.data if isinstance(failure.data, dict) else {}
    if data.get("problem"):
        return None  # the place the description names is not there (no such dialog, row, anchor): nor is X
    judged = {c.get("ref") for c in data.get("candidates") or [] if isinstance(c, dict) and "why_not" in c
              and float(c.get("score", 0.0)) >= bar}  # fmt: skip
    index = index_for(tree)
    q = parse(description, index.known_pair)
    if q.relation is not None or q.ordinal is not None or q.quoted or not q.text:
        return None
    phrase = Phrase.of(q.text, index)
    if not phrase.tokens:
        return None
    memo: dict[str, tuple[float, str]] = {}
    best: Candidate | None = None
    for i, e in enumerate(tree.elements):
        if not e.state.visible or e.ref in judged or not (e.name or e.text):
            continue
        if not set(phrase.tokens) & {tok for f in index.fields[i] for tok in f.tokens}:
            continue  # no whole word in common: a longer word ("Bobby" for "Bob") or a typo names another thing
        t, why = text_score(index.fields[i], phrase, memo)
        if PLAUSIBLE <= t < bar and (best is None or t > best.score):
            best = Candidate(e, round(t, 3), [f"name {why} {e.name or e.text[:60]!r}", "a near miss"])
    return best


def refusal(description: str, candidate: Candidate, bar: float | None = None) -> ToolFailure:
    """The ``AMBIGUOUS`` failure of a negative check that cannot tell whether ``candidate`` is ``description``."""
    bar = MIN_FOUND if bar is None else bar
    return ToolFailure(
        ErrorCode.AMBIGUOUS,
        f"cannot tell whether {description!r} is absent: {candidate.describe()} may be it (its words score "
        f"{candidate.score:.2f}, below the bar {bar} but not under {PLAUSIBLE}); name it exactly, or check its own "
        "name is not visible",
        data={"candidates": [{**candidate.to_dict(), "why_not": "a near miss: neither clearly it nor clearly another thing"}]},
    )
