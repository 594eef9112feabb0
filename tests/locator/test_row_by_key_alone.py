"""A row named by its key and the kind of thing it is ("the Owner filter row", "the Admin user row"): when no row says
the kind word, the row the other words name is meant (relations.kind_word_off)."""

from __future__ import annotations

import pytest

from locator.locator_builders import el, tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import locate

_STATUS = ("table", "row:Status is new")
_OWNER = ("table", "row:Owner is alice")
_PAGE = tree(
    el("sl", "rowheader", "Status", (10, 10, 80, 20), context=_STATUS),
    el("sx", "button", "–", (300, 10, 20, 20), context=_STATUS),
    el("ol", "rowheader", "Owner", (10, 40, 80, 20), context=_OWNER),
    el("ox", "button", "–", (300, 40, 20, 20), context=_OWNER),
)


@pytest.mark.parametrize("said", ['the "–" button in the Owner filter row', '"–" in the row for Owner filter',
                                  'the "–" button in the Status filter row'])
def test_a_kind_word_no_row_says_leaves_the_key(said: str) -> None:
    want = "sx" if "Status" in said else "ox"
    assert locate(_PAGE, said).element.ref == want


def test_a_key_no_row_says_is_still_no_row() -> None:
    with pytest.raises(ToolFailure) as failed:
        locate(_PAGE, 'the "–" button in the Priority filter row')
    assert failed.value.code is ErrorCode.ELEMENT_NOT_FOUND


def test_a_last_word_some_row_says_is_part_of_the_key() -> None:
    said = tree(
        el("a", "button", "Edit", (300, 10, 30, 20), context=("table", "row:Owner filter | on")),
        el("b", "button", "Edit", (300, 40, 30, 20), context=("table", "row:Owner | off")),
    )
    assert locate(said, "Edit in the Owner filter row").element.ref == "a"
