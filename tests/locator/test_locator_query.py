"""Parsing descriptions into queries."""

from __future__ import annotations

import itertools

import pytest

from tapwright.locator import is_ref, is_selector, parse


def pairs(*phrases: str):  # a known_pair built from page texts, as the index does
    known = set()
    for phrase in phrases:
        words = phrase.lower().split()
        known.update(itertools.pairwise(words))
    return lambda a, b: (a.lower(), b.lower()) in known


def test_role_text_ordinal_colour_size() -> None:
    q = parse("the second big blue Delete button")
    assert (q.text, q.roles[0], q.ordinal, q.colours, q.size) == ("Delete", "button", 2, ("blue",), "big")


@pytest.mark.parametrize(
    ("description", "ordinal", "origin"),
    [
        ("2nd Delete link", 2, "top"),
        ("the third Delete link", 3, "top"),
        ("last Delete link", -1, "top"),
        ("the second to last row", -2, "top"),
        ("second last row", -2, "top"),
        ("the last but one row", -2, "top"),
        ("third from top checkbox", 3, "top"),
        ("second checkbox from the bottom", -2, "top"),
        ("the 2nd button from the left", 2, "left"),
        ("the first button from the right", -1, "left"),
        ("10th item", 10, "top"),
    ],
)
def test_ordinals(description: str, ordinal: int, origin: str) -> None:
    q = parse(description)
    assert (q.ordinal, q.ordinal_from) == (ordinal, origin)


def test_the_head_noun_is_the_role_and_earlier_role_words_stay_text() -> None:
    q = parse("Title field")
    assert q.text == "Title" and q.roles[0] == "textbox"
    assert parse("the radio button next to Free").roles == ("radio",)
    assert parse("search box").roles[0] == "searchbox"
    assert parse("Sort by dropdown").roles[0] == "combobox"


@pytest.mark.parametrize(
    ("description", "kind", "anchor"),
    [
        ("checkbox next to Remember me", "near", "Remember me"),
        ("the field below Email", "below", "Email"),
        ("field under Email", "below", "Email"),
        ("the link above Footer", "above", "Footer"),
        ("button to the left of Step 2", "left", "Step 2"),
        ("button right of Step 2", "right", "Step 2"),
        ('checkbox beside "I agree"', "near", '"I agree"'),
    ],
)
def test_positional_relations(description: str, kind: str, anchor: str) -> None:
    rel = parse(description).relation
    assert rel is not None and (rel.kind, rel.anchor) == (kind, anchor)


@pytest.mark.parametrize(
    ("description", "kinds", "name"),
    [
        ("Cancel in the dialog", "dialog", ""),
        ("Save inside the Login form", "form", "Login"),
        ("Delete in the row for leo", "row", "leo"),
        ("Edit in Bob's row", "row", "Bob"),
        ("Save in the Profile tab", "tabpanel", "Profile"),
        ("Pay in the payment frame", "frame", "payment"),
        ("Help in the footer", "contentinfo", ""),
    ],
)
def test_container_relations(description: str, kinds: str, name: str) -> None:
    rel = parse(description).relation
    assert rel is not None and rel.container is not None
    assert rel.container.kinds is not None and kinds in rel.container.kinds
    assert rel.container.name == name


def test_for_the_user_names_a_row_of_any_kind() -> None:
    rel = parse("Delete for the user @leo").relation
    assert rel is not None and rel.kind == "for" and rel.container is not None
    assert rel.container.kinds is None and rel.container.name == "@leo"


@pytest.mark.parametrize("description", ["Log in button", "Sign in with Google", "In stock", "For sale", "Log in"])
def test_in_and_for_inside_names_are_not_relations(description: str) -> None:
    assert parse(description).relation is None


def test_modifier_words_that_the_page_uses_together_stay_text() -> None:
    known = pairs("First name", "Blue shirt", "Sort by name", "Under 18")
    assert parse("First name field", known).text == "First name"
    assert parse("First name field", known).ordinal is None
    assert parse("Blue shirt", known).colours == ()
    assert parse("Sort by name button", known).relation is None
    assert parse("Under 18 checkbox", known).relation is None
    # Without the page's help the same words are modifiers.
    assert parse("First name field").ordinal == 1


def test_a_lone_modifier_is_a_name_and_a_capitalised_one_too() -> None:
    assert parse("Last").text == "Last" and parse("Last").ordinal is None
    assert parse("Blue").colours == ()
    assert parse("the Last button").text == "Last"
    assert parse("the last button").ordinal == -1


def test_quotes_leading_verbs_and_articles() -> None:
    q = parse('click the "Save draft" button')
    assert q.quoted == ("Save draft",) and q.text == "Save draft" and q.roles[0] == "button"
    assert parse("tap on Settings").text == "Settings"
    assert parse("Click").text == "Click"


@pytest.mark.parametrize("text", ["css=#main > button", "xpath=//button", 'role=button[name="Save"]', "text=Save",
                                  "#submit", "#login-form button", "//div[@id='x']", "(//button)[2]", "id=email",
                                  "data-testid=save"])  # fmt: skip
def test_selectors_are_recognised(text: str) -> None:
    assert is_selector(text)


@pytest.mark.parametrize("text", ["Save", "the #1 item", "Email field", "e12", "C# course", "50% off"])
def test_descriptions_are_not_selectors(text: str) -> None:
    assert not is_selector(text)


def test_refs() -> None:
    assert is_ref("e12") and is_ref(" ref=e3 ") and is_ref("[e7]")
    assert not is_ref("e") and not is_ref("email") and not is_ref("e12 button")
