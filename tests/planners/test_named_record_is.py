""""web-10 should be Running in us-east1-c": the record a name alone names shows each value said, the words
between them joining ones (`_record_claims._named_record_is`, one web.verify_record); anything else in the claim
keeps the reading it had."""

from __future__ import annotations

import pytest

from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "claim", "key"), [
    ("web-10 should be Running in us-east1-c", "Running in us-east1-c", "web-10"),
    ('"Ada" should be Admin on Team Blue', "Admin on Team Blue", "Ada"),
    ("INV-2041 should be Paid, EUR", "Paid, EUR", "INV-2041"),
])  # fmt: skip
def test_a_named_record_shows_each_value(step: str, claim: str, key: str) -> None:
    assert _calls(step) == [("web.verify_record", {"claim": claim, "key": key, "only": False})]


@pytest.mark.parametrize("step", [
    "db-replica should be running",  # one value: a text check of the record, as before
    "web-10 should be Running in the us-east1-c zone",  # a word that is neither a value nor a joining one
    "the status should be Running in us-east1-c",  # not a record's name
])  # fmt: skip
def test_other_claims_keep_their_reading(step: str) -> None:
    assert all(tool != "web.verify_record" for tool, _ in _calls(step))


def test_a_negated_claim_is_not_read_as_a_record() -> None:
    from tapwright.errors import PlanError

    with pytest.raises(PlanError):
        compile_step("web-10 should not be Running in us-east1-c")


@pytest.mark.parametrize(("step", "claim", "key"), [
    ('"admin" should still be listed as "Project Admin"', '"Project Admin"', "admin"),
    ('"Ann" should be shown as "Admin" and "Owner"', '"Admin" and "Owner"', "Ann"),
])  # fmt: skip
def test_a_quoted_record_listed_as_values_shows_them(step: str, claim: str, key: str) -> None:
    # `_record_claims._listed_as`: the row the name names shows each value after "as".
    assert _calls(step) == [("web.verify_record", {"claim": claim, "key": key, "only": False})]


def test_captions_of_a_record_named_by_a_quoted_name() -> None:
    # `_records.labelled_values`: 'the ticket "X" should show Milestone "Y"' reads the caption Milestone's value for X.
    assert _calls('the ticket "Wishlist" should show Milestone "Release 2.5" and Priority "major"') == [
        ("web.verify_text", {"text": "Release 2.5", "target": 'Milestone for "Wishlist"'}),
        ("web.verify_text", {"text": "major", "target": 'Priority for "Wishlist"'})]
