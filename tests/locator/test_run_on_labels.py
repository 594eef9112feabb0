"""A tick box named by the words its line begins with (issue 26): in "( ) assign to [owner]" the radio's label is
"assign" and "to" is plain text, so "assign to" is that radio. The line must begin with every word said and hold
exactly one box whose own name begins the description; a word from the middle of a line names nothing."""

from __future__ import annotations

import pytest
from locator_builders import el

from tapwright.core.element import UiTree
from tapwright.errors import ToolFailure
from tapwright.locator.core import locate


def _page(*extra: object) -> UiTree:
    elements = (
        el("l1", "text", "", (209, 830, 862, 30), text="leave as new The status stays new"),
        el("r1", "radio", "leave", (211, 838, 13, 13)),
        el("l2", "text", "", (209, 870, 862, 32), text="assign to The owner will be the selected user."),
        el("r2", "radio", "assign", (211, 880, 13, 13)),
        el("s", "combobox", "", (310, 875, 129, 22)),
        *extra,
    )
    return UiTree(elements=elements, url="test://page", title="", width=1280, height=1000)  # type: ignore[arg-type]


@pytest.mark.parametrize(("said", "ref"), [("assign to", "r2"), ('"assign to" radio', "r2"), ("leave as new", "r1"),
                                           ("assign", "r2")])
def test_a_box_is_named_by_its_line(said: str, ref: str) -> None:
    assert locate(_page(), said).element.ref == ref


def _box_by_its_line(said: str, page: UiTree) -> bool:
    try:
        found = locate(page, said)
    except ToolFailure:
        return False
    return any("runs on" in r for r in found.reasons)


def test_words_from_a_lines_middle_name_no_box() -> None:
    assert not _box_by_its_line("owner will be", _page())
    assert not _box_by_its_line("to the owner", _page())


def test_two_boxes_in_one_line_name_neither_by_it() -> None:
    page = _page(el("r3", "radio", "assign", (700, 880, 13, 13)))
    assert not _box_by_its_line("assign to", page)
