"""Acting where the named thing is, ticking only what can be ticked, and text checks on whole words."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


async def _open(call) -> None:
    result = await call("web.navigate", url="/honest.html")
    assert result.ok, result.status_line()


async def test_a_span_with_a_click_listener_inside_a_paragraph_is_clicked_itself(call, session: WebSession) -> None:
    await _open(call)
    result = await call("web.click", target='the link "Eget"')
    assert result.ok, result.status_line()
    assert result.data["role"] == "button" and result.data["name"] == "Eget"
    assert await session.page.evaluate("window.__clicked") == ["eget"]


async def test_an_anchor_without_an_address_made_clickable_is_a_button_not_its_fields_label(call, session: WebSession) -> None:
    """<input><a class="btn">Send</a>: "click Send" clicked the unnamed field the word stood beside (its label by
    layout), and passed. A script-made anchor button is a button of its own."""
    await _open(call)
    result = await call("web.click", target="Send")
    assert result.ok and result.data["role"] == "button" and result.data["name"] == "Send", result.status_line()
    assert await session.page.evaluate("window.__clicked") == ["send"]


async def test_a_span_with_an_onclick_attribute_is_a_control(call, session: WebSession) -> None:
    await _open(call)
    assert (await call("web.click", target="hello")).ok
    assert await session.page.evaluate("window.__clicked") == ["hello"]


async def test_a_plain_word_of_a_paragraph_is_clicked_on_its_own_box(call, session: WebSession) -> None:
    await _open(call)
    result = await call("web.click", target="compost")
    assert result.ok, result.status_line()
    box = await session.page.evaluate("""() => {
      const p = document.getElementById('para'), t = [...p.childNodes].find((n) => n.data && n.data.includes('compost'));
      const r = document.createRange(); const i = t.data.indexOf('compost'); r.setStart(t, i); r.setEnd(t, i + 7);
      const b = r.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom];
    }""")
    (x, y), = await session.page.evaluate("window.__points")
    assert box[0] <= x <= box[2] and box[1] <= y <= box[3], (x, y, box)


async def test_unticking_a_name_in_a_row_unticks_the_rows_one_box(call, session: WebSession) -> None:
    await _open(call)
    result = await call("web.uncheck", target="Bobby")
    assert result.ok, result.status_line()
    assert await session.page.evaluate("document.getElementById('sel-bobby').checked") is False
    assert await session.page.evaluate("document.getElementById('all').checked") is False


async def test_ticking_a_text_with_no_box_of_its_own_fails_instead_of_passing(call) -> None:
    await _open(call)
    result = await call("web.check", target="Nothing to tick here")
    assert not result.ok
    assert result.error.code == "NOT_INTERACTABLE"
    assert "cannot be ticked" in result.error.message


async def test_a_labels_title_line_names_its_control_as_much_as_another_label_does(call) -> None:
    await _open(call)
    result = await call("web.click", target="Email")
    assert not result.ok and result.error.code == "AMBIGUOUS", result.status_line()


async def test_a_text_check_is_about_whole_words(call) -> None:
    await _open(call)
    assert (await call("web.verify_text", text="Bobby")).ok
    bob = await call("web.verify_text", text="Bob")
    assert bob.ok  # "Bob" is a name in the table
    assert not (await call("web.verify_text", text="Bobb")).ok
    assert not (await call("web.verify_text", text="Bob", target="css=#people tr:nth-child(3)")).ok


async def test_a_clickable_wrapper_around_a_button_does_not_hide_the_button(call, session: WebSession) -> None:
    await _open(call)
    assert (await call("web.click", target="Remove Heat")).ok
    assert await session.page.evaluate("window.__clicked") == ["saved-x"]
