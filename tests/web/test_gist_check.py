"""A message said in other words ("a message that 1 order was deleted") holds only when one message-sized text on
the page holds every word of it that carries meaning (verify_text's ``gist``)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """<h1>Orders</h1><ul class=messages><li role=status>Successfully deleted 1 order.</li></ul>
<p>2 orders were archived last week by the clerk.</p>
<table><tr><th>Order</th><th>Status</th></tr><tr><td>ORD-1</td><td>Deleted</td></tr></table>
<p>Use the filters to narrow the list, or export the whole list as a spreadsheet of every order and
every customer who placed one, with their addresses, payment methods and delivery notes, for the archive.</p>"""


async def test_a_message_said_in_other_words_is_found(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    for said in ("1 order was deleted", "the order has been deleted", "2 orders were archived"):
        result = await call("web.verify_text", text=said, gist=True)
        assert result.ok, (said, result.error)


async def test_a_message_that_says_otherwise_is_not(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    session.action_timeout_ms = 300
    # Another number; words only spread over the page ("ORD-1" and "Deleted" in two cells); words only a long
    # paragraph holds; a negation (never checked in other words).
    for said in ("2 orders were deleted", "ORD-1 was deleted", "the whole list was exported for the archive",
                 "the order was not deleted"):
        result = await call("web.verify_text", text=said, gist=True)
        assert not result.ok, said
        assert result.error is not None and result.error.code.value in ("ASSERTION_FAILED", "INVALID_INPUT"), said


async def test_gist_and_exact_together_are_refused(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.verify_text", text="1 order was deleted", gist=True, exact=True)
    assert not result.ok and result.error is not None and result.error.code.value == "INVALID_INPUT"
