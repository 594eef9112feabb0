"""A count followed by the names counted, unquoted, offline; the steps are invented:

- "the table should list exactly 2 appointments, A-1007 and A-1010": the count, and each name shown in the table;
- a comma ends what is counted: before, "4 rows, sorted by name" counted elements described as "rows , sorted by
  name" (the claim after the comma went into a description the locator reads loosely)."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ("Then the table should list exactly 2 appointments, A-1007 and A-1010",
     [("web.verify_count", {"target": "appointment in the table", "count": 2}),
      ("web.verify_text", {"text": "A-1007", "target": "table"}), ("web.verify_text", {"text": "A-1010", "target": "table"})]),
    ("Then I should see two appointments, A-1020 and A-1036",
     [("web.verify_count", {"target": "appointment", "count": 2}), ("web.verify_text", {"text": "A-1020"}),
      ("web.verify_text", {"text": "A-1036"})]),
    ("I should see 3 pets, Rex, Coco and Bella",
     [("web.verify_count", {"target": "pet", "count": 3}), ("web.verify_text", {"text": "Rex"}),
      ("web.verify_text", {"text": "Coco"}), ("web.verify_text", {"text": "Bella"})]),
    ("There should be 3 rows", [("web.verify_count", {"target": "row", "count": 3})]),
    # Before, the names after "listed:" were dropped (the step was refused as not using them).
    ('3 tasks should be listed: "A", "B" and "C"',
     [("web.verify_count", {"target": "task", "count": 3}), ("web.verify_text", {"text": "A"}),
      ("web.verify_text", {"text": "B"}), ("web.verify_text", {"text": "C"})]),
    ('Then 2 members should be listed: "admin" as "Project Admin" and "maria" as "Annotator"',
     [("web.verify_count", {"target": "member", "count": 2}),
      ("web.verify_visible", {"target": '"Project Admin" in the row of "admin"'}),
      ("web.verify_visible", {"target": '"Annotator" in the row of "maria"'})]),
]  # fmt: skip


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_counts_and_their_names(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


@pytest.mark.parametrize("step", ["I should see 4 rows, sorted by name", "I should see 2 rows, one per owner"])
def test_a_claim_after_a_comma_is_never_part_of_what_is_counted(step: str) -> None:
    assert all(tool != "web.verify_count" for tool, _ in _calls(step))


def test_a_name_listed_as_nothing_is_not_dropped() -> None:
    """ '"admin" as "Project Admin" and "maria"': the last name has no pair; the step is refused, nothing dropped."""
    with pytest.raises(PlanError):
        _calls('Then 2 members should be listed: "admin" as "Project Admin" and "maria"')
