"""Custom dropdowns, hidden-input checkboxes, code editors, select checks and NOT_INTERACTABLE advice."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _open(call, page: str) -> None:
    result = await call("web.navigate", url=f"/widgets/{page}")
    assert result.ok, result.status_line()


# -- custom dropdowns ------------------------------------------------------------------------


async def test_headless_ui_style_listbox_in_a_portal(call) -> None:
    await _open(call, "combobox.html")
    result = await call("web.select", target="Assignee", option="Alan Turing")
    assert result.ok, result.status_line()
    assert result.data["selected"] == ["Alan Turing"]
    assert (await call("web.verify_text", text="Alan Turing", target="css=#assignee", exact=True)).ok


async def test_react_select_style_combobox_filters_by_typing(call) -> None:
    """Sweden is not among the options shown on focus (only three are): tapwright types to filter."""
    await _open(call, "combobox.html")
    result = await call("web.select", target="Country", option="Sweden")
    assert result.ok, result.status_line()
    assert (await call("web.verify_text", text="Sweden", target="css=#country-value", exact=True)).ok


async def test_radix_style_select_opens_on_pointerdown_and_picks_on_pointerup(call) -> None:
    await _open(call, "combobox.html")
    result = await call("web.select", target="Language", option="French")
    assert result.ok, result.status_line()
    assert (await call("web.verify_text", text="French", target="css=#lang-value", exact=True)).ok


async def test_open_list_options_are_in_the_snapshot(session: WebSession, call) -> None:
    """After opening a dropdown, "click French" finds the option (role=option items of an open list)."""
    await _open(call, "combobox.html")
    opened = await call("web.click", target="css=#lang")
    assert opened.ok
    if opened.data["changed"] == "pending":  # the list opens 50 ms after the click; the click does not wait for it
        assert (await call("web.wait_for", target="French")).ok  # a look that waits for it, as a check does
    tree = await session.snapshot()
    options = [e.name for e in tree.elements if e.role == "option"]
    assert "French" in options and "German" in options
    assert {"Cheese", "Olives", "Mushrooms"} <= set(options)  # the always-open list box's options too
    result = await call("web.click", target="French")
    assert result.ok, result.status_line()
    assert (await call("web.verify_text", text="French", target="css=#lang-value", exact=True)).ok


async def test_always_open_listbox_and_its_value(call) -> None:
    await _open(call, "combobox.html")
    assert (await call("web.verify_value", target="Toppings", value="Cheese")).ok
    result = await call("web.select", target="Toppings", option="Olives")
    assert result.ok, result.status_line()
    assert (await call("web.verify_value", target="Toppings", value="Olives")).ok


async def test_a_choice_that_does_not_take_fails(call) -> None:
    await _open(call, "combobox.html")
    result = await call("web.select", target="Broken picker", option="Green")
    assert not result.ok
    assert result.error.code.value == "NOT_INTERACTABLE" and "does not show it as chosen" in result.error.message


async def test_a_missing_option_is_not_found_and_lists_what_is_there(call) -> None:
    await _open(call, "combobox.html")
    result = await call("web.select", target="Assignee", option="Linus Torvalds")
    assert not result.ok and result.error.code.value == "ELEMENT_NOT_FOUND"
    assert "Ada Lovelace" in result.error.message


# -- native select: labels, values, mismatches ------------------------------------------------


async def test_select_value_is_compared_by_label_and_value(call) -> None:
    await _open(call, "select.html")
    assert (await call("web.verify_value", target="Priority", value="Urgent")).ok
    assert (await call("web.verify_value", target="Priority", value="2")).ok
    wrong = await call("web.verify_value", target="Priority", value="Low")
    assert not wrong.ok and "'Urgent' (value '2')" in wrong.error.message
    got = await call("web.get_value", target="Priority")
    assert got.data["value"] == "Urgent" and got.data["option_value"] == "2"


async def test_select_text_check_reads_the_chosen_option_only(call) -> None:
    await _open(call, "select.html")
    assert (await call("web.verify_text", target="Priority", text="Urgent")).ok
    # "Low" is an option, but not the chosen one: the check must fail.
    assert not (await call("web.verify_text", target="Priority", text="Low")).ok
    assert (await call("web.select", target="Priority", option="Low")).ok
    assert (await call("web.verify_text", target="Priority", text="Low")).ok
    assert (await call("web.select", target="Priority", option="1")).ok
    assert (await call("web.verify_value", target="Priority", value="Normal")).ok


async def test_a_select_that_snaps_back_fails(call) -> None:
    await _open(call, "select.html")
    result = await call("web.select", target="Stubborn", option="Beta")
    assert not result.ok and "shows 'Alpha'" in result.error.message


# -- visually hidden inputs --------------------------------------------------------------------


async def test_visually_hidden_checkbox_is_ticked_through_its_label(call) -> None:
    await _open(call, "checks.html")
    result = await call("web.check", target="Send me the newsletter")
    assert result.ok, result.status_line()
    assert (await call("web.verify_state", target="css=#news", state="checked")).ok
    assert (await call("web.uncheck", target="Send me the newsletter")).ok
    assert (await call("web.verify_state", target="css=#news", state="unchecked")).ok


async def test_switch_under_a_styled_track(call) -> None:
    await _open(call, "checks.html")
    result = await call("web.check", target="Dark mode")
    assert result.ok, result.status_line()
    assert (await call("web.get_value", target="css=#dark")).data["checked"] is True


async def test_hidden_radio_through_its_label(call) -> None:
    await _open(call, "checks.html")
    result = await call("web.check", target="Pro plan")
    assert result.ok, result.status_line()
    assert (await call("web.get_value", target="css=#plan-pro")).data["checked"] is True
    assert (await call("web.get_value", target="css=#plan-free")).data["checked"] is False


async def test_a_hidden_checkbox_that_does_not_change_fails(call) -> None:
    await _open(call, "checks.html")
    result = await call("web.check", target="css=#stuck")
    assert not result.ok and "stayed unchecked" in result.error.message


# -- NOT_INTERACTABLE says why and what to try ---------------------------------------------------


@pytest.mark.parametrize(
    ("target", "why"),
    [
        ("css=#locked", "it is disabled"),
        ("css=#flat", "it has no size"),
        ("css=#far", "outside the viewport"),
    ],
)
async def test_not_interactable_says_why(session: WebSession, call, target: str, why: str) -> None:
    await _open(call, "checks.html")
    session.action_timeout_ms = 500
    result = await call("web.click", target=target)
    assert not result.ok and result.error.code.value in ("NOT_INTERACTABLE", "NOT_VISIBLE")
    assert why in result.error.message and "Try:" in result.error.message


async def test_read_only_field_says_so(session: WebSession, call) -> None:
    await _open(call, "checks.html")
    session.action_timeout_ms = 500
    result = await call("web.fill", target="css=#ro", text="1999")
    assert not result.ok and "read-only" in result.error.message and "Try:" in result.error.message


async def test_covered_element_names_the_dialog_on_top(session: WebSession, call) -> None:
    await _open(call, "checks.html")
    await session.page.evaluate("cover()")
    session.action_timeout_ms = 500
    result = await call("web.click", target="css=#under")
    assert not result.ok and result.error.code.value == "NOT_INTERACTABLE"
    assert "Cookie consent" in result.error.message and "close or answer the dialog" in result.error.message


# -- code editors and rich text ----------------------------------------------------------------


async def test_codemirror6_is_cleared_and_typed_into(session: WebSession, call) -> None:
    await _open(call, "editors.html")
    sql = "SELECT name\n  FROM orders\n WHERE total > 10;"
    result = await call("web.fill", target="SQL editor", text=sql)
    assert result.ok, result.status_line()
    assert result.data["editor"] == "contenteditable"  # known by what it is (an editing host), not by its library
    # The editor's own model holds exactly the text: nothing of the old query is left.
    assert await session.page.evaluate("window.sqlView.state.doc.toString()") == sql
    got = await call("web.get_value", target="SQL editor")
    assert got.data["value"] == sql
    assert (await call("web.verify_value", target="SQL editor", value=sql)).ok


async def test_codemirror6_through_its_hidden_parts(session: WebSession, call) -> None:
    """A target inside the editor (its content element as a selector) still types into the editor."""
    await _open(call, "editors.html")
    result = await call("web.fill", target="css=.cm-content", text="DELETE FROM t;")
    assert result.ok, result.status_line()
    assert await session.page.evaluate("window.sqlView.state.doc.toString()") == "DELETE FROM t;"
    assert (await call("web.clear", target="css=.cm-content")).ok
    assert await session.page.evaluate("window.sqlView.state.doc.toString()") == ""


async def test_contenteditable_is_replaced(session: WebSession, call) -> None:
    await _open(call, "editors.html")
    result = await call("web.fill", target="Notes", text="Call Ada back")
    assert result.ok, result.status_line()
    assert await session.page.evaluate("document.getElementById('notes').innerText") == "Call Ada back"


async def test_a_box_that_refuses_the_quick_fill_is_typed_into_with_the_keyboard(session: WebSession, call) -> None:
    """A lone contenteditable is first filled as Playwright fills one (text inserted over its selected
    content); one that refuses that is then typed into as a person types (select, delete, type), and read back."""
    await _open(call, "editors.html")
    result = await call("web.fill", target="Caret box", text="new words")
    assert result.ok, result.status_line()
    assert await session.page.evaluate("document.getElementById('caret').innerText") == "new words"
    assert await session.page.evaluate("window.refused") >= 1  # the quick fill was tried and refused


async def test_an_editor_that_rewrites_the_text_fails(call) -> None:
    await _open(call, "editors.html")
    result = await call("web.fill", target="Shouty box", text="quiet please")
    assert not result.ok
    assert "holds 'QUIET PLEASE'" in result.error.message


# -- sliders drawn as divs -------------------------------------------------------------------


async def test_a_slider_whose_keys_are_handled_inside_it_is_moved_to_the_value(call) -> None:
    """The role sits on a div with no tabindex; its track inside takes the keys (issue 26). The caption above names it."""
    await _open(call, "slider.html")
    result = await call("web.fill", target="Default estimate slider", text="7")
    assert result.ok, result.status_line()
    assert (await call("web.verify_value", target="css=#est", value="7")).ok
    down = await call("web.fill", target="Default estimate slider", text="2")
    assert down.ok, down.status_line()
    assert (await call("web.verify_value", target="css=#est", value="2")).ok


async def test_a_slider_that_takes_the_keys_itself_still_moves(call) -> None:
    await _open(call, "slider.html")
    result = await call("web.fill", target="Volume slider", text="6")
    assert result.ok, result.status_line()
    assert (await call("web.verify_value", target="css=#vol", value="6")).ok


async def test_a_slider_beyond_its_range_is_refused_where_it_stopped(call) -> None:
    await _open(call, "slider.html")
    result = await call("web.fill", target="Default estimate slider", text="40")
    assert not result.ok and result.error is not None and result.error.code.value == "NOT_INTERACTABLE"
    assert "stopped at 10" in result.error.message


async def test_a_slider_dragged_to_a_number_is_set_to_it_not_dropped_on_a_cell_showing_it(
    call, session: WebSession
) -> None:
    """'Drag the Default estimate slider to 7' on a page with a cell "7": the slider's value (a drop on the cell would
    pass and leave the slider where it was)."""
    await _open(call, "slider.html")
    [step] = compile_step("Drag the Default estimate slider to 7").steps
    assert step.tool == "web.drag", step
    moved = await call(step.tool, **step.args)
    assert moved.ok and moved.data["set"] == "7" and "to" not in moved.data, moved.status_line()
    assert (await call("web.verify_value", target="css=#est", value="7")).ok
    zoom = await call("web.drag", source="Zoom slider", target="30")
    assert zoom.ok and zoom.data["set"] == "30", zoom.status_line()
    assert await session.page.evaluate("[document.getElementById('zoom').value, window.__dropped]") == ["30", []]


# -- a combobox that wraps its input ---------------------------------------------------------


async def test_a_combobox_wrapping_its_labelled_input_is_named_by_that_label_and_typed_into(
    session: WebSession, call
) -> None:
    await _open(call, "autocomplete.html")
    tree = await session.snapshot()
    (box,) = [e for e in tree.elements if e.role == "combobox"]
    assert box.name == "Owner"  # the label of the one field inside names the wrapper
    typed = await call("web.fill", target="Owner filter", text="Tur")
    assert typed.ok, typed.status_line()
    assert (await call("web.verify_value", target="css=#owner-input", value="Tur")).ok
    assert (await call("web.click", target='"Alan Turing" option')).ok
    assert (await call("web.verify_text", text="Picked Alan Turing")).ok


# -- a combobox with a search box: the option is picked, never only typed ------------------------------


async def test_a_search_combobox_picks_the_option_and_shows_it(call) -> None:
    await _open(call, "searchbox.html")
    result = await call("web.select", target="Employee", option="Omar Haddad")
    assert result.ok, result.status_line()
    assert (await call("web.verify_text", text="Omar Haddad", target="css=#emp-chips", exact=True)).ok


async def test_a_search_combobox_that_keeps_only_the_typed_text_fails(call) -> None:
    """The typed search text equals the option, and the open list shows it: neither is a choice."""
    await _open(call, "searchbox.html")
    result = await call("web.select", target="Owner", option="Omar Haddad")
    assert not result.ok
    assert result.error.code.value == "NOT_INTERACTABLE" and "does not show it as chosen" in result.error.message


# -- a list of plain items with no roles, drawn beside its box -------------------------------------------


async def test_plain_items_beside_a_box_are_its_options_one_pick_after_another(session: WebSession, call) -> None:
    """The open list is <div>s without roles: the like siblings beside the box are its options. The box keeps
    the focus after a pick, so "the same box" (the focused element) takes the second pick."""
    await _open(call, "plain_items.html")
    first = await call("web.select", target="Tags", option="Beta")
    assert first.ok, first.status_line()
    second = await call("web.select", target="the focused element", option="Gamma")
    assert second.ok, second.status_line()
    assert (await call("web.verify_text", text="Beta, Gamma", target="css=#chosen", exact=True)).ok


async def test_a_plain_item_that_is_not_there_is_not_found(call) -> None:
    """Typed to filter, the list shows nothing: no item is clicked, nothing is chosen."""
    await _open(call, "plain_items.html")
    result = await call("web.select", target="Tags", option="Delta")
    assert not result.ok and result.error.code.value == "ELEMENT_NOT_FOUND"
    assert "no option 'Delta'" in result.error.message
    assert (await call("web.verify_text", text="none", target="css=#chosen", exact=True)).ok


# -- options of a list that takes several choices ----------------------------------------------


async def test_an_option_of_a_multi_select_list_is_ticked_and_unticked_by_its_selection(call, session: WebSession) -> None:
    """'tick "Atlas"' in a drop-down that takes several rooms: the option is selected (aria-selected, its drawn box
    follows); 'untick' takes it out; ticking one already selected leaves it; an option of a single-choice list is
    refused, never clicked as if ticked."""
    await _open(call, "multi_options.html")
    selected = "(n) => [...document.querySelectorAll(n + ' [role=option]')].map((o) => o.getAttribute('aria-selected'))"
    ticked = await call("web.check", target='"Atlas" option')
    assert ticked.ok and ticked.data.get("checked") is True, ticked.status_line()
    assert await session.page.evaluate(f"({selected})('#rooms')") == ["true", "false", "true"]
    again = await call("web.check", target='"Equinox" option')
    assert again.ok, again.status_line()
    assert await session.page.evaluate(f"({selected})('#rooms')") == ["true", "false", "true"]
    off = await call("web.uncheck", target='"Equinox" option')
    assert off.ok, off.status_line()
    assert await session.page.evaluate(f"({selected})('#rooms')") == ["true", "false", "false"]
    floor = await call("web.check", target='"First" option')  # the one tick box the option draws
    assert floor.ok, floor.status_line()
    assert await session.page.evaluate(f"({selected})('#floors')") == ["false", "true"]
    assert (await call("web.check", target='"urgent" option')).ok  # no tick box drawn: aria-selected alone
    assert await session.page.evaluate(f"({selected})('#tags')") == ["true", "true"]
    single = await call("web.check", target='"Large" option')
    assert not single.ok and single.error.code.value == "NOT_INTERACTABLE", single.status_line()
    assert await session.page.evaluate(f"({selected})('#size')") == ["true", "false"]
