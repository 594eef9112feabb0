"""Claims said together of one thing that holds no records (issue 26: compound checks, each part checked).

'the heading should read "Custom Query" with "(4 matches)"', '... "(8 matches)" with the groups "A", "B" and "C"',
'the ticket should read "#31" with the summary "X"': of a heading, a section, a tab or the page, "with" joins claims
as "and" does, each checked in the subject as if said alone; a noun before a value that says what it is (not a kind
of element) is set aside, as after "with" in a record. Of a table or a list, "with" still ties a value to a record.
A part that says more than what a value is ("a last comment by ...") leaves the step refused, never dropped.
Also: 'only "A", "B" and "C" should be listed' is one subject (it was split at its commas), and a quoted value
that opens with a bracket after "with" is that value (it was read as details in brackets of the value before).
"""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "expected"), [
    ('Then the heading should read "Custom Query" with "(4 matches)"',
     [("web.verify_text", {"text": "Custom Query", "target": "heading"}),
      ("web.verify_text", {"text": "(4 matches)", "target": "heading"})]),
    ('Then the report should show "(8 matches)" with the groups "Accepted (2)", "Owned (3)" and "Reported (3)"',
     [("web.verify_text", {"text": v, "target": "report"}) for v in ("(8 matches)", "Accepted (2)", "Owned (3)", "Reported (3)")]),
    ('Then the dialog should show "Saved" with the status "Done"',
     [("web.verify_text", {"text": "Saved", "target": "dialog"}), ("web.verify_text", {"text": "Done", "target": "dialog"})]),
    ('Then only "Desk organizer", "Monitor stand" and "Stapler" should be listed',
     [("web.verify_rows", {"values": ["Desk organizer", "Monitor stand", "Stapler"], "none": False, "each": True})]),
])  # fmt: skip
def test_each_claim_is_checked(step: str, expected: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == expected


def test_with_still_ties_a_value_to_a_record_in_a_table() -> None:
    (tool, args), = _calls('Then the table should show "Ada" with "Admin"')
    assert tool == "web.verify_record" and args["key"] == "Ada"


@pytest.mark.parametrize("step", [
    'Then the change history should show "Change History (5)" with a last comment by "Bob Okafor"',
])  # fmt: skip
def test_a_part_that_says_more_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)


def test_a_part_that_says_more_of_a_record_is_that_records_check() -> None:
    # Never the texts apart (which would drop "owned by"): the record "Checkout" names shows owner "bob".
    assert _calls('Then the page should show "Manage Components (6)" with "Checkout" owned by "bob"')[1] == (
        "web.verify_record", {"claim": 'owned by "bob"', "key": "Checkout", "only": False})
