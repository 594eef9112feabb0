"""score.py's text parts at their edges: which field names a match, a section's name as context
("billing zip"), widget phrases ("the x", "hamburger menu"), and role words that are related."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.locator import locate, rank
from tapwright.locator.score import CONTEXT_WEIGHT


def _top(t, description: str):
    return rank(t, description)[0]


# -- which field names the match ----------------------------------------------------------------------


def test_when_two_fields_match_equally_the_first_one_names_the_match() -> None:
    # Name and label both contain "account" as one of two words (0.74): the name is the reason.
    c = _top(tree(el("b", "button", "Delete account", label="Account delete")), "account")
    assert c.reasons == ["name contains 'Delete account'", "interactive"]
    assert c.score == pytest.approx(0.74 + 0.05)


def test_a_long_name_is_cut_at_sixty_characters_in_the_reason() -> None:
    name = "Download the complete annual financial report for the fiscal year 2025 as PDF"
    c = _top(tree(el("b", "link", name)), "annual report")
    assert c.reasons[0] == f"name contains {name[:60]!r}"


# -- the section's name as context: "Billing zip" ---------------------------------------------------


def _zips(billing: str = "Billing address") -> object:
    return tree(el("z1", "textbox", "Zip", (0, 0, 100, 30), context=("group:Shipping address",)),
                el("z2", "textbox", "Zip", (0, 100, 100, 30), context=(f"group:{billing}",)))  # fmt: skip


def test_billing_zip_is_the_zip_field_of_the_billing_section() -> None:
    found = rank(_zips(), "Billing zip")
    assert [c.element.ref for c in found] == ["z2"]
    assert found[0].reasons == ["name and its section contains 'zip billing address'", "interactive"]
    # "billing zip" is two of the three words of "zip billing address" (0.6 + 0.28 x 2/3), at three quarters.
    assert found[0].score == pytest.approx((0.6 + 0.28 * 2 / 3) * CONTEXT_WEIGHT + 0.05)


def test_the_field_and_its_section_named_in_page_order_is_an_exact_match_at_three_quarters() -> None:
    c = _top(_zips(), "zip billing address")
    assert c.element.ref == "z2"
    assert c.reasons == ["name and its section exact 'zip billing address'", "interactive"]
    assert c.score == pytest.approx(1.0 * CONTEXT_WEIGHT + 0.05)


def test_a_long_section_name_is_cut_at_sixty_characters_in_the_reason() -> None:
    long = "Shipping address for the recipient of this particular gift order"
    t = tree(el("z1", "textbox", "Zip", (0, 0, 100, 30), context=(f"group:{long}",)),
             el("z2", "textbox", "Zip", (0, 100, 100, 30), context=("group:Billing",)))  # fmt: skip
    c = _top(t, "recipient zip")
    assert c.element.ref == "z1"
    assert (
        c.reasons[0] == "name and its section contains 'zip shipping address for recipient of this particular gift o'"
    )


def test_a_field_outside_any_named_section_gets_no_context() -> None:
    t = tree(
        el("z1", "textbox", "Zip", (0, 0, 100, 30)), el("z2", "textbox", "Zip", (0, 100, 100, 30), context=("group:",))
    )
    assert all("section" not in " ".join(c.reasons) for c in rank(t, "Billing zip"))


# -- widget phrases: "the x", "hamburger menu" ---------------------------------------------------------


def test_a_control_answering_two_of_a_widgets_names_is_reported_by_the_first() -> None:
    # "the x" goes by close, ×, ✕, ... dismiss: a Close button labelled Dismiss matches both exactly.
    c = _top(tree(el("b", "button", "Close", label="Dismiss")), "the x")
    assert c.reasons == ["a close or × or ✕ control", "name exact 'Close'", "role button"]
    assert c.score == pytest.approx(1.0 + 0.25)


def test_a_widget_phrase_is_matched_by_its_names_not_by_its_own_words() -> None:
    # "hamburger menu" goes by ☰, ≡, menu, ...: a button named "Hamburger menu" contains "menu".
    c = _top(tree(el("b", "button", "Hamburger menu")), "hamburger menu")
    assert c.reasons == ["a ☰ or ≡ or menu control", "name contains 'Hamburger menu'", "role button"]
    assert c.score == pytest.approx(0.74 + 0.25)


# -- related roles ----------------------------------------------------------------------------------


def test_a_role_is_related_only_to_the_first_role_word() -> None:
    # "the search field" asks for a searchbox first (then a textbox or combobox); a spin button is
    # related to a textbox, not to a searchbox, so it is another role.
    c = _top(tree(el("s", "spinbutton", "Search radius")), "the search field")
    assert c.reasons == ["role only", "role spinbutton (wanted searchbox)"]
    assert c.score == pytest.approx(0.6 - 0.2)


def test_a_related_role_of_the_first_role_word_counts_a_little() -> None:
    t = tree(el("a", "link", "Save", (0, 0, 80, 30)))
    c = locate(t, "Save button")
    assert c.reasons == ["name exact 'Save'", "role link (related)"]
    assert c.score == pytest.approx(1.0 + 0.1)


def test_a_field_without_any_word_the_description_can_match_is_not_read() -> None:
    # "colour" is on the page, so a typo of it ("Colur") is not one of its words: the label is skipped
    # (read, its fuzzy match would beat the name's 0.69).
    t = tree(
        el("a", "text", "colour", (0, 0, 100, 30)),
        el("b", "button", "Colour picker tool", (0, 40, 100, 30), label="Colur"),
    )
    c = {c.element.ref: c for c in rank(t, "colour")}["b"]
    assert c.reasons == ["name contains 'Colour picker tool'", "interactive"]
    assert c.score == pytest.approx(0.6 + 0.28 / 3 + 0.05)


def test_the_same_identifier_in_a_text_and_a_test_id_is_scored_by_each_ones_words() -> None:
    # "checkoutSubmit" is one word as a visible text, two words as a test id (identifiers are split).
    t = tree(
        el("a", "text", "checkoutSubmit", (0, 0, 100, 30)),
        el("b", "button", "Go", (0, 40, 100, 30), test_id="checkoutSubmit"),
    )
    found = {c.element.ref: c for c in rank(t, "checkout")}
    assert found["b"].reasons == ["test_id contains 'checkoutSubmit'", "interactive"]
    assert found["b"].score == pytest.approx((0.6 + 0.28 / 2) * 0.9 + 0.05)
    assert found["a"].reasons == ["name partial 'checkoutSubmit'"]
