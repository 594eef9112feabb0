"""What a check's verb and the words after it ask of an element: its text, its value, a state, being shown.

"should contain X" asks for a text, "should be visible" for being shown, "should be ticked" for a state,
"should change to "Paused"" for the text it shows now; the URL and the title take contain, be, equal, match,
start with and end with. The element the check is about is read elsewhere (``_assertions``).
"""

from __future__ import annotations

import re

from tapwright.planners.rules._ast import Action, Clause, NoParse, set_aside, strip_words, value_of
from tapwright.planners.rules._claims import NAMING
from tapwright.planners.rules._tokens import Token

# Verbs of a change to a new text: "should change to / go back to / return to / turn to / become "Paused"".
BECOMING = {"change": ("to",), "go": ("to", "back to"), "return": ("to", "back to"), "revert": ("to", "back to"),
             "turn": ("to", "into"), "switch": ("to", "back to"), "become": ("",)}  # fmt: skip
# ("available" is not here: an item can be on the page and not available, "on loan".)
VISIBLE = {"visible", "displayed", "shown", "present", "there", "showing", "rendered", "onscreen", "listed"}
HIDDEN = {"hidden", "invisible", "gone", "absent", "missing"}
STATES = {"checked", "unchecked", "ticked", "unticked", "selected", "enabled", "disabled", "focused", "editable",
           "read-only", "readonly", "active", "inactive", "expanded", "collapsed", "required"}  # fmt: skip


OPS = {
    "contain": "text", "include": "text", "show": "text", "display": "text", "read": "text", "say": "text",
    "mention": "text", "equal": "exact", "match": "regex", "appear": "visible", "exist": "visible",
    "disappear": "hidden", "vanish": "hidden", "start": "starts", "begin": "starts", "end": "ends",
    # What a dialog asks: "the dialog should ask "Cancel 2 bookings?"".
    "ask": "text",
    # What a holder lists or offers: "the "Owned" section should list "X"", "the menu should offer "Log out"".
    "list": "text", "offer": "text",
}  # fmt: skip
# "A suggestion should drop down", "a toast should pop up": ways of saying it appears (only with that particle).
_APPEARING = {"drop": "down", "pop": "up"}
# Marks a record carries as short texts: 'should have the "urgent" label'.
_MARKS = frozenset({"label", "tag", "badge", "chip", "flag", "status", "category", "pill"})


def operation(c: Clause, verb: str, rest: list[Token]) -> tuple[str, str | None]:
    """(op, value): op is visible/hidden/text/value/eq/exact/regex/starts/ends/empty/state."""
    words = [t.low for t in rest]
    if verb in _APPEARING:
        if words != [_APPEARING[verb]]:
            raise NoParse(f"'{verb} {_APPEARING[verb]}' says it appears; other words after {verb!r} are not read", "state")
        return "visible", None
    if verb in BECOMING:
        # "the state should change to "Paused"", "... go back to "Operational"": what it shows now. Only a quoted
        # value after "to" (the words each verb takes): "should change colour" or "should change" alone says no text.
        if rest and rest[-1].is_value and " ".join(words[:-1]) in BECOMING[verb]:
            return "text", rest[-1].value
        how = BECOMING[verb][-1]
        raise NoParse(f"'should {verb} {how + ' ' if how else ''}\"X\"' checks the text it shows now; say the new "
                      "text in quotes", "state")
    if verb in OPS:
        op = OPS[verb]
        body = strip_words(rest, lead=("with", "to", "the", "text", "up"))
        if op in ("visible", "hidden"):
            return op, None
        if verb == "list" and not any(t.is_value for t in body) and any(t.low in ("and", ",") for t in body):
            # "should list beta and latest": items, but which words make one is not said.
            raise NoParse("say each listed item in quotes: 'should list \"beta\" and \"latest\"'", "state")
        return op, value_of(c, body)
    if verb == "have":
        for lead, op in (("the value", "value"), ("value", "value"), ("a value of", "value"), ("the text", "text"),
                         ("text", "text"), ("title", "eq"), ("the title", "eq")):  # fmt: skip
            n = len(lead.split())
            if words[:n] == lead.split() and len(rest) > n:
                return op, value_of(c, rest[n:])
        marks = strip_words(rest, lead=("the", "a", "an"))
        if len(marks) == 2 and marks[0].is_value and marks[1].low in _MARKS:
            set_aside(marks[1:])  # 'issue #144 should have the "good first issue" label': that mark is shown on it
            return "text", marks[0].value
        raise NoParse("'should have' takes 'the value X' or 'the text X'", "state")
    if verb != "be":
        raise NoParse(f"unknown predicate {verb!r}", "state")
    return _be(c, rest)


def _be(c: Clause, rest: list[Token]) -> tuple[str, str | None]:
    words = [t.low for t in rest]
    if not words or words == ["there"]:
        return "visible", None
    first = words[0]
    if first in VISIBLE or words[:3] in (["on", "the", "page"], ["on", "the", "screen"]):
        return "visible", None
    if first in HIDDEN:
        return "hidden", None
    if first in STATES and len(words) == 1:
        return "state", first
    state = state_of(words[: placed_at(words)])
    if state is not None:
        return "state", state  # "The Dark mode toggle should be on", "... switched off", "... on under Privacy"
    if first in ("empty", "blank", "cleared") and len(words) == 1:
        return "empty", ""
    if first in NAMING and len(rest) == 2 and rest[1].is_value:
        return "text", rest[1].value  # "the right-hand panel should be titled "debug"": its title says it
    for lead in ("equal to", "exactly", "exactly equal to", "identical to"):
        n = len(lead.split())
        if words[:n] == lead.split() and len(rest) > n:
            return "exact", value_of(c, rest[n:])
    return "eq", value_of(c, rest)


_PLACING = ("under", "in", "inside", "within")


def placed_at(words: list[str]) -> int:
    """Where a place begins after a state ("turned on under Privacy": 2), or the length when none does."""
    return next((k for k, w in enumerate(words) if k > 0 and w in _PLACING and k + 1 < len(words)), len(words))


_SWITCHED = {"switched", "turned", "toggled", "set"}
# Words of time after a state ("should be disabled again", "... still ticked"): they say when, not which state.
_WHEN = {"again", "still", "now", "anymore", "too"}
# How a control that cannot be used is drawn: "the Deploy button should be greyed out" says it is disabled.
_GREYED = (["greyed", "out"], ["grayed", "out"], ["greyed"], ["grayed"])


def state_of(words: list[str]) -> str | None:
    """The checked state "on", "off", "switched on", "turned off" say, "disabled" of "greyed out", else None (other
    states are STATES words); a word of time after it ("again", "still") is not part of the state."""
    while len(words) > 1 and words[-1] in _WHEN:
        words = words[:-1]
    if words in _GREYED:
        return "disabled"
    if words and words[0] in _SWITCHED:
        words = words[1:]
    if words in (["on"], ["off"]):
        return "checked" if words[0] == "on" else "unchecked"
    if len(words) == 1 and words[0] in STATES:
        return words[0]
    return None


def shown_in_state(verb: str, rest: list[Token]) -> tuple[list[Token], list[Token]] | None:
    """(the "shown" words, the state words) of "should be shown disabled", "should appear greyed out", "should be
    displayed checked": shown, and in that state; None for other predicates."""
    if verb == "be" and len(rest) > 1 and rest[0].low in ("shown", "displayed") and not rest[0].is_value:
        head, state = rest[:1], rest[1:]
    elif verb in ("appear", "look") and rest:
        head, state = [], rest
    else:
        return None
    words = [t.low for t in state if not t.is_value]
    if len(words) != len(state) or (state_of(words) is None and not (len(words) == 1 and words[0] in STATES)):
        if len(words) == len(state) and 1 <= len(words) <= 2 and words[0].endswith("ed") and words[0] not in _ORDER:
            # "the row should be shown archived", "the task should appear completed": a look no check reads
            raise NoParse(f"'{' '.join(words)}' is no state a check reads: say what the page shows for it (a "
                          f"text: 'the row should show \"Archived\"') or a state (checked, disabled, expanded)",
                          "state")
        return None
    return head, state


_ORDER = frozenset({"listed"})

# How a thing is drawn, which no check reads: its colour, weight or marking.
_LOOKS = frozenset({"red", "green", "blue", "yellow", "orange", "purple", "pink", "grey", "gray", "black", "white",
                    "brown", "bold", "italic", "italics", "underlined", "highlighted", "strikethrough", "struck"})
_DRAWING = frozenset({"shown", "displayed", "highlighted", "coloured", "colored", "painted", "written", "drawn",
                      "rendered", "marked", "printed", "styled", "formatted", "set"})
# A subject that names a colour holds one as its text ("the colour should be red"): that is a text check.
_COLOUR_NOUNS = frozenset({"colour", "color", "colours", "colors", "shade", "tint", "theme", "hue", "style", "weight"})


def drawn_look(subject: list[Token], verb: str, rest: list[Token]) -> None:
    """Refuse a claim about how a thing is drawn ("the error should be shown in red", "the total should be bold",
    '"Paid" should appear in green', "the row should be highlighted"): no check reads colours or type, and read as
    a text or a place the words would check something else. A word written with a capital ("the status should be
    Green") is the text it shows, and a subject that names a colour holds one as text."""
    if any(t.low in _COLOUR_NOUNS for t in subject):
        return
    low = [t.low if t.text == t.low else "" for t in rest]  # a capitalised word is a text the page shows
    said = [w for k, w in enumerate(low) if w in _LOOKS and k > 0 and low[k - 1] == "in"]
    if verb == "be" and low[:1] and low[0] in _DRAWING | _LOOKS:
        said += [w for w in low[:2] if w in _LOOKS]
    if said:
        raise NoParse(f"'{said[0]}' says how it is drawn (colour, weight, marking), which no check reads: say "
                      "what the page shows (a text: 'the field should show \"Required\"') or a state (selected, "
                      "disabled, checked)", "state")


def page_property(kind: str, neg: bool, op: str, value: str | None) -> list[Action]:
    if neg:
        raise NoParse(
            f"no web tool checks that the {kind.upper() if kind == 'url' else kind} is NOT something", "state"
        )
    if value is None:
        raise NoParse(f"say what the {kind} should contain, be or match", "state")
    verb = "verify_url" if kind == "url" else "verify_title"
    if op == "text":
        return [Action(verb, {"expected": value, "match": "contains"})]
    if op in ("eq", "exact", "value"):
        # A bare path cannot equal the absolute URL the browser reports: compare it as "contains".
        absolute = kind == "title" or re.match(r"^[a-z][a-z0-9+.-]*:", value, re.IGNORECASE) is not None
        return [Action(verb, {"expected": value, "match": "equals" if absolute else "contains"})]
    if op == "regex":
        return [Action(verb, {"expected": value, "match": "regex"})]
    if op in ("starts", "ends"):
        pattern = _escape(value)
        return [Action(verb, {"expected": "^" + pattern if op == "starts" else pattern + "$", "match": "regex"})]
    raise NoParse(f"the {kind} can be checked with contain, be, equal, match, start with or end with", "state")


def _escape(value: str) -> str:
    """re.escape outside ``${...}`` placeholders, which the executor must still see."""
    parts = re.split(r"(\$\{[^}]*\})", value)
    return "".join(p if p.startswith("${") else re.escape(p) for p in parts)
