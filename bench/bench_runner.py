"""The runner's speed: the demo suite at -j 1 and -j 2, and tapwright vs raw Playwright per step.

1. Wall time of ``examples/tests/passing`` against the demo shop with ``-j 1`` and
   ``-j 2`` (screenshots on, as ``tapwright run`` does by default): medians and the ratio.
2. Time per step of the issue's sign-in scenario (7 steps, 9 actions) written in plain
   English and run by the runner with the offline planner, against the same actions
   written by hand in raw Playwright, in the same browser, interleaved so both see the
   same machine load. Compared without screenshots (like for like) and with a
   screenshot after every step on both sides. Target: tapwright <= 1.3x raw per step.

Environment: BENCH_REPEATS (suite runs per -j value, default 3), BENCH_ITERATIONS
(sign-in iterations per variant, default 10).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tapwright.demo import DemoServer
from tapwright.drivers.web import BrowserOptions, WebBrowser, find_chromium
from tapwright.platforms import Runtimes
from tapwright.registry.registry import Registry
from tapwright.runner.cases import load_cases
from tapwright.runner.model import Scenario
from tapwright.runner.planning import make_planner
from tapwright.runner.run import RunOptions, run_scenarios

REPO = Path(__file__).resolve().parents[1]
PASSWORD = "bench-pw-123"
TARGET = 1.3


async def _suite(url: str, browser: WebBrowser, jobs: int, report_dir: Path, registry: Registry) -> float:
    scenarios = load_cases([REPO / "examples" / "tests" / "passing"])
    started = time.perf_counter()
    run = await run_scenarios(scenarios, make_planner("rules"), RunOptions(base_url=url, jobs=jobs, report_dir=report_dir,
                              env_file=None), registry=registry,
                              runtimes=Runtimes(settings={"web": {"browser": browser}}))  # fmt: skip
    elapsed = time.perf_counter() - started
    if not run.ok:
        raise SystemExit(f"the demo suite failed at -j {jobs}: {run.summary_line()}")
    return elapsed


async def _raw_sign_in(browser: Any, url: str, shots: Path | None) -> None:
    """The sign-in scenario by hand: the same actions and checks as the YAML's seven steps."""
    from playwright.async_api import Error as PlaywrightError
    from playwright.async_api import expect

    context = await browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    n = 0

    async def shot() -> None:
        nonlocal n
        n += 1
        if shots is not None:
            # Like the runner: a screenshot taken while the page navigates may fail; it is not the test.
            with contextlib.suppress(PlaywrightError):
                await page.screenshot(path=str(shots / f"raw-{n}.png"))

    try:
        await page.goto("/login")
        await shot()
        await page.get_by_label("Username").fill("alice")
        await shot()
        await page.get_by_label("Password").fill(PASSWORD)
        await shot()
        await page.get_by_role("button", name="Sign in").click()
        await shot()
        await expect(page.get_by_text("Welcome, alice")).to_be_visible()
        await shot()
        await page.get_by_label("Size").select_option(label="Large")
        await page.get_by_label("Gift wrap").check()
        await page.get_by_role("button", name="Add to cart").click()
        await shot()
        await expect(page.locator("#cart-badge")).to_have_text("1")
        await shot()
    finally:
        await context.close()


async def _tapwright_sign_in(scenario: Scenario, url: str, browser: WebBrowser, registry: Registry,
                             shots: Path | None) -> None:  # fmt: skip
    options = RunOptions(base_url=url, report_dir=shots, screenshots=shots is not None, env_file=None)
    runtimes = Runtimes(settings={"web": {"browser": browser}})  # share the bench's browser, as the raw side does
    run = await run_scenarios([scenario], make_planner("rules"), options, registry=registry, runtimes=runtimes)
    if not run.ok:
        raise SystemExit(f"the sign-in scenario failed: {run.scenarios[0].failed_step}")


async def _per_step(url: str, browser: WebBrowser, registry: Registry, tmp: Path, iterations: int) -> dict[str, float]:
    (scenario,) = load_cases([REPO / "examples" / "tests" / "passing" / "sign-in-and-cart.yaml"])
    steps = len(scenario.steps)
    times: dict[str, list[float]] = {"raw": [], "tapwright": [], "raw+shots": [], "tapwright+shots": []}
    shots = tmp / "shots"
    shots.mkdir()
    for i in range(iterations + 1):  # the first round warms up both sides and is dropped
        for name in times:
            with_shots = shots if name.endswith("+shots") else None
            started = time.perf_counter()
            if name.startswith("raw"):
                await _raw_sign_in(browser.browser, url, with_shots)
            else:
                await _tapwright_sign_in(scenario, url, browser, registry, with_shots)
            if i:
                times[name].append((time.perf_counter() - started) * 1000 / steps)
    return {name: statistics.median(values) for name, values in times.items()}


async def _main() -> int:
    repeats = int(os.environ.get("BENCH_REPEATS", "3"))
    iterations = int(os.environ.get("BENCH_ITERATIONS", "10"))
    os.environ["DEMO_PASSWORD"] = PASSWORD
    registry = Registry.default()
    browser = await WebBrowser.launch(BrowserOptions(executable_path=find_chromium()))
    try:
        with DemoServer("127.0.0.1", 0, password=PASSWORD) as server, tempfile.TemporaryDirectory() as tmp_name:
            tmp = Path(tmp_name)
            walls: dict[int, list[float]] = {1: [], 2: []}
            for r in range(repeats):
                for jobs in (1, 2):
                    walls[jobs].append(await _suite(server.url, browser, jobs, tmp / f"suite-{jobs}-{r}", registry))
            per_step = await _per_step(server.url, browser, registry, tmp, iterations)
    finally:
        await browser.aclose()
    j1, j2 = statistics.median(walls[1]), statistics.median(walls[2])
    print(f"demo suite (13 scenarios, screenshots on), median of {repeats}:")
    print(f"  -j 1: {j1:.2f} s   -j 2: {j2:.2f} s   speed-up x{j1 / j2:.2f} (ratio j2/j1 {j2 / j1:.2f})")
    print(f"time per step, sign-in scenario (7 steps), median of {iterations}:")
    for name, value in per_step.items():
        print(f"  {name:16} {value:7.1f} ms/step")
    plain = per_step["tapwright"] / per_step["raw"]
    shot = per_step["tapwright+shots"] / per_step["raw+shots"]
    print(f"  tapwright / raw Playwright: x{plain:.2f} without screenshots, x{shot:.2f} with (target <= x{TARGET})")
    met = plain <= TARGET
    print(f"  target {'met' if met else 'NOT met'} (without screenshots)")
    return 0


def main() -> int:
    return asyncio.run(_main())


if __name__ == "__main__":
    sys.exit(main())
