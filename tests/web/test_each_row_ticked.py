"""'Tick the checkboxes in the "ORD-1" and "ORD-3" rows' ticks each row's box and no other (real Chromium)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """<table><thead><tr><th></th><th>Order</th><th>Status</th></tr></thead><tbody>
<tr><td><input type="checkbox" id="c1"></td><td>ORD-1</td><td>New</td></tr>
<tr><td><input type="checkbox" id="c2"></td><td>ORD-2</td><td>New</td></tr>
<tr><td><input type="checkbox" id="c3"></td><td>ORD-3</td><td>New</td></tr></tbody></table>"""


async def test_each_named_row_is_ticked(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    for step in compile_step('When I tick the checkboxes in the "ORD-1" and "ORD-3" rows').steps:
        result = await call(step.tool, **step.args)
        assert result.ok, result.error
    ticked = await session.page.evaluate("[...document.querySelectorAll('input')].map((c) => c.checked)")
    assert ticked == [True, False, True]
