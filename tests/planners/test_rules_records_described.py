"""A record said by its values and the words that say which field each is, in more of the places a step puts it:

- 'only the <kind> "A" of type "B" should be listed': the page's one table has one record, showing all of it;
- 'the only <kind> listed should be "A" with the role "B"': the same;
- 'the table should show exactly one row, "A", with owner "B"': the same;
- 'the first row of the table should be "A" with due date "B"': the row at that place ("of the table" is the
  page's one table; a table named otherwise is not read so);
- 'the row with <caption> "K" should have the status "V"': the row showing K under that caption shows V;
- 'every row in the table should have the status "V"': each row's cell in that column.
"""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules._planner import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


def _record(claim: str, **more: object) -> tuple[str, dict[str, object]]:
    return ("web.verify_record", {"claim": claim, **more})


def test_only_a_record_described_is_listed() -> None:
    assert _calls('Then only the project "Ticket summaries" of type "Seq2seq" should be listed') == [
        _record('"Ticket summaries" of type "Seq2seq"', only=True, kinds=["project"])]
    assert _calls('Then only the comment "Looks fine." by "admin" should be listed') == [
        _record('"Looks fine." by "admin"', only=True, kinds=["comment"])]
    # One value alone is a list of rows (as before).
    assert _calls('Then only the project "Ticket summaries" should be listed')[0][0] == "web.verify_rows"
    # A word that turns the claim round is no field's name: refused.
    with pytest.raises(PlanError):
        compile_step('Then only the project "A" but not "B" should be listed')


def test_the_only_one_listed() -> None:
    assert _calls('Then the only member listed should be "admin" with the role "Project Admin"') == [
        _record('"admin" with the role "Project Admin"', only=True, kinds=["member"])]


def test_exactly_one_row_with_its_values() -> None:
    assert _calls('Then the table should show exactly one row, "Write docs", with assignee "Lena", status "Open"') == [
        _record('"Write docs", with assignee "Lena", status "Open"', only=True, kinds=["row"])]


def test_a_row_by_its_place_in_the_table() -> None:
    assert _calls('Then the first row of the table should be "Set up alerts" with due date "2025-06-12"') == [
        _record('"Set up alerts" with due date "2025-06-12"', only=False, at=1)]
    # A word that joins is never the record's kind.
    assert _calls('And the second row should be for "Aiko" with amount "804.09"') == [
        _record('for "Aiko" with amount "804.09"', only=False, at=2)]
    # A table named otherwise is not the page's one table: not read as a place.
    with pytest.raises(PlanError):
        compile_step('Then the first row of the Orders table should be "A" with due date "B"')


def test_a_row_named_by_a_caption_and_its_value() -> None:
    assert _calls('And the row with metadata "T-1041" should have the status "Finished"') == [
        _record('metadata "T-1041", the status "Finished"', key="T-1041", only=False)]


def test_every_row_of_the_table() -> None:
    assert _calls('And every row in the table should have employee "Omar Haddad"') == [
        ("web.verify_rows", {"column": "employee", "values": ["Omar Haddad"], "none": False})]
    with pytest.raises(PlanError):
        compile_step('And every row in the Orders table should have employee "Omar Haddad"')
