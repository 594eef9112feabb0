"""Every way a scenario fails says why, with its ErrorCode, in every output.

One run over the fake screen holds a scenario per failure kind (a missing secret, an
undefined variable, a step no planner can read, a tool error, a failed check, a timeout,
a dead environment) plus a passing one. Each kind's code and message must reach the plain
console (a CI log), the live terminal, the JUnit file, the HTML page, the JSON trace and
the pytest plugin's failure text; the console ends with a recap, one line per failure.
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from runner_support import ScriptedPlanner

from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.platforms import Runtimes
from tapwright.pytest_plugin import ScenarioFailed, describe_failure
from tapwright.runner.live import make_progress
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.progress import MESSAGE_LIMIT, recap_line
from tapwright.runner.reports import render_html, render_json, render_junit
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.run import RunOptions, run_scenarios

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SECRET_VALUE = "Sup3r-S3cret-value"


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Pipe(io.StringIO):
    def isatty(self) -> bool:
        return False


def _sc(name: str, *steps: str, plan: dict[str, Any] | None = None, **kw: Any) -> Scenario:
    specs = [StepSpec(text=s, line=10 + i) for i, s in enumerate(steps)]
    if plan is not None:
        specs.append(StepSpec(plan=plan, line=10 + len(specs)))
    return Scenario(name, specs, source="kinds.yaml", line=1, platform="fake", **kw)


# name -> (scenario, code, words of the message, failing step number or None)
KINDS: dict[str, tuple[Scenario, str, str, int | None]] = {
    "missing secret in the text": (
        _sc("missing secret in the text", 'Click "Log in"', 'Type "${secrets.NOPE_PW}" into Username', secrets=["NOPE_PW"]),
        "UNRESOLVED_PLACEHOLDER", "secret 'NOPE_PW' is not set", 2),
    "missing secret in the plan": (
        _sc("missing secret in the plan", "Type the password", secrets=["CANARY_PW"]),
        "UNRESOLVED_PLACEHOLDER", "CANARY_PW", 1),
    "undefined variable": (
        _sc("undefined variable", 'Click "${vars.who}"', vars={"user": "x"}),
        "UNRESOLVED_PLACEHOLDER", "no variable 'who' (variables: user)", 1),
    "unplannable step": (_sc("unplannable step", 'Click "Log in"', "Frobnicate the widget"), "PLAN_INVALID",
                         "cannot plan 'Frobnicate the widget'", 2),
    "tool error": (_sc("tool error", plan={"steps": [{"tool": "fake.locate", "args": {"target": "Teleporter"}}]},
                       secrets=["SET_PW"]),
                   "ELEMENT_NOT_FOUND", "Teleporter", 1),
    "failed check": (_sc("failed check", 'I should see "Nowhere"'), "ASSERTION_FAILED", "'Nowhere' is not visible", 1),
    "timeout": (_sc("timeout", plan={"steps": [{"tool": "fake.verify_visible", "args": {"target": "Sign in"},
                                                "timeout_ms": 100, "retries": 0}]}, settings={"screen": "slow"}),
                "TIMEOUT", "", 1),
    "dead browser": (_sc("dead browser", 'Click "Log in"', settings={"screen": "crash"}), "BROWSER_CRASHED",
                     "the browser went away", None),
}  # fmt: skip


async def _run_all(planner: ScriptedPlanner, tmp_path: Path, stream: io.StringIO,
                   monkeypatch: pytest.MonkeyPatch) -> RunResult:  # fmt: skip
    monkeypatch.delenv("CANARY_PW", raising=False)
    monkeypatch.delenv("NOPE_PW", raising=False)
    monkeypatch.setenv("SET_PW", SECRET_VALUE)  # set for the run: no report may show it
    real_snapshot = FakeDriver.snapshot

    async def snapshot(self: FakeDriver) -> Any:  # only the "timeout" scenario's check is slow
        if getattr(self, "_slow", False):
            await asyncio.sleep(2)
        return await real_snapshot(self)

    real_open = Runtimes.open

    async def open_env(self: Runtimes, name: str, options: Any) -> Any:
        screen = options.settings.get("screen")
        if screen == "crash":
            raise ToolFailure(ErrorCode.BROWSER_CRASHED, "the browser went away")
        env = await real_open(self, name, dataclasses.replace(options, settings={}) if screen else options)
        env.driver._slow = screen == "slow"  # type: ignore[attr-defined]
        return env

    monkeypatch.setattr(FakeDriver, "snapshot", snapshot)
    monkeypatch.setattr(Runtimes, "open", open_env)
    scenarios = [Scenario("passes", [StepSpec(text='Click "Log in"', line=3)], source="kinds.yaml", line=2,
                          platform="fake")]  # fmt: skip
    for scenario, *_ in KINDS.values():
        scenarios.append(scenario)
    return await run_scenarios(scenarios, planner, RunOptions(report_dir=tmp_path, env_file=None),
                               progress=make_progress(stream))  # fmt: skip


@pytest.fixture
async def ran(planner: ScriptedPlanner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[RunResult, str]:
    stream = _Pipe()
    run = await _run_all(planner, tmp_path, stream, monkeypatch)
    return run, stream.getvalue()


def _by_name(run: RunResult, name: str) -> ScenarioResult:
    return next(s for s in run.scenarios if s.name == name)


@pytest.mark.parametrize("kind", list(KINDS))
async def test_each_kind_carries_its_code_and_reason_in_the_results(ran: tuple[RunResult, str], kind: str) -> None:
    run, _ = ran
    _, code, words, step_no = KINDS[kind]
    result = _by_name(run, kind)
    failure = result.failure
    assert result.status == "failed" and failure is not None
    assert failure.code == code and words in failure.message, failure
    if step_no is None:
        assert failure.step is None and failure.where == "kinds.yaml:1"
    else:
        assert failure.step is not None and failure.step.index + 1 == step_no
        assert failure.where == f"kinds.yaml:{10 + step_no - 1}"
    data = json.loads(render_json(run))
    scenario = next(s for s in data["scenarios"] if s["name"] == kind)
    assert scenario["failure"]["code"] == code and words in scenario["failure"]["message"]
    assert (scenario["failure"]["step"] or {}).get("index") == (None if step_no is None else step_no - 1)


async def test_the_plain_console_says_why_for_every_kind_and_ends_with_a_recap(ran: tuple[RunResult, str]) -> None:
    _, out = ran
    assert "\x1b" not in out
    recap_at = out.index(f"{len(KINDS)} failed scenarios:")
    recap = out[recap_at:].splitlines()[1:-1]
    assert len(recap) == len(KINDS)  # one line per failed scenario, the passing one not listed
    for kind, (_, code, words, step_no) in KINDS.items():
        line = next(line for line in recap if f" {kind} (" in line)
        assert f"[{code}] " in line and words in line, line
        assert (f"step {step_no} " in line) is (step_no is not None), line
        # before the recap, the scenario's own lines said it too (the step line or, outside any step, the scenario line)
        assert f"{code}: " in out[:recap_at] or f"[{code}] " in out[:recap_at]
    assert "kinds.yaml:11" in next(line for line in recap if "missing secret in the text" in line)
    assert out.rstrip().splitlines()[-1].startswith("9 scenarios: 1 passed, 8 failed in ")
    assert SECRET_VALUE not in out


async def test_the_live_terminal_says_why_and_ends_with_the_same_recap(
    planner: ScriptedPlanner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stream = _Tty()
    run = await _run_all(planner, tmp_path, stream, monkeypatch)
    out = ANSI.sub("", stream.getvalue())
    assert f"{len(KINDS)} failed scenarios:" in out
    recap = out[out.index(f"{len(KINDS)} failed scenarios:"):]
    for kind, (_, code, words, _step) in KINDS.items():
        assert recap_line(_by_name(run, kind)) in recap
        assert f"[{code}] " in recap and words in recap
    # the line printed as the scenario finished already named the code, even with no failing step
    assert "[BROWSER_CRASHED] the browser went away" in out[: out.index(f"{len(KINDS)} failed scenarios:")]


async def test_junit_html_and_the_pytest_text_carry_code_and_reason(ran: tuple[RunResult, str], tmp_path: Path) -> None:
    run, _ = ran
    root = ET.fromstring(render_junit(run))
    page = render_html(run, tmp_path)
    for kind, (_, code, words, _step) in KINDS.items():
        case = root.find(f".//testcase[@name='{kind}']")
        assert case is not None
        failure = case.find("failure")
        assert failure is not None and failure.get("type") == code
        assert f"[{code}] " in (failure.get("message") or "") and words in (failure.get("message") or "")
        result = _by_name(run, kind)
        text = describe_failure(result)
        assert f"reason: [{code}] " in text and words in text
        assert f"[{code}] " in str(ScenarioFailed(result)) and kind not in str(ScenarioFailed(result))
    for code in {c for _, c, _, _ in KINDS.values()}:
        assert f'<span class="code">{code}</span>' in page
    assert page.count('<div class="smsg" role="alert">') == len(KINDS)
    for kind, (_, code, _words, step) in KINDS.items():
        failure = _by_name(run, kind).failure
        assert failure is not None and len(failure.message) > 20
        # The full message once: on the failing step, or under the title when no step failed; the title
        # says where and the code.
        assert page.count(html.escape(failure.message, quote=True)) == 1, kind
        if step is not None:
            linked = re.search(rf'failed at <a class="tostep" href="#s\d+-step{step}"[^>]*>step {step}</a> \(', page)
            assert linked and f'): <span class="code">{code}</span></div>' in page
    texts = [render_junit(run), page, render_json(run), *(describe_failure(s) for s in run.scenarios)]
    assert "Teleporter" in describe_failure(_by_name(run, "tool error"))
    assert not [t for t in texts if SECRET_VALUE in t]


async def test_a_cancelled_run_recaps_the_step_it_stopped_in(planner: ScriptedPlanner, tmp_path: Path) -> None:
    planner.block_on = 'Click "Cancel"'
    stream = _Pipe()
    scenario = Scenario("stops", [StepSpec(text='Click "Log in"', line=2), StepSpec(text='Click "Cancel"', line=3)],
                        source="c.yaml", line=1, platform="fake")  # fmt: skip
    task = asyncio.create_task(run_scenarios([scenario], planner, RunOptions(report_dir=tmp_path),
                                             progress=make_progress(stream)))  # fmt: skip
    await asyncio.wait_for(planner.blocked.wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    out = stream.getvalue()
    assert "1 failed scenario:" in out
    assert '! stops (c.yaml:3) step 2 "Click "Cancel"": [CANCELLED] the run was interrupted' in out


def test_the_recap_cuts_long_texts_to_one_line() -> None:
    step = StepResult(index=0, text="Click " + "very " * 40 + "far", line=4, status="failed", error_code="TIMEOUT",
                      error_message="waited\nfor " + "x" * 400)  # fmt: skip
    line = recap_line(ScenarioResult(name="long", source="a.md", status="failed", steps=[step]))
    assert "\n" not in line and line.count("…") == 2
    assert line.startswith('long (a.md:4) step 1 "Click very') and "[TIMEOUT] waited for xxx" in line
    assert len(line.split("[TIMEOUT] ", 1)[1]) == MESSAGE_LIMIT
    exact = StepResult(index=0, text="t", status="failed", error_code="TIMEOUT", error_message="y" * MESSAGE_LIMIT)
    assert "…" not in recap_line(ScenarioResult(name="n", status="failed", steps=[exact]))  # exactly at the limit: kept


def test_plain_counts_say_one_scenario_not_one_scenarios() -> None:
    one = RunResult(scenarios=[ScenarioResult(name="a", status="passed")])
    assert one.summary_line().startswith("1 scenario: 1 passed")
    two = RunResult(scenarios=[ScenarioResult(name="a", status="passed")] * 2)
    assert two.summary_line().startswith("2 scenarios: ")
