"""A month grid is a calendar: "20 in the calendar" is its day, not a 20 elsewhere on the page; the month
it shows is checked in it."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_a_day_of_the_open_calendar(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/calendar.html")).ok
    assert (await call("web.click", target="Date field")).ok
    tree = await session.snapshot()
    day = next(e for e in tree.elements if e.role == "button" and e.name == "20")
    assert "calendar" in day.context
    assert (await call("web.verify_visible", target='"June 2025" in the calendar')).ok
    shown = await call("web.verify_visible", target='"May 2025" in the calendar')
    assert not shown.ok  # another month: the step fails rather than take the 20th of June
    result = await call("web.click", target='"20" in the calendar')
    assert result.ok, result.status_line()
    assert (await call("web.verify_value", target="Date", value="2025-06-20")).ok


async def test_a_page_without_a_month_grid_has_no_calendar(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/rows.html")).ok
    tree = await session.snapshot()
    assert not any("calendar" in e.context for e in tree.elements)
    assert not (await call("web.click", target='"2" in the calendar')).ok


async def test_a_whole_date_moves_the_calendar_to_its_month_by_arrows_drawn_as_links_and_icons(session: WebSession,
                                                                                               call) -> None:
    """web.pick_date: the month arrows are a link titled "Prev" and a link holding only a right-chevron icon (no
    button role, no words): found by what they say; the day clicked is the month's own, not a greyed one."""
    assert (await call("web.navigate", url="/widgets/month_arrows.html")).ok
    assert not (await call("web.pick_date", date="2027-02-15")).ok  # no date picker open yet: said, not guessed
    assert (await call("web.click", target="Due field")).ok
    ahead = await call("web.pick_date", date="15 February 2027")
    assert ahead.ok, ahead.status_line()
    assert ahead.data == {"date": "2027-02-15", "month_steps": 3}
    assert await session.page.input_value("#due") == "2027-02-15"
    assert (await call("web.click", target="Due field")).ok  # it opens on the month it was left at
    back = await call("web.pick_date", date="2027-01-31")
    assert back.ok and back.data["month_steps"] == 1, back.status_line()
    assert await session.page.input_value("#due") == "2027-01-31"


async def test_a_date_set_in_a_field_fills_a_date_input_and_drives_a_fields_calendar(session: WebSession, call) -> None:
    """"Set the Due date to 18 December 2026": a read-only field opens its calendar, which is driven; a native
    date input is filled; a text field that opens no calendar gets the date typed, and says so."""
    assert (await call("web.navigate", url="/widgets/month_arrows.html")).ok
    due = await call("web.pick_date", date="2026-12-18", target="Due field")
    assert due.ok, due.status_line()
    assert due.data["field"] == "calendar" and due.data["month_steps"] == 1
    assert await session.page.input_value("#due") == "2026-12-18"
    start = await call("web.pick_date", date="3 March 2027", target="Start")
    assert start.ok and start.data["field"] == "date input", start.status_line()
    assert await session.page.input_value("#start") == "2027-03-03"
    typed = await call("web.pick_date", date="2027-01-05", target="Note date")
    assert typed.ok and typed.data.get("typed") == "2027-01-05", typed.status_line()
    assert await session.page.input_value("#note") == "2027-01-05"
