"""A table's head row and its pager (tests/web/pages/widgets/table_head_pager.html), through the rules planner: "the
select-all checkbox in the table header" is the nameless tick box in the row of column headings, "the next page of
the table" the pager drawn under the table (outside the <table> element, as component libraries draw it), "the table
footer" the line under it."""

from __future__ import annotations

import pytest

from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _step(call, step: str):
    result = None
    for s in compile_step(step).steps:
        result = await call(s.tool, **s.args)
        if not result.ok:
            return result
    return result


async def test_the_select_all_box_in_the_head_row(call, session) -> None:
    assert (await call("web.navigate", url="/widgets/table_head_pager.html")).ok
    assert (await _step(call, "When I tick the select-all checkbox in the table header")).ok
    ticked = await session.page.evaluate("[...document.querySelectorAll('input')].map((b) => b.checked)")
    assert ticked == [True, True, True]


async def test_the_next_page_of_the_table_is_its_pager_not_another(call, session) -> None:
    assert (await call("web.navigate", url="/widgets/table_head_pager.html")).ok
    assert (await _step(call, "When I go to the next page of the table")).ok
    hits = await session.page.evaluate("[...document.querySelectorAll('[aria-label=\"Next page\"]')].map((b) => !!b.dataset.hit)")
    assert hits == [True, False]
    assert (await _step(call, 'Then the table footer should show "3-4 of 4" and "Items per page: 2"')).ok
    assert not (await _step(call, 'Then the table footer should show "1-2 of 4"')).ok


@pytest.mark.parametrize(("step", "ok"), [
    ('Then the Bookings tab should show "1-2 of 2" under the table', True),
    ('Then the Bookings tab should show "1-10 of 12 seats" under the table', False),  # in the table, not under it
    ('Then the Bookings tab should show "Sprint planning" under the table', False),
])  # fmt: skip
async def test_a_value_under_a_table_in_a_tab_is_below_it_not_in_it(call, step: str, ok: bool) -> None:
    assert (await call("web.navigate", url="/widgets/tabbed_table.html")).ok
    result = await _step(call, step)
    assert result.ok is ok, result.status_line()


async def test_the_footer_of_a_page_that_draws_none_is_its_one_tables(call, session) -> None:
    """"the footer" is the page's footer when it draws one; on a page with none and one table, the table's footer."""
    assert (await call("web.navigate", url="/widgets/tabbed_table.html")).ok
    assert (await _step(call, 'Then the footer should show "1-2 of 2" and "2 bookings shown"')).ok
    assert not (await _step(call, 'Then the footer should show "Sprint planning"')).ok  # in the table, not under it
    await session.page.evaluate("document.body.insertAdjacentHTML('beforeend', '<footer>© 2026 Rooms Inc.</footer>')")
    assert (await _step(call, 'Then the footer should show "© 2026 Rooms Inc."')).ok
    assert not (await _step(call, 'Then the footer should show "1-2 of 2"')).ok  # the page's own footer now
