"""web.sort_table clicks a column heading until the column reads in the order asked, and fails saying what the
column reads when it never does."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

# Headings sort ascending on the first click and flip on each further one; "Item" does not sort.
_PAGE = """<h1>Expenses</h1><table><thead><tr><th>Item</th><th onclick="sortBy(1)">Amount</th>
<th onclick="sortBy(2)">Date</th></tr></thead><tbody></tbody></table>
<script>
let rows = [["Taxi","€42.50","2025-06-10"],["Hotel","€1,200.00","2025-05-01"],["Lunch","€12.00","2025-07-02"],
            ["Train","€89.90","2025-04-11"]];
let state = {col: -1, dir: 0}; window.clicks = 0;
function draw() { document.querySelector('tbody').innerHTML =
  rows.map(r => '<tr>' + r.map(c => '<td>' + c + '</td>').join('') + '</tr>').join(''); }
const num = (s) => parseFloat(s.replace(/[€,]/g, ''));
function sortBy(c) { window.clicks++; state = state.col !== c ? {col: c, dir: 1} : {col: c, dir: -state.dir};
  rows.sort((a, b) => (c === 1 ? num(a[c]) - num(b[c]) : a[c].localeCompare(b[c])) * state.dir); draw(); }
draw();
</script>"""


async def test_the_heading_is_clicked_until_the_column_reads_in_the_order_asked(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.sort_table", column="Amount", order="descending")
    assert result.ok, result.error
    assert result.data["clicks"] == 2 and await session.page.evaluate("window.clicks") == 2
    first = await session.page.evaluate("document.querySelector('tbody td:nth-child(2)').textContent")
    assert first == "€1,200.00"  # compared as amounts, not as text ("€89.90" > "€1,200.00" as text)
    again = await call("web.sort_table", column="amount", order="descending")
    assert again.ok and again.data["clicks"] == 0  # already so: nothing clicked


async def test_a_heading_that_does_not_sort_fails_at_once(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.sort_table", column="Item", order="ascending")
    assert not result.ok and result.error is not None
    assert result.error.code.value == "ASSERTION_FAILED" and "did not re-order" in result.error.message


async def test_no_such_column_is_said(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.sort_table", column="Cost", order="ascending")
    assert not result.ok and result.error is not None and result.error.code.value == "ELEMENT_NOT_FOUND"
    assert "Amount" in result.error.message  # the columns there are named


async def test_verify_sorted_reads_the_column_and_clicks_nothing(call, session: WebSession) -> None:
    """web.verify_sorted: a check, not an action ("the table should be sorted by Amount, highest first")."""
    await session.page.set_content(_PAGE)
    unsorted = await call("web.verify_sorted", column="Amount")
    assert not unsorted.ok and unsorted.error.code.value == "ASSERTION_FAILED"
    assert "not in any order" in unsorted.error.message and "'€42.50'" in unsorted.error.message
    assert await session.page.evaluate("window.clicks") == 0
    await session.page.evaluate("sortBy(1); sortBy(1)")  # highest first
    down = await call("web.verify_sorted", column="amount", order="descending")
    assert down.ok and down.data["order"] == "descending" and down.data["rows"] == 4
    either = await call("web.verify_sorted", column="Amount")
    assert either.ok and either.data["order"] == "descending"  # no order said: either passes, the result says which
    up = await call("web.verify_sorted", column="Amount", order="ascending")
    assert not up.ok and "not in ascending order" in up.error.message
    missing = await call("web.verify_sorted", column="Owner")
    assert not missing.ok and missing.error.code.value == "ELEMENT_NOT_FOUND"
