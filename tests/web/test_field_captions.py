"""Fields whose captions are drawn as clickables, and tick boxes whose state is aria-pressed (real Chromium,
issue 26). Form builders draw a field's caption as a clickable (it opens the field's menu) a few boxes above the
field, tie no label to it, and draw a choice as a read-only input that opens a list. Typing aimed at the caption
goes into the one field it captions; a read-only input that opens a list gets the value picked there (and read
back); one that opens nothing is refused as read-only; a check aimed at the caption reads the field's value;
a button with role=checkbox and aria-pressed is ticked by a click and its state read back."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_FORM = """
<style>.cap { cursor: pointer } .opts { border: 1px solid #999 } .opts div { padding: 4px }</style>
<script>function menu() { document.body.dataset.menu = 'opened'; }</script>
<div class="form">
  <div class="field"><div class="menu"><div class="act"><div class="cap" onclick="menu()"><span>Title</span></div></div></div>
    <div class="iface"><div class="box"><input id="title" type="text" value="Old title"></div></div></div>
  <div class="field"><div class="menu"><div class="act"><div class="cap" onclick="menu()"><span>Notes</span></div></div></div>
    <div class="iface"><textarea id="notes">First draft</textarea></div></div>
  <div class="field"><div class="menu"><div class="act"><div class="cap" onclick="menu()"><span>Country</span></div></div></div>
    <div class="iface"><div class="select"><input id="country" readonly value="Brazil" onclick="openList()"></div>
      <div id="list" role="listbox" class="opts" hidden>
        <div role="option" onclick="pick(this)">Brazil</div><div role="option" onclick="pick(this)">Canada</div>
        <div role="option" onclick="pick(this)">Chile</div></div></div></div>
  <div class="field"><div class="menu"><div class="act"><div class="cap" onclick="menu()"><span>Created on</span></div></div></div>
    <div class="iface"><input id="created" readonly value="2025-01-02"></div></div>
  <div class="field"><div class="menu"><div class="act"><div class="cap" onclick="capMenu()"><span>Status</span></div></div></div>
    <div id="capmenu" role="menu" hidden><div role="menuitem">Edit raw value</div><div role="menuitem">Reset</div></div>
    <div class="iface"><input id="status" readonly value="Draft" onclick="document.getElementById('slist').hidden = false">
      <div id="slist" role="listbox" class="opts" hidden>
        <div role="option" onclick="pickS(this)">Draft</div><div role="option" onclick="pickS(this)">In review</div></div></div></div>
  <div class="field"><div id="sort" class="cap" aria-haspopup="listbox" onclick="document.getElementById('sorts').hidden = false">Sort</div>
    <div id="sorts" role="listbox" class="opts" hidden><div role="option" onclick="sorted(this)">Newest</div>
      <div role="option" onclick="sorted(this)">Oldest</div></div>
    <input id="q" type="text" aria-label="Filter"></div>
  <div class="field"><button id="wfu" type="button" role="checkbox" aria-pressed="false"
      onclick="this.setAttribute('aria-pressed', this.getAttribute('aria-pressed') === 'true' ? 'false' : 'true')">
      <span>Writes for us</span></button></div>
  <div class="field"><button id="stuck" type="button" role="checkbox" aria-pressed="false"><span>Frozen</span></button></div>
</div>
<script>
function capMenu() { document.getElementById('capmenu').hidden = false; }
function pickS(o) { document.getElementById('status').value = o.textContent; document.getElementById('slist').hidden = true; }
function sorted(o) { document.getElementById('sort').textContent = o.textContent; document.getElementById('sorts').hidden = true; }
function openList() { document.getElementById('list').hidden = false; }
function pick(o) { document.getElementById('country').value = o.textContent; document.getElementById('list').hidden = true; }
</script>
"""


async def test_typing_aimed_at_a_clickable_caption_goes_into_its_field(call, session: WebSession) -> None:
    await session.page.set_content(_FORM)
    result = await call("web.fill", target="Title", text="New title")
    assert result.ok, result.error
    assert await session.page.input_value("#title") == "New title"
    result = await call("web.fill", target="Notes", text="Second draft")
    assert result.ok, result.error
    assert await session.page.input_value("#notes") == "Second draft"


async def test_a_read_only_input_that_opens_a_list_gets_the_value_picked(call, session: WebSession) -> None:
    await session.page.set_content(_FORM)
    result = await call("web.fill", target="Country", text="Canada")
    assert result.ok, result.error
    assert await session.page.input_value("#country") == "Canada"
    assert result.data.get("picked_from_list") is True


async def test_a_read_only_input_that_opens_nothing_is_refused(call, session: WebSession) -> None:
    await session.page.set_content(_FORM)
    session.action_timeout_ms = 500
    result = await call("web.fill", target="Created on", text="2026-01-01")
    assert not result.ok and result.error is not None and result.error.code.value == "NOT_INTERACTABLE"
    assert "read-only" in result.error.message
    assert await session.page.input_value("#created") == "2025-01-02"


async def test_a_check_aimed_at_a_caption_reads_its_fields_value(call, session: WebSession) -> None:
    await session.page.set_content(_FORM)
    assert (await call("web.verify_text", target="Notes", text="First draft")).ok
    assert (await call("web.verify_text", target="Country", text="Brazil")).ok
    session.action_timeout_ms = 300
    wrong = await call("web.verify_text", target="Country", text="Canada")
    assert not wrong.ok and wrong.error is not None and wrong.error.code.value == "ASSERTION_FAILED"
    assert "Brazil" in wrong.error.message


async def test_a_checkbox_whose_state_is_aria_pressed_is_ticked_by_a_click(call, session: WebSession) -> None:
    await session.page.set_content(_FORM)
    result = await call("web.check", target="Writes for us")
    assert result.ok, result.error
    assert await session.page.get_attribute("#wfu", "aria-pressed") == "true"
    again = await call("web.check", target="Writes for us")
    assert again.ok and again.data.get("was") is True  # already on: not clicked off again
    assert await session.page.get_attribute("#wfu", "aria-pressed") == "true"
    off = await call("web.uncheck", target="Writes for us")
    assert off.ok, off.error
    assert await session.page.get_attribute("#wfu", "aria-pressed") == "false"


async def test_an_aria_pressed_box_that_does_not_change_fails(call, session: WebSession) -> None:
    await session.page.set_content(_FORM)
    result = await call("web.check", target="Frozen")
    assert not result.ok and result.error is not None and "stayed unchecked" in result.error.message


async def test_a_choice_aimed_at_a_clickable_caption_is_made_in_its_field(call, session: WebSession) -> None:
    await session.page.set_content(_FORM)
    result = await call("web.select", target="Status", option="In review")
    assert result.ok, result.error
    assert await session.page.input_value("#status") == "In review"
    assert await session.page.is_hidden("#capmenu")  # the caption's own menu was never opened


async def test_a_dropdown_opener_beside_a_field_is_chosen_from_itself(call, session: WebSession) -> None:
    await session.page.set_content(_FORM)
    result = await call("web.select", target="Sort", option="Oldest")
    assert result.ok, result.error
    assert await session.page.text_content("#sort") == "Oldest"
    assert await session.page.input_value("#q") == ""


_ELSEWHERE = """
<input id="filter" type="text" aria-label="Filter by tag">
<table><thead><tr><th>Description</th><th>Amount</th></tr></thead>
<tbody><tr><td>Design tool licence</td><td>12</td></tr><tr><td><input value="Training #2"></td><td>30</td></tr></tbody></table>
<div role="dialog" aria-label="Available authorizations"><p>Authorized</p><button>Logout</button><button>Close</button></div>
"""


async def test_a_check_on_a_cell_or_a_dialog_reads_it_not_a_field_elsewhere(call, session: WebSession) -> None:
    # A cell and a dialog are no captions: the one text field in the box around them is no field of theirs.
    await session.page.set_content(_ELSEWHERE)
    cell = await call("web.verify_text", target="description in the first row", text="Design tool licence")
    assert cell.ok, cell.error
    dialog = await call("web.verify_text", target="dialog", text="Authorized")
    assert dialog.ok, dialog.error
