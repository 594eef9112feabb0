"""A count followed by the names counted, unquoted, offline; the steps are invented:

- "the table should list exactly 2 appointments, A-1007 and A-1010": the count, and each name shown in the table;
- a comma ends what is counted: before, "4 rows, sorted by name" counted elements described as "rows , sorted by
  name" (the claim after the comma went into a description the locator reads loosely)."""

from __future__ import annotations

import pytest

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
]  # fmt: skip


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_counts_and_their_names(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


@pytest.mark.parametrize("step", ["I should see 4 rows, sorted by name", "I should see 2 rows, one per owner"])
def test_a_claim_after_a_comma_is_never_part_of_what_is_counted(step: str) -> None:
    assert all(tool != "web.verify_count" for tool, _ in _calls(step))
