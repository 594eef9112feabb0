"""Rules for assertions: "I should see X", "X should be visible", "the URL should contain /cart" ...

An assertion is read as SUBJECT + AUXILIARY + PREDICATE: the auxiliary is a modal
("should", "must"), "to" after "expect", or a present-tense verb ("is", "contains").
The subject decides the tool (URL, title, the page, or an element); the predicate
decides the check (visible, text, value, equality, pattern, state).
"""

from __future__ import annotations

from tapwright.core import gist
from tapwright.locator.vocab import CONTAINER_WORDS, REGION_PHRASES
from tapwright.planners.rules._ast import (
    SET_ASIDE,
    Action,
    Clause,
    NoParse,
    find,
    is_text_like,
    is_value_list,
    only_value,
    set_aside,
    strip_phrase_end,
    strip_words,
    target_of,
    text_value,
    url_of,
    value_list,
    value_of,
    words_of,
)
from tapwright.planners.rules._claims import (
    MARKED_WORDS,
    MESSAGE_NOUNS,
    claims_apart,
    held_element,
    in_part,
    labelled,
    marked,
    named_of_a_kind,
    numbered_captions,
    page_named,
    quoted_target_text,
    seen_but_not,
    seen_only,
    seen_with,
    table_footer,
    values_held,
    without_when,
)
from tapwright.planners.rules._claims import told as told_
from tapwright.planners.rules._counts import count_and_names, count_of
from tapwright.planners.rules._lexicon import FIELD_WORDS, TEXT_WORDS, VERBS
from tapwright.planners.rules._named_subjects import named_each
from tapwright.planners.rules._openings import asked_for, instead_of, opened_with, opening, set_fields
from tapwright.planners.rules._order import held_at, ordered
from tapwright.planners.rules._panels import in_page_corner, tab_shows, value_in_place
from tapwright.planners.rules._predicates import (
    HIDDEN as _HIDDEN,
)
from tapwright.planners.rules._predicates import (
    OPS as _OPS,
)
from tapwright.planners.rules._predicates import (
    VISIBLE as _VISIBLE,
)
from tapwright.planners.rules._predicates import drawn_look, placed_at, shown_in_state
from tapwright.planners.rules._predicates import (
    operation as _operation,
)
from tapwright.planners.rules._predicates import (
    page_property as _page_property,
)
from tapwright.planners.rules._predicates import (
    state_of as _state_of,
)
from tapwright.planners.rules._record_claims import keyed_record, placed_record, record_claim
from tapwright.planners.rules._record_lists import fielded_record, headed_record, only_record, several_records
from tapwright.planners.rules._records import (
    HOLDERS,
    all_in_column,
    as_pairs,
    each_row,
    field_check,
    only_named,
    only_one,
    singular,
    the_only,
)
from tapwright.planners.rules._tokens import Token

MODALS = {"should", "must", "shall", "will", "can", "could", "do", "does", "did"}
NEG_MODALS = {"shouldn't", "mustn't", "won't", "can't", "cannot", "couldn't", "don't", "doesn't", "didn't"}
SEE = {"see", "find", "notice", "observe", "view"}
_PRESENT = {
    "is": "be", "are": "be", "isn't": "not be", "aren't": "not be", "remains": "be", "stays": "be",
    "has": "have", "have": "have", "contains": "contain", "includes": "include", "shows": "show",
    "displays": "display", "reads": "read", "says": "say", "equals": "equal", "matches": "match",
    "appears": "appear", "disappears": "disappear", "exists": "exist", "starts": "start", "begins": "begin",
    "ends": "end", "does": "", "doesn't": "not", "asks": "ask", "drops": "drop", "pops": "pop", "points": "point",
}  # fmt: skip
# Present-tense verbs that are also nouns ("the lists", "the opens"): taken only after a subject that names something
# ("Then the Files panel lists "A"", "Then a "Create" dialog opens"), never right after "that", "which" or "who".
_PRESENT_OR_NOUN = {"lists": "list", "opens": "open", "closes": "close", "offers": "offer", "mentions": "mention",
                    "becomes": "become", "changes": "change", "turns": "turn", "switches": "switch",
                    "returns": "return", "reverts": "revert"}  # fmt: skip
# Words of time between a subject and its verb: "the Pause button now reads "Resume"", "the top bar still shows X".
_LATER = {"now", "still", "again", "also", "then", "already"}
_PRED_VERBS = {"be", "contain", "include", "show", "display", "read", "say", "have", "equal", "match", "appear",
               "disappear", "exist", "start", "begin", "end", "not", "remain", "stay", "vanish", "mention",
               "ask", "drop", "pop", "point", "list", "offer", "change", "become", "go", "return", "revert",
               "turn", "switch"}  # fmt: skip
# Things that open and close: "the dialog should be closed" is about whether it is shown, not its text.
_OPENABLE = {"dialog", "modal", "popup", "pop-up", "menu", "dropdown", "drawer", "panel", "sidebar", "banner", "toast",
             "tooltip", "overlay", "popover", "sheet", "window", "form", "list", "picker", "calendar"}  # fmt: skip
_OPEN_WORDS = {"open": False, "opened": False, "closed": True, "dismissed": True, "shut": True}
# "a dialog should appear saying "X"": the words that bring in what the element says.
_SAYING = ("saying", "that says", "which says", "asking", "that asks", "which asks", "reading", "that reads",
           "with the text", "with text",
           "with the message", "containing", "that contains", "showing")  # fmt: skip
_ALL = ("all", "every", "each", "both")  # "all X" hidden: no X shown
_OPPOSITE = {"checked": "unchecked", "unchecked": "checked", "enabled": "disabled", "disabled": "enabled",
             "ticked": "unchecked", "unticked": "checked", "expanded": "collapsed", "collapsed": "expanded"}  # fmt: skip
_PAGE_END = ("on the page", "on page", "on screen", "on the screen", "in the page", "anywhere on the page")
_WHERE = ("in", "within", "inside", "on", "under", "near", "above", "below", "beneath")
_ARRIVE = ("on", "at", "redirected to", "taken to", "sent to", "navigated to", "land on", "back on",
           "end up on", "end up at", "arrive at", "arrive on", "get redirected to", "still on")  # fmt: skip


def see_form(c: Clause, toks: list[Token], *, copula: bool = False) -> list[Action] | None:
    """``[should|can|do] [not] see X`` and ``should be on /cart`` (the subject already stripped).

    With ``copula``, "am on /cart" is a check too (after "verify" or "Then"); elsewhere it sets the scene.
    """
    i, neg, modal = 0, False, False
    if i < len(toks) and toks[i].low in MODALS | ({"am", "is", "are"} if copula else set()):
        i, modal = i + 1, True
    elif i < len(toks) and toks[i].low in NEG_MODALS | {"isn't", "aren't"}:
        i, modal, neg = i + 1, True, True
    while i < len(toks) and toks[i].low in ("not", "never", "no", "longer", "still", "also", "now", "again"):
        neg = neg or toks[i].low in ("not", "never", "no")
        i += 1
    if [t.low for t in toks[i : i + 3]] == ["be", "able", "to"]:
        i += 3
    if i < len(toks) and is_see(toks[i].low):
        return see_object(c, toks[i + 1 :], neg)
    if modal:
        j = i + 1 if i < len(toks) and toks[i].low == "be" else i
        _, k = find(toks[j:], _ARRIVE)
        if k and find(toks[j:], _ARRIVE)[0] == 0:
            url = url_of(strip_words(toks[j + k :], lead=("the",), trail=("page",)))
            named = None if url is not None or neg else page_named(toks[j + k :])
            if named is not None:
                return [Action("verify_visible", {"target": f'"{named}" heading'})]
            if url is None:
                raise NoParse("the page to be on must be a URL or a path, e.g. 'I should be on /cart', or a page "
                              "named as its heading says: 'I should be on the \"Orders\" page'", "see")
            if neg:
                raise NoParse("no web tool checks that the URL is NOT something", "see")
            return [Action("verify_url", {"expected": url, "match": "contains"})]
    return None


def _capitalised_names(c: Clause, toks: list[Token], neg: bool) -> list[Action] | None:
    """'the Articles, Authors and Categories collections in the navigation', 'the Save and Cancel buttons': names
    written with capitals, joined by commas and "and", before a plural kind noun (a place may follow): one check
    per name, of that kind, in that place ('"Articles" collection in the navigation'). Each name is one to three
    capitalised words; anything else (a lower-case word, a value, "or") is not such a list."""
    body = strip_words(toks, lead=("the", "a"))
    j = next((k for k, t in enumerate(body) if t.kind == "word" and t.text.islower() and t.low != "and"), -1)
    if j < 3 or not body[j].low.isalpha() or singular(body[j].low) == body[j].low:
        return None
    names: list[list[Token]] = [[]]
    for t in body[:j]:
        if t.kind == "comma" or t.low == "and":
            names.append([])
        elif t.kind == "word" and (t.text[:1].isupper() or t.text.isdigit()):
            names[-1].append(t)
        else:
            return None
    if len(names) < 2 or any(not 1 <= len(n) <= 3 for n in names) or not any(t.low == "and" for t in body[:j]):
        return None
    after = body[j + 1 :]
    if after and after[0].low not in _WHERE:
        return None
    where = f" {c.text(after)}" if after else ""
    kind = singular(body[j].text)
    verb = "verify_not_visible" if neg else "verify_visible"
    return [Action(verb, {"target": f'"{c.text(n)}" {kind}{where}'}) for n in names]


def is_see(word: str) -> bool:
    """ "see", "sees", "finds" ..."""
    return word in SEE or (word.endswith("s") and word[:-1] in SEE)


def see_object(c: Clause, toks: list[Token], neg: bool) -> list[Action]:
    """What "I should see X" checks: text on the page, text in an element, or an element."""
    toks = without_when(strip_phrase_end(toks, _PAGE_END))
    if not toks:
        raise NoParse("see what?", "see")
    drawn_look([], "see", toks)
    if len(toks) > 3 and toks[0].low == "both" and is_value_list(toks[1:]):
        set_aside(toks[:1])  # 'both "A" and "B" should be visible': each of the two
        toks = toks[1:]
    limited = None if neg else seen_but_not(toks) or seen_only(toks) or seen_with(c, toks) or _seen_marked(c, toks)
    if limited is not None:
        return limited
    counted = None if neg else _counted(c, toks)
    if counted is not None:
        return counted
    kinds = named_of_a_kind(toks, neg) or _capitalised_names(c, toks, neg)
    if kinds is not None:
        return kinds  # 'I should see nodes labelled "A", "B" and "C"': each one of that kind
    placed = None if neg else _said_or_held(c, toks)
    if placed is not None:
        return placed
    parts = _and_targets(c, toks)
    if parts is not None:
        return _both_seen(c, parts, neg)
    if is_value_list(toks):
        verb = "verify_not_visible" if neg else "verify_text"
        key = "target" if neg else "text"
        return [Action(verb, {key: v}) for v in value_list(toks)]
    if neg:
        # "All error messages should be gone" is "no error message is shown": the quantifier goes, the check is
        # on any one of them (kept with it, a description that names several things matches none: a false pass).
        if toks and toks[0].low in ("not", "no", "none", "nothing"):
            raise NoParse(f"'{c.text(toks[:2])}' inside a check that something is hidden is not read yet", "state")
        plain = strip_words(toks, lead=("the", "text", "a", "an", "any", *_ALL, "of"))
        return [Action("verify_not_visible", {"target": target_of(c, plain or toks)})]
    lead = strip_words(toks, lead=("the", "a", "an", "text"))
    if lead and lead[0].is_value:
        i, k = find(lead, ("under", "below", "beneath", "above", "next to", "near", "beside"))
        if i == 1 and i + k < len(lead):
            where = {"under": "below", "beneath": "below", "beside": "next to", "near": "next to"}.get(
                c.text(lead[i : i + k]).lower(), c.text(lead[i : i + k]).lower()
            )
            return [Action("verify_visible", {"target": f'"{lead[0].value}" {where} {target_of(c, lead[i + k :])}'})]
        i, k = find(lead, _WHERE)
        if i == 1 and i + k < len(lead):
            return [_text_in(lead[0].value, target_of(c, lead[i + k :]), lead[i + k :])]
        if i > 2 and i + k < len(lead) and is_value_list(lead[:i]):
            # 'I should see "A", "B" and "C" in the table': each of them there.
            place = lead[i + k :]
            return [_text_in(v, target_of(c, place), place) for v in value_list(lead[:i])]
    return [_text_or_element(c, toks, neg)]


def _seen_marked(c: Clause, toks: list[Token]) -> list[Action] | None:
    """ 'I should see the ticket "A" marked as "assigned defect"': as 'the ticket "A" should be marked ...'."""
    k = next((i for i, t in enumerate(toks) if t.low in MARKED_WORDS), -1)
    if k < 1 or not any(t.is_value for t in toks[:k]):
        return None
    return marked(c, toks[:k], "be", toks[k:], _subject_kind(toks[:k]))


def _text_or_element(c: Clause, toks: list[Token], neg: bool) -> Action:
    """What is left of "I should see X": a message in other words, a text, or an element."""
    told = _message_in_other_words(c, toks, neg)
    if told is not None:
        return told
    if is_text_like(toks):
        return Action("verify_text", {"text": text_value(c, toks)})
    return Action("verify_visible", {"target": target_of(c, toks)})


# "a message that 1 order was deleted": what a message says, in the writer's words rather than the page's.
_TOLD = ("that", "saying that", "saying", "telling me that", "telling us that", "telling you that", "which says that",
         "stating that", "confirming that", "to say that", "to confirm that")  # fmt: skip


def _message_in_other_words(c: Clause, toks: list[Token], neg: bool) -> Action | None:
    """'I should see a message that 1 order was deleted': a message holding what the clause says, in other
    words (verify_text's ``gist``), when the clause quotes nothing. A negated clause is not read this way."""
    lead = strip_words(toks, lead=("the", "a", "an", "success", "green", "red", "short", "new"))
    if neg or len(lead) < 3 or lead[0].low not in MESSAGE_NOUNS:
        return None
    i, k = find(lead, _TOLD)
    if i != 1 or i + k >= len(lead) or any(t.is_value for t in lead[i + k :]):
        return None
    said = c.text(lead[i + k :])
    if gist.negated(said) or len(gist.meaning_words(said)) < 2:
        raise NoParse(f"a message said in other words ({said!r}) is checked only when it says something is so, in "
                      "two or more words that carry meaning: quote the message's own words", "see")
    return Action("verify_text", {"text": said, "gist": True})


_HOLDS = {"have", "contain", "include", "show", "display", "list", "hold"}
def _how_many(c: Clause, toks: list[Token], holder: list[Token] | None) -> list[Action] | None:
    """A count, with the names counted when they follow ("exactly 2 appointments, A-1007 and A-1010"); None if none."""
    named = count_and_names(c, toks, holder)
    if named is not None:
        return named
    counted = count_of(c, toks, holder)
    return None if counted is None else [counted]


def _counted(c: Clause, toks: list[Token]) -> list[Action] | None:
    """How many there are ("3 rows"), a count and its names, or a text and a count of what is listed under it."""
    return _how_many(c, toks, None) or _counted_list(c, toks, []) or _text_with_count(c, toks)


def _said_or_held(c: Clause, toks: list[Token]) -> list[Action] | None:
    """'a card for the room "Cosmos" saying "Floor 2"': that text, in that element; 'the "Articles" table with the
    row "X"': that part, in that holder; else None."""
    i, k = find(toks, _SAYING)
    if i > 0 and i + k < len(toks) and not any(t.is_value for t in toks[i + k + 1 :]):
        said = strip_words(toks[i + k :], lead=("the", "text", "message", "words"))
        if len(said) == 1 and said[0].is_value:
            return [Action("verify_text", {"text": said[0].value, "target": target_of(c, toks[:i])})]
    held = _holder_with(c, toks)
    return [held[0]] if held is not None else None


def _text_with_count(c: Clause, toks: list[Token]) -> list[Action] | None:
    """'"Manage Milestones" with 3 milestones listed': the text, and how many of those there are; else None."""
    if len(toks) <= 3 or not toks[0].is_value or toks[1].low != "with":
        return None
    tail = toks[2:-1] if toks[-1].low in ("listed", "shown", "displayed", "below", "under", "it") else toks[2:]
    counted = count_of(c, tail)
    if counted is None:
        return None
    if len(tail) < len(toks) - 2:
        set_aside(toks[-1:])  # "listed": where the counted things are, which the count checks
    return [Action("verify_text", {"text": toks[0].value}), counted]


def _both_seen(c: Clause, parts: list[list[Token]], neg: bool) -> list[Action]:
    """Two things to see; "it" at the end of the second is the holder the first names ('the "Articles" table with
    the row "X" and "18 Items" above it')."""
    out = see_object(c, parts[0], neg)
    second = parts[1]
    held = _holder_with(c, parts[0]) if not neg else None
    if held is not None and len(second) > 2 and second[-1].low == "it" and second[-2].low in _RELATIVE:
        set_aside(second[-1:])
        return [*out, Action("verify_visible", {"target": f"{c.text(second[:-1])} {held[1]}"})]
    return [*out, *see_object(c, second, neg)]


_RELATIVE = frozenset({"above", "below", "under", "beneath", "over", "beside", "near", "in", "inside", "within"})
# What holds rows, items and fields: "the Articles table with the row "X"" is that row, in that table.
_WITH_HOLDERS = frozenset({"table", "list", "grid", "section", "panel", "dialog", "card", "form", "menu", "tab", "page",
                           "sidebar", "group"})  # fmt: skip


def _holder_with(c: Clause, toks: list[Token]) -> tuple[Action, str] | None:
    """'the "Articles" table with the row "X"': (the part said after "with", a kind and a quoted name, inside the
    holder said before it; the holder, for an "it" that follows); None for any other shape."""
    i, k = find(toks, ("with",))
    if i <= 0 or i + k >= len(toks):
        return None
    left = strip_words(toks[:i])
    right = strip_words(toks[i + k :], lead=("the", "a", "an"))
    if not left or left[-1].low not in _WITH_HOLDERS or len(left) > 3:
        return None
    if not right or not right[-1].is_value or len(right) > 3 or any(t.is_value for t in right[:-1]):
        return None
    if any(t.kind != "word" or not t.low.isalpha() for t in right[:-1]):
        return None
    holder = f"the {c.text(left)}"
    return Action("verify_visible", {"target": f"{c.text(right)} in {holder}"}), holder


def _and_targets(c: Clause, toks: list[Token]) -> list[list[Token]] | None:
    """'the "books" link and the "authors" link': two things to see, each with a quoted name."""
    i, k = find(toks, ("and",))
    if i <= 0 or i + k >= len(toks) or toks[0].low == "only":
        return None  # 'only "A" and "B" ...': "only" says no other is shown, of both together (never of A alone)
    left, right = toks[:i], toks[i + k :]
    # '"Currently in X" and the file "Y"' too: a text, then a thing said by its kind
    said = words_of(left) - ARTICLE_WORDS or (len(left) == 1 and not right[0].is_value and words_of(right) - ARTICLE_WORDS)
    if any(t.is_value for t in left) and any(t.is_value for t in right) and said:
        return [left, right]
    return None


ARTICLE_WORDS = {"the", "a", "an"}


def _aux(toks: list[Token]) -> tuple[int, int, bool, str] | None:
    """(index, length, negated, verb) of the auxiliary that ends the subject."""
    for i, t in enumerate(toks[1:], 1):
        if t.low in ("should", "must", "shall", "will", *NEG_MODALS):
            neg = t.low in NEG_MODALS
            return i, 1, neg, ""
    for i, t in enumerate(toks[1:-1], 1):
        nxt = toks[i + 1].low
        if t.low == "to" and (nxt in _PRED_VERBS):
            return i, 1, False, ""
        if t.low == "not" and nxt == "to":
            return i, 2, True, ""
    for i, t in enumerate(toks[1:], 1):
        if t.low in _PRESENT:
            verb = _PRESENT[t.low]
        elif t.low in _PRESENT_OR_NOUN and _said_of(toks[:i]) and toks[i - 1].low not in ("that", "which", "who"):
            verb = _PRESENT_OR_NOUN[t.low]  # (a verb of a relative clause is the subject's: "the page that lists")
        else:
            continue
        return i, 1, verb.startswith("not"), verb.removeprefix("not").strip()
    return None


def _said_of(subject: list[Token]) -> bool:
    """A subject a verb that may also be a noun ("lists", "opens") can follow: it names something (a word other
    than an article, or a quoted name), so "the lists are shown" keeps "lists" as its subject."""
    return any(t.is_value or t.low not in ARTICLE_WORDS | _LATER for t in subject)


def _predicate(toks: list[Token], neg: bool, verb: str) -> tuple[bool, str, list[Token]]:
    """(negated, predicate verb, complement) from the words after the auxiliary."""
    i = 0
    while i < len(toks) and toks[i].low in ("not", "never", "no", "longer", "still", "also", "now", "already"):
        if toks[i].low in ("not", "never"):
            neg = True
        if toks[i].low == "no" and i + 1 < len(toks) and toks[i + 1].low == "longer":
            neg = True
        i += 1
    if not verb:
        if i >= len(toks):
            raise NoParse("the assertion has no predicate (e.g. 'should be visible', 'should contain X')", "state")
        verb = toks[i].low
        verb = {"remain": "be", "stay": "be"}.get(verb) or _PRESENT.get(verb) or _PRESENT_OR_NOUN.get(verb) or verb
        i += 1
    return neg, verb, toks[i:]


def subject_predicate(c: Clause, toks: list[Token]) -> list[Action] | None:
    """``SUBJECT should/is/to PREDICATE``; None when the clause has no auxiliary."""
    found = _aux(toks)
    if found is None:
        return None
    i, k, neg, verb = found
    subject = toks[:i]
    while len(subject) > 1 and subject[-1].low in _LATER:
        set_aside([subject[-1]])  # "the Pause button now reads "Resume"": when, not what
        subject = subject[:-1]
    neg, verb, rest = _predicate(toks[i + k :], neg, verb)
    rest = _number_said(verb, rest)
    drawn_look(subject, verb, rest)
    drawn = None if neg else shown_in_state(verb, rest)
    if drawn is not None:
        # "the Save button should be shown disabled", "... should appear greyed out": shown, and in that state
        return _judged(c, subject, neg, verb, drawn[0]) + _judged(c, subject, neg, "be", drawn[1])
    tail = None if neg else all_in_column(rest)
    if tail is not None:
        # "5 rows should be listed, all in category "Software"": the check, then every row's category.
        head, rows = tail
        listed = verb == "be" and [t.low for t in head] in (["listed"], ["shown"], ["displayed"], ["left"])
        counted = count_of(c, subject) if listed else None
        if counted is not None:
            set_aside(head)  # "5 rows should be listed": how many there are
            return [counted, rows]
        return [*_judged(c, subject, neg, verb, head), rows]
    named = len(subject) > 2 and subject[0].low == "no" and not subject[0].is_value and any(t.is_value for t in subject)
    shows = verb in ("appear", "exist") or (verb == "be" and [t.low for t in rest][:1] in [[w] for w in _VISIBLE])
    if named and shows and not neg:
        # 'No node labelled "X" should be visible': that named one is not shown. A kind alone ("No errors should
        # be shown") stays refused: an error worded otherwise would not be looked for.
        return _judged(c, subject[1:], True, verb, rest)
    joined = _and_be(rest) if verb in _OPS and _OPS[verb] in ("visible", "hidden") else None
    if joined is not None:
        # "a new tab should appear and be selected": it appears, and then it is in that state (both checked).
        return _judged(c, subject, neg, verb, joined[0]) + _judged(c, subject, neg, "be", joined[1])
    both = None if neg else _and_predicate(rest)
    if both is not None:
        # 'the dialog should say "Authorized" and offer a "Logout" button': two predicates of one subject, each
        # checked in full (a negated first one is not split: what "not" reaches is unclear).
        neg2, verb2, rest2 = _predicate(both[1], False, "")
        return _judged(c, subject, neg, verb, both[0]) + _judged(c, subject, neg2, verb2, rest2)
    shared = None if neg else _gapped_value(rest)
    if shared is not None:
        # 'the Name field should show "Ann" and the Email field "ann@x.org"': the second subject shares the verb
        # (each value checked in its own subject; none is dropped).
        first, second, value = shared
        said, other = _head(strip_words(subject)), _head(strip_words(second))
        then = _judged(c, second, neg, verb, value)
        if said in CONTAINER_WORDS and other and other not in CONTAINER_WORDS:
            # 'the sidebar should show "A" and the install command "X"': that command is the sidebar's
            alone, place = target_of(c, second), target_of(c, subject)
            for act in then:
                if act.args.get("target") == alone:
                    act.args["target"] = f"{alone} in the {place}"
        return _judged(c, subject, neg, verb, first) + then
    gapped = _gapped_subject(rest)
    if gapped is not None and verb == "be":
        # '"Email me" should be switched on and "Daily digest" switched off': the second subject shares the verb.
        first, second, second_rest = gapped
        return _judged(c, subject, neg, verb, first) + _judged(c, second, neg, verb, second_rest)
    return _judged(c, subject, neg, verb, rest)


_NUMBER_NOUNS = frozenset({"count", "total", "number", "badge", "counter"})


def _number_said(verb: str, rest: list[Token]) -> list[Token]:
    """ "the Unread tab should show a count of 3": the number shown is 3 (the words "a count of" say what kind of
    text it is, not a text the page shows); any other complement as it is."""
    low = [t.low for t in rest]
    if verb in ("show", "display", "have", "read") and len(rest) == 4 and low[0] in ("a", "the") and \
            low[1] in _NUMBER_NOUNS and low[2] == "of" and rest[3].text.isdigit():
        set_aside(rest[:3])
        return rest[3:]
    return rest


def _and_be(rest: list[Token]) -> tuple[list[Token], list[Token]] | None:
    """(before, after) of "... and be <predicate>" after a verb of appearing; None without one."""
    for i in range(len(rest) - 2):
        if rest[i].low == "and" and rest[i + 1].low == "be":
            return rest[:i], rest[i + 2 :]
    return None


# Verbs that begin a second predicate after "and": 'should say "X" and offer a "Y" button'.
_SECOND = frozenset({"contain", "include", "show", "display", "read", "say", "have", "list", "offer", "mention",
                     "ask", "end", "start", "begin"})  # fmt: skip


def _and_predicate(rest: list[Token]) -> tuple[list[Token], list[Token]] | None:
    """(first predicate, second predicate) of '"X" and offer a "Y" button', where "and" is followed by a bare verb
    of holding or saying (or by "not" and one) and both sides have words; None otherwise."""
    for i in range(1, len(rest) - 2):
        if rest[i].low != "and" or rest[i + 1].is_value:
            continue
        j = i + 2 if rest[i + 1].low in ("not", "also", "still") else i + 1
        if [t.low for t in rest[i + 1 : i + 3]] == ["no", "longer"]:
            j = i + 3  # "... again and no longer says "X""
        bare = _PRESENT.get(rest[j].low) or _PRESENT_OR_NOUN.get(rest[j].low) or rest[j].low  # "says": "say"
        if j < len(rest) - 1 and not rest[j].is_value and bare in _SECOND:
            return rest[:i], rest[i + 1 :]
    return None


def _gapped_subject(rest: list[Token]) -> tuple[list[Token], list[Token], list[Token]] | None:
    """(first predicate, second subject, second predicate) of 'switched on and "B" switched off', where the second
    predicate is a state; None otherwise."""
    i, _ = find(rest, ("and",))
    if i <= 0 or i + 2 >= len(rest) or not rest[i + 1].is_value:
        return None
    second = rest[i + 2 :]
    if any(t.is_value for t in second) or _state_of([t.low for t in second]) is None:
        return None
    return rest[:i], rest[i + 1 : i + 2], second


def _gapped_value(rest: list[Token]) -> tuple[list[Token], list[Token], list[Token]] | None:
    """(first predicate, second subject, its value) of '"Ann" and the Email field "ann@x.org"': a value alone, "and",
    then words naming a second subject (no value, not a verb) and one value that ends the clause; None otherwise."""
    if len(rest) < 4 or not rest[0].is_value or rest[1].low != "and":
        return None  # the first predicate is the value alone ('show Owner "Ann" and Size "XL"' names two captions)
    words = rest[2:-1]
    if not rest[-1].is_value or any(t.is_value or t.kind == "comma" for t in words):
        return None
    if words[0].low in VERBS or words[0].low in _SECOND or words[0].low in ("not", "also", "still", "be", "then"):
        return None
    return rest[:1], words, rest[-1:]


def _counted_list(c: Clause, head: list[Token], values: list[Token]) -> list[Action] | None:
    """ 'exactly 3 tasks: "A", "B" and "C"': how many there are, and each of them on the page."""
    toks = head + values
    j = next((k for k, t in enumerate(toks) if t.is_value), -1)
    pairs = as_pairs(toks[j:]) if j > 0 else None
    if j <= 0 or (not is_value_list(toks[j:]) and j != len(toks) - 1 and pairs is None):
        return None
    counted = count_of(c, toks[: j - 1] if toks[j - 1].kind == "comma" else toks[:j])  # '4 tasks, "A" and "B"'
    if counted is None:
        return None
    if pairs is not None:
        # '2 members should be listed: "admin" as "Project Admin" and "maria" as "Annotator"': each one's row says
        # what it is listed as.
        return [counted, *(Action("verify_visible", {"target": f'"{b}" in the row of "{a}"'}) for a, b in pairs)]
    return [counted, *(Action("verify_text", {"text": v}) for v in value_list(toks[j:]))]


_EVERY = frozenset({"every", "each", "all"})


def _every(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """A check over every row of a table (``web.verify_rows``); any other check over each of many is refused
    ("every row should be selected" is not one element's check); None when the subject is no such one."""
    rows = each_row(c, subject, neg, verb, rest)
    if rows is not None:
        return rows
    gone = verb in ("disappear", "vanish") or (verb == "be" and bool(rest) and rest[0].low in _HIDDEN)
    if subject and subject[0].low in _EVERY and not gone:  # "All errors should be gone": none shown, checked
        # "Every row should show department "Finance"": a check over each of many is not one element's check.
        raise NoParse(f"a check on each of several ({c.text(subject)!r}) is not supported; "
                      "check one of them, or count them ('there should be 3 rows')", "state")  # fmt: skip
    return None


_CHOSEN = frozenset({"selected", "chosen", "picked", "set"})


def _chosen_in(subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """ '"EUR" should be selected as Report currency' / '"Oslo" should be chosen in the City dropdown': the
    control holds that value (``web.verify_value``)."""
    if len(subject) != 1 or not subject[0].is_value or len(rest) < 3 or rest[0].low not in _CHOSEN:
        return None
    if rest[1].low not in ("as", "in", "for"):
        return None
    field = strip_words(rest[2:], lead=("the",))
    if not field or any(t.is_value or t.kind != "word" for t in field):
        return None
    return [Action("verify_value", {"target": " ".join(t.text for t in field), "value": subject[0].value})]


def _remaining(c: Clause, subject: list[Token], rest: list[Token]) -> list[Action] | None:
    """What is left: "only one X should remain", 'only the "A" booking should remain', 'only 3 bookings should
    remain: "A", "B" and "C"'."""
    alone = only_one(c, subject, rest) or only_named(c, subject, rest)
    if alone is not None:
        return alone
    said = rest[0].low.removesuffix(":") if rest else ""
    if len(rest) > 2 and said in ("listed", "shown", "left", "displayed") and rest[1].kind == "comma":
        set_aside(rest[:1])  # 'only one product should be listed, "Plant pot"': how many, and which
        rest = rest[2:]
    elif len(rest) > 1 and said in ("listed", "shown", "left", "displayed") and rest[1].is_value:
        set_aside([rest[0]])  # '3 tasks should be listed: "A", "B" and "C"' (the colon is no word)
        rest = rest[1:]
    return _counted_list(c, subject, rest) if rest and rest[0].is_value else None


def _judged(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action]:
    rest = without_when(rest)
    seen = SET_ASIDE.get()
    kept = set(seen) if seen is not None else None
    # 'only "A" with 12 attendees and "B" with 8 attendees should remain': several records, each one row.
    records = several_records(c, subject, neg, verb, rest) or only_record(c, subject, neg, verb, rest)
    if records is not None:
        return records
    try:
        return _judged_one(c, subject, neg, verb, rest)
    except NoParse:
        # 'the row should show "A", "B" and the fee "160"', refused as one claim: each claim as if said alone.
        apart = None if neg else (_each_claim(c, subject, verb, rest, seen, kept) or keyed_record(c, subject, verb, rest)
                                  or placed_record(c, subject, verb, rest) or fielded_record(c, subject, verb, rest)
                                  or headed_record(c, subject, verb, rest))
        if apart is None:
            raise
        return apart


def _each_claim(c: Clause, subject: list[Token], verb: str, rest: list[Token], seen: set[str] | None,
                kept: set[str] | None) -> list[Action] | None:  # fmt: skip
    """Several claims after one verb of showing that the rules for one claim refused, each compiled as its own
    sentence about the same subject; None unless every one of them compiles (one claim not understood leaves the
    step refused, never dropped). The words a failed attempt set aside are not counted (``seen`` back to ``kept``)."""

    def restore() -> None:
        if seen is not None and kept is not None:
            seen.clear()
            seen.update(kept)

    said = strip_words(subject)
    alongside = bool(said) and said[-1].low not in HOLDERS
    parts = claims_apart(verb, rest, alongside=alongside)
    if parts is None:
        return None
    restore()
    out: list[Action] = []
    try:
        joined = next((k for k, t in enumerate(rest) if t.low == "with" and not t.is_value), len(rest))
        for part in parts:
            after_with = alongside and next(k for k, t in enumerate(rest) if t is part[0]) > joined
            label = labelled(part) if after_with else None
            if label is not None:
                set_aside(label[0])  # 'with the summary "X"': the noun says what the value is
                part = label[1]
            out += _judged_one(c, subject, False, verb, part)
    except NoParse:
        restore()
        return None
    return out


def _opened_showing(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'a "Book a room" dialog should open with Room "Atlas" and Organiser "Maria"': it opened, and it shows them
    (the words after "with" read as what it should show)."""
    with_claims = None if neg else opened_with(c, subject, verb, rest)
    if with_claims is None:
        return None
    base, claims = with_claims
    if not claims:
        return base  # 'a "Configuration" dialog should open on the "npm" tab'
    fields = set_fields(c, claims)
    if fields is not None:
        # '... should open with "Dr. Okafor" already chosen as the "Vet"': that field of it holds that value
        where = base[0].args.get("target") if base[0].verb == "verify_visible" else None
        place = f" in the {where}" if isinstance(where, str) else ""
        return base + [Action("verify_value", {"target": f'"{f}"{place}', "value": v}) for f, v in fields]
    return base + _judged(c, subject, False, "show", claims)


def _judged_one(c: Clause, subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action]:
    # '"A" should be listed first', '"A" should appear above "B"': where texts stand in their list.
    # "the only row should show 2026-12-18, 10:00, Luna and a fee of 50": one row shows all of it (record_claim).
    told = ordered(c, subject, neg, verb, rest) or held_at(c, subject, neg, verb, rest) or \
        told_(c, subject, neg, verb, rest, _subject_kind(subject)) or record_claim(c, subject, neg, verb, rest) or \
        _named_states(subject, neg, verb, rest)  # fmt: skip
    if told is not None:
        return told
    rows = (the_only(subject, verb, rest) if not neg else None) or _every(c, subject, neg, verb, rest)
    if rows is not None:
        return rows  # "every row should show department "Finance"": each row's cell in that column
    alone = _remaining(c, subject, rest) or _chosen_in(subject, rest) if not neg and verb == "be" else None
    if alone is not None:
        return alone
    if not neg and ((verb == "be" and [t.low for t in subject] == ["there"]) or verb in _HOLDS):
        counted = _how_many(c, rest, None if verb == "be" else subject)
        if counted is not None:
            return counted  # "There should be 5 results", "The Orders table should have 4 rows"
    if verb == "be" and [t.low for t in subject] == ["there"] and rest:
        return see_object(c, rest, neg)  # "there should be a note at 05:40": seen, as "I should see" says it
    fields = None if neg else field_check(c, subject, verb, rest) or marked(c, subject, verb, rest, _subject_kind(subject))
    if fields is not None:
        # "order "ORD-9" should have the status "Shipped"", 'the ticket should be marked "accepted task"'
        return fields
    shown = None if neg else tab_shows(c, subject, verb, rest) or value_in_place(c, subject, verb, rest)
    if shown is not None:
        return shown  # "the README tab should show "X"": the selected tab's content below it; "... 40 in the Stock box"
    swapped = None if neg else instead_of(c, subject, verb, rest)
    if swapped is not None:
        return swapped  # "the header should show an account icon instead of the "LOGIN" button"
    opened = opening(c, subject, neg, verb, rest) or asked_for(c, subject, neg, verb, rest) or _opened_showing(
        c, subject, neg, verb, rest)
    if opened is not None:
        return opened  # "a "Login" dialog should open with "Username" and "Password" fields", "... ask for X"
    kind = _subject_kind(subject)
    held = in_part(c, subject, neg, verb, rest) if kind == "element" else None
    held = held_element(c, subject, neg, verb, rest) if kind == "page" else held
    if held is not None:
        return held  # "the palette should show a "delay" node": that node, in the palette
    # 'the response body should list "Rex" and "Coco"': each value, in the subject; 'the Progress box should show
    # Total 24 and Complete 8': each caption with its number.
    listed = values_held(c, subject, neg, verb, rest, kind) or numbered_captions(c, subject, neg, verb, rest, kind)
    if listed is not None:
        return listed
    op, value = _operation(c, verb, rest)
    if kind in ("url", "title"):
        return _page_property(kind, neg, op, value)
    if kind == "page":
        return _about_the_page(neg, op, value)
    return _element(c, subject, neg, op, value, rest)


def _head(toks: list[Token]) -> str:
    """The head noun of a noun phrase: its last word before a place said after it ("the panel on the right")."""
    end = next((k for k, t in enumerate(toks) if k and t.low in ("on", "in", "at", "of")), len(toks))
    return toks[end - 1].low if end else ""


def _about_the_page(neg: bool, op: str, value: str | None) -> list[Action]:
    """A claim of the page as a whole: a text it shows (or does not)."""
    if op == "eq" and value is not None and value.strip().isdigit():
        # "The current page should be 2" means a page number, which a text "2" anywhere on the page does not check.
        raise NoParse(f"a page is no number: say which page should be the current one ('page {value.strip()} should "
                      f"be selected') or what the page should show ('\"Page {value.strip()} of 5\" should be shown')",
                      "state")
    if op in ("text", "eq") and value is not None:
        return [Action("verify_not_visible", {"target": value})] if neg else [Action("verify_text", {"text": value})]
    raise NoParse("about the page, say what it should contain: 'the page should contain \"Welcome\"'", "state")


def _named_states(subject: list[Token], neg: bool, verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the "Draft" and "Paid" checkboxes should be ticked': each one named is in that state."""
    if verb != "be" or not rest:
        return None
    state = _state_of([t.low for t in rest])
    named = named_each(subject) if state is not None else None
    if named is None or state is None:
        return None
    if neg:
        if state not in _OPPOSITE:
            raise NoParse(f"'not {state}' cannot be checked; say the opposite state", "state")
        state = _OPPOSITE[state]
    kind, names = named
    return [Action("verify_state", {"target": f'"{n}" {kind}'.strip(), "state": state}) for n in names]


def _subject_kind(subject: list[Token]) -> str:
    words = [t.low for t in strip_words(subject, lead=("the", "a", "current", "page", "browser", "tab", "document"))]
    if words in (["url"], ["address"], ["location"], ["page", "url"], ["current", "url"]):
        return "url"
    if words == ["title"]:
        return "title"
    full = [t.low for t in strip_words(subject, lead=("the",))]
    if full in (["page"], ["screen"], ["body"], ["current", "page"], ["web", "page"], ["webpage"]):
        return "page"
    return "element"



def _shown(c: Clause, subject: list[Token], neg: bool, op: str, value: str | None,
           rest: list[Token]) -> tuple[str, list[Action] | None]:  # fmt: skip
    """Whether something is shown, read from the words around it: (op, actions when they are decided here)."""
    cornered = in_page_corner(c, subject, (op == "hidden") != neg, rest) if op in ("visible", "hidden") else None
    if cornered is not None:
        return op, cornered  # '"X" should be shown at the bottom of the page': that element, in that part of the page
    if op == "eq" and value is not None and value.lower() in _OPEN_WORDS and words_of(subject) & _OPENABLE:
        op = "hidden" if _OPEN_WORDS[value.lower()] else "visible"  # "The Edit dialog should be closed"
    if op == "visible" and not neg:
        i, k = find(rest, _SAYING)
        if i >= 0 and i + k < len(rest):
            # "A dialog should appear saying "Delete Fox Mulder?"": that text, in that element.
            said = strip_words(rest[i + k :], lead=("the", "text", "message", "words"))
            return op, [Action("verify_text", {"text": value_of(c, said), "target": target_of(c, subject)})]
    if neg and op == "eq" and rest and rest[0].low in ("in", "on", "inside", "within", "under", "among"):
        where = _location(c, [Token("word", "in", "in", rest[0].start, rest[0].end), *rest[1:]])
        if where is not None:
            # "Ann should not be in the table": no element "Ann" in the table; '"Ann" should not be in the response
            # body': that text nowhere in that place (kept quoted, the place with its article: read as a place).
            if is_value_list(subject):  # '"A" and "B" should no longer be in the table': neither is
                return op, [Action("verify_not_visible", {"target": f'"{v}" in the {where}'}) for v in value_list(subject)]
            quoted = only_value(subject)
            target = f'"{quoted}" in the {where}' if quoted is not None else f"{target_of(c, subject)} in {where}"
            return op, [Action("verify_not_visible", {"target": target})]
    if op == "eq" and len(rest) > 3 and rest[0].low in ("back", "still") and rest[1].low in _WHERE:
        rest = rest[1:]  # "should be back in the top bar": a place again
        if rest[1].low in _DETERMINERS or rest[1].is_value:
            where = _location(c, rest)
            return "visible", [Action("verify_visible", {"target": f"{target_of(c, subject)} {c.text(rest)}"})] if where else None
    if op == "eq" and len(rest) > 2 and rest[0].low in _WHERE and (rest[1].low in _DETERMINERS or rest[1].is_value):
        # "Ann should be in the table": a place (a determiner follows), not a value ("in progress", "in stock").
        return "visible", None
    return op, None


_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "my", "your", "our", "their", "its"})


def _element(c: Clause, subject: list[Token], neg: bool, op: str, value: str | None, rest: list[Token]) -> list[Action]:
    op, decided = _shown(c, subject, neg, op, value, rest)
    if decided is not None:
        return decided
    if op in ("visible", "hidden"):
        hidden = (op == "hidden") != neg
        where = _location(c, rest)
        i, _ = find(rest, _WHERE)
        if where is not None and not hidden and is_text_like(subject):
            if rest[i].low in _BESIDE:  # '"1-10 of 18" should be shown under the table': below it, not in it
                return [Action("verify_visible", {"target": f"{quoted_target_text(text_value(c, subject))} {c.text(rest[i:])}"})]
            return [Action("verify_text", {"text": text_value(c, subject), "target": where})]
        if where is not None and not is_text_like(subject):
            # "The LOGIN button should no longer be shown in the top bar": that button, in that place.
            verb = "verify_not_visible" if hidden else "verify_visible"
            return [Action(verb, {"target": f"{target_of(c, subject)} {c.text(rest[i:])}"})]
        return see_object(c, subject, hidden)
    target = target_of(c, subject)
    if op == "state" and value in ("expanded", "collapsed"):
        bare = strip_words(subject, trail=("section", "panel", "accordion", "group", "details"))
        target = target_of(c, bare) if bare else target
    if op == "state":
        state = value or ""
        if neg:
            if state not in _OPPOSITE:
                raise NoParse(f"'not {state}' cannot be checked; say the opposite state", "state")
            state = _OPPOSITE[state]
        there = rest[placed_at([t.low for t in rest]) :]  # "Email should be turned on under Privacy": the one there
        return [Action("verify_state", {"target": f"{target} {c.text(there)}" if there else target, "state": state})]
    if neg and op == "text" and value is not None and not words_of(subject) & FIELD_WORDS:
        # "The table should not contain "Shelly"", "the list should no longer show "X"": that text nowhere in it.
        return [Action("verify_not_visible", {"target": f'"{value}" in the {target}'})]
    if neg:
        raise NoParse("no web tool checks that an element does NOT have a text or value; "
                      "use 'I should not see \"X\"'", "see")  # fmt: skip
    fieldish = bool(words_of(subject) & FIELD_WORDS)
    # "Confirm email should be empty": a name alone said to be empty is a field by that name holding nothing (the
    # check fails saying so when the name is no form field: emptiness of a list is not read as a value).
    if op in ("value", "empty") or (op in ("eq", "exact") and fieldish):
        return [Action("verify_value", {"target": target, "value": value or ""})]
    said = _text_said(c, subject, op, value, target)
    if said is None:
        raise NoParse("this check needs a form field or a text (e.g. 'should contain \"X\"')", "state")
    return [said]


def _text_said(c: Clause, subject: list[Token], op: str, value: str | None, target: str) -> Action | None:
    """The check of a text an element shows: in it, at its start or end, or all of it; None with no text said."""
    if value is None:
        return None
    if op == "text":
        return _placed_text(c, subject, value) or _text_in(value, target, subject)
    if op in ("starts", "ends"):
        # "the text under the table should end with "of 41"": that element's text, at its end (or start)
        return Action("verify_text", {"text": value, "target": target, "edge": "start" if op == "starts" else "end"})
    if op in ("eq", "exact"):
        args: dict[str, object] = {"text": value, "target": target}
        if op == "exact":
            args["exact"] = True
        return Action("verify_text", args)
    return None


_HOLDERS = {"row", "column", "item", "card", "post", "section", "list", "table", "entry", "panel", "line", "footer",
            "toolbar", "navbar", "topbar", "sidebar"}  # fmt: skip


def _text_in(text: str, target: str, subject: list[Token]) -> Action:
    """A text inside a row, column, card ...: an element showing it there ("the first row should contain X"); a
    table's footer is under the table."""
    footer = table_footer(target)
    if footer is not None:
        return Action("verify_visible", {"target": f'{quoted_target_text(text)} under the {footer}'})
    head = [t.low for t in head_noun(subject)]
    if words_of(head_noun(subject)) & _HOLDERS or tuple(head[-2:]) in REGION_PHRASES:
        # "the top bar should show X": X in the page's bar ("the status bar", "the banner" are texts, not regions)
        return Action("verify_visible", {"target": f'"{text}" in the {target}'})
    return Action("verify_text", {"text": text, "target": target})


# Words that end a noun phrase's head and begin what places it: "the summary above the table".
_PLACING = frozenset({"in", "on", "of", "for", "under", "above", "below", "beneath", "over", "near", "next", "beside",
                      "inside", "within", "by", "with", "at", "from", "to", "between", "after", "before"})  # fmt: skip


def head_noun(subject: list[Token]) -> list[Token]:
    """The words of a subject before what places it: "the summary above the table" -> "the summary"."""
    for i, t in enumerate(subject[1:], 1):
        if t.low in _PLACING:
            return subject[:i]
    return subject


_SIDES = {"under": "below", "below": "below", "beneath": "below", "above": "above", "over": "above"}


def _placed_text(c: Clause, subject: list[Token], value: str) -> Action | None:
    """ "The text (summary, line, caption) under the table should say "X"": a subject that is only a text word, placed by
    a side of an anchor, is the text nearest the anchor on that side, and that text must hold "X". Not '"X" below
    table': any "X" anywhere below (a caption of the next card down) would pass for it."""
    head = strip_words(head_noun(subject))
    if not head or len(head) == len(strip_words(subject)) or not words_of(head) <= TEXT_WORDS | {"line", "caption", "summary"}:
        return None
    rest = subject[len(head_noun(subject)) :]
    side = _SIDES.get(rest[0].low)
    if side is None or len(rest) < 2:
        return None
    return Action("verify_text", {"target": f"text {side} {target_of(c, rest[1:])}", "text": value})


# Place words that say where a thing is beside another, not inside it.
_BESIDE = frozenset({"under", "near", "above", "below", "beneath"})


def _location(c: Clause, rest: list[Token]) -> str | None:
    """ "displayed in the header" -> "header"."""
    i, k = find(rest, _WHERE)
    if i < 0 or i + k >= len(rest):
        return None
    after = strip_phrase_end(rest[i + k :], ())
    if [t.low for t in strip_words(after)] in (["page"], ["screen"]):
        return None
    return target_of(c, after)


def verify(c: Clause, phrase: tuple[str, ...], rest: list[Token]) -> list[Action]:
    """``Verify [that] ...``, ``Expect X to ...``: an assertion, or "X is there" when only X is given."""
    if phrase == ("confirm",) and len(rest) > 1 and rest[0].low in ("with", "using", "via"):
        return [Action("click", {"target": target_of(c, rest[1:])})]  # "Confirm with "Yes"": press Yes
    at = next((k for k, t in enumerate(c.tokens) if rest and t is rest[0]), 0)
    if phrase in (("confirm",), ("check",)) and len(rest) > 1 and rest[0].kind == "word" and at > 0 and \
            c.tokens[at - 1].text[:1].isupper() and \
            rest[0].low not in ("that", "if", "whether", "there", *_DETERMINERS) and \
            any(t.low in ("should", "must", "shall") for t in rest[1:3]):
        # "Confirm email should be empty": "Confirm email" may be the field's name (a subject and its "should"), or
        # the verb and a field "email"; the two readings check different fields, so neither is guessed. A verb in
        # lower case ("... and confirm name should be shown") is the verb.
        raise NoParse(f"'{phrase[0]} {rest[0].text}' may be a name or the verb and a name: say 'the {phrase[0].title()} "
                      f"{rest[0].text} field should ...' or '{phrase[0].title()} that {rest[0].text} ...'", "verify")
    body = _strip_subject(rest[1:] if rest and rest[0].low in ("that", "if", "whether") else rest)
    if len(body) > 2 and body[0].low == "to" and is_see(body[1].low):
        body = body[1:]  # "Expect to see "X"": "see "X""
    if not body:
        raise NoParse("verify what?", "verify")
    out = see_form(c, body, copula=True) or subject_predicate(c, body)
    if out is None and phrase == ("confirm",) and body[0].low == "the" and len(body) <= 3 and not any(t.is_value for t in body):
        # "Confirm the deletion": press what confirms it, or check that a deletion is shown; a check of the word
        # "deletion" would pass on a dialog titled "Confirm deletion" with nothing pressed.
        raise NoParse(f"'Confirm {c.text(body)}' may press the button that confirms it or check that it is shown: say "
                      f"'Click \"...\" in the dialog' or 'Verify that ... is shown'", "verify")
    return out if out is not None else see_object(c, body, False)


def _strip_subject(toks: list[Token]) -> list[Token]:
    for n, subject in ((1, ["i"]), (1, ["we"]), (1, ["user"]), (2, ["the", "user"])):
        if len(toks) > n and [t.low for t in toks[:n]] == subject and _leads_check(toks[n].low):
            return toks[n:]
    return toks


def _leads_check(word: str) -> bool:
    return word in MODALS | NEG_MODALS | {"am", "is", "are"} or is_see(word)
