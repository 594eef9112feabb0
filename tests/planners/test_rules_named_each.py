"""Several things named in one subject are each checked, and no element description names several at once.

- 'the "A", "B" and "C" checkboxes should be ticked': a state check per name (the kind said once is each one's);
- 'all five Status checkboxes "A", ... should be ticked': the number must be how many names follow;
- a description that joins two quoted names with "and", "or" or a comma ('checkboxes "A" and "B"') is refused:
  one element would be found, and it would stand for both;
- 'I see "X" and the file "Y"': two things to see.
"""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules._planner import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


def _states(targets: list[str], state: str) -> list[tuple[str, dict[str, object]]]:
    return [("web.verify_state", {"target": t, "state": state}) for t in targets]


def test_each_name_of_a_kind_is_in_the_state() -> None:
    assert _calls('And the "Draft", "Submitted" and "Paid" checkboxes should be ticked') == _states(
        ['"Draft" checkbox', '"Submitted" checkbox', '"Paid" checkbox'], "checked")
    assert _calls('And the checkboxes "Draft" and "Paid" should not be ticked') == _states(
        ['"Draft" checkbox', '"Paid" checkbox'], "unchecked")
    assert _calls('And "Draft" and "Paid" should be disabled') == _states(['"Draft"', '"Paid"'], "disabled")


def test_a_number_said_with_the_names_is_how_many_there_are() -> None:
    assert _calls('And all three Status checkboxes "Draft", "Paid" and "Void" should be ticked') == _states(
        ['"Draft" Status checkbox', '"Paid" Status checkbox', '"Void" Status checkbox'], "checked")
    with pytest.raises(PlanError, match="says 5 but names 3"):
        compile_step('And all five Status checkboxes "Draft", "Paid" and "Void" should be ticked')


@pytest.mark.parametrize("target", ['"Draft" and "Paid"', '"Draft", "Paid"', '"Draft" or the box "Paid"'])
def test_no_description_names_several_things(target: str) -> None:
    from tapwright.planners.rules._planner import _several_in_one

    assert _several_in_one([{"tool": "web.click", "args": {"target": target}}]) == target


@pytest.mark.parametrize("target", ['"Owner" in the row of "admin"', 'the dialog with "Save" and "Cancel"',
                                    '"Notes" field of "Ann"', 'Save'])  # fmt: skip
def test_one_thing_said_with_two_names_is_one_thing(target: str) -> None:
    from tapwright.planners.rules._planner import _several_in_one

    assert _several_in_one([{"tool": "web.click", "args": {"target": target}}]) is None


def test_a_text_and_a_named_thing_are_two_checks() -> None:
    assert _calls('Then I see "Currently in docs" and the file "a.txt"') == [
        ("web.verify_text", {"text": "Currently in docs"}), ("web.verify_visible", {"target": 'file "a.txt"'})]
