"""'I should see a message that 1 order was deleted' checks the message's gist (verify_text with gist), never the
writer's words as the page's literal text; a negated or one-word gist is refused."""

from __future__ import annotations

import pytest

from tapwright.core.gist import holds_gist, meaning_words, negated
from tapwright.errors import PlanError
from tapwright.planners.rules._planner import compile_step


@pytest.mark.parametrize(("step", "said"), [
    ("Then I should see a message that 1 order was deleted", "1 order was deleted"),
    ("Then I should see a notification saying that the task was created", "the task was created"),
    ("Then a confirmation that 2 tasks were archived should be shown", "2 tasks were archived"),
])  # fmt: skip
def test_a_message_in_other_words_is_checked_by_its_gist(step: str, said: str) -> None:
    [check] = compile_step(step).steps
    assert check.tool == "web.verify_text" and check.args == {"text": said, "gist": True}


@pytest.mark.parametrize("step", ["Then I should see a message that the order was not deleted",
                                  "Then I should see a message that it worked"])
def test_a_negated_or_one_word_gist_is_refused(step: str) -> None:
    with pytest.raises(PlanError):
        compile_step(step)


def test_a_quoted_message_stays_literal() -> None:
    [check] = compile_step('Then I should see the message "Saved"').steps
    assert check.args == {"text": "Saved"}


@pytest.mark.parametrize(("actual", "said", "holds"), [
    ("Successfully deleted 1 order.", "1 order was deleted", True),
    ("Deleted 12 orders", "1 order was deleted", False),  # numbers are whole numbers
    ("Order deleted", "1 order was deleted", False),  # the number is part of what is said
    ("Task created: Prepare demo", "the task was created", True),
    ("Tasks created: 3", "the task was created", True),  # singular and plural are one word
    ("Creating tasks is disabled", "the task was created", False),  # another form of the verb says something else
    ("Order not deleted: it has open lines", "1 order was deleted", False),  # the message says it is not so
])  # fmt: skip
def test_holds_gist(actual: str, said: str, holds: bool) -> None:
    assert holds_gist(actual, meaning_words(said)) is holds


def test_negations_are_seen() -> None:
    assert negated("the order wasn't deleted") and negated("no items were found") and not negated("1 order was deleted")


@pytest.mark.parametrize("step", ['The list that now shows "3 items" should contain "Lamp"'])
def test_a_target_that_states_something_of_its_own_is_refused(step: str) -> None:
    """The second statement would go unchecked inside a description (an absence check would even pass on it)."""
    with pytest.raises(PlanError) as info:
        compile_step(step)
    assert "states something of its own" in info.value.message


def test_a_relative_clause_after_a_comma_is_a_check_of_its_own() -> None:
    """', which now says "11 orders"' is no longer left inside the description: it is checked by a call of its own."""
    steps = compile_step('"ORD-2412" should no longer be in the orders list, which now says "11 orders"').steps
    assert [(s.tool, dict(s.args)) for s in steps] == [
        ("web.verify_not_visible", {"target": '"ORD-2412" in the orders list'}), ("web.verify_text", {"text": "11 orders"})]


def test_a_clause_that_only_says_which_element_is_kept() -> None:
    assert compile_step('Click the row that has "Ann"').steps[0].args["target"] == 'row that has "Ann"'
