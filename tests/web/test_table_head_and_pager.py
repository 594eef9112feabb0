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
