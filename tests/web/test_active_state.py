"""'X should be active' is X chosen among its kind (platforms/_action_vocabulary: "active" is "selected"): a chip or
toggle button pressed, a tab selected; a control with neither state fails saying so, never read as enabled."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<button aria-pressed=true>Remote</button><button aria-pressed=false>Contract</button>
<div role=tablist><button role=tab aria-selected=true>Open</button><button role=tab aria-selected=false>Closed</button></div>
<button>Save</button>
"""


async def _check(session: WebSession, call, step: str, why: list[str] | None = None) -> tuple[bool, str | None]:
    (s,) = compile_step(step).steps
    assert s.tool == "web.verify_state" and s.args["state"] == "selected"
    was, session.action_timeout_ms = session.action_timeout_ms, 600
    try:
        result = await call(s.tool, **s.args)
    finally:
        session.action_timeout_ms = was
    if why is not None and not result.ok:
        why.append(result.error.message)
    return result.ok, None if result.ok else result.error.code.value


async def test_a_pressed_chip_and_a_selected_tab_are_active(session: WebSession, call) -> None:
    await session.page.set_content(_PAGE)
    assert await _check(session, call, "The Remote chip should be active") == (True, None)
    assert await _check(session, call, "The Open tab should be active") == (True, None)


async def test_the_other_ones_are_not(session: WebSession, call) -> None:
    await session.page.set_content(_PAGE)
    assert await _check(session, call, "The Contract chip should be active") == (False, "ASSERTION_FAILED")
    assert await _check(session, call, "The Closed tab should be active") == (False, "ASSERTION_FAILED")


async def test_a_control_with_no_chosen_state_fails_saying_so(session: WebSession, call) -> None:
    await session.page.set_content(_PAGE)
    why: list[str] = []
    assert await _check(session, call, "The Save button should be active", why) == (False, "ASSERTION_FAILED")
    assert "has no selected state" in why[0]
