"""Ticking a name that a checkbox and another control share (a widget drawn as a checkbox beside a button of the same
label): of the tied candidates, the one that can be ticked is ticked, and the result says why; two checkboxes of one
name stay AMBIGUOUS (real Chromium, issue 26)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_TWINS = """
<div><input type="checkbox" id="rep" aria-label="Repeat every week">
<button type="button" onclick="document.title='button'">Repeat every week</button></div>
"""

_TWO_BOXES = """
<div><input type="checkbox" aria-label="Repeat every week"></div>
<div><input type="checkbox" aria-label="Repeat every week"></div>
"""


async def test_the_one_that_can_be_ticked_is_ticked(call, session: WebSession) -> None:
    await session.page.set_content(_TWINS)
    result = await call("web.check", target="Repeat every week")
    assert result.ok, result.error
    assert await session.page.is_checked("#rep") and await session.page.title() != "button"
    assert "can be ticked" in str(result.data.get("by", ""))


async def test_two_checkboxes_of_one_name_stay_ambiguous(call, session: WebSession) -> None:
    await session.page.set_content(_TWO_BOXES)
    session.action_timeout_ms = 300
    result = await call("web.check", target="Repeat every week")
    assert not result.ok and result.error is not None and result.error.code.value == "AMBIGUOUS"
