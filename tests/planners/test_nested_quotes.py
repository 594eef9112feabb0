"""A quoted text that quotes a name: '"You are about to delete "a.gcode" forever."' is one text.

Quotes are read by where they stand: one that opens stands after a space and before a word, one that closes
after a word. Values side by side, a value ending in a space and unbalanced quotes read as before."""

from __future__ import annotations

from tapwright.planners.rules._planner import compile_step
from tapwright.planners.rules._tokens import tokenize


def _values(text: str) -> list[str]:
    return [t.value for t in tokenize(text) if t.kind == "quoted"]


def test_a_quote_inside_a_quote_is_part_of_the_text() -> None:
    assert _values('Then the dialog says "Delete "a.txt" forever."') == ['Delete "a.txt" forever.']
    assert _values('I should see "Say "hi" to Bob" and "x"') == ['Say "hi" to Bob', "x"]


def test_values_side_by_side_stay_apart() -> None:
    assert _values('Click "Save" and "Cancel"') == ["Save", "Cancel"]
    assert _values('Type "abc" "def"') == ["abc", "def"]
    assert _values('I should see "Delete " and "x"') == ["Delete ", "x"]
    assert _values('Enter "A" into "B"') == ["A", "B"]


def test_an_inner_quote_left_open_reads_as_before() -> None:
    # No quote is left to close the outer one: the first quote after the text closes it.
    assert _values('Enter "name "x" into B') == ["name "]


def test_the_check_keeps_the_whole_quoted_text() -> None:
    plan = compile_step('Then a confirmation dialog says "You are about to delete "keychain.gcode" forever."')
    assert [(s.tool, s.args) for s in plan.steps] == [
        ("web.verify_text", {"text": 'You are about to delete "keychain.gcode" forever.', "target": "confirmation dialog"})
    ]
