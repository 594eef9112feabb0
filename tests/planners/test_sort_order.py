"""A sort in an asked order ("highest first", "descending") is web.sort_table, which clicks until the column
reads in that order; a plain "Sort by X" stays one click on the heading; an order that cannot be told is refused."""

from __future__ import annotations

import pytest

from tapwright.errors import PlanError
from tapwright.planners.rules._planner import compile_step
from tapwright.tools.web_sort import in_order


@pytest.mark.parametrize(("step", "column", "order"), [
    ('Sort the table by the "amount" column so that the highest amount comes first', "amount", "descending"),
    ("Sort by Author descending", "Author", "descending"),
    ("Sort by date so the newest is on top", "date", "descending"),
    ("Sort by Date, oldest first", "Date", "ascending"),
    ("Sort the list by Amount in ascending order", "Amount", "ascending"),
    ("Sort by Price so that the lowest price comes last", "Price", "descending"),
])  # fmt: skip
def test_an_asked_order_is_sort_table(step: str, column: str, order: str) -> None:
    [sort] = compile_step(step).steps
    assert sort.tool == "web.sort_table" and sort.args == {"column": column, "order": order}


@pytest.mark.parametrize("step", ["Sort by Author", "Sort by First name", "Sort by Last name"])
def test_no_order_asked_is_one_click_on_the_heading(step: str) -> None:
    [click] = compile_step(step).steps
    assert click.tool == "web.click" and click.args["target"].endswith("column heading")


def test_an_order_said_both_ways_is_refused() -> None:
    with pytest.raises(PlanError):
        compile_step("Sort by Amount so that the highest and the lowest come first")


def test_other_platforms_cannot_sort_to_an_order() -> None:
    with pytest.raises(PlanError):
        compile_step("Sort by Author descending", "android")


@pytest.mark.parametrize(("cells", "order", "holds"), [
    (["$1,200", "$89.90", "$12"], "descending", True), (["$1,200", "$89.90", "$12"], "ascending", False),
    (["2025-04-11", "2025-05-01", "2025-06-10"], "ascending", True), (["b", "B", "c"], "ascending", True),
    (["5", "5", "5"], "ascending", False),  # one value only: no order a sort could show
    (["3", "", "1"], "descending", True),  # empty cells are not read
])  # fmt: skip
def test_in_order(cells: list[str], order: str, holds: bool) -> None:
    assert in_order(cells, order) is holds
