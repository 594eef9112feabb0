"""'Click "A" in the menu and then "B"': the verb said once serves the quoted name that follows it; a quoted name
after any other action stays refused (no verb is guessed)."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules._planner import compile_step


@pytest.mark.parametrize(("step", "targets"), [
    ('I click "View Tickets" in the main menu and then "New Custom Query"',
     ['"View Tickets" in the main menu', '"New Custom Query"']),
    ('Click "Admin" and then "Milestones" under Ticket System', ['"Admin"', '"Milestones" under Ticket System']),
    ('Click "A", then "B", then "C"', ['"A"', '"B"', '"C"']),
])  # fmt: skip
def test_a_quoted_name_after_a_click_is_clicked_too(step: str, targets: list[str]) -> None:
    steps = compile_step(step).steps
    assert [s.tool for s in steps] == ["web.click"] * len(targets)
    assert [s.args["target"] for s in steps] == targets


@pytest.mark.parametrize("step", ['Type "x" in Name and then "Save"', 'Check the Terms box and then "Save"'])
def test_no_verb_is_guessed_after_another_action(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)


@pytest.mark.parametrize(("step", "target"), [
    ('Type "k" in the "Value" field of the "Available authorizations" dialog and press its "Authorize" button',
     '"Authorize" button in the "Available authorizations" dialog'),  # "its": the dialog the field is in
    ('Open the "Orders" panel and click its "Export" button', '"Export" button in "Orders" panel'),
])  # fmt: skip
def test_its_is_what_the_previous_target_belongs_to(step: str, target: str) -> None:
    assert compile_step(step).steps[-1].args["target"] == target
