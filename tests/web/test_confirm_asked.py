"""An action a page asks to confirm is done only once the question is answered (web.confirm, real Chromium): the
new dialog's one button named with the verb is pressed; no dialog, nothing pressed; a dialog that asks with no
such button fails saying what it asks; a dialog the action itself was in is no question."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _exists(session: WebSession, sel: str) -> bool:
    return bool(await session.page.evaluate(f"() => !!document.querySelector({sel!r})"))


async def test_the_plan_of_a_verb_pages_ask_about_answers_the_question() -> None:
    assert [(s.tool, s.args) for s in compile_step("Delete the note about Bar charts").steps] == [
        ("web.click", {"target": "Delete for note about Bar charts"}), ("web.confirm", {"verb": "delete"})]
    assert [s.tool for s in compile_step("Save the draft").steps] == ["web.click"]


async def test_the_button_that_says_the_verb_is_pressed(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/confirm_delete.html")).ok
    assert (await call("web.click", target="Delete in the Bar charts item")).ok
    assert await _exists(session, "#n1")  # only asked so far
    answered = await call("web.confirm", verb="delete")
    assert answered.ok, answered.status_line()
    assert answered.data["asked"] and answered.data["confirmed"] == "Delete"
    assert not await _exists(session, "#n1") and await _exists(session, "#n2")


async def test_nothing_asked_nothing_pressed(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/confirm_delete.html")).ok
    assert (await call("web.click", target="Archive in the Bar charts item")).ok
    answered = await call("web.confirm", verb="archive")
    assert answered.ok and answered.data == {"asked": False}


async def test_a_question_with_no_button_for_the_verb_fails_saying_what_it_asks(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/confirm_delete.html")).ok
    assert (await call("web.click", target="Remove in the Pie charts item")).ok
    answered = await call("web.confirm", verb="remove")
    assert not answered.ok and answered.error.code.value == "ELEMENT_NOT_FOUND"
    assert "Are you sure?" in answered.error.message
    assert await _exists(session, "#n2")  # neither Yes nor No was pressed


async def test_the_dialog_the_action_was_in_is_no_question(session: WebSession, call) -> None:
    assert (await call("web.navigate", url="/widgets/confirm_delete.html")).ok
    assert (await call("web.click", target="Edit labels")).ok
    assert (await call("web.click", target="Delete in the Edit labels dialog")).ok
    answered = await call("web.confirm", verb="delete")
    assert answered.ok and answered.data == {"asked": False}
    assert await _exists(session, "#n1") and await _exists(session, "#n2")
