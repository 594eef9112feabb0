"""Words that say what kind of value a quoted name is ('the "High" priority option') are accounted for only
when the page shows it: a column so headed holding that exact value, or a group so named (locator.kinds)."""

from __future__ import annotations

import pytest
from locator_builders import el, tree

from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate


def _page(*, header: str = "Priority", cell: str = "High", group: str = "") -> UiTree:
    """A table (Title, <header>) with one row, and a dialog with two radios in a group named ``group``."""
    head, row = ("table", "row:Title"), ("table", "row:Export")
    return tree(
        el("ht", "columnheader", "Title", (0, 0, 100, 20), context=head),
        el("hp", "columnheader", header, (100, 0, 100, 20), context=head),
        el("c1", "cell", "Export", (0, 20, 100, 20), context=row),
        el("c2", "cell", cell, (100, 20, 100, 20), context=row),
        el("low", "radio", "Low", (300, 200, 60, 20), context=("dialog:New task", f"radiogroup:{group}")),
        el("high", "radio", "High", (360, 200, 60, 20), context=("dialog:New task", f"radiogroup:{group}")),
    )


@pytest.mark.parametrize("description", ['"High" priority option', 'the "High" priority radio'])
def test_a_kind_word_a_column_shows_is_accounted_for(description: str) -> None:
    found = locate(_page(), description)
    assert found.element.ref == "high"
    assert any("Priority" in r and "column" in r for r in found.reasons)


def test_a_kind_word_a_group_is_named_with_is_accounted_for() -> None:
    found = locate(_page(header="Owner", cell="Ann", group="Severity"), '"High" severity option')
    assert found.element.ref == "high"


@pytest.mark.parametrize(("header", "cell", "description"), [
    ("Priority", "Low", '"High" priority option'),  # the column holds no "High"
    ("Colour", "High", '"High" priority option'),  # no column or group says "priority"
    ("Start", "High", '"High" start time'),  # "time" is said nowhere
])  # fmt: skip
def test_a_kind_word_the_page_does_not_show_is_refused(header: str, cell: str, description: str) -> None:
    with pytest.raises(ToolFailure) as info:
        locate(_page(header=header, cell=cell), description)
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


def test_a_cell_in_another_column_is_no_evidence() -> None:
    """The value is under another heading: 'priority' is not shown to be its kind."""
    page = _page(header="Priority", cell="Low")
    other = el("c3", "cell", "High", (0, 40, 100, 20), context=("table", "row:High"))  # under "Title"
    with pytest.raises(ToolFailure):
        locate(tree(*page.elements, other), '"High" priority option')
