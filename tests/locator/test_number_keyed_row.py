""""the row for document 13" where no row says "document": the one row with a cell that is the number 13
(locator/relations.number_keyed_row); a number in no cell, or in the cells of two rows, names no row."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.errors import ToolFailure
from tapwright.locator.core import locate

_HEAD = ("table:Documents", "row:ID | Status | Text")


def _docs(*rows: tuple[str, str, str]) -> object:
    out = [el("h1", "columnheader", "ID", (0, 0, 50, 20), context=_HEAD),
           el("h2", "columnheader", "Status", (60, 0, 100, 20), context=_HEAD),
           el("h3", "columnheader", "Text", (170, 0, 400, 20), context=_HEAD)]
    for k, (ident, status, text) in enumerate(rows):
        ctx = ("table:Documents", f"row:{ident} | {status} | {text}")
        y = 30 + 30 * k
        out += [el(f"i{k}", "cell", ident, (0, y, 50, 20), context=ctx),
                el(f"s{k}", "cell", status, (60, y, 100, 20), context=ctx),
                el(f"t{k}", "cell", text, (170, y, 400, 20), context=ctx)]
    return tree(*out)


def test_the_row_whose_cell_is_the_number() -> None:
    page = _docs(("12", "In progress", "Refund asked 13 times"), ("13", "Finished", "Mugs arrived broken"))
    assert locate(page, "status in the row for document 13").element.ref == "s1"  # type: ignore[arg-type]


def test_a_number_in_two_rows_cells_or_none_names_no_row() -> None:
    twice = _docs(("13", "Finished", "A"), ("14", "New", "x"), ("15", "13", "y"))
    with pytest.raises(ToolFailure):
        locate(twice, "status in the row for document 13")  # type: ignore[arg-type]
    with pytest.raises(ToolFailure):
        locate(_docs(("12", "New", "x")), "status in the row for document 13")  # type: ignore[arg-type]
