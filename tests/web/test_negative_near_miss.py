"""A negative check by description passes only when nothing plausibly matches (real Chromium)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """<div role="status">Saved</div><button>Sign up</button>
<div role="alert" id="up">Upload failed: file too large</div>
<p hidden>Payment declined</p>"""


async def test_a_near_miss_refuses_a_negative_check(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.verify_not_visible", target="the Saved toast")
    assert not result.ok
    assert result.error.code == "AMBIGUOUS"
    assert "'Saved'" in result.error.message


async def test_nothing_plausible_lets_a_negative_check_pass(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    assert (await call("web.verify_not_visible", target="the Sign in button")).ok  # 'Sign up' is another thing
    assert (await call("web.verify_not_visible", target="the payment declined message")).ok  # hidden


async def test_a_near_miss_that_goes_away_lets_it_pass(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE + "<script>setTimeout(() => document.getElementById('up').remove(), 300)</script>")
    assert (await call("web.verify_not_visible", target="the upload failed banner")).ok
