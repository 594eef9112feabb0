"""A card named by its title (issue 26): 'the "Cosmos" card', 'the card "Cosmos"', 'a card for the room "Cosmos"'.
A clickable box of two or more lines whose words begin with the title, or the title line of a card container; a
word of a title's middle is no title; a kind word ("room") counts only when the page shows it; two cards of one
title are ambiguous; a one-line button that begins with the title is no card."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator.core import locate


def _page(*extra: object) -> UiTree:
    elements = (
        el("h", "heading", "Rooms", (20, 40, 200, 30)),
        el("a", "button", "Atlas Floor 1, seats 12 Projector", (20, 100, 200, 120), context=("list:1",)),
        el("c", "button", "Cosmos Floor 2, seats 20 Whiteboard", (240, 100, 200, 120), context=("list:1",)),
        el("d", "heading", "Delta", (20, 300, 200, 24), context=("article:Delta Floor 3, seats 8",)),
        el("dt", "text", "", (20, 330, 200, 20), text="Floor 3, seats 8", context=("article:Delta Floor 3, seats 8",)),
        *extra,
    )
    return UiTree(elements=elements, url="test://page", title="", width=1280, height=800)  # type: ignore[arg-type]


@pytest.mark.parametrize(("said", "ref"), [
    ('the "Cosmos" card', "c"), ('the card "Cosmos"', "c"), ('a card for the room "Cosmos"', "c"),
    ('the "Delta" card', "d"), ('the tile "Atlas"', "a"),
])  # fmt: skip
def test_a_card_is_found_by_its_title(said: str, ref: str) -> None:
    assert locate(_page(), said).element.ref == ref


@pytest.mark.parametrize("said", ['the "Floor" card', 'a card for the desk "Cosmos"', 'the "Whiteboard" card'])
def test_words_that_are_no_title_or_unshown_kinds_find_nothing(said: str) -> None:
    with pytest.raises(ToolFailure) as err:
        locate(_page(), said)
    assert err.value.code.value == "ELEMENT_NOT_FOUND"


def test_two_cards_of_one_title_are_ambiguous() -> None:
    twin = el("c2", "button", "Cosmos Floor 5, seats 4", (460, 100, 200, 120), context=("list:1",))
    with pytest.raises(ToolFailure) as err:
        locate(_page(twin), 'the "Cosmos" card')
    assert err.value.code.value == "AMBIGUOUS"


def test_a_one_line_button_is_no_card() -> None:
    page = UiTree(elements=(el("b", "button", "Cosmos settings", (20, 20, 140, 30)),), url="t://", title="", width=800,
                  height=600)  # fmt: skip
    with pytest.raises(ToolFailure):
        locate(page, 'the "Cosmos" card')
