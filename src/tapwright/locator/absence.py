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

**A message named by its kind.** "The error message should not be shown", "there should be no
warning": the description names a class of message, not its words, and the app words the message its
own way ("Name is required"). Nothing shares a word with it, so the text score cannot see it. For such
a description (its words only message nouns, at least one of the error class: error, warning, alert,
validation, invalid), an element announced as an alert (role ``alert``/``alertdialog``), or a visible
piece of text (not a control) worded as an error or carrying an error word in its developer id
(:data:`ERROR_WORDS`: "required", "invalid", "must", "failed", ...) is a near miss: the check is refused
naming it, never passed over it. A plain "the message" (no error word) is left to the locator.

**A likely match above the bar** (:func:`likely`): where a platform's negative check takes only a
strong match (at or above its own line, below 1) as "shown", a match between the bar and that line that
holds every word of the description as a whole word, or whose own words are all among the description's
(:func:`same_words`: "Save changes" for "the Save button"), is neither: the check is refused naming it,
never passed. A match carried by spelling alone ("Delete note" for "Note deleted": "deleted" is not
"delete") names another thing, as a misspelling does below the bar.
"""

from __future__ import annotations

import re

from tapwright.core.element import Element, Rect, UiTree
from tapwright.core.words import contains_text
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import accept, relations, vocab
from tapwright.locator.core import MIN_FOUND, Candidate
from tapwright.locator.index import index_for
from tapwright.locator.query import parse
from tapwright.locator.score import Phrase, describe_container, text_score
from tapwright.locator.text import FILLERS, _near_token, loose_form, participle, plural_pair, tokens

PLAUSIBLE = 0.25  # at or above (and below the bar): an element may be what was described; see above

# A description made only of these words (and articles) names a kind of message, not its words.
_MESSAGE_NOUNS = frozenset({"message", "messages", "text", "notice", "notification", "banner", "toast", "hint",
                            "popup", "box", "label", "feedback"})  # fmt: skip
# ... and of the error class when it holds one of these.
_ERROR_CLASS = frozenset({"error", "errors", "warning", "warnings", "alert", "alerts", "validation", "invalid"})
_DETERMINERS = frozenset({"the", "a", "an", "any", "no", "some", "one", "this", "that"})
# Words that make a short text read as an error or a warning, in any app ("Name is required").
ERROR_WORDS = re.compile(
    r"\b(errors?|warnings?|required|invalid|incorrect|failed|fails?|failure|must|cannot|can't|couldn't|unable|"
    r"not (?:valid|allowed|found|match)|doesn't match|do not match|too (?:short|long|many|few)|missing|wrong|"
    r"denied|expired|already (?:taken|in use|exists|registered))\b", re.I)
_ERROR_ROLES = frozenset({"alert", "alertdialog"})
_SHORT = 200  # characters: a message, not a paragraph of help text


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
    if names_error_kind(description):
        return error_like(tree)
    place = shown_place(tree, description)
    if place is not None:
        return place
    judged = {c.get("ref") for c in data.get("candidates") or [] if isinstance(c, dict) and "why_not" in c
              and float(c.get("score", 0.0)) >= bar}  # fmt: skip
    index = index_for(tree)
    q = parse(description, index.known_pair)
    if q.quoted and q.relation is None and q.ordinal is None:
        return _shows_quoted(tree, q.quoted, judged)
    by_kind = message_by_kind(tree, description, judged)
    if by_kind is not None:
        return by_kind
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


# '"Shelly" in the response body': a quoted text, then the place it is said (not) to be in.
_PLACED = re.compile(r'^\s*["“]([^"”]+)["”]\s+(?:in|inside|within|on|among)\s+(\S.*)$', re.I)


def placed_text(description: str) -> tuple[str, str] | None:
    """(text, place) of a negative check's '"X" in <place>' whose place the locator does not read as a container
    of a kind it knows ('"Shelly" in the response body'); None for any other description.

    Such a check is a text check turned round: the place is found as the positive check finds it, and the check
    passes only when that place does not show the text. Matched as one element's name, the whole description
    would name nothing on any page, and the check would pass without looking (a place that is not on the page
    is a refusal, never "not there")."""
    m = _PLACED.match(description)
    rel = parse(description).relation if m is not None else None
    if m is None or (rel is not None and (rel.container is None or rel.container.kinds is not None)):
        return None
    place = m.group(2).strip()
    if place.lower().removeprefix("the ").rstrip(".") in ("page", "screen", "site"):
        return None  # "on the page": anywhere, the check as it is
    return m.group(1), place


def shown_in(tree: UiTree, text: str, box: Rect | None) -> Element | None:
    """The first visible element drawn wholly inside ``box`` (anywhere when None) whose text, name or accessibility
    description holds ``text`` as whole words: what a '"X" should not be in <place>' check looks for."""
    needle = " ".join(text.split())
    for e in tree.elements:
        if not e.state.visible:
            continue
        if box is not None and (e.rect is None or not (box.contains(e.rect.x, e.rect.y)
                                and box.contains(e.rect.x + e.rect.width - 1, e.rect.y + e.rect.height - 1))):  # fmt: skip
            continue
        if any(v and contains_text(" ".join(v.split()), needle) for v in (e.text, e.name, e.attr("content_desc"))):
            return e
    return None


def missing_place(tree: UiTree, description: str) -> str | None:
    """Why a negative check of a quoted text in a container of a known kind cannot be answered: the page has no
    such container to look in ('"Ann" in the table' on a page without a table) and shows the text elsewhere;
    None when it has one, when the text is shown nowhere on the page, or when the description is of another shape.

    A text said not to be in a table, row, dialog or list is looked for in that place; with no such place on the
    page the check passes only when the text is nowhere on it (then it is in no table either)."""
    index = index_for(tree)
    q = parse(description, index.known_pair)
    rel = q.relation
    if not q.quoted or rel is None or rel.kind != "in" or rel.container is None:
        return None
    container = rel.container
    if container.kinds in (None, frozenset({"column"})):
        return None  # a column is not a context; an unnamed kind is read as words (placed_text)
    wanted = relations.container_tokens(container)
    if wanted and set(wanted) <= accept.QUANTIFIERS:
        return None  # "in every row": said of several
    if relations.any_context_matches(index, container, wanted):
        return None  # the place is there: the locator looked for the text in it
    place = describe_container(container).removeprefix("the ")
    # No place of that kind and name: the text was looked for in none. Absent from the whole page, it is absent
    # from the place meant too (a list emptied by a delete may be drawn as no list at all); shown anywhere, it may
    # be in that place, which is not there to look in.
    shown = [e for e in tree.elements if e.state.visible and all(contains_text(e.name or e.text, t) for t in q.quoted)]
    if not shown:
        return None
    named = wanted and relations.any_context_matches(index, container, ())
    return (f"no {place} on the page{' by that name' if named else ''}, and {', '.join(repr(t) for t in q.quoted)} "
            f"is shown elsewhere ({shown[0].role} {(shown[0].name or shown[0].text)[:60]!r}); name the place as the page does")


def _shows_quoted(tree: UiTree, quoted: tuple[str, ...], judged: set[object]) -> Candidate | None:
    """A visible element that shows every quoted text of a description (as whole words) that the locator did not
    take for it: the other words of the description ('"Error" anymore', 'the "disk full" notice') did not match, but
    what it quotes is on the page, so "it is not there" cannot be said. None when no such element is shown."""
    for e in tree.elements:
        said = e.name or e.text
        if e.state.visible and e.ref not in judged and said and all(contains_text(said, q) for q in quoted):
            return Candidate(e, PLAUSIBLE, [f"shows {', '.join(repr(q) for q in quoted)} in {said[:60]!r}", "a near miss"])
    return None


# The last word of a description naming a message strip by what it is about ("the maintenance banner").
_STRIP_NOUNS = frozenset({"banner", "notice", "toast", "snackbar", "notification", "callout", "announcement", "bar",
                          "message", "alert"})  # fmt: skip


def _said_words(description: str) -> list[str]:
    return [w for w in re.findall(r"[\w']+", description.casefold()) if w not in _DETERMINERS and w not in FILLERS]


def message_by_kind(tree: UiTree, description: str, judged: set[object]) -> Candidate | None:
    """A visible text that holds at least half of the words naming a message strip by its subject ("maintenance"
    of "the maintenance banner"): the strip's own words need not hold its kind ("Scheduled maintenance on
    Saturday ..." is that banner), so the kind word is left out of what must be held. None for any other
    description, or when no text holds them."""
    words = _said_words(description)
    if len(words) < 2 or words[-1] not in _STRIP_NOUNS:
        return None
    subject = [w for w in words[:-1] if w not in _MESSAGE_NOUNS]
    if not subject:
        return None
    for e in tree.elements:
        said = " ".join(w for w in (e.name, e.text) if w)
        if not e.state.visible or e.ref in judged:
            continue
        if said and not e.interactive:
            held = [w for w in subject if _holds_word(said, w)]
            if 2 * len(held) >= len(subject):
                return Candidate(e, PLAUSIBLE, [f"shows {' '.join(held)!r} of the {words[-1]} named by its subject, "
                                                f"in {said[:60]!r}", "a near miss"])  # fmt: skip
        # The strip drawn as a named container (a region, an alert, a dialog: "Cookie consent" for "the cookie
        # banner"): a visible element inside it shows it, whatever the element is.
        for entry in e.context:
            kind, _, shown = entry.partition(":")
            held = [w for w in subject if _holds_word(shown, w)] if kind in _STRIP_HOLDERS and shown else []
            if held and 2 * len(held) >= len(subject):
                return Candidate(e, PLAUSIBLE, [f"inside the {kind} {shown[:60]!r}, which holds {' '.join(held)!r} "
                                                f"of the {words[-1]} named by its subject", "a near miss"])  # fmt: skip
    return None


# The containers a message strip is drawn as.
_STRIP_HOLDERS = frozenset({"region", "alert", "alertdialog", "dialog", "status", "banner", "complementary", "section",
                            "contentinfo"})  # fmt: skip


def _holds_word(said: str, word: str) -> bool:
    """Whether ``said`` holds ``word`` as a whole word, or its plural or singular ("cookies" for "cookie")."""
    return contains_text(said, word) or any(plural_pair(word, t) for t in tokens(loose_form(said)))


def shown_place(tree: UiTree, description: str) -> Candidate | None:
    """A place named by its kind and name ("the details panel", "the Filters sidebar", "the settings drawer") that
    the page shows: a visible element inside a container of that kind whose name holds the other words. Such a place
    is no element of its own (the snapshot lists it in its elements' ``context``), so looking for an element of that
    name finds none; it is shown all the same. None for any other description, or when no such place is shown."""
    words = _said_words(description)
    if not words:
        return None
    kinds = vocab.REGION_PHRASES.get((words[-2], words[-1])) if len(words) >= 2 else None
    name = words[:-2] if kinds is not None else words[:-1]
    kinds = kinds if kinds is not None else vocab.CONTAINER_WORDS.get(words[-1])
    if name and words[-1] in _STRIP_NOUNS:
        # A strip named by its subject ("the cookie banner", "the maintenance notice") is drawn as a region, an
        # alert or a dialog as often as the page's header: a container of any of those kinds by that name.
        kinds = (kinds or frozenset()) | _STRIP_HOLDERS
    if kinds is None or any(w in vocab.ORDINAL_WORDS for w in name):
        return None
    for e in tree.elements:
        if not e.state.visible:
            continue
        for entry in e.context:
            kind, _, shown = entry.partition(":")
            if kind in kinds and shown and all(_holds_word(shown, w) for w in name):
                return Candidate(e, 1.0, [f"inside the {kind} {shown[:60]!r}, shown", "a place of that kind and name"])
    return None


def names_error_kind(description: str) -> bool:
    """Whether ``description`` names only a kind of message of the error class ("the error message",
    "an error", "a validation warning"), no words of the message itself."""
    words = [w for w in re.findall(r"[\w']+", description.casefold()) if w not in _DETERMINERS]
    return bool(words) and all(w in _MESSAGE_NOUNS or w in _ERROR_CLASS for w in words) \
        and any(w in _ERROR_CLASS for w in words)  # fmt: skip


def error_like(tree: UiTree) -> Candidate | None:
    """The first visible element that plausibly is an error message: an alert, or a short text (not a
    control) worded as an error or carrying an error word in its developer id; None when there is none."""
    for e in tree.elements:
        if not e.state.visible or e.rect is None:
            continue
        words = " ".join(w for w in (e.name, e.text) if w)
        if e.role in _ERROR_ROLES and words:
            return Candidate(e, PLAUSIBLE, [f"an alert: {words[:60]!r}", "a near miss"])
        if e.interactive or e.state.editable or not words or len(words) > _SHORT:
            continue
        ids = " ".join(str(e.attr(k) or "") for k in ("id", "resource_id", "test_id")).replace("_", " ")
        why = "worded as an error" if ERROR_WORDS.search(words) else "an error by its developer id" \
            if ERROR_WORDS.search(ids) else ""  # fmt: skip
        if why:
            return Candidate(e, PLAUSIBLE, [f"{why}: {words[:60]!r}", "a near miss"])
    return None


def same_words(tree: UiTree, description: str, element: Element) -> bool:
    """Whether ``element`` holds every word ``description`` names it by as a whole word, or its own words
    are all among them: a likely match, not another thing whose spelling is close."""
    index = index_for(tree)
    q = parse(description, index.known_pair)
    wanted = set(Phrase.of(q.text or description, index).tokens)
    i = next((n for n, e in enumerate(tree.elements) if e.ref == element.ref), None)
    if not wanted or i is None:
        return False
    return any(wanted <= set(f.tokens) or (f.tokens and set(f.tokens) <= wanted) for f in index.fields[i])


_SPELLED = re.compile(r"^\w+ fuzzy\b")
_MINOR = FILLERS | {"the", "a", "an"}


def spelled_otherwise(tree: UiTree, description: str, candidate: Candidate, strong: float = 0.95) -> bool:
    """Whether ``candidate`` matches ``description`` above the bar only by spelling (a typo's distance or
    another form of a word: "Delete note" for "Note deleted") without holding its words: another thing,
    no proof that the thing a positive check names is shown."""
    reason = candidate.reasons[0] if candidate.reasons else ""
    if candidate.score >= strong or not _SPELLED.match(reason) or same_words(tree, description, candidate.element):
        return False
    index = index_for(tree)
    wanted = list(Phrase.of(parse(description, index.known_pair).text or description, index).tokens)
    i = next((n for n, e in enumerate(tree.elements) if e.ref == candidate.element.ref), None)
    if not wanted or i is None:
        return False
    for f in index.fields[i]:
        own = [t for t in f.tokens if t not in _MINOR]
        rest = [t for t in own if t not in wanted]
        # Every word of its own is one of the description's, some only as another form or a typo: the same
        # words spelled otherwise. A text holding more words than that is a longer text, not another spelling.
        if own and rest and all(_near_token(t, wanted)[0] >= 0.75 or any(participle(t, w) for w in wanted) for t in rest):
            return True
    return False


def spelled_refusal(description: str, candidate: Candidate) -> ToolFailure:
    """The ``AMBIGUOUS`` failure of a positive check whose only match is :func:`spelled_otherwise`."""
    return ToolFailure(
        ErrorCode.AMBIGUOUS,
        f"cannot tell whether {description!r} is shown: the closest is {candidate.describe()}, whose words are "
        f"spelled otherwise ({candidate.reasons[0]}, score {candidate.score:.2f}); name it as it is written",
        data={"candidates": [{**candidate.to_dict(), "why_not": "matched by spelling only: another word form or a typo"}]},
    )


def likely(description: str, candidate: Candidate, strong: float) -> ToolFailure:
    """The ``AMBIGUOUS`` failure of a negative check whose description ``candidate`` matches above the bar
    but below ``strong``, the line at which the platform takes a match as certainly shown."""
    return ToolFailure(
        ErrorCode.AMBIGUOUS,
        f"cannot tell whether {description!r} is absent: {candidate.describe()} likely is it (score "
        f"{candidate.score:.2f}, above the bar {MIN_FOUND} but below {strong}); name it exactly",
        data={"candidates": [{**candidate.to_dict(), "why_not": "a likely match: neither certainly it nor another thing"}]},
    )


def refusal(description: str, candidate: Candidate, bar: float | None = None) -> ToolFailure:
    """The ``AMBIGUOUS`` failure of a negative check that cannot tell whether ``candidate`` is ``description``."""
    bar = MIN_FOUND if bar is None else bar
    if len(candidate.reasons) > 1 and candidate.reasons[1] == "a place of that kind and name":
        return ToolFailure(ErrorCode.ASSERTION_FAILED, f"{description!r} is shown: {candidate.describe()} is "
                           f"{candidate.reasons[0]}", data={"candidates": [candidate.to_dict()]})
    why = f"its words score {candidate.score:.2f}, below the bar {bar} but not under {PLAUSIBLE}"
    if candidate.reasons and candidate.reasons[0].startswith("shows "):
        why = f"it {candidate.reasons[0]}, though not as the rest of the description says"
    elif candidate.reasons and not candidate.reasons[0].startswith("name "):
        why = f"{candidate.reasons[0]}; the description names a kind of message, not its words"
    return ToolFailure(
        ErrorCode.AMBIGUOUS,
        f"cannot tell whether {description!r} is absent: {candidate.describe()} may be it ({why}); name it "
        "exactly, or check its own name is not visible",
        data={"candidates": [{**candidate.to_dict(), "why_not": "a near miss: neither clearly it nor clearly another thing"}]},
    )
