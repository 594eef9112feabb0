"""An app's verb said with the place its control is in ("Apply from the details pane"): the control in that place
(`_domain`), not a control "for" a thing called the details pane; "pane" is a panel by another name (vocab)."""

from __future__ import annotations

import pytest

from tapwright.locator.query import parse
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "target"), [
    ("Apply from the details pane", "Apply in the details pane"),
    ("Archive in the side panel", "Archive in the side panel"),
    ("Publish inside the editor dialog", "Publish in the editor dialog"),
])
def test_a_verb_from_a_place_is_the_control_in_it(step: str, target: str) -> None:
    assert _calls(step)[0] == ("web.click", {"target": target})


def test_a_verb_for_a_thing_stays_for_the_thing() -> None:
    assert _calls("Sign up for the newsletter") == [("web.click", {"target": "Sign up for newsletter"})]
    assert _calls("Archive the report")[0] == ("web.click", {"target": "Archive for report"})
    assert _calls("Download from the reports archive")[0] == ("web.click", {"target": "Download for reports archive"})


def test_a_pane_is_a_panel() -> None:
    rel = parse("Apply in the details pane").relation
    assert rel is not None and rel.container is not None and rel.container.kinds
    assert rel.container.kinds == parse("Apply in the details panel").relation.container.kinds  # type: ignore[union-attr]


def test_show_and_hide_are_not_read_as_ticking() -> None:
    # "Show completed" on a to-do page may be a filter button or a task's "Completed" tick box: ticking the box would
    # mark a task done. Refused until the two can be told apart.
    from tapwright.errors import PlanError

    with pytest.raises(PlanError):
        compile_step("Show completed")
    # Said of a name, the verb is the control saying it for that name (_domain.unknown_verb): a "Hide" of the Notes
    # column is pressed, or nothing is; no tick box is ever ticked for it.
    assert _calls("Hide the Notes column") == [("web.click", {"target": "Hide for Notes column"})]
