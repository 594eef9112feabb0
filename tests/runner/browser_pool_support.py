"""Scale out for real: two local Playwright servers as a pool of remote browsers (issue 17).

* A 20-scenario suite split 4 ways (each shard on the pool), then merged, equals the unsplit run.
* Killing one server mid-run loses no scenario: the ones it was running are retried once on the
  other server and marked with the endpoint that died.
* Every server and every Chromium they launched is gone afterwards (counted by process id).

The shared fixtures and helpers; the two tests are modules of their own (``test_browser_pool_*.py``)
so two pytest-xdist workers run them side by side.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from _support import serve
from tapwright.drivers.web import find_chromium
from tapwright.planners.factory import make_planner
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.progress import NullProgress
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.run import Runner, RunOptions
from tapwright.testing.playwright_server import PlaywrightServer

MARKS = [pytest.mark.slow, pytest.mark.timeout(1200)]

PAGE = """<!doctype html><title>Counter</title><h1>Counter</h1>
<button onclick="document.getElementById('out').textContent = 'Added ' + (++window.n)">Add</button>
<p id="out">Nothing yet</p><script>window.n = 0</script>"""


@pytest.fixture
def servers() -> Iterator[list[PlaywrightServer]]:
    pair = [PlaywrightServer(), PlaywrightServer()]
    try:
        yield pair
    finally:
        for server in pair:
            server.stop()
        # Each server's Chromium goes with it: nothing it started is left.
        left = set().union(*(server.leftovers() for server in pair))
        assert not left, f"processes left behind: {sorted(left)}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("site")
    (root / "counter.html").write_text(PAGE)
    with serve(root) as url:
        yield url


def _suite(n: int, *, wait: bool = False) -> list[Scenario]:
    steps = ["Go to /counter.html", 'Click "Add"', *(["Wait 1 second"] if wait else []), 'I should see "Added 1"']
    # Eight scenarios a file, in file and line order: the order a loaded suite has.
    return [Scenario(f"counter {i:02d}", [StepSpec(s) for s in steps], source=f"suite/f{i // 8}.yaml", line=i % 8 + 1)
            for i in range(n)]  # fmt: skip


def _options(site: str, servers: list[PlaywrightServer], report_dir: Path | None = None) -> RunOptions:
    web = {"browser_endpoints": [s.url for s in servers], "executable_path": find_chromium(), "jobs": 4}
    return RunOptions(base_url=site, jobs=4, report_dir=report_dir, screenshots=report_dir is not None, env_file=None,
                      platform_settings={"web": web})  # fmt: skip


class _Watch(NullProgress):
    """Kills the first server (SIGKILL, by its process id) once ``kill_after`` scenarios have finished, at
    the moment a scenario running on it has finished its first step (so one is surely mid-run there).

    A SIGKILL, not :meth:`PlaywrightServer.stop`: the server dies at once, as a crashed machine would,
    and the event loop is not held for the up to 20 s a graceful stop may wait for its connected client."""

    def __init__(self, servers: list[PlaywrightServer], kill_after: int | None = None) -> None:
        self.servers, self.kill_after, self.done, self.killed = servers, kill_after, 0, False

    def scenario_started(self, scenario: ScenarioResult) -> None:
        for server in self.servers:
            server.remember_children()

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        if self.kill_after is None or self.killed or self.done < self.kill_after:
            return
        if scenario.ran_on == self.servers[0].url and step.index == 0:
            self.killed = True
            self.servers[0].proc.kill()  # mid-run (SIGKILL: no graceful close): this scenario, maybe others, runs on it

    def scenario_finished(self, scenario: ScenarioResult) -> None:
        self.done += 1


def _failures(run: RunResult) -> list[tuple[str, str | None, str | None, list[str]]]:
    return [(s.name, s.message, s.failed_step.status_line if s.failed_step else None, s.lost) for s in run.scenarios if not s.ok]


async def _run(scenarios: list[Scenario], options: RunOptions, servers: list[PlaywrightServer], **watch: int):
    planner = make_planner("rules")
    try:
        return await Runner(planner, options, progress=_Watch(servers, **watch)).run(scenarios)
    finally:
        await planner.aclose()
