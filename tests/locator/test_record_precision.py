"""Two precision rules (issue 24): a number in the description decides (a text that lacks it does not "contain"
the description, however many other words match), and a line of a record drawn without a container role belongs
to the record whose name is nearest to it: nearer to another record's name drawn alike, it is that record's."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator.core import locate
from tapwright.locator.text import phrase_score


def _page(*elements: object) -> UiTree:
    return UiTree(elements=tuple(elements), url="test://page", title="", width=1280, height=800)  # type: ignore[arg-type]


def test_a_missing_number_is_no_containing_match() -> None:
    score, kind = phrase_score("tickets: 4", "tickets 4", ("total", "tickets", "4"), "Total tickets: 1",
                               "total tickets 1", ("total", "tickets", "1"))  # fmt: skip
    assert kind != "contains" and score < 0.5
    same, _ = phrase_score("tickets", "tickets", ("total", "tickets"), "Total tickets: 1", "total tickets 1",
                           ("total", "tickets", "1"))  # fmt: skip
    assert same >= 0.5  # words alone still match a longer text


def test_a_quoted_text_with_another_number_is_not_found() -> None:
    page = _page(el("e1", "text", "", (0, 0, 300, 20), text="Total number of tickets: 1"))
    with pytest.raises(ToolFailure) as err:
        locate(page, '"Total number of tickets: 4"')
    assert err.value.code.value == "ELEMENT_NOT_FOUND"
    assert locate(page, '"Total number of tickets: 1"').element.ref == "e1"


def test_a_line_nearer_to_another_records_name_is_that_records() -> None:
    # Two cards drawn as plain boxes, one above the other: a heading, then a line.
    page = _page(
        el("h1", "heading", "Cosmos", (20, 100, 200, 24)),
        el("t1", "text", "", (20, 130, 200, 20), text="Floor 2, seats 20"),
        el("h2", "heading", "Atlas", (20, 180, 200, 24)),
        el("t2", "text", "", (20, 210, 200, 20), text="Floor 1, seats 12"),
    )
    assert locate(page, '"Floor 2, seats 20" for "Cosmos"').element.ref == "t1"
    assert locate(page, '"Floor 1, seats 12" for "Atlas"').element.ref == "t2"
    with pytest.raises(ToolFailure) as err:
        locate(page, '"Floor 1, seats 12" for "Cosmos"')
    assert err.value.code.value == "ELEMENT_NOT_FOUND"


def test_a_line_beside_a_menu_of_names_is_not_held_to_the_menus_records() -> None:
    # A menu of links ("Articles", "Authors", "Categories") one above another, and a line to their right: the
    # records of the menu do not reach across (the line is no menu item's), so "for Articles" still finds it.
    page = _page(
        el("n1", "link", "Articles", (0, 100, 120, 20)),
        el("n2", "link", "Authors", (0, 130, 120, 20)),
        el("n3", "link", "Categories", (0, 160, 120, 20)),
        el("t1", "text", "", (300, 200, 300, 20), text="Heat islands"),
    )
    assert locate(page, '"Heat islands" for "Articles"').element.ref == "t1"
