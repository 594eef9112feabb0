"""A claim about how a thing is drawn (a colour, bold type, a highlight) is refused: no check reads it, and read as
a text or a place its words checked something else ('shown in red' looked for an element named "red")."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "word"), [
    ("Then the error message should be shown in red", "red"),
    ('Then "Invalid password" should be shown in red', "red"),
    ('Then "Paid" should appear in green', "green"),
    ('Then the "Save" button should be green', "green"),
    ("Then the status should be highlighted in yellow", "yellow"),
    ("Then the row should be highlighted", "highlighted"),
    ("Then the total should be bold", "bold"),
    ("Then the Delete button should be red and enabled", "red"),
    ('Then I should see "Invalid password" in red', "red"),
    ("Then the error should not be shown in red", "red"),
])
def test_a_look_is_refused_naming_the_word(step: str, word: str) -> None:
    with pytest.raises(PlanError) as refused:
        compile_step(step)
    assert f"'{word}' says how it is drawn" in str(refused.value)


def test_a_capitalised_word_is_the_text_shown() -> None:
    assert _calls("Then the status should be Green") == [("web.verify_text", {"text": "Green", "target": "status"})]


def test_a_subject_that_names_a_colour_holds_it_as_text() -> None:
    assert _calls("Then the colour should be red") == [("web.verify_text", {"text": "red", "target": "colour"})]
    assert _calls('Then the colour field should be "red"') == [("web.verify_value",
                                                                 {"target": "colour field", "value": "red"})]


def test_a_place_or_option_named_by_a_colour_is_not_a_look() -> None:
    assert _calls('Then I should see "Saved" in the Red team panel') == [
        ("web.verify_visible", {"target": '"Saved" in the Red team panel'})]
    assert _calls("Then the Red option should be selected") == [
        ("web.verify_state", {"target": "Red option", "state": "selected"})]
