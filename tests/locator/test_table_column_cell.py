""""the server response code": a table named by the leading words, a heading of its top row by the rest, and its one
data row's cell under that heading (locator/cells.table_column_cell); several data rows name no one cell."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.errors import ToolFailure
from tapwright.locator.core import locate


def _table(name: str, head: tuple[str, str], *rows: tuple[str, str]) -> list[object]:
    out = [el(f"{name}h0", "cell", head[0], (0, 0, 80, 20), context=(f"table:{name}", f"row:{head[0]} | {head[1]}")),
           el(f"{name}h1", "cell", head[1], (90, 0, 300, 20), context=(f"table:{name}", f"row:{head[0]} | {head[1]}"))]
    for k, (a, b) in enumerate(rows):
        ctx = (f"table:{name}", f"row:{a} | {b}")
        out += [el(f"{name}r{k}a", "cell", a, (0, 30 + 30 * k, 80, 20), context=ctx),
                el(f"{name}r{k}b", "cell", b, (90, 30 + 30 * k, 300, 20), context=ctx)]
    return out


def test_the_one_rows_cell_under_the_heading() -> None:
    page = tree(*_table("Server response", ("Code", "Details"), ("200", "Response body")))  # type: ignore[arg-type]
    assert locate(page, "server response code").element.ref == "Server responser0a"
    assert locate(page, "response code").element.ref == "Server responser0a"


def test_several_rows_name_no_one_cell() -> None:
    page = tree(*_table("Inventory", ("Item", "Stock"), ("Pan", "2"), ("Pot", "3")))  # type: ignore[arg-type]
    with pytest.raises(ToolFailure):
        locate(page, "inventory stock")
