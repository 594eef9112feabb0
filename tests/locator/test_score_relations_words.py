"""Which elements are scored at all (score.py's prefilter and the page words a query word stands for),
and the whole description read as a name when the grammar took a word for a modifier."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.locator import rank


def _found(t, description: str) -> dict[str, tuple[float, list[str]]]:
    return {c.element.ref: (round(c.score, 4), c.reasons) for c in rank(t, description)}


# -- the page words a query word stands for ----------------------------------------------------------


def test_a_synonym_on_the_page_stands_for_the_word() -> None:
    t = tree(el("login", "textbox", "Login", (0, 0, 200, 30)), el("pw", "textbox", "Password", (0, 40, 200, 30)))
    assert _found(t, "Username field") == {"login": (0.91, ["name fuzzy 'Login'", "role textbox"])}


def test_the_start_of_a_word_stands_for_the_word() -> None:
    # "Addr" begins "Address" (not "Add", which it does not begin).
    t = tree(el("a", "textbox", "Address", (0, 0, 200, 30)), el("b", "button", "Add", (0, 40, 80, 30)))
    assert _found(t, "Addr") == {"a": (0.435, ["name partial 'Address'", "interactive"])}


def test_a_word_run_together_stands_for_the_two_page_words() -> None:
    t = tree(el("a", "textbox", "User name", (0, 0, 200, 30)), el("b", "textbox", "Email", (0, 40, 200, 30)))
    assert _found(t, "Username") == {"a": (1.01, ["name normalized 'User name'", "interactive"])}


def test_another_form_of_a_word_stands_for_it_when_the_word_itself_is_not_on_the_page() -> None:
    t = tree(el("a", "button", "Change password", (0, 0, 200, 30)), el("b", "button", "Sign out", (0, 40, 200, 30)))
    assert _found(t, "changing password") == {"a": (0.82, ["name fuzzy 'Change password'", "interactive"])}


def test_a_typo_stands_for_the_word_it_misspells() -> None:
    t = tree(el("a", "button", "Checkout", (0, 0, 200, 30)), el("b", "button", "Cart", (0, 40, 200, 30)))
    assert _found(t, "Chekout") == {"a": (0.754, ["name fuzzy 'Checkout'", "interactive"])}


def test_a_three_letter_word_stands_for_the_words_it_begins() -> None:
    assert _found(tree(el("a", "button", "Address")), "Add") == {
        "a": (0.435, ["name partial 'Address'", "interactive"])
    }


def test_a_five_letter_word_can_be_two_page_words_run_together() -> None:
    # "Login" is "Log" + "in": split after its third letter, the shortest first part looked at.
    assert _found(tree(el("a", "button", "Log in")), "Login") == {
        "a": (1.01, ["name normalized 'Log in'", "interactive"])
    }


def test_a_word_on_the_page_is_kept_when_it_is_also_two_page_words() -> None:
    # "Username" is on the page as one word, and "User" and "name" are too: both readings count.
    t = tree(el("a", "textbox", "Username", (0, 0, 100, 30)), el("b", "text", "User name rules", (0, 40, 100, 30)))
    assert _found(t, "Username")["a"] == (1.05, ["name exact 'Username'", "interactive"])


def test_the_root_of_a_word_stands_for_page_words_at_most_three_letters_longer() -> None:
    # "Uploading" -> "upload": "Upload" is three letters shorter, beyond a typo's reach.
    assert _found(tree(el("a", "button", "Upload")), "Uploading") == {
        "a": (0.71, ["name fuzzy 'Upload'", "interactive"])
    }
    # "Deleting" -> "delet": "Deletion" is three letters longer; "Deletions" (four) is not looked at.
    t = tree(el("a", "button", "Deletion", (0, 0, 100, 30)), el("b", "button", "Deletions", (0, 40, 100, 30)))
    assert _found(t, "Deleting") == {"a": (0.754, ["name fuzzy 'Deletion'", "interactive"])}


def test_the_edits_a_typo_may_have_follow_the_shorter_word() -> None:
    # Seven letters allow one edit: a nine-letter word two edits away is another word, not a typo of it;
    # one edit away, a longer misspelling still stands for the shorter word.
    assert _found(tree(el("a", "button", "Members")), "Memzqbers") == {}
    assert _found(tree(el("a", "button", "Members")), "Memberss") == {
        "a": (0.754, ["name fuzzy 'Members'", "interactive"])
    }
    # The same both ways round: a long page word is not reached by a short word two edits from it.
    assert _found(tree(el("a", "button", "Memzqbers")), "Members") == {}


def test_a_typo_of_the_same_length_stands_for_the_word() -> None:
    assert _found(tree(el("a", "button", "Checkout")), "Chackout") == {
        "a": (0.754, ["name fuzzy 'Checkout'", "interactive"])
    }


# -- what is scored without words ------------------------------------------------------------------------


def test_a_symbol_finds_the_controls_showing_exactly_that_symbol() -> None:
    t = tree(el("plus", "button", "+", (0, 0, 30, 30)), el("minus", "button", "-", (40, 0, 30, 30)))
    assert _found(t, "+") == {"plus": (1.05, ["name exact '+'", "interactive"])}


def test_a_role_alone_finds_that_role_and_its_relatives_not_text() -> None:
    t = tree(el("b", "button", "+", (0, 0, 30, 30)), el("a", "link", "Home", (40, 0, 60, 30)),
             el("t", "text", "Hello", (0, 40, 80, 20)), el("s", "switch", "", (0, 80, 30, 20)))  # fmt: skip
    assert _found(t, "the button") == {
        "b": (0.85, ["role only", "role button"]),
        "a": (0.7, ["role only", "role link (related)"]),
        "s": (0.7, ["role only", "role switch (related)"]),
    }


def test_a_place_alone_finds_the_controls_there_not_text() -> None:
    # "below Email": the field Email labels is the anchor itself; the hint text is no control.
    t = tree(el("cap", "text", "Email", (0, 0, 60, 20)), el("f", "textbox", "", (0, 30, 200, 30)),
             el("hint", "text", "Hint", (0, 70, 100, 20)), el("go", "button", "Go", (0, 100, 60, 30)))  # fmt: skip
    assert _found(t, "below Email") == {
        "go": (0.975, ["role only", "interactive", "below the anchor", "closeness 0.50"]),
        "f": (0.15, ["role only", "interactive", "the anchor itself"]),
    }


# -- the whole description as a name ------------------------------------------------------------------


def test_the_whole_description_is_tried_as_a_name_when_the_words_left_match_less() -> None:
    # "row" is a role word, but "Delete row" is also a button's whole name.
    t = tree(el("a", "button", "Delete row", (0, 0, 100, 30)), el("b", "button", "Delete", (0, 40, 100, 30)))
    found = _found(t, "Delete row")
    assert found["a"][1][0] == "name exact 'Delete row' (whole description)"
    assert found["b"][1][0] == "name exact 'Delete'"


def test_a_weak_text_match_is_no_candidate() -> None:
    # "Sign" is one of three words of "Sign up today": a partial match under 0.3 is dropped.
    t = tree(el("a", "button", "Sign up today", (0, 0, 100, 30)), el("b", "button", "Sign", (0, 40, 100, 30)))
    assert set(_found(t, "Sign")) >= {"b"}
    assert _found(t, "Sign")["b"] == (1.05, ["name exact 'Sign'", "interactive"])


@pytest.mark.parametrize("description", ["Delete row", "delete row"])
def test_the_whole_description_is_not_read_as_a_name_when_the_text_matches_well(description: str) -> None:
    t = tree(el("b", "button", "Delete", (0, 40, 100, 30)))
    assert all("(whole description)" not in r for r in _found(t, description)["b"][1])


def test_the_whole_description_is_tried_only_below_nine_tenths() -> None:
    # "Save button": the text is "Save" (button is a role). Its title says "Save" (0.9): good enough,
    # though its placeholder is the whole description (0.92).
    t = tree(el("a", "button", "", (0, 0, 100, 30), title="Save", placeholder="Save button"))
    assert _found(t, "Save button") == {"a": (1.15, ["title exact 'Save'", "role button"])}
    # "Your cart" is "cart" with a filler (0.92): the label "Cart button" is not looked at.
    t = tree(el("a", "button", "Your cart", (0, 0, 100, 30), label="Cart button"))
    assert _found(t, "cart button") == {"a": (1.17, ["name same words 'Your cart'", "role button"])}


def test_the_whole_description_must_match_better_not_as_well() -> None:
    # "Save" in "Save draft" (0.74) and "save button" in "Save button all items" (0.74): the text's match stays.
    t = tree(el("a", "button", "Save draft", (0, 0, 100, 30), label="Save button all items"))
    assert _found(t, "Save button") == {"a": (0.99, ["name contains 'Save draft'", "role button"])}


def test_a_one_word_description_is_not_matched_with_the_section_name() -> None:
    # "billing" is in the field's class (0.67 x 0.8) and its section's name; a single word is not read as
    # "<section> <field>", so the section does not count (with it: 0.74 x 0.75, more).
    t = tree(el("z", "textbox", "Zip", (0, 0, 100, 30), cls="billing-zip-input-field", context=("group:Billing",)))
    assert _found(t, "billing") == {"z": (0.586, ["cls contains 'billing-zip-input-field'", "interactive"])}


def test_with_a_relation_the_whole_description_is_not_read_as_a_name() -> None:
    # "Save next Cancel" holds "Save" (0.69); read whole, "Save next to Cancel" would be its same words.
    t = tree(el("c", "button", "Cancel", (0, 0, 80, 30)), el("a", "button", "Save", (90, 0, 80, 30)),
             el("b", "button", "Save next Cancel", (0, 100, 200, 30)))  # fmt: skip
    found = _found(t, "Save next to Cancel")
    assert found["b"][1][0] == "name contains 'Save next Cancel'"
    assert [c.element.ref for c in rank(t, "Save next to Cancel")] == ["a", "b"]


def test_the_root_of_a_word_is_not_looked_at_when_the_word_is_on_the_page() -> None:
    # "Uploading" is on the page: "Upload" (its root) is not looked for.
    t = tree(el("a", "text", "Uploading files", (0, 0, 100, 20)), el("b", "button", "Upload", (0, 40, 100, 30)))
    assert _found(t, "Uploading") == {"a": (0.74, ["name contains 'Uploading files'"])}
