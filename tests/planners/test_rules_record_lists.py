"""Records said together (``_record_lists``): several records in one claim are a row count and one record check
each; a record said with its fields after "a row with" or with "as <column>" after values is one record check,
in the table the step names. Offline; the steps are invented for these tests."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


def test_several_records_after_only_are_a_count_and_a_check_each() -> None:
    assert _calls('Then only "Standup" with 6 people and "Retro" with 4 people should remain') == [
        ("web.verify_rows", {"values": ["Standup", "Retro"], "each": True, "count": 2}),
        ("web.verify_record", {"claim": "with 6 people", "key": "Standup", "only": False}),
        ("web.verify_record", {"claim": "with 4 people", "key": "Retro", "only": False}),
    ]


def test_a_count_before_the_records_is_theirs() -> None:
    assert _calls('Then 2 meetings should be listed: "Sync" in "Oak" on "2031-01-02" and "Sync" in "Elm" on '
                  '"2031-01-09"') == [
        ("web.verify_rows", {"values": ["Sync"], "each": True, "count": 2}),
        ("web.verify_record", {"claim": 'in "Oak" on "2031-01-02"', "key": "Sync", "only": False, "kinds": ["meetings"]}),
        ("web.verify_record", {"claim": 'in "Elm" on "2031-01-09"', "key": "Sync", "only": False, "kinds": ["meetings"]}),
    ]  # fmt: skip


@pytest.mark.parametrize("step", [
    # the count and the records disagree
    'Then 3 meetings should be listed: "Sync" in "Oak" on "2031-01-02" and "Sync" in "Elm" on "2031-01-09"',
    # the same record twice: one row would pass for both
    'Then only "Sync" in "Oak" and "Sync" in "Oak" should remain',
    # a record left open ("or")
    'Then only "Sync" in "Oak" or "Sync" in "Elm" should remain',
])  # fmt: skip
def test_records_that_cannot_be_checked_as_said_are_refused(step: str) -> None:
    with pytest.raises(PlanError):
        _calls(step)


def test_a_plain_list_of_names_is_not_read_as_records() -> None:
    calls = _calls('Then only "Sync" and "Retro" should be listed')
    assert all(tool != "web.verify_record" for tool, _ in calls), calls


def test_only_one_value_with_more_said_of_it_is_the_one_row() -> None:
    assert _calls('Then only "INV-7" should be listed, for "Ann Ode" with the status "Open"') == [
        ("web.verify_record", {"claim": '"INV-7" for "Ann Ode" with the status "Open"', "only": True}),
    ]


@pytest.mark.parametrize(("step", "args"), [
    ('Then the table should show a row with title "Sync", room "Oak" and size "6"',
     {"claim": 'title "Sync", room "Oak" and size "6"', "only": False, "kinds": ["row"]}),
    ('Then the Duty roster table should show week 2 with "Ann" as Lead and "Bo" as Deputy',
     {"claim": 'week 2 with "Ann" as Lead and "Bo" as Deputy', "only": False, "table": "Duty roster"}),
])  # fmt: skip
def test_a_record_with_its_fields_is_one_record_check(step: str, args: dict[str, object]) -> None:
    assert _calls(step) == [("web.verify_record", args)]


def test_a_record_with_fields_is_never_read_with_a_hedge() -> None:
    with pytest.raises(PlanError):
        _calls('Then the table should show a row with title "Sync" or room "Oak"')


def test_a_text_with_a_record_under_it() -> None:
    assert _calls('Then the page should show "Manage Teams (3)" with "Billing" owned by "ann"') == [
        ("web.verify_text", {"text": "Manage Teams (3)"}),
        ("web.verify_record", {"claim": 'owned by "ann"', "key": "Billing", "only": False}),
    ]
    # Texts listed after "with" are each shown, not a record.
    calls = _calls('Then the page should show "Manage" with "Billing" and "ann"')
    assert [tool for tool, _ in calls] == ["web.verify_text"] * 3, calls
