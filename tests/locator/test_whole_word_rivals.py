"""Two names that hold a description only in part are a tie (AMBIGUOUS) only when each holds its words as whole
words (accept.partial_rival): "Priya" is in "1:1 with Priya 11:00", only the start of "Priyanka" in "1:1 with
Priyanka 11:00", so "1:1 with Priya" is the first; "Delete" in "Delete" and "Delete all" stays a tie."""

from __future__ import annotations

import pytest

from locator.locator_builders import el, tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate


def _events() -> object:
    return tree(
        el("a", "button", "1:1 with Priya 11:00 - 11:30 AM", (10, 10, 300, 40)),
        el("b", "button", "1:1 with Priyanka 11:00 - 11:30 AM", (10, 60, 300, 40)),
        el("c", "checkbox", "Priya Raman", (400, 10, 200, 20)),
    )


def test_the_name_holding_every_word_whole_is_meant() -> None:
    assert locate(_events(), "1:1 with Priya").element.ref == "a"  # type: ignore[arg-type]
    assert locate(_events(), "1:1 with Priyanka").element.ref == "b"  # type: ignore[arg-type]


def test_names_that_both_hold_the_words_stay_a_tie() -> None:
    with pytest.raises(ToolFailure) as tie:
        locate(_events(), "Priya")  # type: ignore[arg-type]
    assert tie.value.code is ErrorCode.AMBIGUOUS
    buttons = tree(el("d", "button", "Delete selected", (10, 10, 100, 30)), el("e", "button", "Delete all", (10, 60, 100, 30)))
    with pytest.raises(ToolFailure) as tie:
        locate(buttons, "Delete")
    assert tie.value.code is ErrorCode.AMBIGUOUS


def test_a_word_said_in_another_form_still_makes_a_tie() -> None:
    # "Contacts" is the word "contact" in the plural, not another word: still a rival, still a tie.
    page = tree(el("f", "button", "Email contact", (10, 10, 200, 30)), el("g", "link", "All contacts", (10, 60, 200, 30)))
    with pytest.raises(ToolFailure) as tie:
        locate(page, "contact")
    assert tie.value.code is ErrorCode.AMBIGUOUS
