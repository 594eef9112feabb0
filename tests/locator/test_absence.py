"""A negative check passes only when nothing plausibly is what was described (locator/absence.py)."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import absence, locate
from tapwright.locator.core import Candidate


def _miss(t: UiTree, description: str) -> Candidate | None:
    with pytest.raises(ToolFailure) as info:
        locate(t, description)
    return absence.near_miss(t, description, info.value)


_PAGE = tree(
    el("e1", "status", "", (0, 0, 80, 30), text="Saved", interactive=False),
    el("e2", "alert", "Upload failed: file too large", (0, 40, 200, 20), interactive=False),
    el("e3", "button", "Sign up", (0, 80, 80, 30)),
    el("e4", "text", "Payment declined", (0, 120, 80, 30), visible=False),
    el("e5", "button", "Delete", (0, 160, 80, 30)),
    el("e6", "dialog", "Cart", (0, 200, 300, 200)),
)


def test_static_text_just_below_the_bar_is_a_near_miss() -> None:
    miss = _miss(_PAGE, "the Saved toast")
    assert miss is not None and miss.element.ref == "e1"
    assert absence.PLAUSIBLE <= miss.score < 0.5
    miss = _miss(_PAGE, "the upload failed banner")
    assert miss is not None and miss.element.ref == "e2"


def test_a_partial_match_of_a_different_name_is_no_near_miss() -> None:
    assert _miss(_PAGE, "the Sign in button") is None  # 'Sign up' shares one word of two: 0.21


def test_half_the_words_of_another_control_is_refused_not_passed() -> None:
    miss = _miss(_PAGE, "the Delete all button")  # over-cautious, never wrong
    assert miss is not None and miss.element.ref == "e5"


def test_a_longer_word_is_no_near_miss() -> None:
    t = tree(el("e1", "cell", "Bobby", (0, 0, 80, 30)), el("e2", "cell", "Ann", (0, 40, 80, 30)))
    assert _miss(t, "Bob") is None  # "Bob" begins "Bobby" (0.39), but no whole word is shared


def test_a_hidden_element_is_no_near_miss() -> None:
    assert _miss(_PAGE, "the payment declined warning message") is None


@pytest.mark.parametrize("description", ["the second Saved toast", "the Saved toast in the dialog",
                                         "the Saved toast in the Billing dialog"])
def test_a_place_or_an_order_leaves_it_to_the_locator(description: str) -> None:
    assert _miss(_PAGE, description) is None


@pytest.mark.parametrize(("description", "ref"), [
    ('the "Saved" toast', "e1"),  # the quoted text is shown, only not in a toast
    ('"Saved" anymore', "e1"),  # words after the quote that name nothing do not make it absent
])
def test_a_quoted_text_that_is_shown_is_a_near_miss(description: str, ref: str) -> None:
    """What a negative check quotes is on the page, though the rest of its words did not match: "not there" cannot
    be said (it used to pass: '"Error" anymore' while an error showed)."""
    miss = _miss(_PAGE, description)
    assert miss is not None and miss.element.ref == ref, miss
    assert "shows" in miss.reasons[0]


@pytest.mark.parametrize("description", ['"Sav"', '"Payment declined" anymore', '"Saved draft"'])
def test_a_quoted_text_not_shown_as_whole_words_is_no_near_miss(description: str) -> None:
    assert _miss(_PAGE, description) is None  # part of a word, a hidden element, more than is shown


def test_the_bound_sits_between_another_name_and_the_same_thing() -> None:
    assert absence.PLAUSIBLE > 0.21  # "Sign up" for "Sign in"
    assert absence.PLAUSIBLE <= 0.257  # "Upload failed: file too large" for "the upload failed banner"


def test_a_failure_that_is_not_not_found_has_no_near_miss() -> None:
    failure = ToolFailure(ErrorCode.AMBIGUOUS, "two")
    assert absence.near_miss(_PAGE, "the Saved toast", failure) is None


def test_the_refusal_is_ambiguous_and_names_the_element() -> None:
    miss = _miss(_PAGE, "the Saved toast")
    assert miss is not None
    failure = absence.refusal("the Saved toast", miss)
    assert failure.code is ErrorCode.AMBIGUOUS
    assert "(e1)" in failure.message and "the Saved toast" in failure.message
    assert failure.data["candidates"][0]["ref"] == "e1"


_FORM = tree(
    el("e1", "alert", "", (0, 0, 200, 20), text="Name is required", interactive=False),
    el("e2", "textbox", "Email (required)", (0, 40, 200, 30)),
    el("e3", "button", "Save", (0, 80, 80, 30)),
)


@pytest.mark.parametrize("description", ["the error message", "an error", "a warning", "the validation error",
                                         "any error messages", "the alert"])
def test_a_description_naming_only_an_error_kind(description: str) -> None:
    assert absence.names_error_kind(description)


@pytest.mark.parametrize("description", ["the message", "the Saved toast", "the error log button", "Error 404",
                                         "the notification"])
def test_a_description_with_words_of_its_own_is_no_error_kind(description: str) -> None:
    assert not absence.names_error_kind(description)


def test_an_alert_worded_its_own_way_is_a_near_miss_of_the_error_message() -> None:
    miss = _miss(_FORM, "the error message")
    assert miss is not None and miss.element.ref == "e1"
    failure = absence.refusal("the error message", miss)
    assert failure.code is ErrorCode.AMBIGUOUS and "a kind of message" in failure.message


def test_a_text_worded_as_an_error_is_a_near_miss_an_ordinary_text_is_not() -> None:
    worded = tree(el("e1", "text", "", (0, 0, 200, 20), text="Passwords do not match"), el("e2", "button", "Save"))
    assert (m := _miss(worded, "an error")) is not None and m.element.ref == "e1"
    calm = tree(el("e1", "text", "", (0, 0, 200, 20), text="Welcome back, Ann"), el("e2", "button", "Save"))
    assert _miss(calm, "an error") is None


def test_an_error_by_its_developer_id_is_a_near_miss() -> None:
    t = tree(el("e1", "text", "", (0, 0, 200, 20), text="Too short", resource_id="com.x:id/textinput_error"))
    assert (m := _miss(t, "the error message")) is not None and m.element.ref == "e1"


def test_a_control_or_a_hidden_or_a_long_text_is_no_error_near_miss() -> None:
    t = tree(el("e1", "textbox", "Email (required)", (0, 40, 200, 30)),  # a field's label is not a message
             el("e2", "alert", "", (0, 0, 200, 20), text="Card declined", visible=False),
             el("e3", "paragraph", "", (0, 80, 400, 90), text="Fields marked with a star are required. " * 8))
    assert _miss(t, "the error message") is None


def test_same_words_tells_a_likely_match_from_a_spelling_match() -> None:
    t = tree(el("e1", "button", "Delete note"), el("e2", "text", "", (0, 40, 300, 20), text="Your profile photo settings page"))
    assert absence.same_words(t, "profile settings", t.elements[1])
    assert not absence.same_words(t, "Note deleted", t.elements[0])  # "deleted" is not "delete"
    assert absence.same_words(t, "the Delete note button", t.elements[0])


def test_a_match_by_spelling_alone_is_told_from_one_holding_the_words() -> None:
    t = tree(el("e1", "button", "Delete note"), el("e2", "text", "", (0, 40, 300, 20), text="Saved"))
    found = locate(t, "Note deleted")
    assert found.element.ref == "e1" and absence.spelled_otherwise(t, "Note deleted", found)
    assert not absence.spelled_otherwise(t, "the Delete note button", locate(t, "the Delete note button"))
    assert not absence.spelled_otherwise(t, "Saved", locate(t, "Saved"))


def test_a_longer_text_holding_the_words_is_not_a_match_by_spelling() -> None:
    # A success line split around a quoted name, taken by a fuzzy match: its own words are all the description's.
    said = 'success message saying the product "Bamboo cutting board" was added'
    t = tree(el("e1", "text", "The product “ Bamboo cutting board ” was"), el("e2", "button", "Delete"))
    line = t.elements[0]
    taken = Candidate(line, 0.6, ["text fuzzy 'The product “ Bamboo cutting board ” was'"])
    assert not absence.spelled_otherwise(t, said, taken)
    button = tree(el("e1", "button", "Delete note"))
    shaped = Candidate(button.elements[0], 0.84, ["name fuzzy 'Delete note'"])
    assert absence.spelled_otherwise(button, "Note deleted", shaped)


def test_a_quoted_text_held_word_for_word_in_a_longer_text_is_found() -> None:
    """Shown as whole words inside a longer text, a quoted text is that text's (a check of it passes; a negative
    check fails), not a near miss."""
    assert locate(_PAGE, '"file too large"').element.ref == "e2"
