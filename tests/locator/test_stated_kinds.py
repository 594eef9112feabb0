"""tapwright.locator.stated: a kind of element named only by its state ("the selected tab", "the expanded folder")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from locator.locator_builders import el, tree
from tapwright.core.element import Element, ElementState
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate


def _s(**kw: object) -> ElementState:
    return ElementState(**kw)  # type: ignore[arg-type]


def _st(e: Element, state: ElementState) -> Element:
    return replace(e, state=state)


_PAGE = tree(
    _st(el("t1", "tab", "Overview", (0, 0, 90, 30)), _s(selected=False)),
    _st(el("t2", "tab", "Billing", (100, 0, 90, 30)), _s(selected=True)),
    _st(el("f1", "treeitem", "Invoices", (0, 50, 200, 24)), _s(expanded=True)),
    _st(el("f2", "treeitem", "Receipts", (0, 80, 200, 24)), _s(expanded=False)),
    _st(el("f3", "treeitem", "Archive", (0, 110, 200, 24)), _s(expanded=False)),
    _st(el("l1", "treeitem", "march.pdf", (20, 140, 180, 24)), _s(selected=True)),
    _st(el("l2", "treeitem", "april.pdf", (20, 170, 180, 24)), _s(selected=False)),
    _st(el("c1", "checkbox", "Email me", (0, 200, 20, 20)), _s(checked=True)),
    _st(el("c2", "checkbox", "Text me", (0, 230, 20, 20)), _s(checked=False)),
)


@pytest.mark.parametrize(("description", "ref"), [
    ("the selected tab", "t2"), ("the active tab", "t2"), ("selected file", "l1"), ("the expanded folder", "f1"),
    ("the checked checkbox", "c1"), ("the unticked box", "c2"),
])  # fmt: skip
def test_a_kind_named_by_its_state_is_the_one_in_that_state(description: str, ref: str) -> None:
    found = locate(_PAGE, description)
    assert found.element.ref == ref, found


def test_several_in_that_state_are_ambiguous_and_none_is_not_found() -> None:
    for description in ("the collapsed folder", "the selected item"):  # two folders; a tab and a file
        with pytest.raises(ToolFailure) as several:
            locate(_PAGE, description)
        assert several.value.code is ErrorCode.AMBIGUOUS
    with pytest.raises(ToolFailure) as none:
        locate(_PAGE, "the selected checkbox")
    assert none.value.code is ErrorCode.ELEMENT_NOT_FOUND and "selected checkbox" in none.value.message


def test_a_state_word_that_is_a_name_on_the_page_is_that_name() -> None:
    page = tree(el("o", "button", "Open", (0, 0, 60, 30)), _st(el("x", "button", "Share", (70, 0, 60, 30)), _s(expanded=True)),
                _st(el("c", "tab", "Closed", (0, 40, 60, 30)), _s(selected=False)),
                _st(el("d", "tab", "Open issues", (70, 40, 60, 30)), _s(selected=True)))  # fmt: skip
    assert locate(page, "the Open button").element.ref == "o"
    assert locate(page, "the Closed tab").element.ref == "c"
    assert locate(page, "the selected tab").element.ref == "d"


def test_a_state_no_element_of_the_kind_says_is_no_reading_by_state() -> None:
    """"the open dialog": a dialog does not say whether it is expanded, so the words are read as ever, not refused as
    "no element on the page is the open dialog"."""
    page = tree(el("d", "dialog", "Settings", (100, 100, 400, 300)), el("b", "button", "Save", (120, 350, 60, 30)))
    with pytest.raises(ToolFailure) as info:
        locate(page, "the open dialog")
    assert "no element on the page is" not in info.value.message  # not refused for want of an expanded dialog
