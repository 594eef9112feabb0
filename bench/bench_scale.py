"""Scale out (issue 17): scenarios per minute on one vs two local Playwright servers, and merge time.

1. The demo suite (examples/tests/passing) run with -j 2 through a pool of one, then two,
   Playwright servers (``playwright run-server`` on 127.0.0.1): scenarios per minute, median of
   runs, and the ratio. On a two-core machine the browsers compete for the same cores, so two
   servers cannot be much faster than one here; the ratio shows what the pool costs or gains.
2. Merging 4 shards x 1,000 scenarios of synthetic results (target <= 2 s).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from tapwright.demo import DemoServer
from tapwright.drivers.web import find_chromium
from tapwright.planners.factory import make_planner
from tapwright.runner.cases import load_cases
from tapwright.runner.reports import write_reports
from tapwright.runner.reports.merge import merge_runs
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.run import Runner, RunOptions
from tapwright.testing.playwright_server import PlaywrightServer

REPO = Path(__file__).resolve().parents[1]
RUNS = int(os.environ.get("TAPWRIGHT_BENCH_RUNS", "3"))


async def _suite_rate(url: str, endpoints: list[str]) -> float:
    scenarios = load_cases([REPO / "examples" / "tests" / "passing"])
    web = {"browser_endpoints": endpoints, "executable_path": find_chromium(), "jobs": 2}
    options = RunOptions(base_url=url, jobs=2, screenshots=False, env_file=None, platform_settings={"web": web})
    planner = make_planner("rules")
    started = time.perf_counter()
    try:
        run = await Runner(planner, options).run(scenarios)
    finally:
        await planner.aclose()
    elapsed = time.perf_counter() - started
    if not run.ok:
        raise SystemExit(f"the demo suite failed on the pool: {run.summary_line()}")
    return len(scenarios) / elapsed * 60


def _synthetic_shards(root: Path, per_shard: int = 1000, total: int = 4) -> list[Path]:
    folders = []
    for k in range(1, total + 1):
        folder = root / f"shard-{k}-of-{total}"
        scenarios = []
        for i in range(per_shard):
            n = k * per_shard + i
            steps = [StepResult(index=j, text=f"step {j}", status="passed", duration_ms=12.5, status_line="OK") for j in range(4)]
            scenarios.append(ScenarioResult(name=f"scenario {n}", source=f"tests/f{n % 50}.yaml", line=n, status="passed",
                                            steps=steps, duration_ms=400.0, attempts=1))  # fmt: skip
        write_reports(RunResult(scenarios=scenarios, shard={"index": k, "total": total}), folder)
        folders.append(folder)
    return folders


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folders = _synthetic_shards(Path(tmp) / "in")
        times = []
        for i in range(RUNS):
            started = time.perf_counter()
            merged = merge_runs(folders, Path(tmp) / f"out{i}")
            times.append(time.perf_counter() - started)
        assert len(merged.run.scenarios) == 4000
        median = statistics.median(times)
        print(f"merge 4 shards x 1,000 scenarios: median {median:.2f} s over {RUNS} runs (target <= 2 s: "
              f"{'met' if median <= 2 else 'MISSED'})")  # fmt: skip
    # The demo server reads the password when it starts; the suite types $DEMO_PASSWORD.
    os.environ.setdefault("DEMO_PASSWORD", "demo-pass-123")
    with PlaywrightServer() as first, PlaywrightServer() as second, DemoServer("127.0.0.1", 0) as demo:
        one = [asyncio.run(_suite_rate(demo.url, [first.url])) for _ in range(RUNS)]
        two = [asyncio.run(_suite_rate(demo.url, [first.url, second.url])) for _ in range(RUNS)]
    m1, m2 = statistics.median(one), statistics.median(two)
    print(f"demo suite, -j 2: one Playwright server {m1:.1f} scenarios/min, two servers {m2:.1f} scenarios/min "
          f"(x{m2 / m1:.2f}; medians of {RUNS} runs; two cores shared by both servers)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
