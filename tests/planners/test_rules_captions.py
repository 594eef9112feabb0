"""A record's values named by their captions ('the ticket should show Owned by "Ann", Priority "high" and Milestone
"2.4"'): one text check per caption, with the caption as the target (which reads the value it labels); several
fields of one row ('the row "X" should have status "A" and author "B"'). Offline; the steps are invented for these
tests (issue 26)."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ('Then the invoice should show Customer "Ann Lee", Due date "May 3" and Total "40.00"',
     [("web.verify_text", {"text": "Ann Lee", "target": "Customer"}),
      ("web.verify_text", {"text": "May 3", "target": "Due date"}),
      ("web.verify_text", {"text": "40.00", "target": "Total"})]),
    ('Then the issue should show Assigned to "Bo", and Severity "minor"',
     [("web.verify_text", {"text": "Bo", "target": "Assigned to"}),
      ("web.verify_text", {"text": "minor", "target": "Severity"})]),
    ('Then the order should show Carrier "Post"', [("web.verify_text", {"text": "Post", "target": "Carrier"})]),
    ('Then the page should show the status "Open"', [("web.verify_text", {"text": "Open", "target": "status"})]),
    # A part of the page as the subject: each caption is looked for in it.
    ('Then the dialog should show Owner "Ann" and Size "XL"',
     [("web.verify_text", {"text": "Ann", "target": "Owner in the dialog"}),
      ("web.verify_text", {"text": "XL", "target": "Size in the dialog"})]),
    # Several fields of one row, with "have".
    ('Then the row "Blue mug" should have colour "blue" and stock "4"',
     [("web.verify_text", {"text": "blue", "target": 'colour in the row for "Blue mug"'}),
      ("web.verify_text", {"text": "4", "target": 'stock in the row for "Blue mug"'})]),
    ('Then the item "Blue mug" should be listed with the colour "blue" and the stock "4"',
     [("web.verify_text", {"text": "blue", "target": 'colour in the row for item "Blue mug"'}),
      ("web.verify_text", {"text": "4", "target": 'stock in the row for item "Blue mug"'})]),
    # "marked", "labelled", "flagged": the subject shows that text; captions after "with" are checked too.
    ('Then the issue should be marked "accepted bug" with Severity "minor"',
     [("web.verify_text", {"text": "accepted bug", "target": "issue"}),
      ("web.verify_text", {"text": "minor", "target": "Severity"})]),
    ('Then the message should be flagged as "Important"', [("web.verify_text", {"text": "Important", "target": "message"})]),
    ('Then the grid should have a row "Blue mug" with colour "blue", stock "4" and shelf "B2"',
     [("web.verify_text", {"text": "blue", "target": 'colour in the row for "Blue mug"'}),
      ("web.verify_text", {"text": "4", "target": 'stock in the row for "Blue mug"'}),
      ("web.verify_text", {"text": "B2", "target": 'shelf in the row for "Blue mug"'})]),
]


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_each_caption_is_a_check_of_its_own_value(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


@pytest.mark.parametrize("step", [
    'Then the order should show carrier "Post"',  # one lower-case word that names no property: a kind? refused
    'Then the order should show Carrier "Post" or Courier "Fast"',  # "or" is no list of facts
    'Then the order should show Carrier "Post" and',
])
def test_what_is_not_a_list_of_captions_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)


def test_a_kind_noun_before_a_name_is_still_an_element() -> None:
    # Not a caption: 'the operation "X"' / 'the button "X"' name an element of that kind (in apposition).
    assert _calls('Then the panel should show the operation "Get a user"') == [
        ("web.verify_visible", {"target": 'operation "Get a user" in the panel'})]
    assert _calls('Then the order should show the button "Post"') == [
        ("web.verify_visible", {"target": 'button "Post" in the order'})]
