"""Descriptions as people write them (issue 10): widget words, developer names, shared rows, unmarked cards, counts."""

from __future__ import annotations

from dataclasses import replace

import pytest
from locator_builders import el, tree

from tapwright.core.element import ElementState
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate
from tapwright.locator.count import count


def test_the_x_is_the_close_button_whatever_its_text() -> None:
    t = tree(
        el("e1", "button", "Read more", (100, 200, 80, 30), context=("dialog:News",)),
        el("e2", "button", "Close", (380, 90, 20, 20), context=("dialog:News",), text="×"),
        el("e3", "button", "Export", (10, 10, 60, 30)),
    )
    for description in ("the x", "×", "close icon", "the close button", "x button"):
        assert locate(t, description).element.ref == "e2", description


def test_hamburger_and_kebab_menus() -> None:
    t = tree(
        el("e1", "button", "Open navigation", (0, 0, 30, 30), text="☰"),
        el("e2", "button", "", (900, 0, 30, 30), text="⋮", title="More actions"),
        el("e3", "link", "Menu of the day", (100, 100, 120, 20)),
    )
    assert locate(t, "hamburger menu").element.ref == "e1"
    assert locate(t, "the ⋮ menu").element.ref == "e2"
    assert locate(t, "three dots menu").element.ref == "e2"


def test_search_box_prefers_a_field_named_search_and_falls_back_to_any_text_box() -> None:
    named = tree(
        el("e1", "textbox", "", (0, 0, 100, 20), id="user-name"),
        el("e2", "textbox", "", (0, 40, 100, 20), id="search-text"),
    )
    assert locate(named, "the search box").element.ref == "e2"
    lone = tree(el("e1", "textbox", "", (0, 0, 100, 20), id="q1"), el("e2", "button", "Go", (120, 0, 40, 20)))
    assert locate(lone, "the search box").element.ref == "e1"


def test_a_field_named_only_by_its_name_attribute() -> None:
    t = tree(
        replace(el("e1", "textbox", "", (0, 0, 100, 20)), attrs={"name": "__login_name"}),
        replace(el("e2", "textbox", "", (0, 40, 100, 20)), attrs={"name": "__login_pwd", "type": "password"}),
    )
    assert locate(t, "login name field").element.ref == "e1"


def test_the_focused_element() -> None:
    t = tree(el("e1", "textbox", "A", (0, 0, 100, 20)), el("e2", "textbox", "B", (0, 40, 100, 20)))
    focused = replace(t.elements[1], state=ElementState(visible=True, focused=True, editable=True))
    t2 = tree(t.elements[0], focused)
    assert locate(t2, "the focused element").element.ref == "e2"
    with pytest.raises(ToolFailure) as err:
        locate(t, "the focused element")
    assert err.value.code is ErrorCode.ELEMENT_NOT_FOUND and "focus" in err.value.message


def _admin() -> tuple[object, ...]:
    rows = []
    for k, name in enumerate(("Groups", "Users", "Sites")):
        row = (f"row:{name}",)
        y = 40 * k
        rows += [el(f"g{k}", "link", name, (0, y, 200, 20), context=row),
                 el(f"a{k}", "link", "Add", (260, y, 40, 20), context=row),
                 el(f"c{k}", "link", "Change", (320, y, 60, 20), context=row)]  # fmt: skip
    return tuple(rows)


def test_next_to_picks_the_one_candidate_sharing_the_anchors_row() -> None:
    t = tree(*_admin())
    assert locate(t, '"Add" next to Groups').element.ref == "a0"
    assert locate(t, "Change next to Sites").element.ref == "c2"


def test_for_an_unmarked_card_picks_the_control_nearest_its_text() -> None:
    t = tree(
        el("h1", "heading", "Ana Silva", (0, 0, 200, 20)), el("m1", "link", "Message", (0, 60, 80, 20)),
        el("h2", "heading", "Ben Ito", (220, 0, 200, 20)), el("m2", "link", "Message", (220, 60, 80, 20)),
    )  # fmt: skip
    assert locate(t, "Message for Ben Ito").element.ref == "m2"
    assert locate(t, "Message for Ana Silva").element.ref == "m1"


def test_a_common_noun_that_is_nowhere_on_the_page_does_not_block_the_control() -> None:
    t = tree(el("e1", "button", "Publish", (0, 0, 80, 20)), el("e2", "button", "Save draft", (100, 0, 80, 20)))
    assert locate(t, "Publish for article").element.ref == "e1"
    assert locate(t, "Save for draft").element.ref == "e2"
    with pytest.raises(ToolFailure):
        locate(t, "Publish for @zed")  # a name that is not on the page is not ignored


def test_a_cell_in_a_column_by_its_heading() -> None:
    t = tree(
        el("t", "columnheader", "Title", (0, 0, 100, 20)), el("y", "columnheader", "Year", (100, 0, 60, 20)),
        el("c1", "cell", "Dune", (0, 20, 100, 20)), el("c2", "cell", "1965", (100, 20, 60, 20)),
        el("c3", "cell", "Solaris", (0, 40, 100, 20)), el("c4", "cell", "1961", (100, 40, 60, 20)),
    )  # fmt: skip
    assert locate(t, "first cell in the Year column").element.ref == "c2"


def test_count_rows_items_and_matching_controls() -> None:
    table = tree(
        el("h", "columnheader", "Order", (0, 0, 100, 20), context=("table:Orders", "row:Order")),
        *[el(f"c{k}", "cell", f"#55{k}", (0, 20 * k + 20, 100, 20), context=("table:Orders", f"row:#55{k}")) for k in range(4)],
        el("r", "cell", "#1", (0, 200, 100, 20), context=("table:Returns", "row:#1")),
    )  # fmt: skip
    assert count(table, "row in the Orders table")[0] == 4
    assert count(table, "row in the Returns table")[0] == 1
    assert count(tree(*_admin()), "Add link")[0] == 3
    items = tree(
        *[
            el(f"i{k}", "checkbox", f"Task {k}", (0, 20 * k, 100, 20), context=("list", f"listitem:Task {k}"))
            for k in range(5)
        ]
    )
    assert count(items, "item")[0] == 5
    assert count(items, "checkbox")[0] == 5


def test_below_a_caption_means_below_the_field_it_labels() -> None:
    t = tree(
        el("c1", "text", "", (0, 0, 100, 14), text="Login"), el("a1", "textbox", "", (0, 16, 200, 24)),
        el("c2", "text", "", (250, 0, 100, 14), text="Display name"), el("a2", "textbox", "", (250, 16, 200, 24)),
        el("c3", "text", "", (0, 60, 100, 14), text="Password"), el("a3", "textbox", "", (0, 76, 200, 24)),
    )  # fmt: skip
    assert locate(t, "the text box below Login").element.ref == "a3"


def test_next_to_an_anchor_picked_by_its_ordinal() -> None:
    t = tree(*[el(f"s{k}", "combobox", "", (120 * k, 0, 100, 24)) for k in range(3)])
    assert locate(t, "the dropdown next to the first dropdown").element.ref == "s1"


def test_a_text_in_the_nth_row() -> None:
    t = tree(
        el("h", "columnheader", "Customer", (0, 0, 100, 20), context=("table:Orders", "row:Customer")),
        *[el(f"c{k}", "cell", f"Name {k}", (0, 20 * k + 20, 100, 20), context=("table:Orders", f"row:#{k}")) for k in range(3)],
    )  # fmt: skip
    assert locate(t, '"Name 0" in the first row').element.ref == "c0"
    assert locate(t, '"Name 2" in the last row').element.ref == "c2"
    with pytest.raises(ToolFailure):
        locate(t, '"Name 1" in the first row')


def test_nearest_candidates_say_why_they_were_not_chosen() -> None:
    t = tree(*_admin())
    with pytest.raises(ToolFailure) as err:
        locate(t, "Add button in the Reports row")
    cands = err.value.data["candidates"]
    assert cands and all("why_not" in c for c in cands)
    assert "no 'Reports' listitem/row on the page" in cands[0]["why_not"]  # the row named, not found
    assert "[score" in err.value.message
    with pytest.raises(ToolFailure) as tied:
        locate(t, "Add")
    assert tied.value.code is ErrorCode.AMBIGUOUS
    assert all("tied with" in c["why_not"] for c in tied.value.data["candidates"])
