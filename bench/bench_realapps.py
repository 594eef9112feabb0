"""Run the real-app scenarios (examples/real-apps/scenarios) against Flask-Admin, NiceGUI and Wagtail.

    python bench/bench_realapps.py [APP ...]

Starts each app on 127.0.0.1 (examples/real-apps/serve.py), runs its scenarios once with the
offline rules planner (no retries), prints the step pass rate and every failed step with its
error and what the page reported, and stops the app. Part of ``make bench``; Wagtail's start
migrates a fresh database (a minute or two). The first try, before the fixes it led to, is
printed next to today's rate: the scenarios were written before that first run.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tapwright.runner.cases import load_cases
from tapwright.runner.planning import make_planner
from tapwright.runner.results import RunResult
from tapwright.runner.run import RunOptions, run_scenarios

ROOT = Path(__file__).resolve().parents[1]
REAL_APPS = ROOT / "examples" / "real-apps"


def load_serve() -> Any:
    spec = importlib.util.spec_from_file_location("tapwright_real_apps_serve", REAL_APPS / "serve.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def run_app(name: str, base_url: str, report_dir: Path | None = None) -> RunResult:
    """Run ``name``'s scenario file against the app at ``base_url`` (rules planner, no retries)."""
    scenarios = load_cases([REAL_APPS / "scenarios" / f"{name}.yaml"])
    options = RunOptions(base_url=base_url, report_dir=report_dir, screenshots=report_dir is not None, env_file=None)
    return asyncio.run(run_scenarios(scenarios, make_planner("rules"), options))


def origin(url: str) -> str:
    parts = url.split("/")
    return "/".join(parts[:3])


def describe(run: RunResult) -> list[str]:
    lines = []
    for s in run.scenarios:
        for step in s.steps:
            if step.status == "failed":
                lines.append(f"  ✗ {s.name} / step {step.index + 1} {step.text!r}: [{step.error_code}] "
                             f"{(step.error_message or '')[:300]}")
                lines.extend(f"      page: {e.get('kind')} {e.get('status', '')} {e.get('message', '')[:160]}"
                             for e in step.page_events[:4])
    return lines


# Recorded on the first run (rules planner, no retries), before any fix: passed steps / steps.
FIRST_TRY = {"flask-admin": (19, 30), "nicegui": (22, 25), "wagtail": (15, 34)}


def main(argv: list[str] | None = None) -> int:
    argv = list(argv or [])
    serve = load_serve()
    names = argv or list(serve.APPS)
    total_passed = total = 0
    for name in names:
        started = time.monotonic()
        app = serve.start(name, Path(tempfile.mkdtemp(prefix=f"tapwright-bench-{name}-")), timeout_s=300)
        try:
            run = run_app(name, origin(app.url))
        finally:
            app.stop()
        counts = run.step_counts()
        steps = sum(counts.values())
        total_passed += counts["passed"]
        total += steps
        ok = sum(1 for s in run.scenarios if s.ok)
        first = FIRST_TRY.get(name)
        was = f"; first try {first[0]}/{first[1]} ({100 * first[0] / first[1]:.0f}%)" if first else ""
        print(f"{name}: steps {counts['passed']}/{steps} passed ({100 * counts['passed'] / max(steps, 1):.0f}%), "
              f"scenarios {ok}/{len(run.scenarios)} passed, {time.monotonic() - started:.0f} s{was}", flush=True)
        for line in describe(run):
            print(line, flush=True)
    print(f"all apps: steps {total_passed}/{total} passed ({100 * total_passed / max(total, 1):.0f}%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
