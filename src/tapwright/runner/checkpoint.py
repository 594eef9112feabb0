"""A run's ``trace.json`` kept current while it runs, so a run killed outright leaves what it did.

SIGTERM and Ctrl-C end a run cleanly with its reports written; SIGKILL, the out-of-memory killer
or a CI job's hard timeout give it no moment to write anything. :class:`Checkpoint` writes the
trace when the run starts (every scenario "not run") and again after each scenario finishes,
marked interrupted; the normal end of the run writes the full reports over it. A killed shard's
folder is then read by ``tapwright report merge`` like any other, its unfinished scenarios
shown as not run and the merged run as interrupted.

A write never costs the run more than a tenth of its time: when writing took long (a huge
suite), the next write waits until nine times as long has passed since.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from tapwright.runner.progress import Progress
from tapwright.runner.reports import JSON_NAME, render_json
from tapwright.runner.reports import _write_atomic as write_atomic
from tapwright.runner.results import RunResult, ScenarioResult, StepResult


class Checkpoint:
    """A progress listener that passes everything to ``inner`` and keeps ``folder/trace.json`` current."""

    def __init__(self, inner: Progress, run: RunResult, folder: Path) -> None:
        self.inner = inner
        self.run = run
        self.path = folder / JSON_NAME
        self.writes = 0
        self._next = 0.0

    def run_started(self, total: int) -> None:
        self.inner.run_started(total)
        self.save(force=True)

    def scenario_started(self, scenario: ScenarioResult) -> None:
        self.inner.scenario_started(scenario)

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        self.inner.step_finished(scenario, step)

    def scenario_finished(self, scenario: ScenarioResult) -> None:
        self.inner.scenario_finished(scenario)
        self.save()

    def run_finished(self, run: RunResult) -> None:
        self.inner.run_finished(run)

    def save(self, *, force: bool = False) -> None:
        """Write the run so far (never raises: a checkpoint that cannot be written is skipped)."""
        now = time.monotonic()
        if not force and now < self._next:
            return
        run = self.run
        so_far = RunResult(scenarios=list(run.scenarios), started_at=run.started_at,
                           duration_ms=(time.time() - run.started_at) * 1000, interrupted=True, planner=run.planner,
                           jobs=run.jobs, shard=run.shard)  # fmt: skip
        with contextlib.suppress(OSError):
            write_atomic(self.path, render_json(so_far))
            self.writes += 1
        self._next = time.monotonic() + (time.monotonic() - now) * 9
