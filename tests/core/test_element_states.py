"""tapwright.core.states: a state a step names, read off an element a phone or a desktop reported."""

from __future__ import annotations

from tapwright.core.element import Element, ElementState
from tapwright.core.states import STATES, state_miss


def _el(role: str, **state: object) -> Element:
    return Element(ref="e1", role=role, name="x", state=ElementState(**state))  # type: ignore[arg-type]


def test_enabled_and_disabled_of_a_switch_are_read_both_ways() -> None:
    assert state_miss(_el("switch", checked=True), "enabled") is None
    assert "should be on" in (state_miss(_el("switch", checked=False), "enabled") or "")  # off, though usable
    assert state_miss(_el("switch", checked=True, enabled=False), "enabled") is not None  # on, greyed out
    assert state_miss(_el("switch", checked=False, enabled=False), "disabled") is None
    assert state_miss(_el("switch", checked=False), "disabled") is not None


def test_a_button_is_enabled_or_disabled_by_whether_it_can_be_used() -> None:
    assert state_miss(_el("button"), "enabled") is None and state_miss(_el("button"), "disabled") == "it is enabled"
    assert state_miss(_el("button", enabled=False), "disabled") is None


def test_a_state_the_element_has_not_does_not_hold() -> None:
    assert state_miss(_el("button"), "checked") == "it cannot be checked or unchecked (on or off)"
    assert state_miss(_el("button"), "unchecked") is not None
    assert state_miss(_el("button"), "expanded") == "it neither expands nor collapses"
    assert state_miss(_el("button"), "readonly") == "it is a button, not a text field"
    assert state_miss(_el("button"), "selected") == "it is not selected"


def test_fields_radios_and_the_rest() -> None:
    assert state_miss(_el("textbox", editable=True), "editable") is None
    assert state_miss(_el("textbox", editable=False, enabled=False), "editable") == "it is disabled"
    assert state_miss(_el("textbox", editable=False), "readonly") is None
    assert state_miss(_el("radio", checked=True), "selected") is None  # a radio button is selected when checked
    assert state_miss(_el("row", expanded=False), "collapsed") is None
    assert state_miss(_el("button", visible=False), "visible") == "it is off screen"
    assert state_miss(_el("textbox", focused=True), "focused") is None
    assert "no state" in (state_miss(_el("button"), "active") or "")
    assert len(STATES) == 12
