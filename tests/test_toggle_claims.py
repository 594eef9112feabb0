"""'enabled' / 'disabled' said of an on/off control is checked both ways (tapwright.core.toggles)."""

from __future__ import annotations

import pytest

from tapwright.core.toggles import toggle_claim, toggle_reason


@pytest.mark.parametrize(("state", "checked", "disabled", "holds"), [
    ("enabled", True, False, True), ("enabled", False, False, False),  # off but usable: not "enabled" as a setting
    ("enabled", True, True, False), ("disabled", False, True, True),
    ("disabled", False, False, False),  # off but usable: not greyed out
    ("disabled", True, True, False),
])  # fmt: skip
def test_an_on_off_control_is_enabled_only_when_on_and_usable(state: str, checked: bool, disabled: bool,
                                                              holds: bool) -> None:
    assert toggle_claim(state, checked, disabled) is holds


def test_a_control_without_an_on_off_state_and_other_states_are_not_judged_here() -> None:
    assert toggle_claim("enabled", None, False) is None
    assert toggle_claim("checked", True, False) is None


def test_the_reason_says_how_it_is_and_the_one_reading_phrase() -> None:
    why = toggle_reason("enabled", False, False)
    assert "it is off and usable" in why and "'should be on'" in why
