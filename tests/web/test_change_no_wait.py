"""An action never waits for a late change (issue 28): ``changed`` is ``true`` when the change is
seen as the action returns, else ``"pending"``, which the next look settles (real Chromium).

Each case of the contract: a change at once, 50 ms / 300 ms / 2 s later, a change that waits
for the test to let a request answer, no change at all, a navigation, a new tab, a dialog; the
executor settling a pending change in the trace, and plain-English checks after a click that
still see the late change.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tapwright.drivers.web import WebSession
from tapwright.plan.executor import Executor
from tapwright.registry.registry import Registry
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.planning import make_planner
from tapwright.runner.run import RunOptions, run_scenarios

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

# tests/web/pages/late.html: a status line and buttons that change it at once, later, or never.


@pytest_asyncio.fixture(loop_scope="session")
async def late(session: WebSession, call: Any, server: str) -> WebSession:
    opened = await call("web.navigate", url="/late.html")
    assert opened.ok, opened.status_line()
    return session


async def test_a_change_at_once_is_true(late: WebSession, call: Any) -> None:
    clicked = await call("web.click", target="Change now button")
    assert clicked.ok and clicked.data["changed"] is True
    assert await late.settle_change() is None  # nothing was left pending


async def test_no_change_at_all_is_pending_and_settles_false(late: WebSession, call: Any) -> None:
    clicked = await call("web.click", target="Count quietly button")
    assert clicked.ok and clicked.data["changed"] == "pending", clicked.data
    assert await late.page.evaluate("window.counted") == 1  # the handler ran
    assert await late.settle_change() is False
    assert await late.settle_change() is None  # settled once


async def test_a_change_the_action_cannot_have_waited_for_is_pending_then_true(late: WebSession, call: Any,
                                                                                server: str) -> None:  # fmt: skip
    release = asyncio.Event()

    async def held(route: Any) -> None:
        await release.wait()
        await route.fulfill(body="Answered", content_type="text/plain")

    await late.page.route(server + "/held", held)
    clicked = await call("web.click", target="Ask the server button")
    # The change needs an answer the test has not let through yet: the click returned without it.
    assert clicked.ok and clicked.data["changed"] == "pending", clicked.data
    release.set()
    seen = await call("web.verify_text", target="#s", text="Answered")
    assert seen.ok, seen.status_line()
    assert await late.settle_change() is True


@pytest.mark.parametrize(("button", "text"), [("In 50 ms", "Late 50"), ("In 300 ms", "Late 300"), ("In 2 s", "Late 2000")])
async def test_a_late_change_is_seen_by_the_next_look(late: WebSession, call: Any, button: str, text: str) -> None:
    clicked = await call("web.click", target=f"{button} button")
    assert clicked.ok
    # 50 ms may pass before the click's own reply on a busy machine: then the change is seen at once.
    assert clicked.data["changed"] == "pending" or (button == "In 50 ms" and clicked.data["changed"] is True)
    seen = await call("web.verify_text", target="#s", text=text)  # checks wait for the condition
    assert seen.ok, seen.status_line()
    if clicked.data["changed"] == "pending":
        assert await late.settle_change() is True


async def test_a_navigation_is_a_change(late: WebSession, call: Any) -> None:
    clicked = await call("web.click", target="Second page link")
    assert clicked.ok and clicked.data["changed"] is True, clicked.data
    tree = await late.snapshot()  # a look after the click shows the page it opened
    assert tree.title == "Second page", tree.title


async def test_a_new_tab_is_a_change_and_named(late: WebSession, call: Any) -> None:
    clicked = await call("web.click", target="Second page in a new tab")
    assert clicked.ok and clicked.data["changed"] is True, clicked.data  # the page counted the window it opened
    for _ in range(400):  # the new tab is announced once its first page commits
        if len(late.pages) == 2:
            break
        await asyncio.sleep(0.05)
    assert len(late.pages) == 2 and late.pages[1].url.endswith("/page2.html")
    assert late.current_index == 0  # the current tab stays
    await late.close_tab(1)


async def test_a_dialog_is_a_change(late: WebSession, call: Any) -> None:
    clicked = await call("web.click", target="Show an alert button")
    assert clicked.ok and clicked.data["changed"] is True, clicked.data
    assert late.prompts.dialogs[-1].message == "Saved"


async def _trace(registry: Registry, late: WebSession, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from tapwright.core.context import ToolContext

    ctx = ToolContext()
    ctx.add(late)
    trace = await Executor(registry, ctx).run({"steps": steps})
    assert trace.status == "passed", trace.render()
    return [c.result["data"] for c in trace.calls if c.result is not None]


async def test_the_executor_settles_a_pending_change_after_the_check_that_follows(
    late: WebSession, registry: Registry
) -> None:
    data = await _trace(registry, late, [
        {"tool": "web.click", "args": {"target": "In 300 ms button"}},
        {"tool": "web.verify_text", "args": {"target": "#s", "text": "Late 300"}},
    ])  # fmt: skip
    assert data[0]["changed"] is True  # settled after the check saw the late change


async def test_the_executor_settles_before_the_next_action(late: WebSession, registry: Registry) -> None:
    data = await _trace(registry, late, [
        {"tool": "web.click", "args": {"target": "Count quietly button"}},
        {"tool": "web.click", "args": {"target": "Change now button"}},
    ])  # fmt: skip
    assert data[0]["changed"] is False and data[1]["changed"] is True


async def test_a_pending_change_nothing_looked_after_stays_pending(late: WebSession, registry: Registry) -> None:
    data = await _trace(registry, late, [{"tool": "web.click", "args": {"target": "Count quietly button"}}])
    assert data[0]["changed"] == "pending"


async def test_the_step_after_a_click_sees_a_late_change(server: str, tmp_path: Path) -> None:
    steps = [
        StepSpec(plan={"steps": [{"tool": "web.navigate", "args": {"url": "/late.html"}}]}),
        StepSpec(text='Click "In 300 ms"'),
        StepSpec(text='I should see "Late 300"'),
        StepSpec(text='Click "In 2 s"'),
        StepSpec(text='I should see "Late 2000"'),
    ]
    scenario = Scenario("a late change", steps, base_url=server, platform="web")
    run = await run_scenarios([scenario], make_planner("rules"), RunOptions(report_dir=tmp_path, env_file=None))
    result = run.scenarios[0]
    assert result.status == "passed", result.failure
