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
