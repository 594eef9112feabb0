"""Parts of a page only an id names, a container known by its head noun, a page side said last, and "the X box of
the Y" (issue 26). Hand-built trees; the block contexts are what the web snapshot reports for a large box with no
role and an id of words (tests/web/test_id_regions.py checks that on real Chromium)."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator.core import locate, rank
from tapwright.locator.query import parse

_SIDE = ("block:app shell", "block:node palette")
_MAIN = ("block:app shell", "block:flow editor workspace")


def _page(*elements, width: int = 1200, height: int = 800) -> UiTree:  # type: ignore[no-untyped-def]
    return UiTree(elements=tuple(elements), url="test://page", width=width, height=height)


def _two_filters() -> UiTree:
    return _page(
        el("e1", "textbox", "filter", (0, 50, 170, 30), context=_SIDE),
        el("e2", "textbox", "filter", (700, 50, 170, 30), context=_MAIN),
    )


def test_a_region_named_by_its_id_words_is_a_container() -> None:
    assert locate(_two_filters(), "filter box in the palette").element.ref == "e1"
    assert locate(_two_filters(), "filter box in the workspace").element.ref == "e2"


def test_of_after_a_control_word_names_the_region_it_is_in() -> None:
    q = parse('"filter" box of the palette')
    assert q.relation is not None and q.relation.container is not None and q.relation.container.name == "palette"
    assert locate(_two_filters(), '"filter" box of the palette').element.ref == "e1"
    # Without a control word before it, "of" stays part of a name.
    assert parse("Terms of Service").relation is None
    assert parse("the name of the product").relation is None


def test_a_page_side_said_last_keeps_the_target_in_that_half() -> None:
    assert parse("the filter box on the left").side == "left"
    assert parse("the filter box at the top").side == "top"
    assert parse("the filter box on the right-hand side").side == ""  # "right-hand" is one word: not read as a side
    assert locate(_two_filters(), "the filter box on the left").element.ref == "e1"
    assert locate(_two_filters(), "the filter box on the right").element.ref == "e2"
    both_left = _page(el("e1", "textbox", "filter", (0, 50, 170, 30)), el("e2", "textbox", "filter", (300, 50, 170, 30)))
    with pytest.raises(ToolFailure) as err:
        locate(both_left, "the filter box on the right")  # both are in the left half of a 1200 px page
    assert err.value.code.value == "ELEMENT_NOT_FOUND"


def test_a_side_is_not_taken_from_a_whole_name() -> None:
    page = _page(el("e1", "button", "Align on the left", (900, 10, 120, 30)))
    assert locate(page, "Align on the left").element.ref == "e1"


def test_the_head_noun_names_the_only_container_ending_in_it() -> None:
    # "the main editor": no container holds "main", and one container's name ends in "editor".
    page = _page(
        el("e1", "link", "Orders", (200, 50, 100, 30), context=("block:app editor", "list:tab strip")),
        el("e2", "text", "Orders", (1000, 300, 100, 30), context=("block:app sidebar",)),
    )
    best = locate(page, '"Orders" link in the main editor')
    assert best.element.ref == "e1"
    assert any("only container named so at the end" in r for r in best.reasons)


def test_two_containers_ending_in_the_head_noun_name_none_of_them() -> None:
    page = _page(
        el("e1", "link", "Orders", (200, 50, 100, 30), context=("block:left editor",)),
        el("e2", "link", "Orders", (700, 50, 100, 30), context=("block:right editor",)),
    )
    with pytest.raises(ToolFailure):
        locate(page, '"Orders" link in the main editor')


def test_a_quoted_container_name_is_never_read_by_its_head_noun() -> None:
    page = _page(el("e1", "link", "Orders", (200, 50, 100, 30), context=("block:app editor",)))
    with pytest.raises(ToolFailure):
        locate(page, '"Orders" link in the "main editor"')


def test_an_anchor_may_be_a_container_known_by_its_head_noun() -> None:
    tabs = ("block:app", "list:workspace tabs")
    page = _page(
        el("e1", "link", "Orders", (200, 50, 100, 30), context=(*tabs, "listitem:Orders")),
        el("e2", "link", "Sensors", (310, 50, 100, 30), context=(*tabs, "listitem:Sensors")),
        el("e3", "link", "", (430, 50, 28, 28), icon="plus", context=("block:app",)),
        el("e4", "button", "", (930, 770, 19, 19), icon="plus", context=("block:app",)),  # far below: not beside
        el("e5", "link", "info", (1000, 50, 100, 30), context=("block:app", "list:sidebar tabs")),
    )
    assert locate(page, 'the "+" button at the right of the flow tabs').element.ref == "e3"
    # Without the place, the two "+" controls are a real choice.
    assert len([c for c in rank(page, 'the "+" button') if c.score >= 0.5]) == 2


def test_a_naming_word_before_a_quoted_name_leaves_the_name_and_its_kind() -> None:
    assert (parse('new tab named "Flow 1"').text, parse('new tab named "Flow 1"').roles) == ("Flow 1", ("tab",))
    edit = parse('an edit panel titled "Edit node"')  # "edit" only describes it; a panel is a kind (a dialog, a region)
    assert edit.text == "Edit node" and "dialog" in edit.roles
    assert parse('button labelled "Save" in the dialog').text == "Save"
    assert parse("the New tab").text == "New"  # "new" alone is a name
    page = _page(el("e1", "link", "Flow 1", (0, 0, 100, 30)), el("e2", "link", "Flow 2", (110, 0, 100, 30)))
    assert locate(page, 'the new link named "Flow 2"').element.ref == "e2"


def test_a_candidate_not_on_the_side_said_is_refused() -> None:
    # The strip the "+" should be beside is not drawn yet; the only other strip is at the right edge, and the one
    # "+" left on the page is below and to the left of it: not at its right, so not acted on.
    page = _page(
        el("e1", "link", "info", (1000, 50, 100, 30), context=("block:app", "list:sidebar tabs")),
        el("e2", "button", "", (930, 770, 19, 19), icon="plus", context=("block:app",)),
    )
    with pytest.raises(ToolFailure) as err:
        locate(page, 'the "+" button at the right of the flow tabs')
    assert err.value.code.value == "ELEMENT_NOT_FOUND"
    assert "right of the flow tabs" in str(err.value)


def test_a_naming_word_after_an_unknown_kind_keeps_the_kind() -> None:
    # 'a tag called "Compost"' is no licence to take any "compost": the kind the locator does not know stays.
    from locator_builders import el, tree

    from tapwright.errors import ToolFailure
    from tapwright.locator import locate

    t = tree(el("w", "button", "compost"), el("tab", "tab", "Flow 1"))
    with pytest.raises(ToolFailure):
        locate(t, 'a tag called "Compost"')
    assert locate(t, 'a new tab named "Flow 1"').element.ref == "tab"  # a kind it knows: the quote is the name
