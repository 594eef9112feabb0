"""'The dialog / the list should show X' on a phone: X is looked for inside that container of the real
uiautomator dumps, and a platform with no such container refuses (the planner writes these steps as
``verify_visible('"X" in the dialog')``, see tests/planners/test_kept_targets.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapwright.core.element import UiTree
from tapwright.drivers.android.hierarchy import app_tree, parse_dump
from tapwright.drivers.android.locating import find
from tapwright.errors import ErrorCode, ToolFailure

_DUMPS = Path(__file__).resolve().parents[1] / "android" / "dumps"


def _dump(prefix: str) -> UiTree:
    path = next(_DUMPS.glob(f"{prefix}-*.xml"))
    return app_tree(parse_dump(path.read_bytes()).tree)


def test_a_text_in_the_dialog_is_found_inside_it_only() -> None:
    dialog = _dump("02")  # a USB transfer dialog: OK and Cancel
    assert find(dialog, '"OK" in the dialog').element.name == "OK"
    with pytest.raises(ToolFailure) as info:
        find(dialog, '"Nothing" in the dialog')
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


def test_a_text_in_the_list_is_found_in_the_recycler_view() -> None:
    settings = _dump("01")  # developer options: a RecyclerView of settings rows
    row = next(e for e in settings if e.state.visible and e.context and e.context[-1].startswith("row:") and e.text)
    assert find(settings, f'"{row.text}" in the list').element.ref == row.ref


def test_a_screen_with_no_table_refuses_the_table() -> None:
    settings = _dump("01")  # Android has no table role: "the table" names nothing here
    row = next(e for e in settings if e.state.visible and e.context and e.context[-1].startswith("row:") and e.text)
    with pytest.raises(ToolFailure) as info:
        find(settings, f'"{row.text}" in the table')
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND and "table" in info.value.message
