"""What a browser context costs in CPU: tapwright's launch switches against Playwright's own.

Every test, scenario and MCP session opens a browser context. A headless Chromium 15x preloads the
address bar's WebUI popups in two hidden renderers per context, and opens a hidden window for each;
tapwright launches the headless shell (no window) when there is one, and turns the popups off in a full
Chromium (``drivers/web/_features.py``). This bench launches the system Chromium through Playwright and opens
CONTEXTS contexts one after another (each: a page, a little HTML, a click, closed), in a fresh Python
process per run so that its CPU time (user + system of the process and every browser process it
reaped, from ``wait4``) is the run's alone:

* ``playwright``: the system's full Chromium with the switches Playwright passes by default (and
  ``--no-sandbox`` as root), what a Playwright script pointed at the distribution's ``chromium`` runs;
* ``tapwright``: what tapwright launches headless: :func:`find_chromium` (the headless shell when one is
  installed, as ``make`` installs it) with :meth:`BrowserOptions.launch_args` (the one
  ``--disable-features`` switch holding Playwright's list and tapwright's).

Runs alternate so both see the same load; medians of ROUNDS runs each, and the ratio
tapwright / playwright. Target: at most 0.6. The load (1-minute
average) is printed at the start and the end.

Environment: BENCH_ITERATIONS (rounds, default 5), BENCH_CONTEXTS (contexts per run, default 20).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

ROUNDS = int(os.environ.get("BENCH_ITERATIONS", "5"))
CONTEXTS = int(os.environ.get("BENCH_CONTEXTS", "20"))
TARGET = 0.6
_RUN = """import asyncio, json, sys
from playwright.async_api import async_playwright
from tapwright.drivers.web import BrowserOptions, find_chromium
ours, n = json.loads(sys.argv[1]), int(sys.argv[2])
args = BrowserOptions().launch_args() if ours else (["--no-sandbox"] if __import__("os").geteuid() == 0 else [])
exe = find_chromium(headless=True) if ours else find_chromium(headless=False)
async def main():
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=exe, headless=True, args=args)
        for _ in range(n):
            context = await browser.new_context()
            page = await context.new_page()
            await page.set_content("<h1>Orders</h1><button onclick='this.textContent=1'>Save</button>")
            await page.click("button")
            await context.close()
        await browser.close()
asyncio.run(main())
"""


def _cpu(ours: bool) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run in a fresh process."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", _RUN, json.dumps(ours), str(CONTEXTS)])
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        raise SystemExit(f"a run failed (status {status})")
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - started


def main() -> int:
    load = [round(os.getloadavg()[0], 1)]
    cpu: dict[str, list[float]] = {"playwright": [], "tapwright": []}
    wall: dict[str, list[float]] = {"playwright": [], "tapwright": []}
    for _ in range(ROUNDS):
        for name in cpu:
            used, took = _cpu(name == "tapwright")
            cpu[name].append(used)
            wall[name].append(took)
    load.append(round(os.getloadavg()[0], 1))
    print(f"load (1 min) {load[0]}..{load[1]}")
    print(f"a browser and {CONTEXTS} contexts (page, HTML, click, close), median of {ROUNDS} runs:")
    for name in cpu:
        print(f"  {name:10} CPU {statistics.median(cpu[name]):6.2f} s   wall {statistics.median(wall[name]):6.2f} s")
    ratio = statistics.median(cpu["tapwright"]) / statistics.median(cpu["playwright"])
    print(f"  tapwright / playwright CPU: x{ratio:.2f} (target <= x{TARGET}: {'met' if ratio <= TARGET else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
