"""Every part of a step is accounted for (planners/rules/_accounting.py): a quoted value, a number or a
content word that no call uses makes the step PLAN_INVALID naming it; values are the values written."""

from __future__ import annotations

import pytest

from tapwright.errors import ErrorCode, PlanError
from tapwright.planners.rules import compile_step
from tapwright.planners.rules._accounting import check


def _calls(step: str) -> list[tuple[str, dict[str, object]]]:
    return [(s.tool, s.args) for s in compile_step(step).steps]


def _refusal(step: str) -> PlanError:
    with pytest.raises(PlanError) as caught:
        compile_step(step)
    assert caught.value.code is ErrorCode.PLAN_INVALID
    return caught.value


# -- the check itself, on hand-made plans ----------------------------------------------------------------


def test_a_quoted_value_no_call_uses_is_named() -> None:
    unused = check('Click "Save" and type "bob"', [{"tool": "web.click", "args": {"target": "Save"}}])
    assert unused.values == ("bob",)
    assert "'bob'" in unused.message()


def test_a_content_word_no_call_uses_is_named_and_frame_words_are_not() -> None:
    unused = check("Then I should click the Save button quickly", [{"tool": "web.click", "args": {"target": "Save button"}}])
    assert unused.words == ("quickly",)


def test_a_typed_value_with_other_words_around_the_quoted_text_is_flagged() -> None:
    unused = check('Enter the password "yA" into Name', [{"tool": "web.fill", "args": {"target": "Name", "text": 'the password "yA"'}}])
    assert unused.mixed == (("yA", 'the password "yA"'),)


def test_a_check_pattern_may_wrap_its_value() -> None:
    plan = [{"tool": "web.verify_title", "args": {"expected": "^Shop", "match": "regex"}}]
    assert not check('The title should start with "Shop"', plan)


@pytest.mark.parametrize(("word", "args"), [("2", {"seconds": 2}), ("2", {"ms": 2000}), ("3", {"index": 2})])
def test_numbers_count_as_the_call_uses_them(word: str, args: dict[str, object]) -> None:
    assert not check(f"Wait {word}", [{"tool": "web.wait", "args": args}])


def test_a_number_no_call_uses_is_named() -> None:
    assert check("Set quantity 9", [{"tool": "web.fill", "args": {"target": "quantity", "text": "6"}}]).words == ("9",)


def test_a_negation_must_reach_a_call() -> None:
    plan = [{"tool": "web.verify_visible", "args": {"target": "Error"}}]
    assert check("Error should not be visible", plan).words == ("not",)
    assert not check("Error should not be visible", [{"tool": "web.verify_not_visible", "args": {"target": "Error"}}])
    assert not check("The box should not be checked", [{"tool": "web.verify_state", "args": {"target": "box", "state": "unchecked"}}])


def test_words_the_grammar_set_aside_count_but_their_numbers_do_not() -> None:
    plan = [{"tool": "web.click", "args": {"target": "Save"}}]
    assert not check("Click Save to store the draft", plan, {"to", "store", "the", "draft"})
    assert check("Click Save to store 3 drafts", plan, {"to", "store", "3", "drafts"}).words == ("3",)
    # Any value is asked for, not only a bare number: a time, an amount, a size.
    assert check("Click Save so it ends at 5:30 PM", plan, {"so", "it", "ends", "at", "5:30", "pm"}).words == ("5:30",)
    assert check("Click Save so it costs $12", plan, {"so", "it", "costs", "$12"}).words


def test_a_time_in_a_purpose_clause_is_refused_not_dropped() -> None:
    error = _refusal("Edit the Team retro so it ends at 5:30 PM, and save")
    assert "5:30" in error.message
    assert _calls("Click Save so you stay signed in") == [("web.click", {"target": "Save"})]


# -- through the grammar --------------------------------------------------------------------------------


def test_values_are_the_values_written() -> None:
    assert _calls('Enter the password "yA" into both text fields') == [
        ("web.fill", {"target": "first text field", "text": "yA"}),
        ("web.fill", {"target": "second text field", "text": "yA"}),
    ]


def test_labelled_values_go_each_to_its_field() -> None:
    assert _calls('Enter the username "karrie" and the password "AU" into the text fields') == [
        ("web.fill", {"target": "username", "text": "karrie"}),
        ("web.fill", {"target": "password", "text": "AU"}),
    ]


def test_a_state_the_tools_cannot_check_is_refused_naming_it() -> None:
    error = _refusal('Then "Lunch on Thursday?" should be shown as unread')
    assert "'unread'" in error.message
    assert error.data and error.data["unused_words"] == ["unread"]


def test_a_purpose_is_commentary_and_not_refused() -> None:
    assert _calls("Click Save to store the form") == [("web.click", {"target": "Save"})]


def test_a_colon_inside_curly_quotes_is_part_of_the_value() -> None:
    assert _calls("Select “: 0” from the Size dropdown") == [("web.select", {"target": "Size dropdown", "option": ": 0"})]


# -- checks that say what they check ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("step", "call"),
    [
        ("The dialog should be closed", ("web.verify_not_visible", {"target": "dialog"})),
        ("The Edit profile dialog should not be open", ("web.verify_not_visible", {"target": "Edit profile dialog"})),
        ("The Edit profile dialog should be open", ("web.verify_visible", {"target": "Edit profile dialog"})),
        ("Ann should not be in the table", ("web.verify_not_visible", {"target": "Ann in table"})),
        ('Then a dialog should appear saying "Delete Fox Mulder?"',
         ("web.verify_text", {"text": "Delete Fox Mulder?", "target": "dialog"})),
        ("The Email switch should be off", ("web.verify_state", {"target": "Email switch", "state": "unchecked"})),
        ("The Name field should be empty", ("web.verify_value", {"target": "Name field", "value": ""})),
        ("The Save button should be disabled", ("web.verify_state", {"target": "Save button", "state": "disabled"})),
        # "available" is not "visible": an item can be shown and on loan. It is a text the item must show.
        ("Blade Runner 2049 should be available", ("web.verify_text", {"text": "available", "target": "Blade Runner 2049"})),
        # A place after "be" (a determiner follows) is where it is shown; "in progress" stays a value.
        ("Ann should be in the table", ("web.verify_text", {"text": "Ann", "target": "table"})),
        ('"Ann Lee" should be in the Members list', ("web.verify_text", {"text": "Ann Lee", "target": "Members list"})),
        ("The order status should be in progress", ("web.verify_text", {"text": "in progress", "target": "order status"})),
    ],
)
def test_negative_and_state_checks_compile_to_what_they_say(step: str, call: tuple[str, dict[str, object]]) -> None:
    assert _calls(step) == [call]


def test_the_plan_says_which_words_each_call_takes_and_which_are_commentary() -> None:
    from tapwright.planners.rules import compile_explained

    plan, lines = compile_explained('Click Save to store the form and type "bob" into the Name field')
    assert [s.tool for s in plan.steps] == ["web.click", "web.fill"]
    assert lines[0] == "call 1 web.click: target='Save'"
    assert lines[1] == "call 2 web.fill: target='Name field', text='bob'"
    assert lines[-1] == "commentary, not acted on: to store the form"


@pytest.mark.parametrize("step", ['None of the rows should say "Bob"', "Nothing should be in the cart",
                                  "No errors should be shown", "Nobody should be in the Members list"])  # fmt: skip
def test_a_negative_quantifier_in_a_check_is_never_read_as_part_of_what_is_looked_for(step: str) -> None:
    # "None of the rows should say Bob" must not become "a row called 'None of the rows' says Bob".
    refusal = _refusal(step)
    assert "are not used by any call" in refusal.message


def test_a_negative_quantifier_still_names_things_an_action_acts_on() -> None:
    assert _calls("Click No") == [("web.click", {"target": "No"})]
    assert _calls("Select None from the Priority dropdown") == [("web.select", {"target": "Priority dropdown", "option": "None"})]


# -- quantifiers ----------------------------------------------------------------------------------------------


def test_all_x_gone_is_no_x_shown() -> None:
    # Kept in the description, "All error messages" matches no one message: the check would pass while one shows.
    assert _calls("All error messages should be gone") == [("web.verify_not_visible", {"target": "error messages"})]
    assert _calls("Every toast should disappear") == [("web.verify_not_visible", {"target": "toast"})]


def test_not_all_is_not_none() -> None:
    assert "Not all" in str(_refusal("Not all rows should be hidden"))


def test_a_quantifier_read_away_elsewhere_is_still_content() -> None:
    # Only a negative check reads "all" as "any one of them"; a positive check keeps it for the locator.
    unused = check("All rows should be ticked", [{"tool": "web.verify_state", "args": {"target": "rows", "state": "checked"}}])
    assert unused.words == ("all",)


def test_all_fields_is_not_the_first_and_the_second() -> None:
    # "both" is two; "all" may be more: left to the locator, which refuses one element for several.
    assert [a["target"] for _, a in _calls('Enter "x" into both password fields')] == ["first password field",
                                                                                      "second password field"]  # fmt: skip
    assert [a["target"] for _, a in _calls('Enter "x" into all password fields')] == ["all password fields"]
