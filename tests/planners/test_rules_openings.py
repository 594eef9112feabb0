"""Opened/closed checks, "confirm with X" and 'press "X"' (zoo-a, from the app zoo's tuning half), on made-up steps."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


def test_a_dialog_that_opens_is_visible_and_holds_each_field_named() -> None:
    assert _calls('Then a "Sign up" dialog should open with "Email" and "Name" fields') == [
        ("web.verify_visible", {"target": '"Sign up" dialog'}),
        ("web.verify_visible", {"target": '"Email" field in the "Sign up" dialog'}),
        ("web.verify_visible", {"target": '"Name" field in the "Sign up" dialog'}),
    ]


def test_a_dialog_that_stays_open_with_an_error_checks_the_error_text_in_it() -> None:
    assert _calls('the popup should stay open with the error "Bad code"') == [
        ("web.verify_visible", {"target": "popup"}),
        ("web.verify_text", {"text": "Bad code", "target": "popup"}),
    ]


@pytest.mark.parametrize("step", ["the export dialog should close", "The export dialog should not be open",
                                  "the export dialog should be closed"])  # fmt: skip
def test_a_dialog_that_closes_is_not_visible(step: str) -> None:
    assert _calls(step) == [("web.verify_not_visible", {"target": "export dialog"})]


def test_a_page_that_opens_shows_its_name_as_a_heading() -> None:
    assert _calls('Then the "Edit invoice" page should open') == [
        ("web.verify_visible", {"target": '"Edit invoice" heading'})
    ]


@pytest.mark.parametrize("step", ['the menu should open with "Hi" or "Hello"', "the Total should open",
                                  'the dialog should open with "A" and maybe "B" fields'])  # fmt: skip
def test_other_words_after_open_are_not_guessed_at(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)


def test_what_an_opened_thing_shows_after_with_is_checked_in_it() -> None:
    # "with" + labelled values: each value in its caption's place inside the opened thing (read as 'should show').
    assert _calls('Then a "New event" dialog should open with Room "Oak" and Date "2031/01/02"') == [
        ("web.verify_visible", {"target": '"New event" dialog'}),
        ("web.verify_text", {"text": "Oak", "target": 'Room in the "New event" dialog'}),
        ("web.verify_text", {"text": "2031/01/02", "target": 'Date in the "New event" dialog'}),
    ]
    assert _calls('the menu should open with "Hi"') == [
        ("web.verify_visible", {"target": "menu"}), ("web.verify_text", {"text": "Hi", "target": "menu"})]


@pytest.mark.parametrize(("step", "call"), [
    ('Then the "Orders" tab should be open', ("web.verify_state", {"target": '"Orders" tab', "state": "selected"})),
    ('Then the "Orders" tab should open', ("web.verify_visible", {"target": '"Orders" tab'})),
    ('Then the "Orders" tab should be closed', ("web.verify_not_visible", {"target": '"Orders" tab'})),
    ('Then the "More" section should be open', ("web.verify_state", {"target": '"More"', "state": "expanded"})),
    ('Then the "More" accordion should be closed', ("web.verify_state", {"target": '"More"', "state": "collapsed"})),
])  # fmt: skip
def test_a_tab_open_is_selected_and_a_section_open_is_expanded(step: str, call: tuple[str, dict[str, object]]) -> None:
    assert _calls(step) == [call]


def test_confirm_with_a_button_presses_it_and_confirm_that_still_checks() -> None:
    assert _calls('And I confirm with "Yes, delete"') == [("web.click", {"target": '"Yes, delete"'})]
    assert _calls('Confirm that "Saved" is shown') == [("web.verify_text", {"text": "Saved"})]


def test_pressing_a_quoted_name_that_is_no_key_presses_a_button() -> None:
    assert _calls('press "Search"') == [("web.click", {"target": '"Search" button'})]
    assert _calls('press "Enter"') == [("web.press_key", {"key": "Enter"})]
    assert _calls("press the Search link") == [("web.click", {"target": "Search link"})]


def test_a_place_in_a_visibility_check_is_kept() -> None:
    assert _calls('the "Join" button should no longer be shown in the top bar') == [
        ("web.verify_not_visible", {"target": '"Join" button in the top bar'})
    ]
    assert _calls('the "Join" button should be back in the top bar') == [
        ("web.verify_visible", {"target": '"Join" button in the top bar'})
    ]
    assert _calls("the lamp should be back in stock") == [("web.verify_text", {"text": "back in stock", "target": "lamp"})]


def test_replace_fills_and_replace_an_old_value_checks_it_first() -> None:
    assert _calls('Replace the code with "B-2"') == [("web.fill", {"target": "code", "text": "B-2"})]
    assert _calls('Replace the Team name "Red" with "Blue"') == [
        ("web.verify_value", {"target": "Team name", "value": "Red"}),
        ("web.fill", {"target": "Team name", "text": "Blue"}),
    ]


def test_what_a_tab_shows_is_its_content_and_the_tab_is_selected() -> None:
    assert _calls('the Notes tab should show "Due Friday"') == [
        ("web.verify_state", {"target": "Notes tab", "state": "selected"}),
        ("web.verify_visible", {"target": '"Due Friday" in the Notes tab'}),
    ]


def test_a_place_that_shows_one_thing_instead_of_another() -> None:
    assert _calls('the toolbar should show a Stop button instead of the "Run" button') == [
        ("web.verify_visible", {"target": "Stop button in the toolbar"}),
        ("web.verify_not_visible", {"target": '"Run" button in the toolbar'}),
    ]


def test_a_quoted_key_name_in_capitals_is_that_key() -> None:
    # Found by the property test: the value "END" is used by the key End (it was refused as unused).
    assert _calls('Press "END"') == [("web.press_key", {"key": "End"})]


def test_a_dialog_that_opens_on_a_tab_has_that_tab_of_it_selected() -> None:
    assert _calls('Then a "Settings" window should open on the "Privacy" tab with the sections "Cookies" and "Trackers"') == [
        ("web.verify_visible", {"target": '"Settings" window'}),
        ("web.verify_state", {"target": '"Privacy" tab in the "Settings" window', "state": "selected"}),
        ("web.verify_visible", {"target": '"Cookies" section in the "Settings" window'}),
        ("web.verify_visible", {"target": '"Trackers" section in the "Settings" window'}),
    ]
    assert _calls('Then the share dialog should open on the "Link" tab') == [
        ("web.verify_visible", {"target": "share dialog"}),
        ("web.verify_state", {"target": '"Link" tab in the share dialog', "state": "selected"}),
    ]


def test_a_tab_open_with_things_is_selected_and_shows_them_in_its_panel() -> None:
    assert _calls('Then the "Invoices" tab should be open with the buttons "Export" and "Print"') == [
        ("web.verify_state", {"target": '"Invoices" tab', "state": "selected"}),
        ("web.verify_visible", {"target": '"Export" button in the "Invoices" tab'}),
        ("web.verify_visible", {"target": '"Print" button in the "Invoices" tab'}),
    ]


def test_words_between_on_and_tab_that_list_things_are_no_tab() -> None:
    with pytest.raises(PlanError):
        compile_step('Then the dialog should open on the "A" and "B" tab with "x"')


def test_a_thing_said_after_a_place_and_its_first_value_is_in_that_place() -> None:
    # 'the sidebar should show "A" and the install command "X"': the command is the sidebar's, not any on the page
    assert _calls('Then the panel on the right should show "v1.1" and the install command "npm i x"')[1] == (
        "web.verify_text", {"text": "npm i x", "target": "install command in the panel on the right"})
    assert _calls('Then the Name field should show "Ann" and the Email field "a@x.org"')[1] == (
        "web.verify_text", {"text": "a@x.org", "target": "Email field"})  # a field after a field: its own subject


@pytest.mark.parametrize(("step", "calls"), [
    ('Then the operation "POST /orders" should be open',
     [("web.verify_state", {"target": '"POST /orders"', "state": "expanded"})]),
    ('Then the operation "GET /pets" should be closed',
     [("web.verify_state", {"target": '"GET /pets"', "state": "collapsed"})]),
    ('Then the operation "POST /orders" should be open with the text "The pet must be available"',
     [("web.verify_state", {"target": '"POST /orders"', "state": "expanded"}),
      ("web.verify_text", {"text": "The pet must be available", "target": 'operation "POST /orders"'})]),
    ('Then the Shipping section should be open with the text "Ships in 2 days"',
     [("web.verify_state", {"target": "Shipping", "state": "expanded"}),
      ("web.verify_text", {"text": "Ships in 2 days", "target": "Shipping section"})]),
])
def test_a_header_that_opens_in_place_is_expanded_and_shows_what_is_said(step: str, calls: list[object]) -> None:
    """An operation, section or question opens in place: "open" is its expanded state (never a text "open"), and
    "with the text X" is checked in it too."""
    assert [(s.tool, s.args) for s in compile_step(step).steps] == calls
