"""Sweep cases of bad input and denial of service: bad input costs milliseconds, never a hang."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from reliability_support import Sites, call

from tapwright.drivers.web import WebBrowser
from tapwright.errors import ErrorCode, PlanError
from tapwright.llm.client import LLMClient, LLMFailure
from tapwright.llm.config import LLMConfig
from tapwright.plan.model import parse_plan
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.planning import make_planner
from tapwright.runner.run import Runner, RunOptions
from tapwright.testing.openai_server import ScriptedOpenAIServer, rate_limited

BOMB = "".join(f"{c}: &{c} [{', '.join([f'*{p}'] * 9) if p else ', '.join(['x'] * 9)}]\n"
               for p, c in zip(["", "a", "b", "c", "d", "e", "f", "g"], "abcdefgh", strict=True)) + "steps: [*h]\n"


def test_yaml_alias_bomb_is_refused_by_exec(tmp_path: Path) -> None:
    """A 400-byte alias bomb: PLAN_INVALID in milliseconds, not a hang (tapwright exec)."""
    assert len(BOMB.encode()) < 450
    plan = tmp_path / "bomb.yaml"
    plan.write_text(BOMB)
    proc = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "exec", str(plan), "--json"],
                          capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode != 0
    assert "PLAN_INVALID" in proc.stdout + proc.stderr and "alias" in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr


def test_yaml_alias_bomb_in_a_test_file_is_a_parse_error(tmp_path: Path) -> None:
    case = tmp_path / "bomb.yaml"
    case.write_text(BOMB.replace("steps: [*h]", "name: bomb\nvars: {x: *h}\nsteps: [Open /]"))
    proc = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "run", str(case), "--report-dir",
                           str(tmp_path / "r")], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 2 and "alias" in proc.stderr and "bomb.yaml" in proc.stderr


@pytest.mark.parametrize("fmt", ["json", "yaml"])
def test_huge_integer_in_a_plan_is_plan_invalid(fmt: str) -> None:
    digits = "9" * 5000
    text = (json.dumps({"steps": [{"tool": "web.wait", "args": {}}]}).replace("{}", '{"seconds": ' + digits + "}")
            if fmt == "json" else f"steps:\n  - tool: web.wait\n    args: {{seconds: {digits}}}\n")
    with pytest.raises(PlanError) as info:
        parse_plan(text, fmt=fmt)
    assert info.value.code is ErrorCode.PLAN_INVALID and "too long" in info.value.message


@pytest.mark.asyncio(loop_scope="session")
async def test_catastrophic_regex_is_cut_off_and_the_loop_keeps_running(browser: WebBrowser, sites: Sites) -> None:
    s = await browser.new_session(base_url=sites.app)
    ticks = 0

    async def heartbeat() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.05)
            ticks += 1

    beat = asyncio.create_task(heartbeat())
    try:
        assert (await call(s, "web.navigate", url="/" + "a" * 40)).code is ErrorCode.NAVIGATION_FAILED  # a 404
        started = time.monotonic()
        r = await call(s, "web.verify_url", expected="^http://[^/]+/(a|a)*b$", match="regex")
        took = time.monotonic() - started
        assert r.code is ErrorCode.INVALID_INPUT and "catastrophic" in r.error.message, r.status_line()
        assert ticks >= took / 0.05 / 4, (ticks, took)  # the event loop was never frozen
    finally:
        beat.cancel()
        await s.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_control_characters_are_refused(browser: WebBrowser, sites: Sites) -> None:
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/echo")).ok
        r = await call(s, "web.fill", target="#t", text="abc\x00def")
        assert r.code is ErrorCode.INVALID_INPUT and "U+0000" in r.error.message
        r = await call(s, "web.click", target="\x01\x02\x03")
        # Refused by the input check, before any wait for such a target (which could only time out).
        assert r.code is ErrorCode.INVALID_INPUT and "control character U+0001 at position 0" in r.error.message
        assert await s.page.input_value("#t") == ""
        assert (await call(s, "web.fill", target="#t", text="tab\tand newline\n ok")).ok
    finally:
        await s.aclose()


@pytest.mark.asyncio(loop_scope="session")
async def test_screenshot_path_is_restricted(browser: WebBrowser, sites: Sites, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    precious = tmp_path / "notes.txt"
    precious.write_text("keep me")
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/")).ok
        for bad in ("/etc/tapwright-shot.png", "../../../../../../../../etc/outside.png", str(precious), "shot.exe"):
            r = await call(s, "web.screenshot", path=bad)
            assert r.code is ErrorCode.INVALID_INPUT, (bad, r.status_line())
        assert precious.read_text() == "keep me" and not Path("/etc/tapwright-shot.png").exists()
        r = await call(s, "web.screenshot", path="out/ok.png")
        assert r.ok and (tmp_path / "out" / "ok.png").stat().st_size > 0
        assert (await call(s, "web.screenshot", path="out/ok.png")).ok  # overwriting a picture is fine
    finally:
        await s.aclose()


def test_undefined_placeholder_fails_before_the_first_step(sites: Sites) -> None:
    hits = sites.app_server.RequestHandlerClass.hits
    before = hits.count("/second")
    steps = [StepSpec(text="open", plan={"steps": [{"tool": "web.navigate", "args": {"url": "/second"}}]}),
             StepSpec(text="fill", plan={"steps": [{"tool": "web.fill", "args": {"target": "#t", "text": "${vars.NOPE}"}}]})]
    scenario = Scenario(name="placeholders", base_url=sites.app, steps=steps, vars={"USER": "a"})
    result = asyncio.run(Runner(make_planner("rules"), RunOptions(env_file=None)).run([scenario]))
    one = result.scenarios[0]
    assert one.status == "failed" and "UNRESOLVED_PLACEHOLDER" in (one.message or "") and "NOPE" in (one.message or "")
    # The step naming the missing value is the failed one (so every output says which and why); none ran.
    assert [step.status for step in one.steps] == ["skipped", "failed"]
    assert one.steps[1].error_code == "UNRESOLVED_PLACEHOLDER" and "NOPE" in (one.steps[1].error_message or "")
    assert hits.count("/second") == before  # the first step never ran


async def test_retry_after_beyond_the_cap_fails_at_once_and_says_so() -> None:
    with ScriptedOpenAIServer() as server:
        server.push(rate_limited(retry_after=120))
        config = LLMConfig(base_url=server.base_url, model="scripted", api_key="sk-test", timeout_s=5.0,
                           max_retries=2, backoff_s=0.01)
        waits: list[float] = []

        async def sleep(seconds: float) -> None:
            waits.append(seconds)

        client = LLMClient(config, sleep=sleep)
        try:
            with pytest.raises(LLMFailure) as info:
                await client.complete([{"role": "user", "content": "hi"}])
        finally:
            await client.aclose()
    assert info.value.code is ErrorCode.LLM_RATE_LIMITED
    assert "120 s" in info.value.message and "not retried" in info.value.message
    assert server.request_count == 1
    assert waits == []  # at once: it did not wait out the 120 s (nor any backoff) before failing


@pytest.mark.asyncio(loop_scope="session")
async def test_wait_for_spinner_to_disappear_waits_for_it(browser: WebBrowser, sites: Sites) -> None:
    """A role=progressbar spinner with no name: the wait lasts until it is gone (it passed in 29 ms before).

    The page takes the spinner away when the test says so, not on a timer: on a loaded machine a timer set when the
    page loaded could run out before the wait began, and the wait would have nothing to wait for.
    """
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/spinner")).ok
        waiting = asyncio.create_task(
            call(s, "web.wait_for", target="the loading spinner", state="hidden", timeout_ms=15_000))
        await asyncio.sleep(1.0)
        assert not waiting.done(), waiting.result().status_line()  # still waiting while the spinner spins
        await s.page.evaluate("window.finish()")
        r = await waiting
        assert r.ok, r.status_line()
        assert await s.page.locator("[role=progressbar]").count() == 0  # it really is gone
    finally:
        await s.aclose()


@pytest.mark.slow
@pytest.mark.asyncio(loop_scope="session")
async def test_absence_check_looks_beyond_the_snapshot_cap(browser: WebBrowser, sites: Sites) -> None:
    s = await browser.new_session(base_url=sites.app, action_timeout_ms=1_000)
    try:
        assert (await call(s, "web.navigate", url="/")).ok
        await s.page.evaluate("""() => { const parts = [];
            for (let i = 0; i < 50100; i++) parts.push('<span>cell ' + i + '</span>');
            document.body.insertAdjacentHTML('beforeend', parts.join('') + '<button>Buried button</button>'); }""")
        from tapwright.core.context import ToolContext
        from tapwright.plan.executor import Executor
        from tapwright.registry.registry import Registry

        # 50,000 elements are slow to walk on a busy machine: the call gets two minutes.
        trace = await Executor(Registry.default(), ToolContext([s])).run(
            {"steps": [{"tool": "web.verify_not_visible", "args": {"target": "Buried button"}, "timeout_ms": 120_000}]})
        assert trace.error is not None, "the absence check passed although the button is on the page"
        assert trace.error.code is ErrorCode.ASSERTION_FAILED and "still visible" in trace.error.message
    finally:
        await s.aclose()


def test_every_plan_error_is_reported_capped() -> None:
    with pytest.raises(PlanError) as info:
        parse_plan(json.dumps({"steps": [{"tool": "web.click", "args": {}, "bogus": 1}, {"args": {}}, {"tool": 5}]}))
    message = info.value.message
    assert info.value.code is ErrorCode.PLAN_INVALID
    assert "step 1" in message and "step 2" in message and "step 3" in message
    with pytest.raises(PlanError) as info:
        parse_plan(json.dumps({"steps": [{"args": {}}] * 50}))
    assert "step 20:" in info.value.message and "step 21:" not in info.value.message
    assert "and 30 more problems" in info.value.message


async def test_bad_tool_arguments_report_every_field() -> None:
    """Already held: a tool's bad arguments are INVALID_INPUT naming every bad field, never an exception."""
    from tapwright.registry.registry import Registry

    r = await Registry.default().call("web.click", {"target": 5, "x": 1})
    assert r.code is ErrorCode.INVALID_INPUT
    assert "$.target" in r.error.message and "'x'" in r.error.message
    assert len(r.data["errors"]) == 2
