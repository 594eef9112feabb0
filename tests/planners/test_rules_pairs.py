"""A pair announced by "both": its "and" joins the two values of one clause, it does not start a new clause."""

from __future__ import annotations

from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


def test_both_records_get_the_field_check() -> None:
    assert _calls('And both "Ann Lee" and "Bo Chen" should now have the role "Admin"') == [
        ("web.verify_text", {"text": "Admin", "target": 'role in the row for "Ann Lee"'}),
        ("web.verify_text", {"text": "Admin", "target": 'role in the row for "Bo Chen"'}),
    ]


def test_an_and_after_the_pair_still_starts_a_clause() -> None:
    calls = _calls('both "Ann Lee" and "Bo Chen" should have the role "Admin" and I click "Save"')
    assert calls[-1] == ("web.click", {"target": "Save"})
    assert len(calls) == 3


def test_without_both_two_subjects_are_two_clauses_as_before() -> None:
    calls = _calls('I click "Save" and "Saved" should be visible')
    assert calls[0] == ("web.click", {"target": "Save"})
    assert len(calls) == 2
