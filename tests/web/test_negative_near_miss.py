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


async def test_an_error_worded_its_own_way_refuses_a_check_for_no_error(call, session: WebSession) -> None:
    await session.page.set_content('<form><input aria-label="Name"><p role="alert">Name is required</p></form>')
    result = await call("web.verify_not_visible", target="the error message")
    assert not result.ok and result.error.code == "AMBIGUOUS"
    assert "'Name is required'" in result.error.message
    await session.page.set_content('<form><input aria-label="Name"><p>Welcome back</p></form>')
    assert (await call("web.verify_not_visible", target="the error message")).ok


async def test_waiting_for_a_thing_to_go_refuses_over_a_near_miss(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.wait_for", target="the Saved toast", state="hidden", timeout_ms=600)
    assert not result.ok and result.error.code == "AMBIGUOUS"
    assert "'Saved'" in result.error.message
    assert (await call("web.wait_for", target="the Sign in button", state="hidden", timeout_ms=600)).ok


async def test_waiting_for_a_near_miss_to_go_passes_once_it_goes(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE + "<script>setTimeout(() => document.getElementById('up').remove(), 300)</script>")
    assert (await call("web.wait_for", target="the upload failed banner", state="hidden", timeout_ms=5000)).ok


async def test_a_positive_check_refuses_a_match_by_spelling_alone(call, session: WebSession) -> None:
    # "Note deleted" (a message) is not shown by a "Delete note" button: another word form, another thing.
    await session.page.set_content("<button>Delete note</button><p>Your notes</p>")
    result = await call("web.verify_visible", target="Note deleted")
    assert not result.ok and result.error.code == "AMBIGUOUS", result
    assert "spelled otherwise" in result.error.message and "'Delete note'" in result.error.message
    assert (await call("web.verify_visible", target="the Delete note button")).ok


async def test_a_positive_check_passes_once_the_words_themselves_show(call, session: WebSession) -> None:
    await session.page.set_content("<button>Delete note</button><script>setTimeout(() => "
                                   "document.body.insertAdjacentHTML('beforeend', '<p role=status>Note deleted</p>'), 300)</script>")
    result = await call("web.verify_visible", target="Note deleted")
    assert result.ok and result.data["role"] == "status", result  # the message, not the button


_STRIP = """<h1>Storm closes the harbour tunnel</h1>
<div role="region" aria-label="Privacy choices" id="strip"><p>We use cookies to measure visits.</p>
<button onclick="document.getElementById('strip').hidden = true">Got it</button></div>"""


async def test_a_strip_drawn_as_a_region_named_by_its_subject_is_shown_then_gone(call, session: WebSession) -> None:
    """"The privacy banner" is the region named "Privacy choices": shown, so a check that it is gone fails (and one that
    it is visible passes) although no element is named so; once closed, the opposite."""
    await session.page.set_content(_STRIP)
    gone = await call("web.verify_not_visible", target="the privacy banner")
    assert not gone.ok and gone.error.code == "ASSERTION_FAILED" and "Privacy choices" in gone.error.message
    assert (await call("web.verify_visible", target="the privacy banner")).ok
    assert (await call("web.click", target="Got it")).ok
    assert (await call("web.verify_not_visible", target="the privacy banner")).ok
    assert not (await call("web.verify_visible", target="the privacy banner")).ok
