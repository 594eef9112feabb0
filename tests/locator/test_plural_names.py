"""A word and its plural name the same thing (issue 26: naming): "add the tag" is the "Tags" field, "the category
menu" the "Categories" button, "boxes" a "Box" control, counted as a typo is (0.8 of a word), so an exact name
still wins; words whose form with -s is another word ("new" / "news") are not folded."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator.core import locate
from tapwright.locator.text import plural_pair


def _page(*extra: object) -> UiTree:
    elements = (el("e1", "combobox", "Tags", (0, 0, 100, 30)), el("e2", "textbox", "Project name", (0, 40, 100, 30)),
                el("e3", "button", "Categories", (0, 80, 100, 30)), el("e4", "link", "News", (0, 120, 100, 30)),
                el("e5", "button", "Box", (0, 160, 100, 30)), *extra)
    return UiTree(elements=elements, url="test://page", title="", width=800, height=600)  # type: ignore[arg-type]


@pytest.mark.parametrize(("said", "ref"), [("tag", "e1"), ("the tag field", "e1"), ("category", "e3"),
                                           ("boxes", "e5"), ("project names", "e2"), ("Categories", "e3")])
def test_a_word_names_what_its_plural_names(said: str, ref: str) -> None:
    assert locate(_page(), said).element.ref == ref


def test_the_exact_word_wins_over_its_plural() -> None:
    page = _page(el("e6", "button", "Tag", (0, 200, 100, 30)))
    assert locate(page, "tag").element.ref == "e6"


def test_a_word_whose_s_form_is_another_word_is_not_folded() -> None:
    with pytest.raises(ToolFailure):
        locate(_page(), "New")


@pytest.mark.parametrize(("a", "b", "same"), [("tag", "tags", True), ("box", "boxes", True), ("category", "categories", True),
                                              ("class", "classes", True), ("new", "news", False), ("tag", "tagged", False),
                                              ("day", "dies", False), ("is", "iss", False)])  # fmt: skip
def test_plural_pairs(a: str, b: str, same: bool) -> None:
    assert plural_pair(a, b) is same and plural_pair(b, a) is same
