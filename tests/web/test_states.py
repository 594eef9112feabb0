"""web.verify_state: every state, holding and not holding, on a real page."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession
from tapwright.plan.executor import Executor
from tapwright.planners.rules import compile_step
from tapwright.registry.registry import Registry

Call = Callable[..., Awaitable[ToolResult]]

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

PAGE = """<html><head><title>States</title></head><body>
<label><input type=checkbox id=on checked> Newsletter</label>
<label><input type=checkbox id=off> Gift wrap</label>
<button id=save>Save</button> <button id=gone disabled>Delete</button>
<input id=name aria-label="Name" value="Ann"> <input id=code aria-label="Code" readonly value="X1">
<button id=menu aria-expanded="false" onclick="this.setAttribute('aria-expanded', 'true')">Filters</button>
<div role=tablist><button role=tab aria-selected=true>Profile</button><button role=tab aria-selected=false>Billing</button></div>
<div role=switch aria-checked="true" tabindex=0>Dark mode</div>
<div role=switch aria-checked="false" tabindex=0>Beta mode</div>
<div role=switch aria-checked="false" aria-disabled="true">Sync</div>
<details><summary>More</summary>Hidden text</details>
<ul class="tabs"><li class="tab"><a href="#a">Flow 1</a></li><li class="tab is-active"><a href="#b">Flow 2</a></li></ul>
<nav><a href="#h">Home</a> <a href="#d" aria-current="page">Docs</a></nav>
<ul class="plain"><li><a href="#x">Alpha</a></li><li><a href="#y">Beta</a></li></ul>
<button id=later style="display:none">Later</button>
<script>setTimeout(() => { document.getElementById('off').checked = true; }, 300);</script>
</body></html>"""

HOLDS = [
    ("Newsletter checkbox", "checked"), ("Dark mode switch", "checked"), ("Save button", "enabled"),
    ("Delete button", "disabled"), ("Name field", "editable"), ("Code field", "readonly"),
    ("Filters button", "collapsed"), ("Profile tab", "selected"), ("More", "collapsed"), ("Save button", "visible"),
    ("css=#later", "hidden"), ("No such thing at all", "hidden"), ("Gift wrap checkbox", "checked"),
    ("Flow 2", "selected"), ("Docs", "selected"),
    ("Newsletter checkbox", "selected"),  # a tick box or radio is selected when checked
    ("Dark mode switch", "enabled"),  # a switch said "enabled": on, and usable (tapwright.core.toggles)
    ("Sync switch", "disabled"),  # ... "disabled": off, and greyed out
]  # fmt: skip
FAILS = [
    ("Newsletter checkbox", "unchecked", "it is"), ("Save button", "disabled", "is not disabled"),
    ("Code field", "editable", "is not editable"), ("Save button", "checked", "it has no checked state"),
    ("Save button", "readonly", "not a form field"), ("Billing tab", "selected", "is not selected"),
    ("No such thing at all", "visible", "no element matches"),
    ("Flow 1", "selected", "is not selected"), ("Alpha", "selected", "it has no selected state"),
    # "enabled" of an on/off control is read both ways: off but usable is not an enabled setting, nor a disabled one.
    ("Beta mode switch", "enabled", "it is off and usable"), ("Beta mode switch", "disabled", "it is off and usable"),
    ("Newsletter checkbox", "disabled", "it is on and usable"),
    ("Beta mode switch", "selected", "is not selected"),
]  # fmt: skip


async def _page(session: WebSession, timeout_ms: int = 600) -> None:
    await session.page.set_content(PAGE)
    session.action_timeout_ms = timeout_ms  # short where the check must fail; a check that holds returns at once


@pytest.mark.parametrize(("target", "state"), HOLDS)
async def test_state_holds(call: Call, session: WebSession, target: str, state: str) -> None:
    await _page(session, 5_000)
    result = await call("web.verify_state", target=target, state=state)
    assert result.ok, result.status_line()
    assert result.data["state"] == state


@pytest.mark.parametrize(("target", "state", "says"), FAILS)
async def test_state_does_not_hold(call: Call, session: WebSession, target: str, state: str, says: str) -> None:
    await _page(session)
    result = await call("web.verify_state", target=target, state=state)
    assert not result.ok and result.code is not None and result.code.value == "ASSERTION_FAILED", result.status_line()
    assert result.error is not None and says in result.error.message


async def test_focus_and_expand_follow_actions(call: Call, session: WebSession) -> None:
    await _page(session)
    assert not (await call("web.verify_state", target="Name field", state="focused")).ok
    assert (await call("web.focus", target="Name field")).ok
    assert (await call("web.verify_state", target="Name field", state="focused")).ok
    assert (await call("web.click", target="Filters button")).ok
    expanded = await call("web.verify_state", target="Filters button", state="expanded")
    assert expanded.ok and expanded.data["name"] == "Filters"


async def test_unknown_state_is_invalid_input(call: Call) -> None:
    result = await call("web.verify_state", target="Save", state="shiny")
    assert result.code is not None and result.code.value == "INVALID_INPUT"


async def test_plain_english_steps_compile_to_these_checks_and_pass(session: WebSession, registry: Registry) -> None:
    await _page(session)
    plan = compile_step("The Newsletter checkbox should be checked and the Delete button should be disabled")
    trace = await Executor(registry, ToolContext([session])).run(plan.to_dict())
    assert trace.ok, trace.render()
    assert [c.tool for c in trace.calls] == ["web.verify_state", "web.verify_state"]
    await session.page.evaluate("window.open('about:blank')")
    plan = compile_step("Switch to the new tab")
    trace = await Executor(registry, ToolContext([session])).run(plan.to_dict())
    assert trace.ok and session.current_index == len(session.pages) - 1 == 1, trace.render()
    await session.close_tab()
