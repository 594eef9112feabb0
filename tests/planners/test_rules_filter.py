"""'Filter the list to X using the Y filter': the value chosen in that filter (a drop-down); with no control said,
in the page's filter. The words for what is filtered, a plural noun after the value ("Suspended users") and a
purpose after it are no part of the choice. Offline; the steps are invented for these tests."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "args"), [
    ("Filter the list to Archived projects using the State filter", {"target": "State filter", "option": "Archived"}),
    ("Filter the table to show only Overdue invoices", {"target": "filter", "option": "Overdue"}),
    ('Filter the orders by "Shipped" in the Status dropdown', {"target": "Status dropdown", "option": "Shipped"}),
    ("Filter the list to Archived projects to see what was closed", {"target": "filter", "option": "Archived"}),
])  # fmt: skip
def test_a_filter_is_a_choice_in_a_drop_down(step: str, args: dict[str, object]) -> None:
    assert _calls(step) == [("web.select", args)]


@pytest.mark.parametrize("step", [
    "Filter the list to Archived and Draft projects",  # two values: which control takes both is not said
    "Filter the list",  # to what?
])  # fmt: skip
def test_a_filter_without_one_value_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        _calls(step)


def test_a_step_opening_with_the_noun_filter_is_still_a_check() -> None:
    assert _calls("Filter button should be visible") == [("web.verify_visible", {"target": "Filter button"})]
