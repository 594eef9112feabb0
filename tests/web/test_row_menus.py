"""An action a record keeps in its own ⋯ menu ("Delete issue #14": the row shows only a ⋯ button) is the item of
that menu, opened for that record (drivers/web/row_menus.py); a menu with no item for the verb fails and is closed."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<ul>
  <li id=r14>Login button misaligned #14 <button aria-label="More actions for #14" onclick="openMenu(14, this)">⋯</button></li>
  <li id=r144>Docs need a refresh #144 <button aria-label="More actions for #144" onclick="openMenu(144, this)">⋯</button></li>
  <li id=r9>Old report #9 <button onclick="document.getElementById('r9').remove()">Archive</button></li>
</ul>
<div id=menu role=menu hidden>
  <div role=menuitem onclick="act('pin')">Pin issue</div><div role=menuitem onclick="act('delete')">Delete issue</div>
</div>
<script>
let menuFor = null; window.done = [];
function openMenu(n, b) { menuFor = n; document.getElementById('menu').hidden = false; }
function act(what) { window.done.push(what + ':' + menuFor); document.getElementById('menu').hidden = true;
  if (what === 'delete') document.getElementById('r' + menuFor).remove(); }
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') document.getElementById('menu').hidden = true; });
</script>
"""


async def _click_soon(session: WebSession, call, target: str) -> object:
    """web.click with a short action timeout (the click waits out the first look, which finds nothing)."""
    was, session.action_timeout_ms = session.action_timeout_ms, 800
    try:
        return await call("web.click", target=target)
    finally:
        session.action_timeout_ms = was


async def test_the_records_own_menu_item_is_clicked(session: WebSession, call) -> None:
    await session.page.set_content(_PAGE)
    result = await _click_soon(session, call, "Delete for issue #14")
    assert result.ok, result.status_line()
    assert result.data["via_menu"] == "More actions for #14"
    assert await session.page.evaluate("window.done") == ["delete:14"]  # not #144's


async def test_a_menu_without_the_verb_fails_and_is_closed(session: WebSession, call) -> None:
    await session.page.set_content(_PAGE)
    result = await _click_soon(session, call, "Rename for issue #14")
    assert not result.ok and result.error.code.value == "ELEMENT_NOT_FOUND"
    assert await session.page.evaluate("document.getElementById('menu').hidden")
    assert await session.page.evaluate("window.done") == []


async def test_a_control_shown_in_the_row_needs_no_menu(session: WebSession, call) -> None:
    await session.page.set_content(_PAGE)
    result = await call("web.click", target="Archive for report #9")
    assert result.ok and "via_menu" not in result.data
    assert not await session.page.evaluate("!!document.getElementById('r9')")


# A record with no menu of its own keeps its actions in what it opens when pressed (a calendar's event, a card).
_EVENTS = """
<div role=button tabindex=0 id=ev1 onclick="pop('ev1')">1:1 with Priya 11:00 - 11:30 AM</div>
<div role=button tabindex=0 id=ev2 onclick="pop('ev2')">Design review 2:00 - 3:00 PM</div>
<div role=button tabindex=0 id=ev3 onclick="window.opened = 'ev3'">Lunch 12:00 PM</div>
<a href="#elsewhere" id=ln>Quarterly planning</a>
<div id=pop role=dialog aria-label="Event details" hidden>
  <button onclick="act('rsvp')">RSVP</button><button onclick="act('delete')">Delete event</button>
</div>
<script>
let shownFor = null; window.done = []; window.opened = null;
function pop(id) { shownFor = id; window.opened = id; document.getElementById('pop').hidden = false; }
function act(what) { window.done.push(what + ':' + shownFor); document.getElementById('pop').hidden = true;
  if (what === 'delete') document.getElementById(shownFor).remove(); }
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') document.getElementById('pop').hidden = true; });
</script>
"""


async def test_the_action_the_record_shows_when_pressed_is_clicked(session: WebSession, call) -> None:
    await session.page.set_content(_EVENTS)
    result = await _click_soon(session, call, "Delete for 1:1 with Priya")
    assert result.ok, result.status_line()
    assert result.data["via_item"].startswith("1:1 with Priya")
    assert await session.page.evaluate("window.done") == ["delete:ev1"]


async def test_a_record_that_shows_no_such_action_fails_and_what_it_opened_is_closed(session: WebSession, call) -> None:
    await session.page.set_content(_EVENTS)
    result = await _click_soon(session, call, "Archive for Design review")
    assert not result.ok and result.error.code.value == "ELEMENT_NOT_FOUND"
    assert "holds no control that says 'archive'" in result.error.message
    assert await session.page.evaluate("document.getElementById('pop').hidden")
    assert await session.page.evaluate("window.done") == []
    result = await _click_soon(session, call, "Delete for Lunch")  # pressed, shows nothing new
    assert not result.ok and result.error.code.value == "ELEMENT_NOT_FOUND"


async def test_a_link_is_not_pressed_to_look_for_an_action(session: WebSession, call) -> None:
    await session.page.set_content(_EVENTS)
    result = await _click_soon(session, call, "Delete for Quarterly planning")
    assert not result.ok and result.error.code.value == "ELEMENT_NOT_FOUND"
    assert not (await session.page.evaluate("location.hash"))


# An undoing verb with no control of its own ("Unsave the job"): the record's toggle for the verb, pressed, turned off.
_JOBS = """
<ul>
  <li id=j1>Frontend Developer, Design Systems
    <button aria-label="Save job" aria-pressed=true onclick="flip(this)">★</button></li>
  <li id=j2>Backend Engineer, Payments
    <button aria-label="Save job" aria-pressed=false onclick="flip(this)">☆</button></li>
  <li id=j3>Data Analyst <button onclick="window.done.push('archive')">Archive</button></li>
</ul>
<script>window.done = [];
function flip(b) { const on = b.getAttribute('aria-pressed') === 'true'; b.setAttribute('aria-pressed', String(!on));
  window.done.push((on ? 'unsave:' : 'save:') + b.parentElement.id); }</script>
"""


async def test_an_undoing_verb_turns_the_records_toggle_off(session: WebSession, call) -> None:
    await session.page.set_content(_JOBS)
    result = await _click_soon(session, call, "Unsave for design systems job")
    assert result.ok, result.status_line()
    assert result.data["turned_off"] == "Save for design systems job"
    assert await session.page.evaluate("window.done") == ["unsave:j1"]


async def test_an_undoing_verb_on_a_control_with_no_pressed_state_is_refused(session: WebSession, call) -> None:
    await session.page.set_content(_JOBS)
    result = await _click_soon(session, call, "Unarchive for Data Analyst")
    assert not result.ok
    assert await session.page.evaluate("window.done") == []


async def test_a_records_tick_box_is_never_pressed_to_look_for_an_action(session: WebSession, call) -> None:
    await session.page.set_content('<ul><li><label><input type=checkbox id=t1> Buy milk</label></li></ul>')
    result = await _click_soon(session, call, "Delete for Buy milk")
    assert not result.ok
    assert not await session.page.evaluate("document.getElementById('t1').checked")
