"""A state said after "shown", "displayed" or "appear" ("should be shown disabled", "should appear greyed out") is
checked, not read as grammar: shown, and in that state. A state word no call reads refuses the step (it passed as a
plain visibility check before)."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "state"), [
    ("Then the Deploy button should be shown disabled", "disabled"),
    ("Then the Deploy button should appear greyed out", "disabled"),
    ("Then the Deploy button should be displayed grayed out", "disabled"),
    ("Then the Deploy button should appear enabled", "enabled"),
    ("Then the Deploy button should be shown checked", "checked"),
])
def test_shown_in_a_state_checks_both(step: str, state: str) -> None:
    assert _calls(step) == [("web.verify_visible", {"target": "Deploy button"}),
                            ("web.verify_state", {"target": "Deploy button", "state": state})]  # fmt: skip


@pytest.mark.parametrize("step", ["Then the Deploy button should not be shown disabled",
                                  "Then the Deploy button should not appear greyed out"])
def test_a_negated_state_after_shown_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)  # whether "not" reaches "shown" or the state is not said


def test_a_state_word_is_no_grammar_word() -> None:
    with pytest.raises(PlanError) as refused:
        compile_step("Then the Deploy button should be visible though disabled")
    assert "disabled" in str(refused.value)


@pytest.mark.parametrize("step", ["Then the row should be shown archived", "Then the task should appear completed",
                                  "Then the items should be shown sorted"])
def test_a_look_no_check_reads_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)  # each planned as a bare visibility or text check before, the look dropped
