"""Grammar constructions found on apps nobody tuned for (issue 26), each pinned to its exact tool calls.

A scope before the subject with no comma ("in the X dialog I select ..."), a scope that is itself the
dropdown, several options chosen in one control, a choice picked from the list a step just opened,
"replace the field's old value with a new one" (the old value checked first), "confirm by clicking X",
predicates "open" and "ask", a text placed by a side of an anchor, the head noun of a subject deciding
whether it holds the text, and "see X saying Y". Offline; the steps are invented for these tests.
"""

from __future__ import annotations

import pytest

from tapwright.errors import ErrorCode, PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


def _select(target: str, option: str) -> tuple[str, dict[str, object]]:
    return ("web.select", {"target": target, "option": option})


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    # A leading scope ended by the clause's subject, no comma.
    ('in the "Add order" dialog I select "Kim" as Buyer and "Toys" as Shelf',
     [_select('Buyer in the "Add order" dialog', "Kim"), _select('Shelf in the "Add order" dialog', "Toys")]),
    ('Inside the Billing section we type "Oslo" into City', [("web.fill", {"target": "City in the Billing section", "text": "Oslo"})]),
    ('And in the colour dropdown I pick "Teal"', [_select("colour dropdown", "Teal")]),  # after a Gherkin word
    ('And In the Billing section, type "Oslo" into City', [("web.fill", {"target": "City in the Billing section", "text": "Oslo"})]),
    # A slider moved to a value.
    ("I move the Volume slider to 7", [("web.fill", {"target": "Volume slider", "text": "7"})]),
    # The scope is the control the option is chosen in.
    ('in the colour dropdown right under the Size I pick "Teal"', [_select("colour dropdown right under the Size", "Teal")]),
    ('In the Tags filter I choose "red" and "blue"', [_select("Tags filter", "red"), _select("Tags filter", "blue")]),
    # Several options in one control.
    ('Select both "Red" and "Blue" in the Colour filter', [_select("Colour filter", "Red"), _select("Colour filter", "Blue")]),
    ('Pick "Red", "Blue" and "Green" from the Colour selector',
     [_select("Colour selector", "Red"), _select("Colour selector", "Blue"), _select("Colour selector", "Green")]),
    # A bare choice right after opening or typing into a choice control: one of the options it shows.
    ('Click the "Owners" box and pick "Kim Lee"', [("web.click", {"target": '"Owners" box'}), ("web.click", {"target": '"Kim Lee" option'})]),
    ('Type "Ki" in the Owner filter and choose "Kim Lee"',
     [("web.fill", {"target": "Owner filter", "text": "Ki"}), ("web.click", {"target": '"Kim Lee" option'})]),
    # Replace: the old value named is checked before the new one is typed.
    ('Replace the Shop name "Old shop" with "New shop"',
     [("web.verify_value", {"target": "Shop name", "value": "Old shop"}), ("web.fill", {"target": "Shop name", "text": "New shop"})]),
    ('Overwrite "Old shop" with "New shop" in the Name field',
     [("web.verify_value", {"target": "Name field", "value": "Old shop"}), ("web.fill", {"target": "Name field", "text": "New shop"})]),
    ('I replace the Notes with "Call back."', [("web.fill", {"target": "Notes", "text": "Call back."})]),
    ('Replace it with "Blue" and press Enter', [("web.fill", {"target": "the focused element", "text": "Blue"}), ("web.press_key", {"key": "Enter"})]),
    ('Clear the Name field and replace it with "Ann"', [("web.clear", {"target": "Name field"}), ("web.fill", {"target": "Name field", "text": "Ann"})]),
    # "Confirm by clicking X": the gerund is what is done.
    ('I confirm by clicking "Remove"', [("web.click", {"target": '"Remove"'})]),
    ('Confirm by pressing the "Yes" button', [("web.click", {"target": '"Yes" button'})]),
    # What opens and what a dialog asks.
    ('a "Add order" dialog should open', [("web.verify_visible", {"target": '"Add order" dialog'})]),
    ('The confirmation dialog should ask "Remove 3 rows?"', [("web.verify_text", {"text": "Remove 3 rows?", "target": "confirmation dialog"})]),
    # The head noun decides: a summary placed above a table is no row or table holding the text (it is the text).
    ('the summary above the table should read "3 items"', [("web.verify_text", {"target": "text above table", "text": "3 items"})]),
    ('the card for "Kim" should say "Owner"', [("web.verify_visible", {"target": '"Owner" in the card for "Kim"'})]),
    # Settings turned on or off in a list: a capitalised verb after "and" begins the next name ("Push
    # notifications"), turned on by the same verb; a verb in lower case starts a clause of its own.
    ("Turn on Email digest and Push notifications",
     [("web.check", {"target": "Email digest"}), ("web.check", {"target": "Push notifications"})]),
    ("Untick Weekly report and Open issues",
     [("web.uncheck", {"target": "Weekly report"}), ("web.uncheck", {"target": "Open issues"})]),
    ("Turn on Email digest and click Save", [("web.check", {"target": "Email digest"}), ("web.click", {"target": "Save"})]),
    # A sort key said with an order is an option of a sort dropdown; the key alone is a column heading.
    ("sort by Name (Z-A)", [("web.select", {"target": "Sort dropdown", "option": "Name (Z-A)"})]),
    ("Sort by Author", [("web.click", {"target": "Author column heading"})]),
    # "a count of N" says what kind of text N is: the number is what is shown.
    ("Then the Unread tab should show a count of 3", [("web.verify_text", {"text": "3", "target": "Unread tab"})]),
    ("the badge should display a total of 12", [("web.verify_text", {"text": "12", "target": "badge"})]),
    # A name alone said to be empty is a field holding nothing (the check fails when it is no form field).
    ("Email should be empty", [("web.verify_value", {"target": "Email", "value": ""})]),
    ("Confirm that email should be empty", [("web.verify_value", {"target": "email", "value": ""})]),
    # A bare text word placed by a side of an anchor is that text there.
    ('the text under the grid should say "2 selected"', [("web.verify_text", {"target": "text below grid", "text": "2 selected"})]),
    # A summary is a text too: said by its place, it is that text there (no element is named "summary").
    ('the summary under the table should read "18 shown, 2 selected"',
     [("web.verify_text", {"target": "text below table", "text": "18 shown, 2 selected"})]),
    ('the message above the form should read "Saved"', [("web.verify_text", {"target": "text above form", "text": "Saved"})]),
    # A state said with "switched on/off"; a second subject sharing the first one's verb.
    ('"Dark mode" should be switched on', [("web.verify_state", {"target": '"Dark mode"', "state": "checked"})]),
    ('"Alerts" should be switched on and "Digest" switched off',
     [("web.verify_state", {"target": '"Alerts"', "state": "checked"}), ("web.verify_state", {"target": '"Digest"', "state": "unchecked"})]),
    ('the Save button should be enabled and "Undo" disabled',
     [("web.verify_state", {"target": "Save button", "state": "enabled"}), ("web.verify_state", {"target": '"Undo"', "state": "disabled"})]),
    # A count with the list of what is counted; "only X ... in the table" is one row, that one.
    ('I should see exactly 2 orders: "Desk" and "Lamp"',
     [("web.verify_count", {"target": "order", "count": 2}), ("web.verify_text", {"text": "Desk"}), ("web.verify_text", {"text": "Lamp"})]),
    ('only 2 orders should remain: "Desk" and "Lamp"',
     [("web.verify_count", {"target": "order", "count": 2}), ("web.verify_text", {"text": "Desk"}), ("web.verify_text", {"text": "Lamp"})]),
    ("there should be only 2 rows", [("web.verify_count", {"target": "row", "count": 2})]),
    ('only "Desk" should remain in the table',
     [("web.verify_count", {"target": "row in the table", "count": 1}), ("web.verify_visible", {"target": '"Desk" in the table'})]),
    ('only "Desk" should be in the Orders list',
     [("web.verify_count", {"target": "item in the Orders list", "count": 1}), ("web.verify_visible", {"target": '"Desk" in the Orders list'})]),
    ('only the "Desk" order in Oslo should remain',
     [("web.verify_count", {"target": "order", "count": 1}), ("web.verify_visible", {"target": '"Oslo" in the row of "Desk"'})]),
    # "back" before "to": the value set is the one named.
    ('I set the Size dropdown back to "All"', [_select("Size dropdown", "All")]),
    # See X saying Y: that text, in that element.
    ('I should see a card for the shop "Kim" saying "Open daily"', [("web.verify_text", {"text": "Open daily", "target": 'card for the shop "Kim"'})]),
    # A check over every row: one column against the values said (web.verify_rows).
    ('every row should show department "Sales"', [("web.verify_rows", {"column": "department", "values": ["Sales"], "none": False})]),
    ("every order listed should be in city Oslo or Rome",
     [("web.verify_rows", {"column": "city", "values": ["Oslo", "Rome"], "none": False})]),
    ('no row should have status "Draft" or "Lost"',
     [("web.verify_rows", {"column": "status", "values": ["Draft", "Lost"], "none": True})]),
    ('each ticket should not show the priority "Low"', [("web.verify_rows", {"column": "priority", "values": ["Low"], "none": True})]),
    # Names that share one plural control noun: each is one such control.
    ('Untick the "Draft" and "Lost" status checkboxes', [("web.uncheck", {"target": '"Draft" status checkbox'}),
                                                         ("web.uncheck", {"target": '"Lost" status checkbox'})]),
    ('Click the "Yes", "No" and "Maybe" buttons', [("web.click", {"target": '"Yes" button'}),
                                                   ("web.click", {"target": '"No" button'}),
                                                   ("web.click", {"target": '"Maybe" button'})]),
    # A click on a date: that day of the open calendar, moved to its month first when the whole date is said,
    # its month checked first when only the month is.
    ("Click on day 20 of June 2025", [("web.pick_date", {"date": "2025-06-20"})]),
    ("Choose March 3, 2026", [("web.pick_date", {"date": "2026-03-03"})]),
    ("Pick 15 February 2027 in the calendar that opens", [("web.pick_date", {"date": "2027-02-15"})]),
    # A whole date set in a field: the field's date picked (its calendar driven, a date input filled); a quoted
    # text typed into a field stays typing.
    ("And I set the Date to 18 December 2026", [("web.pick_date", {"date": "2026-12-18", "target": "Date"})]),
    ("Fill the Due date with December 18, 2026", [("web.pick_date", {"date": "2026-12-18", "target": "Due date"})]),
    ('Select "2026-12-18" in the Date field', [("web.pick_date", {"date": "2026-12-18", "target": "Date field"})]),
    ('Type "18 December 2026" into the Date field', [("web.fill", {"target": "Date field", "text": "18 December 2026"})]),
    ("Click on day 20 of June", [("web.verify_visible", {"target": '"June" in the calendar'}),
                                 ("web.click", {"target": '"20" in the calendar'})]),
    ("Pick the 10th in the calendar that pops up", [("web.click", {"target": '"10" in the calendar'})]),
    ("Click the day 15", [("web.click", {"target": '"15" in the calendar'})]),  # no month said (it raised before)
    ("Click day 40", [("web.click", {"target": "day 40"})]),  # no such day: an element's name
    # A value chosen in a named control: the control holds it.
    ('"EUR" should be selected as Report currency', [("web.verify_value", {"target": "Report currency", "value": "EUR"})]),
    ('"Oslo" should be chosen in the City dropdown', [("web.verify_value", {"target": "City dropdown", "value": "Oslo"})]),
    # A row by its place and a field by its column.
    ('the first row should show the author "Herbert"', [("web.verify_text", {"text": "Herbert", "target": "author in the first row"})]),
    ('the last row should show the unit price "4.50"', [("web.verify_text", {"text": "4.50", "target": "unit price in the last row"})]),
    # An adverb between the subject and the verb; "the same box" refers back to a control already named:
    # the previous clause's, or first in a step, the one the previous step left focused.
    ('And I also pick "Kim" in the same box', [_select("the focused element", "Kim")]),
    ('I just choose "Teal" from the same dropdown', [_select("the focused element", "Teal")]),
    ('Pick "Red" in the Colour filter and "Blue" in the same filter', [_select("Colour filter", "Red"), _select("Colour filter", "Blue")]),
    ("We now click the Save button", [("web.click", {"target": "Save button"})]),
    # "only" names the values every row's cell in a column is one of, each of them shown.
    ("And only Maria Lopez and John Smith should appear in the employee column",
     [("web.verify_rows", {"column": "employee", "values": ["Maria Lopez", "John Smith"], "none": False, "each": True})]),
    ('only "Paid" should be listed in the payment status column',
     [("web.verify_rows", {"column": "payment status", "values": ["Paid"], "none": False, "each": False})]),
    # A count with every row's cell said after it.
    ('5 rows should be listed, all in category "Software"',
     [("web.verify_count", {"target": "row", "count": 5}),
      ("web.verify_rows", {"column": "category", "values": ["Software"], "none": False})]),
    ('there should be 3 rows, all with status "Paid" or "Draft"',
     [("web.verify_count", {"target": "row", "count": 3}),
      ("web.verify_rows", {"column": "status", "values": ["Paid", "Draft"], "none": False})]),
    # A column named with an order word is no order asked for.
    ("Sort by First name", [("web.click", {"target": "First name column heading"})]),
]  # fmt: skip


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0] for c in CASES])
def test_step_compiles_to_exactly(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


# What stays a refusal or keeps its old reading: the constructions above must not reach further.
REFUSED = [
    "Replace the title",  # with what?
    'Overwrite "Old" with "New"',  # in which field?
    'Overwrite the Name "A" "B" with "C"',  # two old values for one field
    "Move the box to 3",  # only a slider or a spin button is moved to a value
    "every order listed should be in Oslo or Rome",  # no column named: which cell holds the city?
    "every row should be selected",  # a state of each row: no tool checks it
    '"Oslo" should be selected as the "City" and "Town"',  # a quoted value where the control's name is
    "not every row should show status Paid",  # "not every" is no check of each row
    "All fields should be empty",
    '"Alerts" should be checked and "Digest" shown soon',  # the second predicate is no state: not gapped
    "Confirm email should be empty",  # the field "Confirm email", or the verb and the field "email"?
]

# "same" with a word that names no control is a name, not a reference back.
NOT_REFERENCES = [("Click the same day button", "same day button"), ("Click the same", "same")]


@pytest.mark.parametrize("step", REFUSED)
def test_refused_with_plan_invalid(step: str) -> None:
    with pytest.raises(PlanError) as info:
        compile_step(step)
    assert info.value.code is ErrorCode.PLAN_INVALID


def test_a_scope_without_a_choice_control_scopes_the_option_it_clicks() -> None:
    # "the Billing section" is no control to choose in: the choice stays a click, inside the scope.
    assert _calls('in the Billing section I pick "Express"') == [
        ("web.click", {"target": '"Express" in the Billing section'})
    ]


def test_pick_after_a_plain_click_is_not_an_option() -> None:
    # Clicking Save opens no list: "pick X" is X itself, not an option of something.
    assert _calls('Click Save and pick "Kim"') == [("web.click", {"target": "Save"}), ("web.click", {"target": '"Kim"'})]


def test_confirm_without_by_stays_a_check() -> None:
    assert _calls('Confirm that "Saved" is shown') == [("web.verify_text", {"text": "Saved"})]


def test_a_replaced_value_in_the_wrong_place_is_not_dropped() -> None:
    # Every word used: the old value is an argument of the check, the new one of the fill.
    plan = compile_step('Replace the Shop name "Old shop" with "New shop"')
    values = [v for s in plan.steps for v in s.args.values()]
    assert "Old shop" in values and "New shop" in values


@pytest.mark.parametrize(("step", "target"), NOT_REFERENCES)
def test_same_refers_back_only_as_the_same_control(step: str, target: str) -> None:
    (call,) = _calls(step)
    assert call[1]["target"] == target
