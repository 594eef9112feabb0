"""Grammar shapes found on a flow editor's QA steps (issue 26), each pinned to its exact tool calls: a wait whose
subject shows what is awaited, "should appear and be <state>" (both checked, none dropped), a region that shows an
element of a kind and name, several names of one plural kind, "no X should be visible", and joined drawn things
(refused: not checked yet). Offline; the steps are invented for these tests."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    # What is awaited is what the subject shows, looked for in the subject.
    ('Wait until the board shows the "Done" column', [("web.wait_for", {"target": '"Done" column in the board'})]),
    ('And I wait until the results list displays "Oslo"', [("web.wait_for", {"target": '"Oslo" in the results list'})]),
    ('Wait until "Saved" is shown', [("web.wait_for", {"text": "Saved"})]),  # no holder: a text, as before
    # Appearing and a state: both are checked.
    ('Then a new tab named "Draft 2" should appear and be selected',
     [("web.verify_visible", {"target": 'new tab named "Draft 2"'}),
      ("web.verify_state", {"target": 'new tab named "Draft 2"', "state": "selected"})]),
    # A region that shows an element of a kind and name.
    ('Then the toolbox should show a "sum" block', [("web.verify_visible", {"target": '"sum" block in the toolbox'})]),
    ('And the toolbox should not show the "loop" block',
     [("web.verify_not_visible", {"target": '"loop" block in the toolbox'})]),
    ('Then the toolbox should show the "loop" block again', [("web.verify_visible", {"target": '"loop" block in the toolbox'})]),
    ('Then the board should show a card labelled "Fix login"',
     [("web.verify_visible", {"target": 'card labelled "Fix login" in the board'})]),
    # Several names of one plural kind: one check per name, of that kind.
    ('Then I should see blocks labelled "Start", "Loop" and "End"',
     [("web.verify_visible", {"target": '"Start" block'}), ("web.verify_visible", {"target": '"Loop" block'}),
      ("web.verify_visible", {"target": '"End" block'})]),
    ('I should not see the buttons "Delete" and "Edit"',
     [("web.verify_not_visible", {"target": '"Delete" button'}), ("web.verify_not_visible", {"target": '"Edit" button'})]),
    # "No X should be visible" for a named X: that one is not.
    ('And no card labelled "Old task" should be visible', [("web.verify_not_visible", {"target": 'card labelled "Old task"'})]),
    ('No "Retry" button should appear', [("web.verify_not_visible", {"target": '"Retry" button'})]),
]


@pytest.mark.parametrize(("step", "expected"), CASES, ids=[c[0] for c in CASES])
def test_compiles_to(step: str, expected: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == expected


@pytest.mark.parametrize("step", [
    "No row should be selected",  # "no X should be <state>" says something of every X: not checked one at a time
    "No spinner should appear",  # a kind alone: one worded otherwise would not be looked for
    'The footer should show the "Saved" message',  # a text word: the text, not an element (refused as before)
    'I should see the blocks "Start" and "Loop" wired together',  # joined drawn things: not checked yet, so refused
    'I should see "Start" connected to "Loop"',
])  # fmt: skip
def test_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)
