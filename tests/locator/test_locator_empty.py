"""Edge cases of the index: an empty tree and text holding NUL characters."""

import pytest

from tapwright.core.element import Element, Rect, UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate, rank


def test_empty_tree_is_not_found_not_a_crash() -> None:
    assert rank(UiTree(elements=()), "Submit button") == []
    with pytest.raises(ToolFailure) as info:
        locate(UiTree(elements=()), "Submit button")
    assert info.value.code is ErrorCode.ELEMENT_NOT_FOUND


def test_nul_in_element_text_keeps_records_aligned() -> None:
    tree = UiTree(
        elements=(
            Element(ref="e1", role="button", name="Odd\0name", rect=Rect(0, 0, 10, 10)),
            Element(ref="e2", role="button", name="Save", rect=Rect(0, 20, 10, 10)),
        )
    )
    assert locate(tree, "Save button").element.ref == "e2"
