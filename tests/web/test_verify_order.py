"""web.verify_order: where texts stand among the rows or items of the list, table or grid that holds them, in
real Chromium (tests/web/pages/widgets/order.html: a table, an ARIA grid whose rows are placed by position, a
list drawn with repeated divs)."""

from __future__ import annotations

import pytest

from tapwright.tools.web_order import judge

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _open(call) -> None:
    assert (await call("web.navigate", url="/widgets/order.html")).ok


async def test_first_last_and_before_in_a_table(call) -> None:
    await _open(call)
    first = await call("web.verify_order", texts=["Write report"], at="first")
    assert first.ok, first.status_line()
    assert first.data["positions"] == [1] and first.data["items"] == 3  # the header row is no item
    assert (await call("web.verify_order", texts=["Plan sprint"], at="last")).ok
    assert (await call("web.verify_order", texts=["Write report", "Fix login bug", "Plan sprint"])).ok
    wrong = await call("web.verify_order", texts=["Plan sprint", "Write report"])
    assert not wrong.ok and wrong.error.code.value == "ASSERTION_FAILED"
    assert "'Plan sprint' is item 3" in wrong.error.message
    not_first = await call("web.verify_order", texts=["Fix login bug"], at="first")
    assert not not_first.ok and "it is item 2 of 3" in not_first.error.message
    second = await call("web.verify_order", texts=["Fix login bug"], at=2)  # "the second task": a position by number
    assert second.ok and second.data["positions"] == [2], second.status_line()
    third = await call("web.verify_order", texts=["Fix login bug"], at=3)
    assert not third.ok and "is not item 3: it is item 2 of 3" in third.error.message


async def test_the_check_waits_for_the_page_to_reorder(call) -> None:
    await _open(call)
    assert (await call("web.click", target="Reverse")).ok  # the rows turn round 300 ms later
    assert (await call("web.verify_order", texts=["Plan sprint"], at="first")).ok


async def test_rows_count_in_the_order_they_are_seen(call) -> None:
    """The grid's rows are placed by position: Atlas is drawn first though Cosmos comes first in the document."""
    await _open(call)
    assert (await call("web.verify_order", texts=["Atlas"], at="first")).ok
    assert (await call("web.verify_order", texts=["Atlas", "Borealis", "Cosmos"])).ok
    assert (await call("web.verify_order", texts=["Cosmos"], at="last")).ok


async def test_a_list_of_repeated_blocks_and_whole_words(call) -> None:
    """ "Bob" is not found inside "Bobby"; "Carol" is in two notes, so a check on it is ambiguous, never a pick."""
    await _open(call)
    assert (await call("web.verify_order", texts=["Bob"], at="first")).ok
    assert (await call("web.verify_order", texts=["Bobby", "Dave"])).ok
    two = await call("web.verify_order", texts=["Carol", "Bob"])
    assert not two.ok and "is in 2 items" in two.error.message


async def test_texts_in_different_lists_or_absent_fail(call) -> None:
    await _open(call)
    apart = await call("web.verify_order", texts=["Write report", "Bob"])
    assert not apart.ok and "not in one list or table" in apart.error.message
    absent = await call("web.verify_order", texts=["Nobody"], at="first")
    assert not absent.ok and "not in any row or list item" in absent.error.message


async def test_one_text_needs_a_place() -> None:
    from tapwright import Registry, ToolContext

    result = await Registry.default().call("web.verify_order", {"texts": ["A"]}, ToolContext([]))
    assert not result.ok


async def test_judge_reads_positions_without_a_page() -> None:
    def item(text: str, pos: int, box: int = 0, count: int = 5) -> dict[str, object]:
        return {"text": text, "found": 1, "places": [{"container": box, "name": "a list", "position": pos, "count": count}]}

    assert judge([item("A", 1), item("B", 3)], None)[0] is None
    assert "not in the order" in str(judge([item("A", 3), item("B", 1)], None)[0])
    assert judge([item("A", 5)], "last")[0] is None
    assert "not the last" in str(judge([item("A", 4)], "last")[0])
    assert judge([item("A", 4)], 4)[0] is None and "is not item 3" in str(judge([item("A", 4)], 3)[0])
    assert "not in one list" in str(judge([item("A", 1), item("B", 2, box=1)], None)[0])
