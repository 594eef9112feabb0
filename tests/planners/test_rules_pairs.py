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
    assert calls[-1] == ("web.click", {"target": '"Save"'})
    assert len(calls) == 3


def test_without_both_two_subjects_are_two_clauses_as_before() -> None:
    calls = _calls('I click "Save" and "Saved" should be visible')
    assert calls[0] == ("web.click", {"target": '"Save"'})
    assert len(calls) == 2


def test_drop_down_and_pop_up_say_it_appears() -> None:
    assert _calls('a suggestion "left-pad" should drop down') == [
        ("web.verify_visible", {"target": 'suggestion "left-pad"'})
    ]
    assert _calls('the "Saved" toast should pop up') == _calls('the "Saved" toast should appear')


def test_drop_with_other_words_is_refused() -> None:
    import pytest

    from tapwright.errors import ErrorCode, PlanError

    with pytest.raises(PlanError) as err:
        compile_step('the "Saved" toast should drop away')
    assert err.value.code is ErrorCode.PLAN_INVALID


def test_a_record_points_to_a_value_in_its_row() -> None:
    assert _calls('the tag "latest" should point to "1.1.0"') == [
        ("web.verify_visible", {"target": '"1.1.0" in the row for tag "latest"'})
    ]
    assert _calls('both "beta" and "next" should point to "2.0.0"') == [
        ("web.verify_visible", {"target": '"2.0.0" in the row for "beta"'}),
        ("web.verify_visible", {"target": '"2.0.0" in the row for "next"'}),
    ]


def test_a_quoted_heading_lists_codes_each_checked_in_its_list() -> None:
    assert _calls('"Releases (2)" should list 2.0.0-rc.1 and 1.4.2') == [
        ("web.verify_visible", {"target": '"2.0.0-rc.1" in the "Releases (2)"'}),
        ("web.verify_visible", {"target": '"1.4.2" in the "Releases (2)"'}),
    ]


def test_a_titled_list_with_quoted_items() -> None:
    assert _calls('the "Releases" list should contain "A", "B" and "C"') == [
        ("web.verify_visible", {"target": '"A" in the "Releases" list'}),
        ("web.verify_visible", {"target": '"B" in the "Releases" list'}),
        ("web.verify_visible", {"target": '"C" in the "Releases" list'}),
    ]


def test_unquoted_plain_words_are_not_split_into_items() -> None:
    import pytest

    from tapwright.errors import PlanError

    with pytest.raises(PlanError):
        compile_step('"Releases" should list beta and latest')
