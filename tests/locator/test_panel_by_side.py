"""'"X" in the panel on the right' of a page drawn in columns of plain boxes (nothing marked up as a panel): the right
half of the page (core._side_for_panel). A page that marks panels up keeps them: the text must be in one."""

from __future__ import annotations

import pytest

from locator.locator_builders import el
from tapwright.core.element import UiTree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate


def _page(*, marked: bool) -> UiTree:
    aside = ("complementary:Details",) if marked else ()
    return UiTree(elements=(
        el("left", "text", "", (40, 200, 300, 20), text="Readme and usage"),
        el("right", "text", "", (900, 200, 300, 20), text="Latest v1.1.0 - Published today"),
        el("box", "text", "", (900, 400, 300, 20), text="Downloads 42", context=aside),
    ), url="test://page", width=1280, height=800)


@pytest.mark.parametrize("said", ['"Latest v1.1.0" in the panel on the right', '"Latest v1.1.0" in the right panel',
                                  '"Latest v1.1.0" in the right-hand panel'])
def test_a_panel_nothing_marks_up_is_the_side_said(said: str) -> None:
    assert locate(_page(marked=False), said).element.ref == "right"


@pytest.mark.parametrize("said", ['"Latest v1.1.0" in the panel on the left', '"Latest v1.1.0" in the left panel',
                                  '"Readme" in the right panel'])
def test_the_other_side_is_refused(said: str) -> None:
    with pytest.raises(ToolFailure) as refused:
        locate(_page(marked=False), said)
    assert refused.value.code is ErrorCode.ELEMENT_NOT_FOUND


def test_a_page_with_marked_panels_means_one_of_them() -> None:
    with pytest.raises(ToolFailure):
        locate(_page(marked=True), '"Latest v1.1.0" in the right panel')  # on the right, but in no panel
    assert locate(_page(marked=True), '"Downloads" in the right panel').element.ref == "box"
