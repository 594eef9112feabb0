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


def test_above_the_table_is_above_its_box_not_above_a_filter_box_in_it() -> None:
    # A table whose head row is drawn as texts over a row of nameless filter boxes: the first head text labels the
    # first box, yet "the table" as a place is the box of all it holds, no caption of a box in it.
    head, filters, body = ("table", "row:id | date"), ("table", "row:"), ("table", "row:1 | 2025-05-18")
    page = tree(
        el("s", "text", "", (10, 10, 300, 20), text="40 expenses, total 17915.73"),
        el("h1", "text", "", (10, 40, 80, 20), text="id", context=head),
        el("h2", "text", "", (100, 40, 80, 20), text="date", context=head),
        el("f1", "spinbutton", "", (10, 64, 80, 20), context=filters, near="id"),
        el("f2", "textbox", "", (100, 64, 80, 20), context=filters, near="date"),
        el("c1", "cell", "1", (10, 90, 80, 20), context=body),
        el("c2", "cell", "2025-05-18", (100, 90, 80, 20), context=body),
    )
    assert locate(page, "text above the table").element.ref == "s"
