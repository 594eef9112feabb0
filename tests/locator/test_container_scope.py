"""A target named inside a container is never taken from outside it (locator, on hand-built trees).

"the Status in the ORD-2 row", '"25 products" in the list', "Save in the dialog": an element outside
every container that matches the one named is refused, however well its name matches (an exact name
used to pass the bar at 1.0 - 0.5). No such container: ELEMENT_NOT_FOUND naming it. Two equal ones: AMBIGUOUS.
"""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate
from tapwright.locator.query import parse


def _orders(*rows: tuple[str, str]) -> UiTree:
    """A table with a header row (Order, Status), then one row per (order, status)."""
    head = ("table:Orders", "row:Order Status")
    els = [el("ho", "columnheader", "Order", (0, 0, 200, 20), context=head),
           el("hs", "columnheader", "Status", (200, 0, 100, 20), context=head)]  # fmt: skip
    for k, (order, status) in enumerate(rows):
        row = ("table:Orders", f"row:{order} {status}")
        y = 20 + 30 * k
        els += [el(f"o{k}", "cell", order, (0, y, 200, 30), context=row),
                el(f"s{k}", "cell", status, (200, y, 100, 30), context=row)]  # fmt: skip
    return tree(*els)


def _shop() -> UiTree:
    """A heading "25 products" above a product list, a Remove inside a dialog and one behind it, a Save
    outside any dialog."""
    return tree(
        el("count", "heading", "25 products", (0, 0, 200, 30)),
        el("lamp", "listitem", "Lamp", (0, 40, 200, 30), context=("list:Products",)),
        el("chair", "listitem", "Chair", (0, 70, 200, 30), context=("list:Products",)),
        el("rm_in", "button", "Remove", (0, 120, 80, 30), context=("dialog:Cart",)),
        el("rm_out", "button", "Remove", (0, 220, 80, 30)),
        el("save", "button", "Save", (0, 320, 80, 30)),
    )


def _failure(t: UiTree, description: str) -> ToolFailure:
    with pytest.raises(ToolFailure) as info:
        locate(t, description)
    return info.value


@pytest.mark.parametrize(
    ("description", "outside"),
    [('"25 products" in the list', "count"), ("the 25 products text in the list", "count"),
     ("Save in the dialog", "save"), ("the Save button inside the dialog", "save")],
)  # fmt: skip
def test_an_exact_name_outside_the_named_container_is_refused(description: str, outside: str) -> None:
    err = _failure(_shop(), description)
    assert err.code is ErrorCode.ELEMENT_NOT_FOUND
    refused = err.data["candidates"]
    assert refused[0]["ref"] == outside and "outside the" in refused[0]["why_not"]


def test_inside_the_container_is_still_found_over_a_same_named_one_outside() -> None:
    assert locate(_shop(), "Remove in the dialog").element.ref == "rm_in"
    assert locate(_shop(), "Lamp in the list").element.ref == "lamp"


def test_a_cell_named_only_outside_the_row_is_refused() -> None:
    """ "Paid in the ORD-2 row": ORD-2 is Pending; the Paid of ORD-1 is in another row."""
    t = _orders(("ORD-1", "Paid"), ("ORD-2", "Pending"))
    err = _failure(t, "Paid in the ORD-2 row")
    assert err.code is ErrorCode.ELEMENT_NOT_FOUND
    assert [(c["ref"], c["score"]) for c in err.data["candidates"]] == [("s0", 0.5)]  # at the bar, yet outside
    assert "outside the 'ORD-2'" in err.data["candidates"][0]["why_not"]
    assert locate(t, "the Status in the ORD-2 row").element.ref == "s1"


def test_a_missing_container_is_not_found_and_named() -> None:
    """No ORD-2 row: not the column header named Status (outside every row of orders)."""
    err = _failure(_orders(("ORD-1", "Paid"), ("ORD-3", "Paid")), "the Status in the ORD-2 row")
    assert err.code is ErrorCode.ELEMENT_NOT_FOUND
    assert "'ORD-2'" in err.message and "row" in err.message
    err = _failure(_shop(), "Remove in the form")
    assert err.code is ErrorCode.ELEMENT_NOT_FOUND and "no form" in err.message


def test_two_equally_matching_containers_are_ambiguous() -> None:
    err = _failure(_orders(("ORD-2", "Paid"), ("ORD-2", "Paid")), "the Status in the ORD-2 row")
    assert err.code is ErrorCode.AMBIGUOUS
    assert {c["ref"] for c in err.data["candidates"]} == {"s0", "s1"}


def _results(*, line: str = "25 products", gap: float = 10, role: str = "text") -> UiTree:
    """A navigation list, then a table of results with a line of text under it (its count, by default)."""
    return tree(
        el("home", "link", "Home", (0, 0, 80, 20), context=("navigation:", "list")),
        el("h1", "heading", "Select product", (0, 40, 600, 30)),
        el("lamp", "link", "Desk lamp", (0, 100, 120, 20), context=("table", "row:Desk lamp")),
        el("sofa", "link", "Sofa", (0, 130, 120, 20), context=("table", "row:Sofa")),
        el("sku", "cell", "SKU-2", (130, 130, 80, 20), context=("table", "row:Sofa")),
        el("line", role, line, (0, 150 + gap, 600, 20)),
    )


@pytest.mark.parametrize("description", ['"Desk lamp" in the list', "the Sofa link in the list"])
def test_a_table_of_records_is_the_list(description: str) -> None:
    """People call any collection of records "the list", drawn as a list or as a table."""
    assert locate(_results(), description).element.ref in ("lamp", "sofa")


@pytest.mark.parametrize("description", ['"25 products" in the list', '"25 products" in the table',
                                         '"25 products" in the table footer', '"25 products" in the list\'s footer'])
def test_a_count_line_under_a_collection_is_in_it(description: str) -> None:
    assert locate(_results(), description).element.ref == "line"


@pytest.mark.parametrize(("line", "gap", "role"), [("No more products", 10, "text"), ("25 products", 90, "text"),
                                                   ("25 products", 10, "heading")])
def test_only_a_count_right_under_a_collection_is_its_count_line(line: str, gap: float, role: str) -> None:
    """Words without a number, a count far below, a title: not the collection's own line."""
    for description in (f'"{line}" in the list', f'"{line}" in the table footer'):
        assert _failure(_results(line=line, gap=gap, role=role), description).code is ErrorCode.ELEMENT_NOT_FOUND


def test_a_cell_of_the_table_body_is_not_its_footer() -> None:
    assert _failure(_results(), '"SKU-2" in the table footer').code is ErrorCode.ELEMENT_NOT_FOUND


def _two_panels() -> UiTree:
    """Two panels listing a file of the same name, each row with its own Print button."""
    els = []
    for k, panel in enumerate(("Files", "Recent")):
        ctx = (f"region:{panel}", "row:cube.gcode 12 KB")
        els += [el(f"{panel[0]}n", "cell", "cube.gcode", (400 * k, 40, 200, 30), context=ctx),
                el(f"{panel[0]}p", "button", "Print", (400 * k + 200, 40, 60, 30), context=ctx)]  # fmt: skip
    return tree(*els)


def test_a_row_of_a_named_panel_is_a_container_inside_a_container() -> None:
    q = parse('the Print button on the "cube.gcode" row of the Files panel')
    assert q.relation is not None and q.relation.container is not None
    row = q.relation.container
    assert row.name == "cube.gcode" and row.kinds is not None and "row" in row.kinds
    assert row.outer is not None and row.outer.name == "Files" and row.outer.outer is None
    assert locate(_two_panels(), 'the Print button on the "cube.gcode" row of the Files panel').element.ref == "Fp"
    assert locate(_two_panels(), 'the Print button in the "cube.gcode" row in the Recent panel').element.ref == "Rp"


def test_a_row_in_a_panel_the_page_does_not_have_is_refused() -> None:
    with pytest.raises(ToolFailure) as err:
        locate(_two_panels(), 'the Print button on the "cube.gcode" row of the Users panel')
    assert err.value.code is ErrorCode.ELEMENT_NOT_FOUND
    assert "'Users'" in err.value.message


def test_without_the_outer_container_two_rows_are_ambiguous() -> None:
    with pytest.raises(ToolFailure) as err:
        locate(_two_panels(), 'the Print button on the "cube.gcode" row')
    assert err.value.code is ErrorCode.AMBIGUOUS


def test_words_after_of_that_name_no_container_stay_the_row_name() -> None:
    """ "the row of Terms of Service": no determiner and kind word after "of", so no second container."""
    row = parse("the Edit button in the row of Terms of Service").relation
    assert row is not None and row.container is not None and row.container.outer is None


def _file_entries(hidden_item: bool) -> UiTree:
    """A list of file entries of several lines (articles): the name on top, a Print link two lines below; and,
    when asked, a hidden menu item named like the second file."""
    els = []
    for k, name in enumerate(("a.gcode", "b.gcode", "c.gcode")):
        ctx = ("list:", f"article:{name} Uploaded today Print")
        els += [el(f"n{k}", "heading", name, (0, 100 * k, 200, 20), context=ctx),
                el(f"p{k}", "link", "Print", (0, 100 * k + 60, 60, 20), context=ctx)]  # fmt: skip
    if hidden_item:
        els.append(el("m", "text", "b.gcode", (0, 0, 0, 0), visible=False, context=("list:Recent", "listitem:b.gcode")))
    return tree(*els)


@pytest.mark.parametrize("hidden_item", [False, True])
def test_a_row_of_a_list_drawn_as_entries_is_the_entry_named_so(hidden_item: bool) -> None:
    """No table row or list item holds the Print link: the entry (an article) named "b.gcode" is the row meant,
    also when a hidden menu item elsewhere is named so."""
    assert locate(_file_entries(hidden_item), 'the Print link on the "b.gcode" row').element.ref == "p1"


def test_an_entry_named_by_no_row_is_still_refused() -> None:
    with pytest.raises(ToolFailure) as err:
        locate(_file_entries(False), 'the Print link on the "z.gcode" row')
    assert err.value.code is ErrorCode.ELEMENT_NOT_FOUND
