"""A check whose second subject shares the first one's verb (gapping), offline; the steps are invented:

- 'the Name field should show "Ann" and the Email field "ann@x.org"': each value is checked in its own subject;
- a run of words between two values is never read as a list separator (only commas and "and" are): before,
  '"Ann" and the Email field "ann@x.org"' was a list of two values and "the Email field" was dropped, so the
  second value was checked in the first subject."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step
from tapwright.planners.rules._ast import is_value_list
from tapwright.planners.rules._tokens import tokenize


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ('The Name field should show "Ann" and the Email field "ann@x.org"',
     [("web.verify_text", {"text": "Ann", "target": "Name field"}),
      ("web.verify_text", {"text": "ann@x.org", "target": "Email field"})]),
    ('The status should be "Open" and the priority "High"',
     [("web.verify_text", {"text": "Open", "target": "status"}),
      ("web.verify_text", {"text": "High", "target": "priority"})]),
    ('The first row should show "Alpha" and the last row "Omega"',
     [("web.verify_visible", {"target": '"Alpha" in the first row'}),
      ("web.verify_visible", {"target": '"Omega" in the last row'})]),
    # Not gapping: a second verb, a plain list of values.
    ('the dialog should say "Authorized" and offer a "Logout" button',
     [("web.verify_text", {"text": "Authorized", "target": "dialog"}),
      ("web.verify_visible", {"target": '"Logout" button in the dialog'})]),
    ('The list should show "A", "B" and "C"',
     [("web.verify_visible", {"target": '"A" in the list'}), ("web.verify_visible", {"target": '"B" in the list'}),
      ("web.verify_visible", {"target": '"C" in the list'})]),
]  # fmt: skip


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_gapped_checks(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


@pytest.mark.parametrize("text", ['"A", "B" and "C"', '"A", "B", and "C"', '"A" and "B"', '"A","B"'])
def test_commas_and_and_separate_a_value_list(text: str) -> None:
    assert is_value_list(tokenize(text))


@pytest.mark.parametrize("text", ['"A" and the Email field "B"', '"A" then "B"', '"A" and also "B"'])
def test_other_words_between_values_are_no_separator(text: str) -> None:
    assert not is_value_list(tokenize(text))


def test_a_negated_gapped_check_is_not_split_on_a_guess() -> None:
    # What "not" reaches in the second half is unclear: never two checks that silently differ from the sentence.
    try:
        calls = _calls('The Name field should not show "Ann" and the Email field "ann@x.org"')
    except PlanError:
        return
    assert ("web.verify_text", {"text": "ann@x.org", "target": "Name field"}) not in calls
