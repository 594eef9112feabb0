"""Ordinals count in reading order: rows top to bottom, each row left to right, or right to left on
right-to-left pages. On every row here the later element sits a little higher, so sorting by y alone
(or by x alone across rows) gives a different answer than reading does."""

from __future__ import annotations

from typing import Any

import pytest
from locator_builders import el, tree
from test_locator_accuracy import snapshot_of

from tapwright.locator import locate

ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _row_page(rtl: bool) -> Any:
    # Row 1: three buttons, each 3 px higher than the one to its left (left to right); row 2: two more.
    extra = {"dir": "rtl"} if rtl else {}
    return tree(
        el("a", "button", "Save", (0, 106, 100, 30), **extra),
        el("b", "button", "Save", (120, 103, 100, 30), **extra),
        el("c", "button", "Save", (240, 100, 100, 30), **extra),
        el("d", "button", "Save", (0, 160, 100, 30), **extra),
        el("e", "button", "Save", (120, 158, 100, 30), **extra),
    )


@pytest.mark.parametrize(("n", "ref"), [(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, "e")])
def test_left_to_right_rows_then_columns(n: int, ref: str) -> None:
    assert locate(_row_page(rtl=False), f"the {ORDINAL[n]} Save button").element.ref == ref


@pytest.mark.parametrize(("n", "ref"), [(1, "c"), (2, "b"), (3, "a"), (4, "e"), (5, "d")])
def test_right_to_left_rows_read_from_the_right(n: int, ref: str) -> None:
    assert locate(_row_page(rtl=True), f"the {ORDINAL[n]} Save button").element.ref == ref


def test_last_and_from_the_left_follow_the_same_rows() -> None:
    assert locate(_row_page(rtl=False), "the last Save button").element.ref == "e"
    assert locate(_row_page(rtl=True), "the last Save button").element.ref == "d"
    # "from the left" is about x alone, whatever the direction of the text.
    assert locate(_row_page(rtl=True), "the first Save button from the left").element.ref in ("a", "d")


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize(
    ("description", "expected"),
    [
        ("the first Archive button", "ltr-1"),
        ("the second Archive button", "ltr-2"),
        ("the third Archive button", "ltr-3"),
        ("the fourth Archive button", "ltr-4"),
        ("the last Archive button", "ltr-5"),
        ("the first حذف button", "rtl-1"),
        ("the second حذف button", "rtl-2"),
        ("the third حذف button", "rtl-3"),
        ("the last حذف button", "rtl-4"),
    ],
)
async def test_reading_order_on_a_real_page(web_session: Any, pages_url: str, description: str, expected: str) -> None:
    tree_ = await snapshot_of(web_session, pages_url, "reading-order.html")
    rtl = [e for e in tree_ if e.attr("id").startswith("rtl-")]
    assert rtl and all(e.attr("dir") == "rtl" for e in rtl)  # the snapshot says which way the text runs
    # In a right-to-left row the first button is drawn rightmost, and each one sits higher than the last.
    xs = {e.attr("id"): e.rect.x for e in tree_ if e.rect is not None and e.attr("id")}  # type: ignore[union-attr]
    assert xs["rtl-1"] > xs["rtl-2"] > xs["rtl-3"] and xs["ltr-1"] < xs["ltr-2"] < xs["ltr-3"]
    assert locate(tree_, description).element.attr("id") == expected
