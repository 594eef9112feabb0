"""A table said by its name and a column heading ("the server response code") is the one data row's cell under that
heading (locator/cells.table_column_cell), and a check of it reads that cell alone: a cell found as a column's value
is never read as the caption of the cell beside it (drivers/web/reading.py), so "404" in the Details cell does not
pass a check that the code is 404 (real Chromium, issue 24); a caption cell found by its name still reads its value."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<h3>Server response</h3>
<table aria-label="Server response"><tr><td>Code</td><td>Details</td></tr>
  <tr><td>200</td><td>Response body: not 404, all good</td></tr></table>
<h3>Inventory</h3>
<table aria-label="Inventory"><tr><td>Item</td><td>Stock</td></tr><tr><td>Pan</td><td>2</td></tr>
  <tr><td>Pot</td><td>3</td></tr></table>
<table aria-label="Ticket"><tr><td>Reporter:</td><td>alice</td></tr><tr><td>Priority:</td><td>critical</td></tr></table>
<table aria-label="Run"><tr><td>Run ID</td><td>b41f</td></tr><tr><td>Status</td><td>Success</td></tr></table>
"""


async def test_the_code_of_the_one_row_is_read_alone(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    session.action_timeout_ms = 600
    good = await call("web.verify_text", text="200", target="server response code")
    assert good.ok, good.status_line()
    bad = await call("web.verify_text", text="404", target="server response code")
    assert not bad.ok and bad.error is not None and bad.error.code.value == "ASSERTION_FAILED"


async def test_a_table_with_several_rows_names_no_one_cell(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    session.action_timeout_ms = 600
    result = await call("web.verify_text", text="2", target="inventory stock")
    assert not result.ok


async def test_a_caption_cell_still_reads_its_value(call, session: WebSession) -> None:
    # A two-column table of captions and values, with or without colons: the caption found by its name reads the
    # value beside it (only a cell found as a column's value reads alone).
    await session.page.set_content(_PAGE)
    session.action_timeout_ms = 600
    result = await call("web.verify_text", text="critical", target="Priority:")
    assert result.ok, result.status_line()
    result = await call("web.verify_text", text="Success", target="Status")
    assert result.ok, result.status_line()
