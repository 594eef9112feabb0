"""Page problems (console errors, exceptions, failed requests, sockets) are captured per step and shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapwright.cli.do_cmd import render_step
from tapwright.core.context import ToolContext
from tapwright.core.diagnostics import PageEvent
from tapwright.core.secrets import SecretStore
from tapwright.drivers.web import WebSession
from tapwright.planners.factory import rules_planner
from tapwright.registry.registry import Registry
from tapwright.runner.reports.html import render_html
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.step import run_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _after_click(session: WebSession, call, button: str, kind: str) -> list[PageEvent]:
    await call("web.navigate", url="/faults.html")
    mark = session.event_mark()
    result = await call("web.click", target=f"css=#{button}")
    assert result.ok, result.status_line()
    for _ in range(40):  # the event arrives asynchronously (a timer, a fetch, a socket)
        got = [e for e in session.events_since(mark) if e.kind == kind]
        if got:
            return got
        await session.settle(0.05)
    return []


async def test_console_error_is_captured(session: WebSession, call) -> None:
    got = await _after_click(session, call, "log", "console")
    assert [e.message for e in got] == ["Widget failed to render: missing config"]


async def test_a_console_warning_is_a_notice_not_a_problem(session: WebSession, call) -> None:
    got = await _after_click(session, call, "warn", "warning")
    assert [e.message for e in got] == ["Deprecated: use the new widget API"]
    step = StepResult(index=0, text="warn", status="passed", page_events=[e.to_dict() for e in got])
    page = render_html(RunResult(scenarios=[ScenarioResult(name="s", status="passed", steps=[step])]), Path("."))
    assert "page reported 1 warning(s)" in page and 'class="evbadge"' not in page  # shown, but not counted as a problem


async def test_uncaught_exception_is_captured(session: WebSession, call) -> None:
    got = await _after_click(session, call, "throw", "exception")
    assert len(got) == 1 and "TypeError" in got[0].message and "items.map is not a function" in got[0].message


async def test_failed_requests_are_captured_with_status(session: WebSession, call) -> None:
    got = await _after_click(session, call, "fetch404", "request")
    assert got[0].status == 404 and got[0].url.endswith("/no-such-api")
    got = await _after_click(session, call, "fetch500", "request")
    assert got[0].status == 503 and "/status?code=503" in got[0].url


async def test_websocket_failure_is_captured(session: WebSession, call) -> None:
    got = await _after_click(session, call, "socket", "websocket")
    assert got and "127.0.0.1:9/nothing-listens" in got[0].url


async def test_a_quiet_step_records_nothing(session: WebSession, call) -> None:
    await call("web.navigate", url="/faults.html")
    await session.settle(0.2)
    mark = session.event_mark()
    assert (await call("web.click", target="css=#quiet")).ok
    assert (await call("web.verify_text", text="all quiet")).ok
    assert session.events_since(mark) == []


async def test_websocket_app_page_loads(call) -> None:
    """A page whose content arrives over a WebSocket to its own loopback server (NiceGUI, Jupyter)."""
    assert (await call("web.navigate", url="/websocket.html")).ok
    result = await call("web.verify_text", text="hello from the server")
    assert result.ok, result.status_line()
    assert (await call("web.verify_text", text="Connected", target="css=#state", exact=True)).ok


async def test_step_result_report_and_do_output_show_the_events(session: WebSession, server: str, tmp_path: Path) -> None:
    secrets = SecretStore({"TOKEN": "s3cr3t-token-value"})
    ctx = ToolContext([session], secrets=secrets)
    registry = Registry.default()
    await session.navigate("/faults.html")
    await session.page.evaluate("console.error('token is s3cr3t-token-value')")
    step = await run_step('Click the "Load missing data" button', ctx, planner=rules_planner(), registry=registry,
                          base_url=server)
    assert step.status == "passed", step.status_line
    for _ in range(20):
        if any(e.get("status") == 404 for e in step.page_events):
            break
        await session.settle(0.1)  # the response came after the step: the next step shows it
        step = await run_step("Verify the page says 'Faulty page'", ctx, planner=rules_planner(), registry=registry,
                              base_url=server)
    kinds = {(e["kind"], e.get("status")) for e in step.page_events}
    assert ("request", 404) in kinds
    # The JSON trace carries them; a secret in a message never does.
    assert "s3cr3t-token-value" not in str(step.to_dict())
    assert StepResult.from_dict(step.to_dict()).page_events == step.page_events
    run = RunResult(scenarios=[ScenarioResult(name="faults", status="passed", steps=[step])])
    page = render_html(run, tmp_path)
    assert 'class="events"' in page and "/no-such-api" in page and "failed request" not in page.split("<main")[0]
    assert "problem(s)" in page
    text = render_step(step)
    assert "the page reported" in text and "failed request: 404" in text and "/no-such-api" in text


async def test_a_click_that_starts_a_slow_page_passes_and_the_next_step_waits(session: WebSession, call) -> None:
    """A click waits for the navigation it started, as Playwright's does; a slow server is not a failed click."""
    await call("web.navigate", url="/slowlink")
    session.action_timeout(1.0)  # tapwright's waits and Playwright's own: well under the page's 2.5 s
    await session.page.wait_for_timeout(100)  # the page has held still: the click is pressed at once (press.py)
    clicked = await call("web.click", target="Sign in slowly")
    assert clicked.ok, clicked.status_line()
    assert clicked.data.get("navigation") == "still loading"
    seen = await call("web.verify_text", text="Slow page is here")
    assert seen.ok, seen.status_line()
    assert "/slow" in session.page.url
