"""CLI start-up: what a user waits for before tapwright does anything.

Each line starts a fresh Python process (bytecode cached, as after an install) and reports the
median wall time and the process's CPU time (user + system, read from the child's rusage):

* ``python -c pass``: the interpreter alone, the baseline measured in the same run;
* ``tapwright --version``: target under 0.3 s wall on an idle machine;
* ``Registry.default()``: every installed platform's and pack's tools, what ``tapwright run``,
  ``tapwright check`` and the MCP server build first (the line also gives the time of the call alone,
  measured inside the process, and how many modules it imported);
* ``tapwright check`` on a small suite (``examples/tests/passing``: 12 files, 16 scenarios), no browser.

Ratios are against the bare interpreter's wall time in the same run. The load (1-minute average)
is printed at the start and the end: on a shared machine the wall times follow it, the CPU times
much less.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "examples" / "tests" / "passing"
ROUNDS = int(os.environ.get("BENCH_ITERATIONS", "9"))
_CLI = "import sys; from tapwright.cli.main import main; sys.argv[0] = 'tapwright'; sys.exit(main())"
_REGISTRY = """import sys, time
from tapwright.registry import Registry
t = time.perf_counter(); c = time.process_time(); Registry.default()
print(f"{(time.perf_counter() - t) * 1000:.1f} {(time.process_time() - c) * 1000:.1f} {len(sys.modules)}")"""
CASES = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "tapwright --version": [sys.executable, "-c", _CLI, "--version"],
    "Registry.default()": [sys.executable, "-c", _REGISTRY],
    "tapwright check (16 scenarios)": [sys.executable, "-c", _CLI, "check", str(SUITE)],
}


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's install has its bytecode cached
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH", "")) if p)
    return env


def _run(argv: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Wall ms, CPU ms (user + system of the child) and the child's output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT, timeout=300, check=False)
    wall = (time.perf_counter() - started) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{argv[2:]} failed: {done.stderr[-1500:]}")
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu, done.stdout


def measure(rounds: int = ROUNDS) -> dict[str, tuple[float, float, str]]:
    """Median wall and CPU per case, rounds interleaved; the last output of each."""
    env = _env()
    for argv in CASES.values():
        _run(argv, env)  # bytecode written, files in the page cache
    walls: dict[str, list[float]] = {name: [] for name in CASES}
    cpus: dict[str, list[float]] = {name: [] for name in CASES}
    outs: dict[str, str] = {}
    for _ in range(rounds):
        for name, argv in CASES.items():
            wall, cpu, out = _run(argv, env)
            walls[name].append(wall)
            cpus[name].append(cpu)
            outs[name] = out
    return {name: (statistics.median(walls[name]), statistics.median(cpus[name]), outs[name]) for name in CASES}


def main() -> int:
    load0 = os.getloadavg()[0]
    results = measure()
    base = results["python -c pass"][0]
    print(f"CLI start-up, medians of {ROUNDS} rounds (load {load0:.1f} -> {os.getloadavg()[0]:.1f})")
    for name, (wall, cpu, out) in results.items():
        line = f"  {name}: {wall:.0f} ms wall ({wall / base:.1f}x the bare interpreter), {cpu:.0f} ms CPU"
        if name == "Registry.default()":
            call_ms, call_cpu, modules = out.split()
            line += f"; the call alone {float(call_ms):.0f} ms ({float(call_cpu):.0f} ms CPU), {modules} modules loaded"
        if name == "tapwright --version":
            line += " (target < 300 ms wall on an idle machine)"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
