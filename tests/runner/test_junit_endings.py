"""JUnit for every way a scenario ends, from real runs of the runner (fake screen, scripted planner):
step failure, runner failure outside a step and inside one, cancelled, never started, flaky, passed.
CI reads only this file, so none of the failing endings may read as passed."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from runner_support import ScriptedPlanner

from tapwright.planners.base import PlanRequest, PlanResponse
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.progress import NullProgress
from tapwright.runner.reports import render_junit
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.run import Runner, RunOptions, run_scenarios


def scenario(name: str, *steps: str) -> Scenario:
    return Scenario(name, [StepSpec(text=s, line=i + 2) for i, s in enumerate(steps)], source="suite/endings.yaml", line=1,
                    platform="fake")  # fmt: skip


def _case(run: RunResult, name: str) -> ET.Element:
    root = ET.fromstring(render_junit(run))
    (case,) = [c for c in root.iter("testcase") if c.get("name") == name]
    return case


def _outcome(case: ET.Element) -> list[str]:
    return [child.tag for child in case if child.tag in ("failure", "error", "skipped", "flakyFailure")]


class _DiesAfterFirstStep(NullProgress):
    """A progress listener that blows up once a step has passed: the runner fails the scenario
    with every step passed (the shape a dead browser between steps leaves)."""

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        if scenario.name == "runner dies":
            raise RuntimeError("listener crashed")


class _ExplodingPlanner(ScriptedPlanner):
    async def plan(self, request: PlanRequest) -> PlanResponse:
        if request.step == "Explode":
            raise RuntimeError("planner bug")
        return await super().plan(request)


async def test_step_failure_is_a_failure_with_the_step_and_code(planner: ScriptedPlanner) -> None:
    run = await run_scenarios([scenario("step fails", 'Click "Log in"', 'I should see "Nowhere"')], planner)
    case = _case(run, "step fails")
    assert _outcome(case) == ["failure"]
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == run.scenarios[0].failed_step.error_code  # type: ignore[union-attr]
    assert "step 2 failed" in (failure.get("message") or "") and "Nowhere" in (failure.text or "")


async def test_runner_failure_outside_any_step_is_a_failure(planner: ScriptedPlanner) -> None:
    runner = Runner(planner, RunOptions(), progress=_DiesAfterFirstStep())
    run = await runner.run([scenario("runner dies", 'Click "Log in"', 'Click "Cancel"')])
    result = run.scenarios[0]
    assert result.status == "failed" and result.failed_step is None  # no step failed: the runner did
    case = _case(run, "runner dies")
    assert _outcome(case) == ["failure"]
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == "INTERNAL"
    assert "listener crashed" in (failure.get("message") or "") and "outside any step" in (failure.text or "")
    root = ET.fromstring(render_junit(run))
    assert root.get("failures") == "1" and root.find("testsuite").get("failures") == "1"  # type: ignore[union-attr]


async def test_runner_failure_inside_a_step_fails_that_step(planner: ScriptedPlanner) -> None:
    exploding = _ExplodingPlanner(planner.plans)
    run = await run_scenarios([scenario("planner bug", 'Click "Log in"', "Explode", 'Click "Cancel"')], exploding)
    assert [s.status for s in run.scenarios[0].steps] == ["passed", "failed", "skipped"]
    failure = _case(run, "planner bug").find("failure")
    assert (
        failure is not None and failure.get("type") == "INTERNAL" and "step 2 failed" in (failure.get("message") or "")
    )


async def test_cancelled_is_an_error_and_never_started_is_skipped(planner: ScriptedPlanner) -> None:
    planner.block_on = "Hang"
    runner = Runner(planner, RunOptions())
    task = asyncio.create_task(
        runner.run([scenario("in flight", 'Click "Log in"', "Hang"), scenario("queued", 'Click "Cancel"')])
    )
    await asyncio.wait_for(planner.blocked.wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    run = runner.result
    assert _outcome(_case(run, "in flight")) == ["error"]
    assert _case(run, "in flight").find("error").get("type") == "CANCELLED"  # type: ignore[union-attr]
    assert _outcome(_case(run, "queued")) == ["skipped"]
    root = ET.fromstring(render_junit(run))
    assert (root.get("errors"), root.get("skipped"), root.get("failures")) == ("1", "1", "0")


async def test_flaky_passes_and_keeps_the_failed_attempt(planner: ScriptedPlanner) -> None:
    planner.fail_times['Click "Log in"'] = 1
    run = await run_scenarios([scenario("wobbly", 'Click "Log in"')], planner, RunOptions(retries=1))
    case = _case(run, "wobbly")
    assert _outcome(case) == ["flakyFailure"]  # passed: no failure, but the failed attempt is on record
    props: dict[str, Any] = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert props == {"attempts": "2", "flaky": "true"}
    assert "No such thing" in (case.find("flakyFailure").text or "")  # type: ignore[union-attr]


async def test_passed_has_no_outcome_element(planner: ScriptedPlanner) -> None:
    run = await run_scenarios([scenario("fine", 'Click "Log in"')], planner)
    case = _case(run, "fine")
    assert _outcome(case) == [] and case.find("properties") is None


def test_a_failed_step_without_an_error_code_shows_no_code_bracket() -> None:
    # A step can fail with no ErrorCode (a result the runner marks failed with only a message):
    # the report must not print "[None]" where the code would go.
    step = StepResult(index=0, text='Click "Save"', line=3, status="failed", error_message="the page said no")
    coded = StepResult(index=0, text='Click "Save"', line=3, status="failed", error_code="NOT_FOUND",
                       error_message="no Save button")  # fmt: skip
    run = RunResult(scenarios=[
        ScenarioResult(name="no code", source="suite/endings.yaml", line=1, status="failed", steps=[step]),
        ScenarioResult(name="coded", source="suite/endings.yaml", line=1, status="failed", steps=[coded]),
    ])  # fmt: skip
    xml = render_junit(run)
    assert "None" not in xml
    failure = _case(run, "no code").find("failure")
    assert failure is not None and failure.get("type") == "FAILED"
    assert failure.get("message") == 'step 1 failed: Click "Save" the page said no'
    assert "Error: the page said no" in (failure.text or "")
    coded_failure = _case(run, "coded").find("failure")
    assert coded_failure is not None and coded_failure.get("message") == 'step 1 failed: Click "Save" [NOT_FOUND] no Save button'
    assert "Error: [NOT_FOUND] no Save button" in (coded_failure.text or "")


def test_a_failed_step_with_neither_code_nor_message_says_so() -> None:
    step = StepResult(index=0, text='Click "Save"', line=3, status="failed")
    run = RunResult(scenarios=[ScenarioResult(name="bare", source="suite/endings.yaml", line=1, status="failed", steps=[step])])
    failure = _case(run, "bare").find("failure")
    assert failure is not None and failure.get("message") == 'step 1 failed: Click "Save" the step failed with no error code or message'
    assert "Error: the step failed with no error code or message" in (failure.text or "")
