"""Widgets known by what they do, not by a library's class names: pages built by hand, no framework.

A dropdown's options are what its opener made appear (nearest first) when they carry no option role; a
live message in the list is no option; a hidden ``<select>`` is worked through the visible box drawn next
to it. A code editor whose keys go to an undrawn textarea is typed into through the keyboard and read back
as drawn, line by line, without its gutter of line numbers.
"""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _open(call, page: str) -> None:
    result = await call("web.navigate", url=f"/widgets/{page}")
    assert result.ok, result.status_line()


# -- dropdowns with no roles ---------------------------------------------------------------------


async def test_options_are_what_the_opener_made_appear_nearest_first(session: WebSession, call) -> None:
    """"Teal" is on the page twice: in a list always shown far away, and in the list the click opened."""
    await _open(call, "plain_dropdowns.html")
    result = await call("web.select", target="css=#colour", option="Teal")
    assert result.ok, result.status_line()
    assert await session.page.inner_text("#colour") == "Teal"
    assert result.data["selected"] == ["Teal"]


async def test_a_live_message_in_the_list_is_no_option(session: WebSession, call) -> None:
    """Asked for a word of the message row ("stock"), the dropdown has no such option: it lists the real ones."""
    await _open(call, "plain_dropdowns.html")
    session.action_timeout_ms = 1500
    result = await call("web.select", target="css=#colour", option="stock")
    assert not result.ok and result.error.code.value == "ELEMENT_NOT_FOUND", result.status_line()
    assert "'Teal'" in result.error.message and "Only 3 colours" not in result.error.message
    assert await session.page.inner_text("#colour") == "Pick a colour"


async def test_a_hidden_select_is_chosen_through_the_box_drawn_beside_it(session: WebSession, call) -> None:
    await _open(call, "plain_dropdowns.html")
    result = await call("web.select", target="css=#size", option="Large")
    assert result.ok, result.status_line()
    assert await session.page.eval_on_selector("#size", "(s) => s.value") == "l"
    assert (await call("web.verify_value", target="css=#size", value="Large")).ok


# -- editors whose keys go to a textarea that is not drawn ---------------------------------------


async def test_a_hidden_textarea_editor_is_replaced_and_read_as_drawn(session: WebSession, call) -> None:
    await _open(call, "lines_editor.html")
    code = "def f(x):\n\n    return x"
    result = await call("web.fill", target="css=#script", text=code)
    assert result.ok, result.status_line()
    assert result.data["editor"] == "hidden-textarea"
    assert await session.page.evaluate("document.getElementById('script').model()") == code
    got = await call("web.get_value", target="css=#script")
    assert got.data["value"] == code  # blank line and indentation kept, line numbers left out
    assert (await call("web.verify_value", target="css=#script", value=code)).ok
    assert not (await call("web.verify_value", target="css=#script", value="def f(x):\n    return x")).ok


async def test_a_hidden_textarea_editor_is_cleared(session: WebSession, call) -> None:
    await _open(call, "lines_editor.html")
    assert (await call("web.clear", target="css=#script")).ok
    assert await session.page.evaluate("document.getElementById('script').model()") == ""


async def test_a_hidden_textarea_editor_that_rewrites_the_text_fails(call) -> None:
    await _open(call, "lines_editor.html")
    result = await call("web.fill", target="css=#brackets", text="f(")
    assert not result.ok
    assert "holds 'f()'" in result.error.message


# -- a date picker known by its month of day numbers ---------------------------------------------


async def test_a_date_picker_of_plain_divs_is_driven_to_the_month_and_day(session: WebSession, call) -> None:
    """The picker opened by the field (not the month board far below), its month buttons, and the day of its
    own month run: July's grid starts with a greyed 29 and 30 of June, before July's own 30."""
    await _open(call, "date_grid.html")
    result = await call("forms.fill", values={"Start date": "2026-08-31"})
    assert result.ok, result.status_line()
    assert await session.page.input_value("#start") == "31/08/2026"
    back = await call("forms.fill", values={"Start date": "2026-07-30"})
    assert back.ok, back.status_line()
    assert await session.page.input_value("#start") == "30/07/2026"  # not the greyed 30 of June before it


# -- the same mechanisms on a real library (an independent check) --------------------------------


async def test_codemirror5_is_typed_into_and_read_as_drawn(session: WebSession, call) -> None:
    """CodeMirror 5 takes keys in a hidden textarea and draws lines beside line numbers: nothing in src names it."""
    await _open(call, "editors_cm5.html")
    code = "for i in 1 2 3\ndo\n\n    echo $i\ndone"
    result = await call("web.fill", target="css=.CodeMirror", text=code)
    assert result.ok, result.status_line()
    assert result.data["editor"] == "hidden-textarea"
    assert await session.page.evaluate("window.job.getValue()") == code  # the library's own model agrees
    got = await call("web.get_value", target="css=.CodeMirror")
    assert got.data["value"] == code
    assert (await call("web.clear", target="css=.CodeMirror textarea")).ok
    assert await session.page.evaluate("window.job.getValue()") == ""
