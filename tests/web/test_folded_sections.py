"""A control inside a folded part of the page is reached through the one control the page marks as that part's
opener, and the result says so (drivers/web/folds.py, real Chromium, issue 26); a fold nothing marks as opening it
is never opened by guessing (the action fails NOT_VISIBLE, nothing is pressed), and an opener that does not show
the control is pressed back."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<table><tr><th>Milestone:</th><td>none</td></tr></table>
<form>
  <div class="fold shut" id="mod">
    <h3><a href="#mod" onclick="log('heading'); this.closest('.fold').classList.toggle('shut'); return false">Modify Ticket</a></h3>
    <div class="body"><label for="ms">Milestone:</label>
      <select id="ms"><option>none</option><option>Release 2.5</option></select></div>
  </div>
  <details id="adv"><summary onclick="log('summary')">Advanced</summary>
    <label>Retries <input id="retries" value="1"></label></details>
  <button type="button" aria-expanded="false" aria-controls="more" onclick="log('more'); this.setAttribute('aria-expanded', 'true'); document.getElementById('more').style.display = 'block'">More options</button>
  <div id="more" style="display: none"><label><input type="checkbox" id="notify"> Notify watchers</label></div>
  <div role="tablist"><button type="button" role="tab" id="t1" aria-selected="true" onclick="tab(1)">General</button>
    <button type="button" role="tab" id="t2" aria-selected="false" onclick="tab(2)">Billing</button></div>
  <div role="tabpanel" id="p1" aria-labelledby="t1"><label>Display name <input id="dn"></label></div>
  <div role="tabpanel" id="p2" aria-labelledby="t2" style="display: none"><label>VAT number <input id="vat"></label></div>
  <h3><a href="#x" onclick="log('decoy'); return false">Archive</a> <a href="#y" onclick="log('decoy2'); return false">Purge</a></h3>
  <div style="display: none"><label>Archive note <input id="note"></label></div>
  <h3><a href="#z" onclick="log('dud'); return false">Extras</a></h3>
  <div style="display: none"><label>Coupon code <input id="coupon"></label></div>
</form>
<style>.fold.shut .body { display: none; }</style>
<script>
  window.clicks = [];
  function log(k) { window.clicks.push(k); }
  function tab(n) { log('tab' + n); for (const k of [1, 2]) { document.getElementById('p' + k).style.display = k === n ? 'block' : 'none';
    document.getElementById('t' + k).setAttribute('aria-selected', String(k === n)); } }
</script>
"""


async def _fast(session: WebSession) -> None:
    await session.page.set_content(_PAGE)
    session.action_timeout_ms = 800


async def test_a_select_of_a_folded_section_is_reached_through_its_headings_link(call, session: WebSession) -> None:
    await _fast(session)
    result = await call("web.select", target='Milestone in the "Modify Ticket" section', option="Release 2.5")
    assert result.ok, result.status_line()
    assert result.data["opened"] == "Modify Ticket" and result.data["by"] == "heading"
    assert await session.page.input_value("#ms") == "Release 2.5"
    assert await session.page.evaluate("window.clicks") == ["heading"]


@pytest.mark.parametrize(("tool", "args", "opened", "done_js"), [
    ("web.fill", {"target": "Retries field", "text": "3"}, "Advanced", "document.getElementById('retries').value === '3'"),
    ("web.check", {"target": "Notify watchers"}, "More options", "document.getElementById('notify').checked"),
    ("web.fill", {"target": "VAT number", "text": "IE123"}, "Billing", "document.getElementById('vat').value === 'IE123'"),
])  # fmt: skip
async def test_each_kind_of_marked_opener_is_pressed_once(call, session: WebSession, tool: str, args: dict,
                                                          opened: str, done_js: str) -> None:  # fmt: skip
    await _fast(session)
    result = await call(tool, **args)
    assert result.ok, result.status_line()
    assert result.data["opened"] == opened
    assert await session.page.evaluate(done_js)
    assert len(await session.page.evaluate("window.clicks")) == 1


async def test_a_heading_with_two_links_opens_nothing(call, session: WebSession) -> None:
    await _fast(session)
    result = await call("web.fill", target="Archive note", text="x")
    assert not result.ok and result.error is not None and result.error.code.value == "NOT_VISIBLE"
    assert await session.page.evaluate("window.clicks") == []


async def test_an_opener_that_does_not_show_the_control_is_pressed_back(call, session: WebSession) -> None:
    await _fast(session)
    result = await call("web.fill", target="Coupon code", text="x")
    assert not result.ok and result.error is not None and result.error.code.value == "NOT_VISIBLE"
    assert await session.page.evaluate("window.clicks") == ["dud", "dud"]
    assert "opened" not in (result.data or {})
