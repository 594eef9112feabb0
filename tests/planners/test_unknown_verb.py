"""A step that opens with a word no rule knows, then a bare name ("Stop web-1", "SSH into db-primary"): the word is
the app's own verb, the control saying it for that record (`_domain.unknown_verb`). Anything more after the verb
than a bare name stays refused (PLAN_INVALID): no part of such a step could be dropped or half done."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules import compile_step


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


@pytest.mark.parametrize(("step", "target"), [
    ("Stop web-1", "Stop for web-1"),
    ("SSH into db-primary", "Ssh for db-primary"),
    ("Reboot the cache-1 instance", "Reboot for cache-1 instance"),
    ('Suspend "Night batch"', 'Suspend for "Night batch"'),
    ("Re-run build 4512", "Re-run for build 4512"),
    ("Promote Ada Lovelace", "Promote for Ada Lovelace"),
    ("Now go ahead and reboot cache-1", "Reboot for cache-1"),  # words before the verb that say nothing to do
    ("Please stop web-1", "Stop for web-1"),
])  # fmt: skip
def test_an_unknown_verb_before_a_name_is_that_records_control(step: str, target: str) -> None:
    assert _calls(step) == [("web.click", {"target": target})]


@pytest.mark.parametrize("step", [
    "Easy apply to the Keystone Digital job as Ana Ruiz, ana.ruiz@example.com",  # more than a name after it
    "Request a review from tom-h",  # a record said through another ("from")
    "Start the stopped instance in europe-west1-b",  # a place after the name
    "Create a new instance called api-3 with machine type e2-small",
    "Notifications enabled",  # no name: a statement, not an action
    "Frobnicate the settings page and the profile",
    "Clik the Save button",  # a known verb misspelt: refused with the phrasings that work
    "Frobnicate the Save button",  # a control said by its kind: pressed by a verb the planner knows, or not at all
    "In the Billing section",  # a place, not a verb
])  # fmt: skip
def test_more_than_a_bare_name_after_an_unknown_verb_is_refused(step: str) -> None:
    with pytest.raises(PlanError) as err:
        compile_step(step)
    assert "no known verb" in str(err.value)


def test_a_known_verb_keeps_its_reading() -> None:
    assert _calls("Delete web-1") == [("web.click", {"target": "Delete for web-1"}), ("web.confirm", {"verb": "delete"})]
    assert _calls("Open web-1")[0][0] != "web.click" or _calls("Open web-1")[0][1] != {"target": "Open for web-1"}
