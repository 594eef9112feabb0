"""Grammar mechanisms from the app zoo's tuning half (zoo-a), each pinned on made-up steps.

- record-field checks: a row named by one of its values, a field named by its column heading;
- a destination noun after "go to" / "open" ("the Invoices list") is a link that leads there, and
  "from the X section" says where that link is;
- "click into X" clicks X.
"""

from __future__ import annotations

import pytest

from tapwright.errors import ErrorCode, PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


def test_a_record_named_by_its_value_has_a_field_read_from_its_column() -> None:
    assert _calls('Then invoice "INV-7" should have the state "Paid"') == [
        ("web.verify_text", {"text": "Paid", "target": 'state in the row for invoice "INV-7"'})
    ]


def test_a_record_without_a_kind_noun() -> None:
    assert _calls('"Ada" should have the role "Admin"') == [
        ("web.verify_text", {"text": "Admin", "target": 'role in the row for "Ada"'})
    ]


def test_the_elements_own_text_and_value_keep_their_meaning() -> None:
    assert _calls('"Ada" should have the text "Admin"') == [("web.verify_text", {"text": "Admin", "target": '"Ada"'})]
    assert _calls('The Email field should have value "x@y.z"') == [
        ("web.verify_value", {"target": "Email field", "value": "x@y.z"})
    ]


def test_a_negated_field_check_is_not_read_as_a_positive_one() -> None:
    with pytest.raises(PlanError) as err:
        compile_step('invoice "INV-7" should not have the state "Paid"')
    assert err.value.code is ErrorCode.PLAN_INVALID


def test_a_list_shows_a_row_with_every_field_named() -> None:
    step = 'the invoice table should show "INV-9" with customer "Ada Lee" and total "12.50"'
    assert _calls(step) == [
        ("web.verify_text", {"text": "Ada Lee", "target": 'customer in the row for "INV-9"'}),
        ("web.verify_text", {"text": "12.50", "target": 'total in the row for "INV-9"'}),
    ]


def test_a_list_check_with_a_word_no_field_takes_is_not_read_as_fields() -> None:
    # "maybe" joins nothing: the record reading does not apply. Before, the words all stayed in what was looked
    # for, one description glued from two claims ('"INV-9" maybe customer "Ada Lee"'), which the locator reads
    # loosely; several quoted values with words between them are now refused as one text or description.
    with pytest.raises(PlanError) as err:
        _calls('the invoice table should show "INV-9" maybe customer "Ada Lee"')
    assert err.value.code.value == "PLAN_INVALID" and "several quoted values" in err.value.message


@pytest.mark.parametrize(
    ("step", "target"),
    [("Go to the Invoices list", "Invoices link"), ("Open the Invoices list", "Invoices link"),
     ("Go to the Invoices list from the Billing section", "Invoices link in the Billing section"),
     ("Go to the next page", "next"), ("Go to the Drafts folder", "Drafts folder")],
)  # fmt: skip
def test_a_destination_is_the_link_that_leads_there(step: str, target: str) -> None:
    assert _calls(step) == [("web.click", {"target": target})]


@pytest.mark.parametrize(
    ("step", "target"),
    [('Click into the "Search" box', '"Search" box'), ("Click into the search field", "search field"),
     ("Click Into", "Into")],
)  # fmt: skip
def test_click_into_a_field_clicks_the_field(step: str, target: str) -> None:
    assert _calls(step) == [("web.click", {"target": target})]


def test_changing_a_field_from_one_value_to_another_checks_the_first_then_fills() -> None:
    assert _calls('Change the Qty box in the "Pen" row from "5" to "42"') == [
        ("web.verify_value", {"target": 'Qty box in the "Pen" row', "value": "5"}),
        ("web.fill", {"target": 'Qty box in the "Pen" row', "text": "42"}),
    ]


def test_a_list_that_contains_several_values_checks_each_one_in_it() -> None:
    assert _calls('the results list should contain "Ann", "Bo" and "Cy"') == [
        ("web.verify_visible", {"target": '"Ann" in the results list'}),
        ("web.verify_visible", {"target": '"Bo" in the results list'}),
        ("web.verify_visible", {"target": '"Cy" in the results list'}),
    ]


@pytest.mark.parametrize(("step", "calls"), [
    ('And both rows should show "Liam Novak" as the owner',
     [("web.verify_count", {"target": "row", "count": 2}),
      ("web.verify_rows", {"column": "owner", "values": ["Liam Novak"], "none": False})]),
    ('every row should show "Paid" or "Draft" as the status',
     [("web.verify_rows", {"column": "status", "values": ["Paid", "Draft"], "none": False})]),
    ('no row should show "Rejected" as its status',
     [("web.verify_rows", {"column": "status", "values": ["Rejected"], "none": True})]),
])  # fmt: skip
def test_a_value_said_as_a_column_is_checked_in_every_row(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    """ '"X" as the owner': the value, then the column it is in (before, the value became '"X" as the owner', refused);
    "both rows" says there are two, and each shows it."""
    assert _calls(step) == calls


def test_both_of_anything_but_rows_is_not_a_check_over_rows() -> None:
    with pytest.raises(PlanError):
        _calls('both buttons should show "X" as the label')
