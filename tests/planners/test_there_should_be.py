""""There should be X" says X is there: checked as "I should see X" says it, never with "There" as the element
whose text is X (which it was: verify_text(text="a note at 05:40", target="There"))."""

from __future__ import annotations

import pytest

from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


@pytest.mark.parametrize("what", ["a note at 05:40", 'a "Delete" button', "a Delete button", 'a "Saved" message'])
@pytest.mark.parametrize("neg", [False, True])
def test_there_should_be_is_what_i_should_see(what: str, neg: bool) -> None:
    there = _calls(f"Then there should {'not ' if neg else ''}be {what}")
    assert there == _calls(f"Then I should {'not ' if neg else ''}see {what}")
    assert all(args.get("target") != "There" for _, args in there)


def test_a_number_is_still_a_count() -> None:
    assert _calls("There should be 5 closed issues") == [("web.verify_count", {"target": "closed issue", "count": 5})]
