"""A container named by the side of the page it stands on ("the right-hand panel", "the left sidebar"): the side is
where it is, not its name; a target is taken only from a container of that kind in that half of the page. A
possessive that begins a description ("its Status") points back at what the steps were about: it names nothing."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator.core import locate
from tapwright.locator.query import parse


def _page(*, with_right: bool = True) -> UiTree:
    elements = [
        el("e1", "button", "Help", (20, 100, 80, 30), context=("complementary:Tools",)),
        el("e2", "button", "Settings", (20, 140, 80, 30), context=("complementary:Tools",)),
        el("e3", "button", "Deploy", (400, 20, 80, 30), context=("banner:",)),
    ]
    if with_right:
        elements += [
            el("e4", "button", "Help", (1100, 100, 80, 30), context=("complementary:Info",)),
            el("e5", "button", "Clear", (1100, 140, 80, 30), context=("complementary:Info",)),
        ]
    return UiTree(elements=tuple(elements), url="test://page", title="", width=1280, height=800)


@pytest.mark.parametrize(("description", "ref"), [
    ("Help in the right-hand sidebar", "e4"),
    ("Help in the left sidebar", "e1"),
    ("the Help button in the right hand sidebar", "e4"),
])
def test_the_side_picks_the_container(description: str, ref: str) -> None:
    assert locate(_page(), description).element.ref == ref


def test_no_container_on_that_side_is_no_match() -> None:
    with pytest.raises(ToolFailure) as err:
        locate(_page(with_right=False), "Help in the right-hand sidebar")
    assert err.value.code.value == "ELEMENT_NOT_FOUND"


def test_the_side_is_not_the_containers_name() -> None:
    rel = parse("the bug icon in the right-hand panel").relation
    assert rel is not None and rel.container is not None
    assert rel.container.side == "right" and rel.container.name == ""
    named = parse('Save in the "Right" panel').relation  # quoted: a name, whatever it says
    assert named is not None and named.container is not None and named.container.side == ""


def test_a_possessive_that_begins_a_description_names_nothing() -> None:
    # "its Status" after the steps opened an article: the Status shown now.
    page = UiTree(elements=(el("e1", "combobox", "Status", (20, 100, 200, 30)), el("e2", "button", "Save", (20, 200, 80, 30))),
                  url="test://page", title="", width=1280, height=800)
    assert locate(page, "its Status").element.ref == "e1"
    assert locate(page, "his Status field").element.ref == "e1"
