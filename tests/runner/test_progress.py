"""What ``tapwright run`` prints: a live rich line in a terminal, plain lines in a pipe, and -q/-v."""

from __future__ import annotations

import io
import re
from pathlib import Path

from runner_support import ScriptedPlanner

from tapwright.runner.live import LiveProgress, make_progress
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.progress import TerminalProgress
from tapwright.runner.run import RunOptions, run_scenarios

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Pipe(io.StringIO):
    def isatty(self) -> bool:
        return False


def _scenarios() -> list[Scenario]:
    ok = Scenario("signs in", [StepSpec(text='Click "Log in"', line=2)], source="s.yaml", line=1, platform="fake")
    bad = Scenario("goes nowhere", [StepSpec(text='I should see "Nowhere"', line=5)], source="s.yaml", line=4,
                   platform="fake")  # fmt: skip
    return [ok, bad]


async def _run(planner: ScriptedPlanner, stream: io.StringIO, tmp_path: Path, **kw: bool) -> str:
    await run_scenarios(_scenarios(), planner, RunOptions(report_dir=tmp_path), progress=make_progress(stream, **kw))
    return ANSI.sub("", stream.getvalue())


def test_the_listener_depends_on_the_terminal() -> None:
    assert isinstance(make_progress(_Tty()), LiveProgress)
    assert isinstance(make_progress(_Pipe()), TerminalProgress)
    assert not isinstance(make_progress(_Tty(), quiet=True), LiveProgress)


async def test_terminal_gets_a_live_line_with_counts_and_eta(planner: ScriptedPlanner, tmp_path: Path) -> None:
    out = await _run(planner, _Tty(), tmp_path)
    assert "tapwright: running 2 scenarios" in out
    assert re.search(r"1/2 scenarios .*1 passed 0 failed", out), out  # redrawn while it runs
    assert "ETA" in out and re.search(r"\d:\d\d:\d\d", out)  # elapsed time
    assert re.search(r"PASSED signs in \(\d+\.\ds\)  s\.yaml:1", out)
    assert re.search(r"FAILED goes nowhere", out) and "step 1: I should see \"Nowhere\"" in out
    assert "2 scenarios: 1 passed, 1 failed" in out
    assert "✓ [1] Click" not in out  # steps only with --verbose


async def test_terminal_verbose_adds_steps_and_tool_calls(planner: ScriptedPlanner, tmp_path: Path) -> None:
    out = await _run(planner, _Tty(), tmp_path, verbose=True)
    assert '✓ [1] Click "Log in"' in out and "fake.click_at" in out


async def test_a_pipe_gets_plain_lines_without_escape_codes(planner: ScriptedPlanner, tmp_path: Path) -> None:
    stream = _Pipe()
    await run_scenarios(_scenarios(), planner, RunOptions(report_dir=tmp_path), progress=make_progress(stream))
    raw = stream.getvalue()
    assert "\x1b" not in raw and "\r" not in raw
    assert "[1/2] signs in  (s.yaml:1)" in raw and '✓ [1] Click "Log in"' in raw
    assert "[2/2] FAILED goes nowhere" in raw and "2 scenarios: 1 passed, 1 failed" in raw


async def test_quiet_prints_only_failures_and_the_summary(planner: ScriptedPlanner, tmp_path: Path) -> None:
    for stream in (_Tty(), _Pipe()):
        out = await _run(planner, stream, tmp_path, quiet=True)
        lines = [line for line in out.splitlines() if line.strip()]
        assert lines[0] == "1 failed scenario:" and "goes nowhere" in lines[1]
        assert lines[-1].startswith("2 scenarios: 1 passed, 1 failed in ") and len(lines) == 3, lines


async def test_with_jobs_a_pipe_gets_each_scenario_as_one_block(planner: ScriptedPlanner, tmp_path: Path) -> None:
    scenarios = [Scenario(f"case {i}", [StepSpec(text='Click "Log in"', line=2), StepSpec(text='Click "Cancel"', line=3)],
                          source=f"s{i}.yaml", line=1, platform="fake") for i in range(4)]  # fmt: skip
    stream = _Pipe()
    await run_scenarios(scenarios, planner, RunOptions(report_dir=tmp_path, jobs=4), progress=make_progress(stream, jobs=4))
    lines = [line for line in stream.getvalue().splitlines() if line.startswith(("[", "    "))]
    blocks: list[str] = []
    for line in lines:  # the scenario number of every line, in printed order
        match = re.match(r"\[(\d)(?:/4)?\]|    \S \[(\d)\]", line)
        assert match, line
        number = match.group(1) or match.group(2)
        if not blocks or blocks[-1] != number:
            blocks.append(number)
    assert sorted(blocks) == ["1", "2", "3", "4"]  # four blocks, one per scenario: nothing interleaved
    unheld = _Pipe()
    await run_scenarios(scenarios, planner, RunOptions(report_dir=tmp_path, jobs=4), progress=make_progress(unheld))
    assert '✓ [1] Click "Log in"' in unheld.getvalue()  # without jobs the lines come as they happen


async def test_the_live_line_of_one_scenario_says_scenario(planner: ScriptedPlanner, tmp_path: Path) -> None:
    stream = _Tty()
    await run_scenarios(_scenarios()[:1], planner, RunOptions(report_dir=tmp_path), progress=make_progress(stream))
    out = ANSI.sub("", stream.getvalue())
    assert re.search(r"1/1 scenario\b", out) and "1 scenarios" not in out and "/1 scenarios" not in out, out


async def test_a_step_run_after_a_failure_says_so(planner: ScriptedPlanner, tmp_path: Path) -> None:
    steps = [StepSpec(text='I should see "Nowhere"', line=2), StepSpec(text='Click "Log in"', line=3)]
    stream = _Pipe()
    scenario = Scenario("keeps going", steps, source="s.yaml", line=1, platform="fake")
    await run_scenarios([scenario], planner, RunOptions(report_dir=tmp_path, keep_going=True),
                        progress=make_progress(stream))  # fmt: skip
    lines = ANSI.sub("", stream.getvalue()).splitlines()
    failed = next(line for line in lines if line.startswith("    ") and "Nowhere" in line)
    after = next(line for line in lines if line.startswith("    ") and "Log in" in line)
    assert "[after a failed step]" not in failed and after.endswith("[after a failed step]")
