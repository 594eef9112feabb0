""""Go ahead and X" is X: the words only say to do it (no verb of their own, nothing dropped from X)."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


@pytest.mark.parametrize("lead", ["Go ahead and", "Now go ahead and", "And then I go ahead and", "Please go ahead and"])
def test_go_ahead_and_is_the_action_after_it(lead: str) -> None:
    assert _calls(f'{lead} click "Save"') == _calls('Click "Save"')


def test_go_ahead_alone_is_still_no_action() -> None:
    with pytest.raises(PlanError):
        compile_step("Go ahead")
