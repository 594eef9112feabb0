"""A negative check of a place or a message strip named by its kind (tapwright.locator.absence): "the details panel
should be closed" while a panel named Details is shown, "the maintenance banner should not be shown" while a text
about maintenance is, must not pass because no element is *named* so."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import absence, locate
from tapwright.locator.core import Candidate


def _near(t: UiTree, description: str) -> Candidate | None:
    with pytest.raises(ToolFailure) as info:
        locate(t, description)
    return absence.near_miss(t, description, info.value)


def _page(*, panel_shown: bool = True) -> UiTree:
    return tree(
        el("close", "button", "Close details", (900, 0, 30, 30), context=("complementary:Details",), visible=panel_shown),
        el("title", "heading", "Beach 2023", (700, 40, 200, 30), context=("complementary:Details",), visible=panel_shown),
        el("open", "button", "Beach 2023", (0, 40, 200, 30)),
        el("note", "text", "", (0, 0, 600, 20), text="Scheduled maintenance on Saturday, 02:00-04:00 UTC."),
    )


@pytest.mark.parametrize("description", ["details panel", "the Details sidebar", "the details side panel"])
def test_a_place_of_that_kind_and_name_that_is_shown_is_not_absent(description: str) -> None:
    near = _near(_page(), description)
    assert near is not None and near.reasons[1] == "a place of that kind and name"
    failure = absence.refusal(description, near)
    assert failure.code is ErrorCode.ASSERTION_FAILED and "is shown" in str(failure)


def test_a_closed_place_or_another_name_leaves_the_check_to_pass() -> None:
    assert absence.shown_place(_page(panel_shown=False), "details panel") is None
    assert absence.shown_place(_page(), "filters panel") is None
    assert absence.shown_place(_page(), "the Save button") is None


def test_a_strip_named_by_its_subject_is_a_near_miss_where_a_text_holds_the_subject() -> None:
    near = _near(_page(), "maintenance banner")
    assert near is not None and near.element.ref == "note"
    assert absence.refusal("maintenance banner", near).code is ErrorCode.AMBIGUOUS
    # No text about it: the banner is not there, and the check may pass.
    assert absence.message_by_kind(_page(), "the outage banner", set()) is None
    assert absence.message_by_kind(_page(), "the banner", set()) is None


def _strip_page(*, shown: bool = True) -> UiTree:
    return tree(
        el("say", "text", "", (0, 700, 600, 20), text="We use cookies to measure visits.", context=("region:Cookie consent",),
           visible=shown),
        el("ok", "button", "Accept all", (620, 700, 90, 30), context=("region:Cookie consent",), visible=shown),
        el("head", "heading", "Storm closes the harbour tunnel", (0, 40, 600, 30)),
    )


@pytest.mark.parametrize("description", ["the cookie banner", "cookies notice", "the cookie bar"])
def test_a_strip_drawn_as_a_container_named_by_its_subject_is_shown(description: str) -> None:
    """A strip named by its subject ("the cookie banner") drawn as a region whose name holds the subject (in either
    number): shown, so a check that it is gone fails, whatever words its own text uses."""
    place = absence.shown_place(_strip_page(), description)
    assert place is not None and place.reasons[1] == "a place of that kind and name"
    assert absence.refusal(description, place).code is ErrorCode.ASSERTION_FAILED
    assert absence.shown_place(_strip_page(shown=False), description) is None


def test_a_strip_of_another_subject_or_none_is_not_that_container() -> None:
    assert absence.shown_place(_strip_page(), "the newsletter banner") is None
    assert absence.shown_place(_strip_page(), "the banner") is None  # the page's header: a landmark of its own


def test_a_strip_text_that_holds_the_subject_in_the_plural_is_a_near_miss() -> None:
    page = tree(el("say", "text", "", (0, 700, 600, 20), text="We use cookies to measure visits."))
    near = absence.message_by_kind(page, "the cookie banner", set())
    assert near is not None and near.element.ref == "say"
