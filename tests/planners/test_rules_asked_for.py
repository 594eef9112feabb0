"""What a dialog or form asks for is a field inside it, offline; the steps are invented:

- 'a "Create Folder" dialog should ask for the Folder name': the Folder name field in that dialog (before, the words
  after "ask" were a text to find, "for the Folder name", which no page shows);
- several things asked for are each a field; negated, none is shown; a quoted question stays a text check."""

from __future__ import annotations

import pytest

from tapwright.errors import ToolFailure
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, dict(s.args)) for s in compile_step(step).steps]


CASES: list[tuple[str, list[tuple[str, dict[str, object]]]]] = [
    ('Then a "Create Folder" dialog should ask for the Folder name',
     [("web.verify_visible", {"target": 'Folder name field in the "Create Folder" dialog'})]),
    ("Then the sign-up form should ask me for my email and a password",
     [("web.verify_visible", {"target": "email field in the sign-up form"}),
      ("web.verify_visible", {"target": "password field in the sign-up form"})]),
    ("The popup should ask for the Project name, the Description and the Tags field",
     [("web.verify_visible", {"target": "Project name field in the popup"}),
      ("web.verify_visible", {"target": "Description field in the popup"}),
      ("web.verify_visible", {"target": "Tags field in the popup"})]),
    ('the dialog should ask for "Zip code"', [("web.verify_visible", {"target": '"Zip code" field in the dialog'})]),
    ("Then the login dialog should not ask for a one-time code",
     [("web.verify_not_visible", {"target": "one-time code field in the login dialog"})]),
    ('Then the dialog should ask "Delete 2 files?"', [("web.verify_text", {"text": "Delete 2 files?", "target": "dialog"})]),
]  # fmt: skip


@pytest.mark.parametrize(("step", "calls"), CASES, ids=[c[0][:60] for c in CASES])
def test_what_is_asked_for_is_a_field_inside(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


def test_asking_for_one_thing_or_another_is_refused() -> None:
    with pytest.raises(ToolFailure) as err:
        compile_step("Then the dialog should ask for a name or an email")
    assert err.value.code.value == "PLAN_INVALID"


@pytest.mark.parametrize(("step", "calls"), [
    ('Then the state should change to "Paused"', [("web.verify_text", {"text": "Paused", "target": "state"})]),
    ('the Status badge should change to "Done"', [("web.verify_text", {"text": "Done", "target": "Status badge"})]),
])  # fmt: skip
def test_changing_to_a_text_is_showing_it_now(step: str, calls: list[tuple[str, dict[str, object]]]) -> None:
    assert _calls(step) == calls


@pytest.mark.parametrize("step", ["the button should change colour", "The status should change to Paused",
                                  "the total should change"])
def test_a_change_with_no_quoted_text_is_refused(step: str) -> None:
    """Before, "change" was an unknown predicate; now a change to no quoted text says no text to check."""
    with pytest.raises(ToolFailure) as err:
        compile_step(step)
    assert err.value.code.value == "PLAN_INVALID"
