"""The live progress line of ``tapwright run`` in a terminal (rich), and the choice of listener.

In a terminal the bottom line is redrawn in place: scenarios done / total, passed,
failed, elapsed time, an ETA and the step that is running. A line per finished
scenario (with the failing step's error) scrolls above it; ``--verbose`` adds a line
per step and per tool call. Without a terminal (CI logs, pipes) the plain
:class:`~tapwright.runner.progress.TerminalProgress` lines are printed instead.
"""

from __future__ import annotations

import time
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, ProgressColumn, Task, TextColumn, TimeElapsedColumn
from rich.table import Column
from rich.text import Text

from tapwright.runner.progress import NullProgress, Stream, TerminalProgress, failed_scenarios, recap_line
from tapwright.runner.progress import Progress as ProgressListener
from tapwright.runner.results import RunResult, ScenarioResult, StepResult

_STYLE = {"passed": "green", "failed": "red", "skipped": "yellow", "cancelled": "magenta", "flaky": "yellow"}
_MARKS = {"passed": "✓", "failed": "✗", "skipped": "-", "cancelled": "!", "flaky": "~"}


class _Eta(ProgressColumn):
    """Time left, from the mean scenario time so far (rich's own estimate needs a steady rate)."""

    def __init__(self) -> None:
        super().__init__(table_column=Column(no_wrap=True, min_width=9))

    def render(self, task: Task) -> Text:
        done, total, elapsed = task.completed, task.total or 0, task.elapsed or 0.0
        if not done or done >= total:
            return Text("ETA --:--", style="dim")
        left = int(elapsed / done * (total - done))
        return Text(f"ETA {left // 60:02d}:{left % 60:02d}", style="cyan")


class LiveProgress:
    """A rich live line at the bottom of the terminal, with finished scenarios printed above.

    Args:
        console: The rich console (a terminal).
        verbose: Also print every step and its tool calls.
    """

    def __init__(self, console: Console, *, verbose: bool = False) -> None:
        self.console = console
        self.verbose = verbose
        self.passed = self.failed = 0
        self.running: dict[int, str] = {}
        self._started = time.monotonic()
        self._bar = Progress(
            TextColumn("[bold]{task.completed}/{task.total}[/] {task.fields[noun]}", table_column=Column(no_wrap=True)),
            BarColumn(bar_width=20),
            TextColumn("[green]{task.fields[passed]} passed[/] [red]{task.fields[failed]} failed[/]",
                       table_column=Column(no_wrap=True)),
            TimeElapsedColumn(),
            _Eta(),
            # The running step takes what is left of the line and is cut with "…", never wrapped.
            TextColumn("[dim]{task.fields[now]}[/]", table_column=Column(no_wrap=True, overflow="ellipsis", ratio=1)),
            console=console,
            transient=True,
        )
        self._task: Any = None

    def _update(self) -> None:
        now = next(iter(self.running.values()), "")
        self._bar.update(self._task, passed=self.passed, failed=self.failed, now=now[:60])
        self._bar.refresh()  # draw now, not at the next timer tick: a short scenario would never show

    def run_started(self, total: int) -> None:
        self._started = time.monotonic()
        self.console.print(f"tapwright: running {total} scenario{'s' if total != 1 else ''}")
        noun = "scenario" if total == 1 else "scenarios"  # "0/1 scenario", never "1 scenarios"
        self._task = self._bar.add_task("run", total=total, passed=0, failed=0, now="", noun=noun)
        self._bar.start()

    def scenario_started(self, scenario: ScenarioResult) -> None:
        self.running[scenario.index] = scenario.name
        self._update()

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        self.running[scenario.index] = f"{scenario.name} › {step.text}"
        if self.verbose:
            mark = Text(_MARKS.get(step.status, "?"), style=_STYLE.get(step.status, ""))
            line = Text("    ").append(mark).append(f" [{scenario.index + 1}] {step.text}  ({step.duration_ms:.0f} ms)")
            self.console.print(line)
            for call in step.calls:
                self.console.print(Text(f"        {call.get('tool')} {call.get('args')} -> {call.get('status_line', '')}"))
        self._update()

    def scenario_finished(self, scenario: ScenarioResult) -> None:
        self.running.pop(scenario.index, None)
        if scenario.ok:
            self.passed += 1
        elif scenario.status in ("failed", "cancelled"):
            self.failed += 1
        style = _STYLE.get(scenario.status, "")
        where = f"  {scenario.source}:{scenario.line}" if scenario.source and scenario.line else ""
        line = Text(f"{scenario.status.upper():>9} ", style=f"bold {style}").append(scenario.name)
        line.append(f" ({scenario.duration_ms / 1000:.1f}s){where}", style="dim")
        self.console.print(line)
        failure = scenario.failure
        if failure is not None:
            if failure.step is not None:
                self.console.print(Text(f"          step {failure.step.index + 1}: {failure.step.text}", style="red"))
            self.console.print(Text(f"          {failure.text}", style="red"))
        self._bar.advance(self._task)
        self._update()

    def run_finished(self, run: RunResult) -> None:
        self._bar.stop()
        failed = failed_scenarios(run)
        if failed:
            self.console.print()
            self.console.print(Text(f"{len(failed)} failed scenario{'s' if len(failed) != 1 else ''}:", style="bold red"))
            for scenario in failed:
                mark = Text(f"  {_MARKS[scenario.status]} ", style=_STYLE[scenario.status])
                self.console.print(mark.append(recap_line(scenario)), soft_wrap=True)
        style = "bold green" if run.ok else "bold red"
        self.console.print(Text(run.summary_line(), style=style))


def make_progress(stream: Stream, *, verbose: bool = False, quiet: bool = False, jobs: int = 1) -> ProgressListener:
    """The listener for ``tapwright run``: a live line in a terminal, plain lines otherwise.

    Args:
        stream: Where output goes (``sys.stdout``).
        verbose: Print every step and tool call.
        quiet: Print only the summary (and the failed scenarios); no live line.
        jobs: Scenarios run at once; above 1, plain lines are printed a scenario at a time.

    Returns:
        :class:`LiveProgress` when ``stream`` is a terminal and not quiet, else :class:`TerminalProgress`.
    """
    if quiet:
        return _QuietProgress(stream)
    if stream.isatty():
        return LiveProgress(Console(file=stream, force_terminal=True), verbose=verbose)  # type: ignore[arg-type]
    return TerminalProgress(stream, verbose=verbose, grouped=jobs > 1)


class _QuietProgress(NullProgress):
    """``--quiet``: the failed scenarios and the summary line, nothing while it runs."""

    def __init__(self, stream: Stream) -> None:
        self._plain = TerminalProgress(stream)

    def run_finished(self, run: RunResult) -> None:
        self._plain.run_finished(run)
