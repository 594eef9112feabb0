"""A page corner said last ("at the top right of the page", "in the bottom left corner") is where the target is:
in both halves it names; an element elsewhere is not acceptable, however well its name matches."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator import locate


def _page() -> UiTree:
    """A 1000x800 page with a Login link in each corner."""
    els = (el("tl", "link", "Login", (20, 20, 60, 20)), el("tr", "link", "Login", (900, 20, 60, 20)),
           el("bl", "link", "Login", (20, 760, 60, 20)), el("br", "link", "Login", (900, 760, 60, 20)))
    return UiTree(elements=els, url="test://page", width=1000, height=800)


@pytest.mark.parametrize(("description", "ref"), [
    ('"Login" link at the top right of the page', "tr"), ("the Login link in the top right corner", "tr"),
    ("Login at the bottom left", "bl"), ('"Login" link at the bottom right of the screen', "br"),
    ("the Login link at the top left corner of the page", "tl"),
])  # fmt: skip
def test_a_corner_picks_the_element_in_it(description: str, ref: str) -> None:
    assert locate(_page(), description).element.ref == ref


def test_no_element_in_the_corner_said_is_refused() -> None:
    page = UiTree(elements=(el("tl", "link", "Login", (20, 20, 60, 20)),), url="test://page", width=1000, height=800)
    with pytest.raises(ToolFailure):
        locate(page, '"Login" link at the bottom right of the page')


def test_one_side_of_a_corner_alone_still_names_a_half() -> None:
    with pytest.raises(ToolFailure):  # two Logins at the top: which one is not said
        locate(_page(), '"Login" link at the top of the page')
