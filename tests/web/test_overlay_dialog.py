"""A modal drawn without a dialog role, a dropdown drawn as a list-box button around its label, and a
control named exactly by the whole description (role word included)."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _open_dialog(call) -> None:
    assert (await call("web.navigate", url="/widgets/overlay.html")).ok
    assert (await call("web.click", target="New booking")).ok
    assert (await call("web.wait_for", target="Meeting title")).ok


async def test_a_fixed_layer_over_the_page_is_a_dialog_named_by_its_title(session: WebSession, call) -> None:
    await _open_dialog(call)
    tree = await session.snapshot()
    dialogs = [e for e in tree.elements if e.role == "dialog"]
    assert [d.name for d in dialogs] == ["Book a room"]
    field = next(e for e in tree.elements if e.role == "textbox" and e.name == "Meeting title")
    assert "dialog:Book a room" in field.context
    assert (await call("web.verify_visible", target='"Book a room" dialog')).ok


async def test_closed_layer_is_no_dialog(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/overlay.html")).ok
    tree = await session.snapshot()
    assert not [e for e in tree.elements if e.role == "dialog"]
    assert not (await call("web.verify_visible", target='"Book a room" dialog', timeout_ms=500)).ok


async def test_the_whole_description_naming_a_control_beats_a_heading_holding_part_of_it(call) -> None:
    """"Meeting title": "title" is a role word (a heading), but a field is named exactly "Meeting title"."""
    await _open_dialog(call)
    result = await call("web.fill", target="Meeting title", text="Vendor call")
    assert result.ok, result.status_line()
    assert result.data["role"] == "textbox"
    assert (await call("web.verify_value", target="css=#t", value="Vendor call")).ok


async def test_a_listbox_button_around_a_labelled_field_is_a_dropdown_named_by_the_label(session: WebSession, call) -> None:
    await _open_dialog(call)
    tree = await session.snapshot()
    room = [e for e in tree.elements if e.name == "Room"]
    assert [e.role for e in room] == ["combobox"]
    assert (await call("web.verify_value", target="Room dropdown", value="Atlas")).ok
    result = await call("web.select", target="Room dropdown", option="Fjord")
    assert result.ok, result.status_line()
    assert (await call("web.verify_value", target="Room dropdown", value="Fjord")).ok
    wrong = await call("web.verify_value", target="Room dropdown", value="Atlas")
    assert not wrong.ok and wrong.error.code.value == "ASSERTION_FAILED"


async def test_a_box_stacked_over_a_backdrop_is_a_dialog(session: WebSession, call) -> None:
    """A modal box near the top of the page over a backdrop of its own (no dialog role on either; the viewport's
    middle falls on the backdrop) is a dialog named by its title; with both closed there is none."""
    assert (await call("web.navigate", url="/widgets/backdrop_modal.html")).ok
    tree = await session.snapshot()
    assert not [e for e in tree.elements if e.role == "dialog"]
    assert (await call("web.click", target="Cancel")).ok
    tree = await session.snapshot()
    assert [d.name for d in tree.elements if d.role == "dialog"] == ["Are you sure?"]
    said = await call("web.verify_text", target="dialog", text="This will cancel your print.")
    assert said.ok, said.status_line()
    assert (await call("web.click", target="Yes, cancel the print")).ok
    assert (await call("web.verify_not_visible", target="dialog")).ok
    assert (await call("web.verify_text", target="css=#state", text="Operational")).ok


async def test_the_dialog_closed_is_the_one_last_acted_in(session: WebSession, call) -> None:
    """ "the dialog should close" after answering a confirmation opened over a side panel (both dialogs): the
    confirmation is gone, the panel stays; while the confirmation is still shown the check fails."""
    assert (await call("web.navigate", url="/widgets/stacked_dialogs.html")).ok
    assert (await call("web.click", target="Open A-1036")).ok
    assert (await call("web.click", target="Delete")).ok
    session.action_timeout(0.5)
    shown = await call("web.verify_not_visible", target="the dialog")
    assert not shown.ok and shown.error.code.value == "ASSERTION_FAILED"  # Delete was in the panel, still shown
    assert (await call("web.verify_visible", target="Appointment A-1036 will be removed permanently.")).ok
    assert (await call("web.click", target="Keep it")).ok
    closed = await call("web.verify_not_visible", target="the dialog")
    assert closed.ok, closed.status_line()
    assert closed.data["dialog"] == "Delete appointment?"
    assert (await call("web.verify_visible", target='"Edit appointment A-1036" dialog')).ok
    assert (await call("web.click", target="Delete")).ok
    assert (await call("web.click", target="Later")).ok  # closes the confirmation 0.4 s later
    session.action_timeout(2.0)
    assert (await call("web.verify_not_visible", target="the dialog")).ok


async def test_a_click_on_a_radio_drawn_over_a_hidden_input_clicks_what_is_drawn(call) -> None:
    """A click on a radio whose input is visually hidden under its styled label clicks the label, as a person does
    (it was refused as a hidden input before)."""
    assert (await call("web.navigate", url="/widgets/hidden_radios.html")).ok
    clicked = await call("web.click", target='"Status" radio')
    assert clicked.ok, clicked.status_line()
    assert (await call("web.verify_text", target="css=#out", text="Grouped by status")).ok


async def test_typing_goes_into_the_one_field_of_names_tied_with_a_button(call) -> None:
    """"set the Weight (kg) to 3.2" where a column heading button and the form's field share the name: the one that
    takes typing is meant; a click on the same words stays AMBIGUOUS."""
    assert (await call("web.navigate", url="/widgets/heading_and_field.html")).ok
    filled = await call("web.fill", target="Weight (kg)", text="3.2")
    assert filled.ok, filled.status_line()
    assert filled.data["role"] == "spinbutton"
    assert (await call("web.verify_value", target="css=#w", value="3.2")).ok
    clicked = await call("web.click", target="Weight (kg)")
    assert not clicked.ok and clicked.error.code.value == "AMBIGUOUS"


async def test_the_dialog_last_acted_in_is_forgotten_with_its_page_and_when_another_opens(session: WebSession,
                                                                                          call) -> None:
    """The dialog acted in on a page before this one says nothing here; nor does it when a dialog was opened since
    (that one may be meant): "the dialog should be closed" fails while a dialog is shown."""
    assert (await call("web.navigate", url="/widgets/stacked_dialogs.html")).ok
    assert (await call("web.click", target="Open A-1036")).ok
    assert (await call("web.click", target="Delete")).ok
    assert (await call("web.click", target="Keep it")).ok
    assert (await call("web.navigate", url="/widgets/stacked_dialogs.html")).ok
    await session.page.evaluate("document.getElementById('panel').classList.remove('hide')")
    session.action_timeout(0.5)
    assert not (await call("web.verify_not_visible", target="the dialog")).ok  # a new page: the panel is shown
    assert (await call("web.click", target="Delete")).ok
    assert (await call("web.click", target="Keep it")).ok
    await session.page.evaluate("document.getElementById('confirm').classList.remove('hide')")
    assert not (await call("web.verify_not_visible", target="the dialog")).ok  # opened since: not closed
