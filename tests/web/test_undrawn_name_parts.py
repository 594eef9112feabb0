"""A control's name is what it shows (real Chromium): a part of it that is not drawn (display: none, visibility:
hidden) is no part of its name, as the accessible name leaves it out. A toggle drawn as "Pause" with a hidden
"Resume" beside it used to be named "Pause Resume": "Click Resume" pressed the Pause button, and a check that it
reads "Resume" could not fail. A control not drawn at all keeps every word (a check that it is hidden needs it)."""

from __future__ import annotations

from typing import Any

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<button id="toggle" onclick="document.getElementById('pause').style.display = 'none';
  document.getElementById('resume').style.display = ''; document.title = 'paused'">
  <span id="pause">Pause</span><span id="resume" style="display:none">Resume</span></button>
<a id="more" href="#">Read <span style="visibility:hidden">secret</span> more</a>
<button id="wrapped"><span style="display:contents">Export <b>all</b></span></button>
<div style="display:none"><button id="gone">Archive <span>old items</span></button></div>
"""


async def _names(session: WebSession) -> dict[str, Any]:
    return {e.attr("id"): e.name for e in (await session.snapshot()).elements if e.attr("id")}


async def test_undrawn_parts_are_left_out_of_a_shown_controls_name(session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    names = await _names(session)
    assert names["toggle"] == "Pause"
    assert names["more"] == "Read more"
    assert names["wrapped"].split() == ["Export", "all"]  # display: contents draws its children
    assert names["gone"].split() == ["Archive", "old", "items"]  # not drawn at all: every word kept


async def test_a_word_shown_only_after_a_click_names_the_control_only_then(session: WebSession, call: Any) -> None:
    await session.page.set_content(_PAGE)
    refused = await call("web.click", target="Resume button", timeout_ms=500)
    assert not refused.ok and await session.page.title() != "paused", refused.status_line()
    assert (await call("web.click", target="Pause button")).ok
    assert await session.page.title() == "paused"
    assert (await _names(session))["toggle"] == "Resume"
    assert (await call("web.verify_text", target="Resume button", text="Resume")).ok
    assert not (await call("web.verify_text", target="Resume button", text="Pause", timeout_ms=300)).ok
