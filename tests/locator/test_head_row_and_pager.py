"""A table's head row named by its place ("in the table header", vocab.HEAD_ROW), and a pager under a table read as
the table's own line (relations.count_line)."""

from __future__ import annotations

from locator.locator_builders import el, tree
from tapwright.core.element import Rect
from tapwright.locator import locate
from tapwright.locator.relations import count_line

_HEAD = ("table", "row:Title | Room")
_ROW = ("table", "row:Retro | Delta")
_PAGE = tree(
    el("h", "checkbox", "", (10, 10, 14, 14), context=_HEAD),
    el("t", "columnheader", "Title", (30, 8, 200, 20), context=_HEAD),
    el("r", "checkbox", "", (10, 40, 14, 14), context=_ROW),
    el("c", "cell", "Retro", (30, 38, 200, 20), context=_ROW),
)


def test_the_table_header_is_the_row_of_column_headings() -> None:
    for said in ("the checkbox in the table header", "checkbox in the header row", "the checkbox in the table head"):
        assert locate(_PAGE, said).element.ref == "h", said
    assert locate(_PAGE, "the checkbox in the Retro row").element.ref == "r"


def test_a_pager_control_right_under_a_table_is_its_line() -> None:
    table = [Rect(0, 0, 600, 300)]
    assert count_line("Next page", Rect(500, 310, 30, 20), table)
    assert count_line("Rows per page", Rect(300, 310, 80, 20), table)
    assert count_line("1-10 of 18", Rect(400, 310, 60, 20), table)
    assert not count_line("Next page", Rect(500, 600, 30, 20), table)  # far below: another part of the page
    assert not count_line("Help", Rect(500, 310, 30, 20), table)  # no number, no pager word
