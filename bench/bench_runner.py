"""The runner's speed: the demo suite at -j 1 and -j 2, and tapwright vs raw Playwright per step.

1. Wall time of ``examples/tests/passing`` against the demo shop with ``-j 1`` and
   ``-j 2`` (screenshots on, as ``tapwright run`` does by default): medians and the ratio.
2. Time per step of the issue's sign-in scenario (7 steps, 9 actions) written in plain
   English and run by the runner with the offline planner, against the same actions
   written by hand in raw Playwright, in the same browser, interleaved so both see the
   same machine load. Compared without screenshots (like for like) and with a
   screenshot after every step on both sides. Target: tapwright <= 1.2x raw per step (without screenshots).
3. The same on a real app: ``bench/scenarios/django-admin-search.yaml`` (sign in to the app
   zoo's Django admin, a tuning app, and search its products; 9 steps) against the same steps in
   raw Playwright, interleaved, without screenshots, with each side's time per step. The app is
   started with ``zoo/zoo.py start django-admin --detach`` (installed on first use) and stopped
   again if the bench started it. Target: tapwright <= 1.3x raw per step.
4. What following new tabs costs: the sign-in scenario (part 2) run by the runner as it is, and with
   the driver's ``follow_new_tabs`` turned into nothing (no tab looked for before or after a step),
   interleaved, without screenshots. Target: following costs at most 5 % per step (ratio <= 1.05).

Environment: BENCH_REPEATS (suite runs per -j value, default 3), BENCH_ITERATIONS
(sign-in and real-app iterations per variant, default 10), BENCH_PARTS (which of ``suite``,
``sign-in``, ``real-app`` to run, comma-separated; default all).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import subprocess
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
TARGET = 1.2  # the demo sign-in scenario, without screenshots
REAL_APP = "django-admin"  # a tuning app (zoo/split.yaml)
REAL_APP_SCENARIO = REPO / "bench" / "scenarios" / "django-admin-search.yaml"
REAL_APP_PASSWORD = "zoo-admin-pw"  # the zoo's seeded login (zoo/apps/django-admin/app.yaml)
REAL_APP_TARGET = 1.3
TABS_TARGET = 1.05  # what following new tabs may cost per step


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


@contextlib.contextmanager
def _tabs_not_followed() -> Any:
    """The web driver as it would be without following tabs: ``follow_new_tabs`` does nothing, so every
    ``followed_tabs`` call returns at once (what the runner pays per step for following is the rest)."""
    from tapwright.drivers.web.session import WebSession

    saved = WebSession.follow_new_tabs
    WebSession.follow_new_tabs = lambda self: None  # type: ignore[method-assign]
    try:
        yield
    finally:
        WebSession.follow_new_tabs = saved  # type: ignore[method-assign]


async def _per_step(url: str, browser: WebBrowser, registry: Registry, tmp: Path, iterations: int) -> dict[str, float]:
    (scenario,) = load_cases([REPO / "examples" / "tests" / "passing" / "sign-in-and-cart.yaml"])
    steps = len(scenario.steps)
    times: dict[str, list[float]] = {"raw": [], "tapwright": [], "raw+shots": [], "tapwright+shots": [],
                                     "tapwright, no tabs": []}  # fmt: skip
    shots = tmp / "shots"
    shots.mkdir()
    for i in range(iterations + 1):  # the first round warms up both sides and is dropped
        for name in times:
            with_shots = shots if name.endswith("+shots") else None
            started = time.perf_counter()
            if name.startswith("raw"):
                await _raw_sign_in(browser.browser, url, with_shots)
            elif name.endswith("no tabs"):
                with _tabs_not_followed():
                    await _tapwright_sign_in(scenario, url, browser, registry, with_shots)
            else:
                await _tapwright_sign_in(scenario, url, browser, registry, with_shots)
            if i:
                times[name].append((time.perf_counter() - started) * 1000 / steps)
    return {name: statistics.median(values) for name, values in times.items()}


async def _raw_real_app(browser: Any, url: str, laps: list[float]) -> None:
    """The real-app scenario by hand, step by step; appends each step's milliseconds to ``laps``."""
    from playwright.async_api import expect

    last = time.perf_counter()  # the first step pays for the new context, as the runner's does
    context = await browser.new_context(base_url=url, viewport={"width": 1280, "height": 800})
    page = await context.new_page()

    def lap() -> None:
        nonlocal last
        now = time.perf_counter()
        laps.append((now - last) * 1000)
        last = now

    try:
        await page.goto("/admin/login/")
        lap()
        await page.get_by_label("Username").fill("admin")
        lap()
        await page.get_by_label("Password").fill(REAL_APP_PASSWORD)
        lap()
        await page.get_by_role("button", name="Log in").click()
        lap()
        await page.get_by_role("link", name="Products", exact=True).click()
        lap()
        await page.get_by_role("textbox", name="Search").fill("lamp")
        lap()
        await page.get_by_role("button", name="Search").click()
        lap()
        await expect(page.get_by_text("3 results").first).to_be_visible()
        lap()
        await expect(page.get_by_text("Desk lamp").first).to_be_visible()
        lap()
    finally:
        await context.close()


@contextlib.contextmanager
def _zoo_app(name: str) -> Any:
    """The zoo app's base URL, started (and installed on first use) unless it already runs; stopped
    again afterwards only if started here."""
    zoo = [sys.executable, str(REPO / "zoo" / "zoo.py")]
    run_file = REPO / "zoo" / ".cache" / name / "run.json"
    running = subprocess.run([*zoo, "list"], capture_output=True, text=True, check=False).stdout
    already = any(line.split()[:1] == [name] and "running" in line and "not running" not in line for line in running.splitlines())
    if not already:
        subprocess.run([*zoo, "start", name, "--detach"], check=True, stdout=subprocess.DEVNULL)
    try:
        yield json.loads(run_file.read_text())["url"]
    finally:
        if not already:
            subprocess.run([*zoo, "stop", name], check=False, stdout=subprocess.DEVNULL)


async def _real_app(browser: WebBrowser, registry: Registry, iterations: int) -> dict[str, Any]:
    (scenario,) = load_cases([REAL_APP_SCENARIO])
    steps = len(scenario.steps)
    os.environ["ZOO_ADMIN_PASSWORD"] = REAL_APP_PASSWORD
    totals: dict[str, list[float]] = {"raw": [], "tapwright": []}
    per_step: dict[str, list[list[float]]] = {"raw": [[] for _ in range(steps)], "tapwright": [[] for _ in range(steps)]}
    with _zoo_app(REAL_APP) as url:
        for i in range(iterations + 1):  # the first round warms up both sides and is dropped
            laps: list[float] = []
            started = time.perf_counter()
            await _raw_real_app(browser.browser, url, laps)
            raw_total = (time.perf_counter() - started) * 1000
            options = RunOptions(base_url=url, report_dir=None, screenshots=False, env_file=None)
            runtimes = Runtimes(settings={"web": {"browser": browser}})
            started = time.perf_counter()
            run = await run_scenarios([scenario], make_planner("rules"), options, registry=registry, runtimes=runtimes)
            ours_total = (time.perf_counter() - started) * 1000
            if not run.ok:
                raise SystemExit(f"the real-app scenario failed: {run.scenarios[0].failed_step}")
            if i:
                totals["raw"].append(raw_total / steps)
                totals["tapwright"].append(ours_total / steps)
                for k in range(steps):
                    per_step["raw"][k].append(laps[k])
                    per_step["tapwright"][k].append(run.scenarios[0].steps[k].duration_ms)
    return {"steps": [step.text for step in scenario.steps], "totals": {k: statistics.median(v) for k, v in totals.items()},
            "per_step": {k: [statistics.median(v) for v in lists] for k, lists in per_step.items()}}  # fmt: skip


async def _main() -> int:
    repeats = int(os.environ.get("BENCH_REPEATS", "3"))
    iterations = int(os.environ.get("BENCH_ITERATIONS", "10"))
    parts = set(os.environ.get("BENCH_PARTS", "suite,sign-in,real-app").split(","))
    os.environ["DEMO_PASSWORD"] = PASSWORD
    registry = Registry.default()
    browser = await WebBrowser.launch(BrowserOptions(executable_path=find_chromium()))
    load = [round(os.getloadavg()[0], 1)]
    walls: dict[int, list[float]] = {1: [], 2: []}
    per_step: dict[str, float] = {}
    real: dict[str, Any] = {}
    try:
        with DemoServer("127.0.0.1", 0, password=PASSWORD) as server, tempfile.TemporaryDirectory() as tmp_name:
            tmp = Path(tmp_name)
            for r in range(repeats if "suite" in parts else 0):
                for jobs in (1, 2):
                    walls[jobs].append(await _suite(server.url, browser, jobs, tmp / f"suite-{jobs}-{r}", registry))
            if "sign-in" in parts:
                per_step = await _per_step(server.url, browser, registry, tmp, iterations)
        if "real-app" in parts:
            real = await _real_app(browser, registry, iterations)
    finally:
        await browser.aclose()
    load.append(round(os.getloadavg()[0], 1))
    print(f"load (1 min) {load[0]}..{load[1]}")
    if walls[1]:
        j1, j2 = statistics.median(walls[1]), statistics.median(walls[2])
        print(f"demo suite (13 scenarios, screenshots on), median of {repeats}:")
        print(f"  -j 1: {j1:.2f} s   -j 2: {j2:.2f} s   speed-up x{j1 / j2:.2f} (ratio j2/j1 {j2 / j1:.2f})")
    if per_step:
        print(f"time per step, sign-in scenario (7 steps), median of {iterations}:")
        for name, value in per_step.items():
            print(f"  {name:16} {value:7.1f} ms/step")
        plain = per_step["tapwright"] / per_step["raw"]
        shot = per_step["tapwright+shots"] / per_step["raw+shots"]
        print(f"  tapwright / raw Playwright: x{plain:.2f} without screenshots, x{shot:.2f} with (target <= x{TARGET})")
        print(f"  target {'met' if plain <= TARGET else 'NOT met'} (without screenshots)")
        tabs = per_step["tapwright"] / per_step["tapwright, no tabs"]
        print(f"  following new tabs: x{tabs:.3f} per step against not following "
              f"(target <= x{TABS_TARGET}: {'met' if tabs <= TABS_TARGET else 'NOT met'})")  # fmt: skip
    if real:
        raw, ours = real["totals"]["raw"], real["totals"]["tapwright"]
        print(f"time per step, real app ({REAL_APP}, {len(real['steps'])} steps), median of {iterations}, no screenshots:")
        print(f"  raw Playwright {raw:7.1f} ms/step   tapwright {ours:7.1f} ms/step   x{ours / raw:.2f} "
              f"(target <= x{REAL_APP_TARGET}: {'met' if ours / raw <= REAL_APP_TARGET else 'NOT met'})")  # fmt: skip
        print("  each step, median ms (raw / tapwright; tapwright's includes planning and its checks):")
        for text, a, b in zip(real["steps"], real["per_step"]["raw"], real["per_step"]["tapwright"], strict=True):
            print(f"    {a:7.1f} / {b:7.1f}  {text}")
    return 0


def main() -> int:
    return asyncio.run(_main())


if __name__ == "__main__":
    sys.exit(main())
