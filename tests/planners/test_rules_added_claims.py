"""Claims said after a step's main one, and pages and lists named by what they show (issue 24, 26):

- a relative clause on a noun (', which now says "19 Items"') and a trailing ', with "2 Items" shown' are checks of
  their own, never dropped;
- "only" before names is a check that nothing else is listed (the rows of the page's table), or, where no rule
  reads it, the step is refused: a description that keeps "only" would be found without it (a false pass);
- "I should be on the "Orders" page" / "the Articles list" / "the detail page of "X"": a heading names it.

Offline; the steps are invented for these tests."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ('Then "INV-7" should no longer be in the invoice list, which now says "4 invoices"',
     [("web.verify_not_visible", {"target": '"INV-7" in the invoice list'}), ("web.verify_text", {"text": "4 invoices"})]),
    ('Then the cart badge, which now shows "3", should be visible',
     [("web.verify_visible", {"target": "cart badge"}), ("web.verify_text", {"text": "3", "target": "cart badge"})]),
    ('Then I should see "Saved", with "1 draft" shown',
     [("web.verify_text", {"text": "Saved"}), ("web.verify_text", {"text": "1 draft"})]),
    ('Then only "Oak desk" and "Pine shelf" should be listed',
     [("web.verify_rows", {"values": ["Oak desk", "Pine shelf"], "none": False, "each": True})]),
    ('Then only "Oak desk" should remain', [("web.verify_rows", {"values": ["Oak desk"], "none": False, "each": True})]),
    ('Then I should see only "Oak desk" and "Pine shelf"',
     [("web.verify_rows", {"values": ["Oak desk", "Pine shelf"], "none": False, "each": True})]),
    ('Then only "Oak desk" should be listed, with "1 item" shown',
     [("web.verify_rows", {"values": ["Oak desk"], "none": False, "each": True}),
      ("web.verify_text", {"text": "1 item"})]),
    ('Then only one product should be listed, "Oak desk"',
     [("web.verify_count", {"target": "product", "count": 1}), ("web.verify_text", {"text": "Oak desk"})]),
    ('Then the table should list only "Oak desk" and "Pine shelf"',
     [("web.verify_rows", {"values": ["Oak desk", "Pine shelf"], "none": False, "each": True})]),
    # Unquoted captions, each with its number: each "Total 24" shown in the subject.
    ('Then the Progress box should show Total 24 and Complete 8',
     [("web.verify_text", {"text": "Total 24", "target": "Progress box"}),
      ("web.verify_text", {"text": "Complete 8", "target": "Progress box"})]),
    # A caption that is also a verb ("Open") after a comma stays on the list: no click inside a check.
    ('Then the summary should show Paid 3, Open 2 and Void 0',
     [("web.verify_text", {"text": t, "target": "summary"}) for t in ("Paid 3", "Open 2", "Void 0")]),
    ('Then the summary should show Paid 3, Late 2 and Void 0',
     [("web.verify_text", {"text": "Paid 3", "target": "summary"}), ("web.verify_text", {"text": "Late 2", "target": "summary"}),
      ("web.verify_text", {"text": "Void 0", "target": "summary"})]),
    # Several claims in one: a value with the records it lists; records with a field's value each; two lists as
    # long, paired in order.
    # (A collection holds each: the text shown in it, which finds the page's one table when none is named so.)
    ('Then the projects list should show "1-3 of 3" with the projects "A", "B" and "C"',
     [("web.verify_visible", {"target": f'"{v}" in the projects list'}) for v in ("1-3 of 3", "A", "B", "C")]),
    ('Then the Users list should show "ann" in the group "Admins" and "bob" in the group "Staff"',
     [("web.verify_text", {"text": "Admins", "target": 'group in the row for "ann"'}),
      ("web.verify_text", {"text": "Staff", "target": 'group in the row for "bob"'})]),
    ('Then the profiles table should list "P1" and "P2" with the models "M1" and "M2"',
     [("web.verify_text", {"text": "M1", "target": 'model in the row for "P1"'}),
      ("web.verify_text", {"text": "M2", "target": 'model in the row for "P2"'})]),
    # "the only row": the table has one data row, and it shows the value.
    ('Then the only row should be "Oak desk"',
     [("web.verify_rows", {"values": ["Oak desk"], "none": False, "each": True, "count": 1})]),
    ('Then the only result should show "Oak desk"',
     [("web.verify_rows", {"values": ["Oak desk"], "none": False, "each": True, "count": 1})]),
    # A kind of element said with its name, in a part of the page or on the page: that element (a heading too).
    ('Then the README should show the heading "oak-kit" and an "Install" section',
     [("web.verify_visible", {"target": 'heading "oak-kit" in the README'}),
      ("web.verify_visible", {"target": '"Install" section in the README'})]),
    ('Then the page should show the heading "Orders" and the button "New order"',
     [("web.verify_visible", {"target": 'heading "Orders"'}), ("web.verify_visible", {"target": 'button "New order"'})]),
    # A record said with its kind and "with" a field: the record of that kind, then the field's value in it.
    ('Then a suggestion "oak-kit" with version "3.2.0" should drop down',
     [("web.verify_visible", {"target": 'suggestion "oak-kit"'}), ("web.verify_visible", {"target": '"3.2.0" for "oak-kit"'})]),
    ('Then I should see the "oak-kit" package with "MIT" and "3.2.0"',
     [("web.verify_visible", {"target": 'package "oak-kit"'}), ("web.verify_visible", {"target": '"MIT" for "oak-kit"'}),
      ("web.verify_visible", {"target": '"3.2.0" for "oak-kit"'})]),
    # A menu on a side of the page is a list of entries to click; a menu named by what it sets stays a dropdown.
    ('And I choose "Profiles" in the settings menu on the left',
     [("web.click", {"target": '"Profiles" in the settings menu on the left'})]),
    ('And I choose "Large" in the Size menu', [("web.select", {"target": "Size menu", "option": "Large"})]),
    # "I should see X marked as Y": as "X should be marked Y".
    ('Then I should see the ticket "Oak desk" marked as "assigned defect"',
     [("web.verify_text", {"text": "assigned defect", "target": 'ticket "Oak desk"'})]),
    # A number with thousands separators is one value, never split at its commas.
    ('Then the Revenue card should show €1,810.00 and the Visits card should show 1,204',
     [("web.verify_visible", {"target": '"€1,810.00" in the Revenue card'}),
      ("web.verify_visible", {"target": '"1,204" in the Visits card'})]),
    ('Then "Revenue" should show €1,810.00', [("web.verify_text", {"text": "€1,810.00", "target": '"Revenue"'})]),
    # A place beside several things says they are shown together: each is checked, in the same holder.
    ('Then a "prototypes" folder should appear in the Files panel next to "calibration", "functional" and "gifts"',
     [("web.verify_visible", {"target": '"prototypes" folder in the Files panel'}),
      *[("web.verify_visible", {"target": f'"{v}" in the Files panel'}) for v in ("calibration", "functional", "gifts")]]),
    # The only record listed, with its fields: the rows are it, and each field's value is in its row.
    ('Then only the document "Oak desk" with ticket "T-1044" should be listed',
     [("web.verify_rows", {"values": ["Oak desk"], "none": False, "each": True}),
      ("web.verify_visible", {"target": '"T-1044" for "Oak desk"'})]),
    # Details in brackets after a record's name, in a check: each in that record's row; the claim without them.
    ('Then "Oak desk" (due 2025-06-18) should be the first row and "Pine shelf" (due 2025-07-19) the last',
     [("web.verify_order", {"texts": ["Oak desk"], "at": "first"}), ("web.verify_order", {"texts": ["Pine shelf"], "at": "last"}),
      ("web.verify_visible", {"target": '"2025-06-18" for "Oak desk"'}),
      ("web.verify_visible", {"target": '"2025-07-19" for "Pine shelf"'})]),
    ('Then "Retro" (Atlas, Maria Lopez) should be listed',
     [("web.verify_text", {"text": "Retro"}), ("web.verify_visible", {"target": '"Atlas" for "Retro"'}),
      ("web.verify_visible", {"target": '"Maria Lopez" for "Retro"'})]),
    # A choice picked from "the X list" is picked from the X dropdown (a drop-down list).
    ('And I pick "e" from the Key list', [("web.select", {"target": "Key dropdown", "option": "e"})]),
    # A bar of the page holds what it shows.
    ('Then the page title bar should show "Workshop"', [("web.verify_visible", {"target": '"Workshop" in the page title bar'})]),
    # Verbs of a change to a new text: what it shows now.
    ('Then the State panel should go back to "Operational"',
     [("web.verify_visible", {"target": '"Operational" in the State panel'})]),
    ('Then the status should become "Paused"', [("web.verify_text", {"text": "Paused", "target": "status"})]),
    ('Then the status should return to "Idle"', [("web.verify_text", {"text": "Idle", "target": "status"})]),
    ('Then the status should turn to "Done"', [("web.verify_text", {"text": "Done", "target": "status"})]),
    # A noun beside each quoted value says what kind of record it is: the rows are still these and no other.
    ('Then only the product "Oak desk" should be listed',
     [("web.verify_rows", {"values": ["Oak desk"], "none": False, "each": True})]),
    ('Then only the products "Oak desk" and "Pine shelf" should be listed',
     [("web.verify_rows", {"values": ["Oak desk", "Pine shelf"], "none": False, "each": True})]),
    ('Then the list should show only the "Oak" folder and "desk.txt"',
     [("web.verify_rows", {"values": ["Oak", "desk.txt"], "none": False, "each": True})]),
    ('Then I should be on the "Invoices" page', [("web.verify_visible", {"target": '"Invoices" heading'})]),
    ('Then I should be back on the Invoices list', [("web.verify_visible", {"target": '"Invoices" heading'})]),
    ('Then I should be on the detail page of "INV-7"', [("web.verify_visible", {"target": '"INV-7" heading'})]),
    # An app's verb done "with" a control: that control is pressed; the verb and its object say why.
    ('And I save the invoice with the check-mark button', [("web.click", {"target": "check-mark button"})]),
    ('And I publish with the rocket icon at the top right', [("web.click", {"target": "rocket icon at the top right"})]),
    # A place said last ("at the top right") ends before a purpose ("to create an item").
    ('When I click the round "+" button at the top right to create an item',
     [("web.click", {"target": 'round "+" button at the top right'})]),
    # "A" with "B": B is shown in the record A names (its row, item or card).
    ('Then I should see "Release 2.5" with "Total tickets: 1"',
     [("web.verify_visible", {"target": '"Total tickets: 1" for "Release 2.5"'})]),
    ('Then I should see "left-pad" with version "3.2.0"', [("web.verify_visible", {"target": '"3.2.0" for "left-pad"'})]),
    # Several values after "with": each in that record, none left to a check of the whole page.
    ('Then I should see "Ada" with "Admin" and "Active"',
     [("web.verify_visible", {"target": '"Admin" for "Ada"'}), ("web.verify_visible", {"target": '"Active" for "Ada"'})]),
    ('Then I should see "Ada" with role "Admin", team "Core" and status "Active"',
     [("web.verify_visible", {"target": '"Admin" for "Ada"'}), ("web.verify_visible", {"target": '"Core" for "Ada"'}),
      ("web.verify_visible", {"target": '"Active" for "Ada"'})]),
    # Several claims after one verb of showing, refused as one claim: each as if said alone about the subject.
    ('Then the A-1024 row should show "Dr. Nina Hart", "Confirmed" and the fee "160"',
     [("web.verify_visible", {"target": '"Dr. Nina Hart" in the A-1024 row'}),
      ("web.verify_visible", {"target": '"Confirmed" in the A-1024 row'}),
      ("web.verify_text", {"text": "160", "target": "fee in the A-1024 row"})]),
    ('Then the cart panel should show "2 items", 3 coupons and "Free shipping"',
     [("web.verify_visible", {"target": '"2 items" in the cart panel'}),
      ("web.verify_count", {"target": "coupon in the cart panel", "count": 3}),
      ("web.verify_visible", {"target": '"Free shipping" in the cart panel'})]),
    # One caption and its value in a part of the page or a row: the value the caption labels there.
    ('Then the "Kiwi" panel should show Species "Bird"', [("web.verify_text", {"text": "Bird", "target": 'Species in the "Kiwi" panel'})]),
    ('Then the A-7 row should show a fee of 160', [("web.verify_text", {"text": "160", "target": "fee in the A-7 row"})]),
    ('Then the "Kiwi" panel should show Species "Bird", Weight "40 g" and 2 visits',
     [("web.verify_text", {"text": "Bird", "target": 'Species in the "Kiwi" panel'}),
      ("web.verify_text", {"text": "40 g", "target": 'Weight in the "Kiwi" panel'}),
      ("web.verify_count", {"target": 'visit in the "Kiwi" panel', "count": 2})]),
    # Words after the quoted value that say when, not what: set aside, never part of the text checked.
    ('Then the state should be "Printing" again', [("web.verify_text", {"text": "Printing", "target": "state"})]),
    ('Then I should see "Saved" once more', [("web.verify_text", {"text": "Saved"})]),
    ('Then I should not see "Error" anymore', [("web.verify_not_visible", {"target": '"Error"'})]),
    # Unquoted, the same word may be the text itself: kept.
    ('Then the title should be Welcome again', [("web.verify_title", {"expected": "Welcome again", "match": "equals"})]),
    # A second clause after "and" is still a check of its own.
    ('Then I should see "Ada" with "Admin" and the Email field should show "a@b.c"',
     [("web.verify_visible", {"target": '"Admin" for "Ada"'}), ("web.verify_text", {"text": "a@b.c", "target": "Email field"})]),
    # "should say / warn / tell me that ...": what is said, in other words (a gist), in the subject.
    ('Then the dialog should warn that the invoice has 2 errors',
     [("web.verify_text", {"text": "the invoice has 2 errors", "target": "dialog", "gist": True})]),
    ('Then a message should tell me that the invoice was sent',
     [("web.verify_text", {"text": "the invoice was sent", "gist": True})]),
    ('Then I should be on /invoices', [("web.verify_url", {"expected": "/invoices", "match": "contains"})]),
    # "but not": each value after it is checked to be absent, as "I should not see" checks it.
    ('Then I should see "Oak desk" and "Pine shelf", but not "Elm chair"',
     [("web.verify_text", {"text": "Oak desk"}), ("web.verify_text", {"text": "Pine shelf"}),
      ("web.verify_not_visible", {"target": "Elm chair"})]),
    ('Then the page should show "Oak desk" but not "Elm chair"',
     [("web.verify_text", {"text": "Oak desk"}), ("web.verify_not_visible", {"target": "Elm chair"})]),
    # Of a place: absent from that place, which must be on the page (never read as a page-wide check).
    ('Then the basket should list "Oak desk" but not "Elm chair"',
     [("web.verify_text", {"text": "Oak desk", "target": "basket"}),
      ("web.verify_not_visible", {"target": '"Elm chair" in the basket'})]),
]


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_every_claim_is_checked(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


@pytest.mark.parametrize("step", [
    'Then only "Oak desk" should be highlighted',  # no rule reads "only" here: refused, not dropped
    'Then only the big product "Oak desk" should be listed',  # two words beside a value: not only its kind
    'Then the status should go back',  # no new text said
    'Then the light should turn green',  # a colour, no text
    'Then only the product "Oak desk" by Ann should be listed',  # "by Ann" is a claim no rule reads
    'Then the dialog should warn that the invoice is not sent',  # a gist never checks that something is not so
    'Then the table should list only "Oak desk" and "Pine shelf", both by Ann',  # a claim no rule reads
    'Then the list, which now says 4 invoices, should be visible',  # an unquoted claim is not split off
    'Then I should not be on the "Invoices" page',
    'Then I should be on the invoices page',  # a page named in lower case: which heading is meant is a guess
    # Claims apart only when each says one value and each is understood alone; else the step stays refused.
    'Then the table should list "A" and "B" with the models "X", "Y" and "Z"',  # two lists not as long: no pairs
    'Then the dialog should show "Saved", "Done" and then close',  # a claim with no value: a verb, not a claim
    'Then the only row should not be "Oak desk"',
    'Then the only red row should be "Oak desk"',  # a qualifier of the row no rule checks
    # "only" is of both names: split at "and", 'only "A"' was checked alone (B's absence would have passed).
    'Then only "Oak desk" and "Pine shelf" with status "Open" should be listed',
])
def test_what_no_rule_reads_in_full_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)


def test_only_inside_a_name_is_part_of_the_name() -> None:
    assert _calls("Toggle Recurring only") == [("web.click", {"target": "Recurring only"})]


@pytest.mark.parametrize(("step", "n", "target"), [('When I click "Back" twice', 2, '"Back"'),
                                                  ('When I click the "+" button 3 times', 3, '"+" button'),
                                                  ("When I click the plus button three times", 3, "plus button")])  # fmt: skip
def test_a_click_said_to_repeat_is_that_many_clicks(step: str, n: int, target: str) -> None:
    assert _calls(step) == [("web.click", {"target": target})] * n


def test_a_repeat_count_no_call_says_is_not_accounted_for() -> None:
    from tapwright.planners.rules._accounting import check

    click = {"tool": "web.click", "args": {"target": "Next"}}
    assert check('Click "Next" 3 times', [click] * 3).words == ()
    assert check('Click "Next" 3 times', [click] * 2).words == ("3",)  # two calls do not say 3
    assert check('Click "Next" 3 times', [click]).words == ("3",)


@pytest.mark.parametrize("step", ['Then "A" should be listed fifth', 'Then "A" should be listed second',
                                  'Then "A" should be listed third in the Vets list'])  # fmt: skip
def test_a_place_in_a_list_is_kept_by_a_call_never_dropped(step: str) -> None:
    """"listed fifth" was read as '"A" is shown', the place dropped: an ordinal is held to account, and now kept
    by the position check (``web.verify_order(at=5)``)."""
    assert any(s.tool == "web.verify_order" and isinstance(s.args.get("at"), int) for s in compile_step(step).steps)


@pytest.mark.parametrize("step", ["Wait 1 second", "Wait a second", 'Click the second "Delete" button',
                                  "First, click Save"])  # fmt: skip
def test_a_time_a_sequence_word_and_a_kept_ordinal_still_compile(step: str) -> None:
    assert compile_step(step).steps
