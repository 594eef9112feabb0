"""Closing a list a field opened ("Close the Rooms list"): no close button to click; Escape folds it, as people close
it (tests/web/pages/widgets/popup_list.html: a click on the field only ever opens the list)."""

from __future__ import annotations

import pytest

from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_a_list_a_field_opened_is_closed_with_escape(call, session) -> None:
    assert (await call("web.navigate", url="/widgets/popup_list.html")).ok
    assert (await call("web.click", target="Rooms")).ok
    assert await session.page.evaluate("!document.getElementById('rooms').hidden")
    [step] = compile_step("And I close the Rooms list").steps
    assert (step.tool, step.args.get("expanded")) == ("web.expand", False)
    result = await call(step.tool, **step.args)
    assert result.ok and result.data.get("by") == "Escape", result.status_line()
    state = await session.page.evaluate("[document.getElementById('rooms').hidden, document.getElementById('log').textContent]")
    assert state == [True, "click "]  # folded, and not clicked again


async def test_a_list_already_closed_is_left_alone(call, session) -> None:
    assert (await call("web.navigate", url="/widgets/popup_list.html")).ok
    result = await call("web.expand", target="Rooms dropdown", expanded=False)
    assert result.ok and result.data.get("was") is False
    assert await session.page.evaluate("document.getElementById('log').textContent") == ""
