"""What a tab shows: "the README tab should show "X"" is about the tab's page of content, not its label.

A tab's content is drawn below its tab strip (pages often give the panel no name or role a
snapshot reports), so the check is two calls: the tab is the selected one, and the text is shown
in it (the locator reads "in the X tab" as under its tab strip when no panel is reported). A text only in another tab's content, or the tab not selected, fails the step.
"""

from __future__ import annotations

from tapwright.planners.rules._ast import Action, Clause, strip_words, target_of, words_of
from tapwright.planners.rules._lexicon import FIELD_WORDS
from tapwright.planners.rules._tokens import Token

_SHOWS = frozenset({"show", "display", "contain", "include", "say", "read"})


def tab_shows(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """The checks of "the X tab should show "Y"", or None for other subjects and predicates."""
    named = strip_words(subject, lead=("the",))
    if verb not in _SHOWS or len(named) < 2 or named[-1].low != "tab" or named[-1].is_value:
        return None
    body = strip_words(rest, lead=("the", "text"))
    if len(body) != 1 or not body[0].is_value:
        return None
    tab = target_of(c, subject)
    return [Action("verify_state", {"target": tab, "state": "selected"}),
            Action("verify_visible", {"target": f'"{body[0].value}" in the {tab}'})]  # fmt: skip


_PLACED_IN = frozenset({"in", "inside", "under", "below", "beneath", "above", "near"})
# Words that place a value beside a thing rather than in it: '"1-10 of 18" under the table' is below the table.
_BESIDE = frozenset({"under", "below", "beneath", "above", "near"})


def value_in_place(c: Clause, subject: list[Token], verb: str, rest: list[Token]) -> list[Action] | None:
    """ 'the "Desk organizer" row should show 40 in the Stock box': a value (a number, or one quoted text) shown in
    a place named inside the subject. Not a count ("40 in the Stock box" counts no noun) and not one text
    "40 in the Stock box": the place inside the subject holds the value; a field's value when the place is a field.
    None for other shapes."""
    if verb not in _SHOWS or len(rest) < 4 or rest[1].low not in _PLACED_IN or rest[2].low not in ("the", "its"):
        return None
    if any(t.is_value or t.low in ("and", "or") or t.kind == "comma" for t in rest[3:]):
        return None  # '"ann" in the group "Admins" and "bob" ...': values placed by a name, read elsewhere
    first = rest[0]
    if first.is_value:
        value = first.value
    elif first.kind == "word" and first.text.replace(".", "", 1).replace(",", "").isdigit():
        value = first.text
    else:
        return None
    place = target_of(c, rest[3:])
    holder = target_of(c, subject)
    if rest[1].low in _BESIDE:
        # 'the Bookings tab should show "1-10 of 18" under the table': shown below that table (never a text in the
        # table), and in the tab.
        return [Action("verify_visible", {"target": f'"{value}" {rest[1].low} the {place}'}),
                Action("verify_visible", {"target": f'"{value}" in the {holder}'})]
    target = f"{place} in the {holder}"
    if words_of(rest[3:]) & FIELD_WORDS:
        return [Action("verify_value", {"target": target, "value": value})]
    return [Action("verify_text", {"text": value, "target": target})]


_CORNER_WORDS = frozenset({"top", "bottom", "left", "right"})


def in_page_corner(c: Clause, subject: list[Token], hidden: bool, rest: list[Token]) -> list[Action] | None:
    corner = _page_corner(rest)
    if corner is None:
        return None
    thing = f'"{subject[0].value}"' if len(subject) == 1 and subject[0].is_value else target_of(c, subject)
    return [Action("verify_not_visible" if hidden else "verify_visible", {"target": f"{thing} {c.text(corner)}"})]


def _page_corner(rest: list[Token]) -> list[Token] | None:
    """The words 'at the bottom (right) (of the page)' after a verb of being shown, or None: a part of the page,
    which the locator reads as a corner or a half of it."""
    k = next((i for i, t in enumerate(rest) if t.low == "at"), -1)
    if k < 0 or k + 2 >= len(rest) + 1 or rest[k + 1 : k + 2] == [] or rest[k + 1].low != "the":
        return None
    tail = [t.low for t in rest[k + 2 :]]
    side = [w for w in tail[:2] if w in _CORNER_WORDS]
    if not side or tail[len(side) :] not in ([], ["of", "the", "page"], ["of", "the", "screen"], ["corner"],
                                             ["corner", "of", "the", "page"]):  # fmt: skip
        return None
    return rest[k:]
