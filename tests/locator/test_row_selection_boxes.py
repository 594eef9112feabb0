"""A row's selection box is not named by the row's data (issue 24): an unnamed tick box in a table row takes the
text beside it as its label only when that text is no data cell of the row. "Open "Ann Lee"" in a list whose rows
start with a selection box is the name's cell, not the box before it; a label drawn in the box's own cell still
names it, and a description that asks for a checkbox still finds the row's box by the row's words."""

from __future__ import annotations

from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.locator.core import locate

_ROW = "row:Ann Lee | ann@example.com | Brazil"


def _page(*elements: object) -> UiTree:
    return UiTree(elements=tuple(elements), url="test://page", title="", width=1280, height=800)  # type: ignore[arg-type]


def _table(first_cell_text: str, row: str) -> UiTree:
    return _page(
        el("c1", "checkbox", "", (20, 100, 16, 16), context=("table", row)),
        el("t1", "text", "", (48, 98, 120, 20), text=first_cell_text, context=("table", row)),
        el("t2", "text", "", (200, 98, 180, 20), text="ann@example.com", context=("table", row)),
    )


def test_a_data_cell_beside_a_selection_box_is_the_cell() -> None:
    found = locate(_table("Ann Lee", _ROW), '"Ann Lee"')
    assert found.element.ref == "t1"


def test_a_label_in_the_boxs_own_cell_still_names_it() -> None:
    # The row's name leaves out the cell that holds a control: "Remember me" is that cell's text, not a datum.
    found = locate(_table("Remember me", "row:ann@example.com"), "Remember me")
    assert found.element.ref == "c1"


def test_asking_for_the_checkbox_finds_the_rows_box() -> None:
    found = locate(_table("Ann Lee", _ROW), '"Ann Lee" checkbox')
    assert found.element.ref == "c1"
