"""The runner over the fake screen: statuses, skipping, plan errors, retries, parallelism, cancellation."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from runner_support import ScriptedPlanner, see

from tapwright.errors import UserError
from tapwright.planners.base import Usage
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.run import Runner, RunOptions, run_scenarios


def scenario(name: str, *steps: str, **kw: object) -> Scenario:
    return Scenario(name, [StepSpec(text=s, line=i + 2) for i, s in enumerate(steps)], source="suite.yaml", line=1,
                    platform="fake", **kw)  # type: ignore[arg-type]  # fmt: skip


async def test_passing_scenario_records_plan_trace_and_screenshots(planner: ScriptedPlanner, tmp_path: Path) -> None:
    sc = scenario("login", 'Type "alice" into Username', 'Click "Log in"', 'I should see "Sign in"')
    run = await run_scenarios([sc], planner, RunOptions(report_dir=tmp_path))
    result = run.scenarios[0]
    assert run.ok and result.status == "passed"
    assert [s.status for s in result.steps] == ["passed"] * 3
    click = result.steps[1]
    assert click.planner == "scripted"
    assert [c["tool"] for c in click.calls] == ["fake.locate", "fake.click_at"]
    assert click.calls[1]["args"] == {"x": 100, "y": 270}  # resolved from the locate output
    assert click.status_line.startswith("TAPPED")
    assert click.plan is not None and click.plan["steps"][0]["tool"] == "fake.locate"
    for step in result.steps:
        assert step.screenshot is not None and (tmp_path / step.screenshot).is_file()
        assert step.screenshot.endswith(".webp")
    # the fake screen looks the same after every step: one file, linked by all three steps
    assert len({s.screenshot for s in result.steps}) == 1
    assert len(list((tmp_path / "screenshots").rglob("*.*"))) == 1


async def test_a_changed_screen_gets_its_own_screenshot(
    planner: ScriptedPlanner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tapwright.drivers import fake

    pictures = iter([b"screen A", b"screen A", b"screen B"])
    monkeypatch.setattr(fake, "_blank_png", lambda w, h: next(pictures))
    sc = scenario("login", 'Type "alice" into Username', 'Click "Log in"', 'I should see "Sign in"')
    run = await run_scenarios([sc], planner, RunOptions(report_dir=tmp_path))
    first, second, third = (s.screenshot for s in run.scenarios[0].steps)
    assert first == second and third != first and third is not None
    assert sorted(p.read_bytes() for p in (tmp_path / "screenshots").rglob("*.*")) == [b"screen A", b"screen B"]


def test_sources_are_shown_relative_to_the_start_folder(tmp_path: Path) -> None:
    from tapwright.runner.run import display_path

    assert display_path(str(tmp_path / "tests" / "a.yaml"), tmp_path) == "tests/a.yaml"
    assert display_path(str(tmp_path / "a.yaml"), tmp_path / "sub") == "../a.yaml"
    assert display_path("tests/a.yaml", tmp_path) == "tests/a.yaml"
    assert display_path("", tmp_path) == ""


async def test_an_absolute_source_is_recorded_relative_to_the_cwd(
    planner: ScriptedPlanner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    sc = scenario("login", 'Click "Log in"')
    sc.source = str(tmp_path / "suite" / "login.yaml")
    run = await run_scenarios([sc], planner)
    assert run.scenarios[0].source == "suite/login.yaml"


async def test_failed_step_skips_the_rest_and_next_scenario_runs(planner: ScriptedPlanner) -> None:
    bad = scenario("bad", 'Click "Log in"', 'I should see "Nowhere"', 'Click "Cancel"', 'I should see "Sign in"')
    good = scenario("good", 'Click "Cancel"')
    run = await run_scenarios([bad, good], planner)
    first, second = run.scenarios
    assert first.status == "failed" and second.status == "passed"
    assert [s.status for s in first.steps] == ["passed", "failed", "skipped", "skipped"]
    failed = first.failed_step
    assert failed is not None and failed.index == 1
    assert failed.error_code in ("ELEMENT_NOT_FOUND", "ASSERTION_FAILED") and "Nowhere" in (failed.error_message or "")
    assert first.steps[2].status_line.startswith("SKIPPED")
    assert not run.ok and run.counts() == {"passed": 1, "failed": 1, "flaky": 0, "skipped": 0, "cancelled": 0, "total": 2}


async def test_keep_going_runs_the_steps_after_a_failure_and_marks_them(planner: ScriptedPlanner) -> None:
    bad = scenario("bad", 'Click "Log in"', 'I should see "Nowhere"', 'Click "Cancel"', 'I should see "Gone too"')
    run = await run_scenarios([bad], planner, RunOptions(keep_going=True))
    steps = run.scenarios[0].steps
    assert run.scenarios[0].status == "failed"  # a later pass does not make the scenario pass
    assert [s.status for s in steps] == ["passed", "failed", "passed", "failed"]
    assert [s.after_failure for s in steps] == [False, False, True, True]
    failed = run.scenarios[0].failed_step
    assert failed is not None and failed.index == 1  # the first failure is the scenario's reason
    assert steps[2].to_dict()["after_failure"] is True


async def test_unplannable_step_fails_with_plan_invalid(planner: ScriptedPlanner) -> None:
    run = await run_scenarios([scenario("x", "Frobnicate the widget", 'Click "Log in"')], planner)
    step = run.scenarios[0].steps[0]
    assert step.status == "failed" and step.error_code == "PLAN_INVALID"
    assert "Frobnicate" in (step.error_message or "") and step.trace is None
    assert run.scenarios[0].steps[1].status == "skipped"


async def test_explicit_plan_steps_skip_the_planner(planner: ScriptedPlanner) -> None:
    sc = Scenario("explicit", [StepSpec(plan=see("Log in")), StepSpec(plan={"steps": [{"tool": "nope.tool"}]})], platform="fake")
    run = await run_scenarios([sc], planner)
    ok, bad = run.scenarios[0].steps
    assert ok.status == "passed" and ok.planner == "explicit" and not planner.calls
    assert bad.status == "failed" and bad.error_code == "UNKNOWN_TOOL"


async def test_setup_and_teardown_run_and_teardown_survives_a_failure(planner: ScriptedPlanner) -> None:
    sc = scenario("with fixtures", 'I should see "Nowhere"', 'Click "Log in"')
    sc.setup = [StepSpec(text='I should see "Sign in"')]
    sc.teardown = [StepSpec(text="Tidy up")]
    run = await run_scenarios([sc], planner)
    steps = run.scenarios[0].steps
    assert [(s.phase, s.status) for s in steps] == [
        ("setup", "passed"), ("step", "failed"), ("step", "skipped"), ("teardown", "passed")
    ]  # fmt: skip


async def test_retries_mark_a_scenario_flaky(planner: ScriptedPlanner) -> None:
    planner.fail_times['Click "Log in"'] = 1
    run = await run_scenarios([scenario("wobbly", 'Click "Log in"')], planner, RunOptions(retries=2))
    result = run.scenarios[0]
    assert result.status == "flaky" and result.ok and run.ok
    assert result.attempts == 2 and len(result.previous) == 1
    assert result.previous[0].status == "failed"


async def test_retries_give_up_after_n(planner: ScriptedPlanner) -> None:
    run = await run_scenarios([scenario("broken", 'I should see "Nowhere"')], planner, RunOptions(retries=2))
    result = run.scenarios[0]
    assert result.status == "failed" and result.attempts == 3 and len(result.previous) == 2


async def test_parallel_gives_the_same_results_as_serial(planner: ScriptedPlanner) -> None:
    suite = [
        scenario(f"s{i}", 'Click "Log in"', 'I should see "Nowhere"' if i % 3 == 0 else 'Click "Cancel"') for i in range(7)
    ]

    def shape(run: object) -> list[tuple[str, str, list[str]]]:
        return [(s.name, s.status, [st.status for st in s.steps]) for s in run.scenarios]  # type: ignore[attr-defined]

    serial = await run_scenarios(suite, planner, RunOptions(jobs=1))
    parallel = await run_scenarios(suite, planner, RunOptions(jobs=3))
    assert shape(serial) == shape(parallel)
    assert [s.index for s in parallel.scenarios] == list(range(7))


async def test_cancellation_keeps_what_ran(planner: ScriptedPlanner, tmp_path: Path) -> None:
    planner.block_on = "Hang"
    runner = Runner(planner, RunOptions(report_dir=tmp_path))
    suite = [scenario("first", 'Click "Log in"'), scenario("second", 'Click "Log in"', "Hang", 'Click "Cancel"'),
             scenario("third", 'Click "Cancel"')]  # fmt: skip
    task = asyncio.create_task(runner.run(suite))
    await asyncio.wait_for(planner.blocked.wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    run = runner.result
    assert run.interrupted and not run.ok
    assert [s.status for s in run.scenarios] == ["passed", "cancelled", "skipped"]
    assert [s.status for s in run.scenarios[1].steps] == ["passed", "cancelled", "skipped"]
    assert run.scenarios[1].steps[1].error_code == "CANCELLED"
    assert [s.text for s in run.scenarios[2].steps] == ['Click "Cancel"']


async def test_usage_is_summed_per_scenario_and_run(planner: ScriptedPlanner) -> None:
    planner.usage = Usage(llm_calls=1, prompt_tokens=100, completion_tokens=20)
    run = await run_scenarios([scenario("a", 'Click "Log in"', 'Click "Cancel"'), scenario("b", 'Click "Cancel"')], planner)
    assert run.scenarios[0].steps[0].usage == {"llm_calls": 1, "prompt_tokens": 100, "completion_tokens": 20, "latency_ms": 0.0}
    assert run.scenarios[0].usage()["prompt_tokens"] == 200
    assert run.usage()["llm_calls"] == 3


async def test_unknown_namespace_is_a_usage_error(planner: ScriptedPlanner) -> None:
    with pytest.raises(UserError, match=r"unknown platform .teleport.; installed: .*fake.*web"):
        await run_scenarios([Scenario("x", [StepSpec("Click")], platform="teleport")], planner)


async def test_missing_secret_fails_the_step_that_needs_it(planner: ScriptedPlanner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CANARY_PW", raising=False)
    sc = scenario("needs a secret", "Type the password", secrets=["CANARY_PW"])
    run = await run_scenarios([sc], planner, RunOptions(env_file=None))
    step = run.scenarios[0].steps[0]
    assert step.status == "failed" and step.error_code == "UNRESOLVED_PLACEHOLDER"


async def test_the_rules_planner_records_how_each_step_was_read(tmp_path: Path) -> None:
    from tapwright.planners.factory import make_planner
    from tapwright.runner.reports.html import render_html

    sc = scenario("read", 'Click "Log in" to continue')
    run = await run_scenarios([sc], make_planner("rules"), RunOptions(report_dir=tmp_path))
    step = run.scenarios[0].steps[0]
    assert step.status == "passed" and step.planner == "rules"
    assert step.reading[0] == "call 1 fake.locate: target='\"Log in\"'"
    assert "commentary, not acted on: to continue" in step.reading
    assert step.to_dict()["reading"] == step.reading
    page = render_html(run, tmp_path)
    assert "how the step was read" in page and "commentary, not acted on: to continue" in page
