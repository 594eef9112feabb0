"""A text said by its place ("the text under the table") where several texts stand equally there: the claim is of
the one that reads the value; none reading it fails, saying what each reads (tools/web_seam.py)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.errors import ErrorCode

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<table style="width:600px"><thead><tr><th>Title</th><th>Room</th></tr></thead>
  <tbody><tr><td colspan="2">No data available</td></tr></tbody></table>
<div style="display:flex;gap:40px;width:600px"><span>Rows per page:</span><span>–</span><span>0 bookings shown, 0 selected</span></div>
"""


async def _check(call, session: WebSession, **args):
    await session.page.set_content(_PAGE)
    session.action_timeout_ms = 300
    return await call("web.verify_text", **args)


async def test_the_one_text_there_that_reads_it(call, session: WebSession) -> None:
    result = await _check(call, session, target="text below the table", text="0 bookings shown, 0 selected")
    assert result.ok, result.error
    assert "the one that reads it" in str(result.data.get("by"))


async def test_none_reading_it_fails_showing_each(call, session: WebSession) -> None:
    result = await _check(call, session, target="text below the table", text="3 bookings shown")
    assert not result.ok and result.error.code is ErrorCode.ASSERTION_FAILED
    assert "Rows per page" in result.error.message and "0 bookings shown" in result.error.message


async def test_a_control_said_by_its_place_stays_ambiguous(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE + "<div><button>Prev</button><button>Next</button></div>")
    session.action_timeout_ms = 300
    result = await call("web.click", target="button below the table")
    assert not result.ok and result.error.code is ErrorCode.AMBIGUOUS
