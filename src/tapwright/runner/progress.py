"""Live progress of a run: scenario and step lines on the terminal, and a final summary.

The runner calls a :class:`Progress` listener; :class:`TerminalProgress` prints, and
:class:`NullProgress` stays quiet (the pytest plugin, library use). With ``-j N``
several scenarios run at once, so every line carries its scenario number.
"""

from __future__ import annotations

import sys
from typing import Protocol

from tapwright.runner.results import RunResult, ScenarioResult, StepResult

# The recap line of a failed scenario keeps its step text and message to these lengths (one line each).
STEP_TEXT_LIMIT, MESSAGE_LIMIT = 60, 160

_MARKS = {"passed": "✓", "failed": "✗", "skipped": "-", "cancelled": "!", "flaky": "~"}
_COLORS = {"passed": "32", "failed": "31", "skipped": "33", "cancelled": "35", "flaky": "33"}


def _cut(text: str, limit: int) -> str:
    one_line = " ".join(text.split())
    return one_line if len(one_line) <= limit else one_line[: limit - 1].rstrip() + "…"


def recap_line(scenario: ScenarioResult) -> str:
    """One line saying why a scenario failed: name, ``file:line``, failing step, ``[CODE] message``.

    Long step texts and messages are cut (with "…") so each failed scenario stays one line.
    """
    return f"{scenario.name} {reason_line(scenario)}"


def reason_line(scenario: ScenarioResult) -> str:
    """:func:`recap_line` without the scenario's name: ``(file:line) step N "text": [CODE] message``."""
    failure = scenario.failure
    if failure is None:
        return f"({scenario.status})"
    parts: list[str] = []
    if failure.where:
        parts.append(f"({failure.where})")
    if failure.step is not None:
        phase = "" if failure.step.phase == "step" else f"{failure.step.phase} "
        parts.append(f"{phase}step {failure.step.index + 1} \"{_cut(failure.step.text, STEP_TEXT_LIMIT)}\"")
    reason = f"[{failure.code}] " if failure.code else ""
    head = " ".join(parts)
    return f"{head}: {reason}{_cut(failure.message, MESSAGE_LIMIT)}" if head else f"{reason}{_cut(failure.message, MESSAGE_LIMIT)}"


def failed_scenarios(run: RunResult) -> list[ScenarioResult]:
    """The scenarios a recap lists: failed ones, and ones cancelled while they ran."""
    return [s for s in run.scenarios if s.failure is not None]


class Stream(Protocol):
    """Where progress lines go (a text file such as ``sys.stdout``)."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...

    def isatty(self) -> bool: ...


class Progress(Protocol):
    """What the runner tells about a run as it goes."""

    def run_started(self, total: int) -> None: ...

    def scenario_started(self, scenario: ScenarioResult) -> None: ...

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None: ...

    def scenario_finished(self, scenario: ScenarioResult) -> None: ...

    def run_finished(self, run: RunResult) -> None: ...


class NullProgress:
    """A listener that ignores everything."""

    def run_started(self, total: int) -> None:
        return None

    def scenario_started(self, scenario: ScenarioResult) -> None:
        return None

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        return None

    def scenario_finished(self, scenario: ScenarioResult) -> None:
        return None

    def run_finished(self, run: RunResult) -> None:
        return None


class TerminalProgress:
    """Prints one line per scenario start, step and scenario end, then a summary.

    Args:
        stream: Where to write (stdout by default).
        color: ANSI colours; by default only when the stream is a terminal.
        verbose: Also print each step's tool calls.
        grouped: Hold a scenario's lines until it ends and print them together (``-j N`` in a
            log: the steps of scenarios running at once do not interleave).
    """

    def __init__(self, stream: Stream | None = None, *, color: bool | None = None, verbose: bool = False,
                 grouped: bool = False) -> None:  # fmt: skip
        self.stream: Stream = stream or sys.stdout
        self.color = self.stream.isatty() if color is None else color
        self.verbose = verbose
        self.grouped = grouped
        self.total = 0
        self._held: dict[int, list[str]] = {}  # scenario index -> its lines not printed yet (grouped)

    def _paint(self, status: str, text: str) -> str:
        return f"\x1b[{_COLORS.get(status, '0')}m{text}\x1b[0m" if self.color else text

    def _write(self, line: str, scenario: ScenarioResult | None = None) -> None:
        if self.grouped and scenario is not None:
            self._held.setdefault(scenario.index, []).append(line)
            return
        self.stream.write(line + "\n")
        self.stream.flush()

    def _release(self, index: int) -> None:
        lines = self._held.pop(index, [])
        if lines:
            self.stream.write("".join(line + "\n" for line in lines))
            self.stream.flush()

    def run_started(self, total: int) -> None:
        self.total = total
        self._write(f"tapwright: running {total} scenario{'s' if total != 1 else ''}")

    def scenario_started(self, scenario: ScenarioResult) -> None:
        where = f"  ({scenario.source}:{scenario.line})" if scenario.source and scenario.line else ""
        retry = f" [attempt {scenario.attempts}]" if scenario.attempts > 1 else ""
        self._write(f"[{scenario.index + 1}/{self.total}] {scenario.name}{retry}{where}", scenario)

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        mark = self._paint(step.status, _MARKS.get(step.status, "?"))
        phase = "" if step.phase == "step" else f"{step.phase}: "
        after = " [after a failed step]" if step.after_failure else ""
        line = f"    {mark} [{scenario.index + 1}] {phase}{step.text}  ({step.duration_ms:.0f} ms, {step.planner or '-'}){after}"
        self._write(line, scenario)
        if step.status in ("failed", "cancelled"):
            code = f"{self._paint('failed', step.error_code)}: " if step.error_code else ""
            self._write(f"        {code}{step.reason}", scenario)
        if self.verbose:
            for call in step.calls:
                self._write(f"        {call.get('tool')} {call.get('args')} -> {call.get('status_line', '')}", scenario)

    def scenario_finished(self, scenario: ScenarioResult) -> None:
        status = self._paint(scenario.status, scenario.status.upper())
        self._write(f"[{scenario.index + 1}/{self.total}] {status} {scenario.name} ({scenario.duration_ms / 1000:.1f}s)", scenario)
        failure = scenario.failure
        if failure is not None and failure.step is None:  # failed outside any step: no step line said why
            self._write(f"        {self._paint('failed', failure.text)}", scenario)
        self._release(scenario.index)

    def run_finished(self, run: RunResult) -> None:
        for index in sorted(self._held):  # scenarios an interruption cut short
            self._release(index)
        failed = failed_scenarios(run)
        if failed:
            self._write("")
            self._write(f"{len(failed)} failed scenario{'s' if len(failed) != 1 else ''}:")
            for s in failed:
                self._write(f"  {self._paint('failed', _MARKS[s.status])} {recap_line(s)}")
        status = "passed" if run.ok else "failed"
        self._write(self._paint(status, run.summary_line()))
