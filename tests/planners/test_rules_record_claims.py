"""A record said with all its values is one check that a row shows every one of them (``web.verify_record``):
the rules planner passes the words as written (which word is which field is read against the row by the check,
never guessed here), with whether one row only is meant, the value naming it and the record's kind noun.

Offline; the steps are invented for these tests."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "args"), [
    ("Then the only row should show 2031-01-02, 09:30, Pip, Hamster and a fee of 12",
     {"claim": "2031-01-02, 09:30, Pip, Hamster and a fee of 12", "only": True, "kinds": ["row"]}),
    ("Then the only row should be invoice 7 dated 2031-01-02 for Ann Ode, amount 3.5",
     {"claim": "invoice 7 dated 2031-01-02 for Ann Ode, amount 3.5", "only": True, "kinds": ["row"]}),
    ('Then a single order "Blue mug" should be listed for Ann Ode on 2031-01-02, paid "yes"',
     {"claim": 'for Ann Ode on 2031-01-02, paid "yes"', "key": "Blue mug", "only": True, "kinds": ["order"]}),
    ("Then only one Standup meeting should be left, in room Oak with Ann Ode",
     {"claim": "in room Oak with Ann Ode", "key": "Standup", "only": True, "kinds": ["meeting"]}),
    ('Then only one invoice should be listed: number 7, "Two chairs", with the state "Open"',
     {"claim": 'number 7, "Two chairs", with the state "Open"', "only": True, "kinds": ["invoice"]}),
    ('Then the table should show a single order "Blue mug" for Ann Ode, qty 2',
     {"claim": '"Blue mug" for Ann Ode, qty 2', "only": True, "kinds": ["order"]}),
    # A row named by a quoted value, said to show several unquoted values.
    ('Then the "Closed" row should show 2 orders with total sales of 90',
     {"claim": "2 orders with total sales of 90", "key": "Closed", "only": False}),
    ('Then the row for "Ann Ode" should show role Admin and status Active',
     {"claim": "role Admin and status Active", "key": "Ann Ode", "only": False}),
    # A row by its place.
    ("Then the first row should be B-7 for Pip with a fee of 12",
     {"claim": "B-7 for Pip with a fee of 12", "only": False, "at": 1}),
    ("Then the last row should show B-9, Rex and a fee of 30", {"claim": "B-9, Rex and a fee of 30", "only": False, "at": -1}),
    # ... with quoted values joined by words that say how ("in", "on", "with"), and a noun for the record's kind.
    ('Then the second row should be "Standup" in "Oak" on "2031-01-02"',
     {"claim": '"Standup" in "Oak" on "2031-01-02"', "only": False, "at": 2}),
    ('Then the last row should be order 7 "Blue mug" for "Ann Ode" with 2 items',
     {"claim": 'order 7 "Blue mug" for "Ann Ode" with 2 items', "only": False, "at": -1, "kinds": ["order"]}),
])  # fmt: skip
def test_a_record_said_with_its_values_is_one_record_check(step: str, args: dict[str, object]) -> None:
    assert _calls(step) == [("web.verify_record", args)]


def test_one_value_stays_the_rows_check() -> None:
    assert _calls('Then the only row should be "Oak desk"')[0][0] == "web.verify_rows"


@pytest.mark.parametrize("step", [
    "Then the only row should not show Pip, Hamster",  # a negation is not this check
    "Then only one order should be listed",  # nothing said of it: a count, not a record
    'Then the "Closed" row should show 2 orders',  # one value: the count in the row, as before
    'Then the "Closed" row should show "Paid"',
    'Then the first row should be "Oak" or "Elm"',  # either of two is no record's claim
    'Then the first row should not be "Oak" in "Elm"',
])  # fmt: skip
def test_other_shapes_are_not_record_claims(step: str) -> None:
    try:
        calls = _calls(step)
    except PlanError:
        return
    assert all(tool != "web.verify_record" for tool, _ in calls), calls


def test_a_record_named_first_in_a_list_shows_the_rest_when_nothing_else_reads_it() -> None:
    assert _calls('Then the milestone list should contain "Release 9" due "Mar 1, 2031"') == [
        ("web.verify_record", {"claim": 'due "Mar 1, 2031"', "key": "Release 9", "only": False, "kinds": ["milestone"]})]
    # Two records named first are not one record: still refused.
    with pytest.raises(PlanError):
        compile_step('Then the table should list "A" and "B" with the models "X", "Y" and "Z"')


def test_a_colon_after_a_count_puts_the_names_apart() -> None:
    # "4 orders: B-1, ...": the names follow the count as after a comma; the colon was dropped, and the count was of
    # "orders B-1".
    assert _calls("Then the table should list 3 orders: B-1, B-2 and B-3") == [
        ("web.verify_count", {"target": "order in the table", "count": 3}),
        *(("web.verify_text", {"text": n, "target": "table"}) for n in ("B-1", "B-2", "B-3"))]
    assert _calls('Then the table should list 2 orders: "B-1" and "B-2"')[0] == (
        "web.verify_count", {"target": "order in the table", "count": 2})
