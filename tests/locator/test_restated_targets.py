"""A target said twice, the second time in brackets ('the info icon (the "i" in the top bar)'): both halves must mean
the one element (locator.restated). Neither half is dropped: words in brackets that describe another element, or
nothing, refuse the step; words in brackets that pick one of several are used to pick it."""

from __future__ import annotations

import pytest

from locator.locator_builders import el, tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate, restated

_BAR = ("banner",)
_PAGE = tree(
    el("info", "button", "Information", (900, 10, 24, 24), context=_BAR),
    el("glyph", "text", "i", (908, 14, 8, 16), context=_BAR, text="i"),
    el("help", "button", "Help", (940, 10, 24, 24), context=_BAR),
    el("raw", "button", "View manifest", (100, 300, 60, 60), text="RAW"),
    el("save1", "button", "Save", (100, 500, 80, 30), context=("form:Profile",)),
    el("save2", "button", "Save", (100, 700, 80, 30), context=("form:Rename",)),
    el("cancel", "button", "Cancel", (200, 700, 80, 30), context=("form:Rename",)),
)


@pytest.mark.parametrize(("said", "parts"), [
    ('info icon (the "i" in the top bar)', ("info icon", 'the "i" in the top bar', False)),
    ("Save (at the bottom of the form)", ("Save", "at the bottom of the form", True)),
    ("Delete (the one in the dialog)", ("Delete", "in the dialog", True)),
    ("Delete (i.e. the red one)", ("Delete", "the red one", False)),
    ("Total (USD) field", ("Total field", "USD", False)),
])
def test_the_two_halves(said: str, parts: tuple[str, str, bool]) -> None:
    assert restated.split(said) == parts


@pytest.mark.parametrize("said", ["Save", '"Custom Query" with "(4 matches)"', "Save (", "(Save)", "a (b) c (d)"])
def test_no_restatement(said: str) -> None:
    assert restated.split(said) is None


def test_brackets_naming_a_part_of_the_element_confirm_it() -> None:
    assert locate(_PAGE, 'the Information button (the "i" in the top bar)').element.ref == "info"


def test_brackets_describing_the_same_element_confirm_it() -> None:
    assert locate(_PAGE, 'the "View manifest" button (the RAW button)').element.ref == "raw"


def test_brackets_describing_another_element_refuse() -> None:
    with pytest.raises(ToolFailure) as refused:
        locate(_PAGE, "the Information button (the Help button)")
    assert refused.value.code is ErrorCode.ELEMENT_NOT_FOUND
    assert "describe another element" in refused.value.message and "Help" in refused.value.message


def test_brackets_describing_nothing_refuse() -> None:
    with pytest.raises(ToolFailure) as refused:
        locate(_PAGE, "the Information button (the Settings cog)")
    assert refused.value.code is ErrorCode.ELEMENT_NOT_FOUND
    assert "nothing on the page is what the brackets say" in refused.value.message


def test_brackets_pick_one_of_several() -> None:
    with pytest.raises(ToolFailure) as tied:
        locate(_PAGE, "Save")
    assert tied.value.code is ErrorCode.AMBIGUOUS
    assert locate(_PAGE, "Save (the one in the Rename form)").element.ref == "save2"
    assert locate(_PAGE, "Save (in the Profile form)").element.ref == "save1"


def test_brackets_that_fit_none_of_several_keep_the_tie() -> None:
    with pytest.raises(ToolFailure) as tied:
        locate(_PAGE, "Save (the Cancel button)")
    assert tied.value.code is ErrorCode.AMBIGUOUS

