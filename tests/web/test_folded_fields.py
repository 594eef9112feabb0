"""A field drawn folded (a search box of no width that opens when its bar is clicked) is opened by a click on its
drawn wrapper before it is typed into (real Chromium, issue 26); one that stays folded is still refused, saying it
has no size."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<style>
  .bar { display: flex; align-items: center; height: 40px; width: 60px; border: 1px solid #888; }
  .bar input { width: 0; padding: 0; border: 0; }
  .bar.open { width: 260px; } .bar.open input { width: 200px; }
</style>
<div class="bar" role="search" id="bar"><span>&#128269;</span><input id="q" type="search" placeholder="Search items"></div>
<div class="bar" id="stuck"><span>&#128269;</span><input id="never" type="search" placeholder="Never opens"></div>
<script>
  document.getElementById('bar').addEventListener('click', (ev) => {
    if (!ev.isTrusted) return;  // only a real click opens it
    ev.currentTarget.classList.add('open'); document.getElementById('q').focus(); });
</script>
"""


async def test_a_folded_search_box_is_opened_then_typed_into(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.fill", target="Search items", text="ferr")
    assert result.ok, result.error
    assert await session.page.input_value("#q") == "ferr"


async def test_a_field_that_stays_folded_is_refused(call, session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    session.action_timeout_ms = 500
    result = await call("web.fill", target="Never opens", text="x")
    assert not result.ok and result.error is not None and "no size" in result.error.message
