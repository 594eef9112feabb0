"""Unseen apps: how many steps of blind-written scenarios work on the first try, per half of the zoo's split.

For every app of the app zoo (``zoo/apps/<name>/``) that has scenarios (``zoo/scenarios/<name>/``),
start the app on loopback with freshly seeded data (``zoo/zoo.py``; its state folder is removed first), run its scenarios once with
tapwright (``--planner rules``: no model, no retries), stop the app, and count per half of
``zoo/split.yaml``:

- steps passed (a step that passed), steps failed saying why (a refusal: the step could not be
  planned or its target was not found or was ambiguous; or a check or an action that failed),
  and steps never reached (after a failed step, the rest of a scenario is skipped);
- the first-try step rate: steps passed / steps written; and scenarios passed.

The held-back half is measured, never tuned on: its rate is the one that counts. Passing steps
whose "passed" was false are not counted here (they need a person's look at the report); the
trust corpus (``bench_trust.py``) measures that.

    python bench/bench_zoo.py [--apps NAME,...] [--record FILE] [--keep-reports DIR] [--scenarios DIR]

``--scenarios zoo/scenarios-fresh`` runs the second blind set written for six tuning apps
(``zoo/scenarios-fresh/README.md``): whether tuning on an app's first set carried over to new
tasks on the same app.

Heavy (installs and starts real apps): not part of ``make bench``; ``make bench-zoo`` runs it.
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# Starts the zoo's real apps one at a time: run by name (bench/run.py NAME), never by `make bench`.
IN_MAKE_BENCH = False

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "zoo"
SCENARIOS = ZOO / "scenarios"
REFUSALS = frozenset({"PLAN_INVALID", "ELEMENT_NOT_FOUND", "AMBIGUOUS", "UNSUPPORTED"})


def _zoo() -> Any:
    spec = importlib.util.spec_from_file_location("zoo_cli", ZOO / "zoo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


def split() -> dict[str, str]:
    """app name -> "tuning" | "held_back", over every recorded split of zoo/ (zoo.py halves)."""
    return {name: half for name, (half, _cohort) in _zoo().halves().items()}


def cohorts() -> dict[str, int]:
    """app name -> the number of the split it was drawn in (1 for split.yaml)."""
    return {name: cohort for name, (_half, cohort) in _zoo().halves().items()}


def run_app(name: str, report_dir: Path, *, keep_going: bool = False, scenarios: Path = SCENARIOS,
            extra_args: list[str] | None = None) -> dict[str, Any]:
    """Start ``name``, run its scenarios into ``report_dir``, stop it; the run's trace.json as a dict.

    ``keep_going`` runs every step of a scenario after its first failure too (``--keep-going``): the
    first-try figures do not change (those steps still count as not reached), and how the later
    steps fared is counted apart (their page may not be in the state they were written for)."""
    zoo = _zoo()
    app = zoo.load(name)
    zoo.stop(app)  # an instance left running holds changed data
    shutil.rmtree(app.data, ignore_errors=True)  # the scenarios are written against freshly seeded data
    state = zoo.start(app)  # installs if missing, seeds, returns once the app answers; runs until stop()
    try:
        cmd = [sys.executable, "-m", "tapwright.cli.main", "run", str(scenarios / name), "--base-url", state["url"],
               "--planner", "rules", "--no-llm", "--report-dir", str(report_dir), "--env-file", "/dev/null", "-q"]  # fmt: skip
        cmd += ["--keep-going"] if keep_going else []
        cmd += extra_args or []
        subprocess.run(cmd, cwd=ROOT, check=False, timeout=1800)
    finally:
        zoo.stop(app)
    trace = report_dir / "trace.json"
    return json.loads(trace.read_text()) if trace.is_file() else {"scenarios": []}


def tally(run: dict[str, Any]) -> collections.Counter[str]:
    """Counts of steps passed / refused / failed / not reached, and scenarios passed / written."""
    counts: collections.Counter[str] = collections.Counter()
    for scenario in run.get("scenarios", []):
        counts["scenarios"] += 1
        counts["scenarios passed"] += scenario.get("status") == "passed"
        for step in scenario.get("steps", []):
            if step.get("phase", "step") != "step":
                continue
            counts["steps"] += 1
            status = step.get("status")
            if step.get("after_failure"):
                counts["not reached"] += 1
                counts["later passed" if status == "passed" else "later failed"] += 1
            elif status == "passed":
                counts["passed"] += 1
            elif status in ("failed", "cancelled"):
                counts["refused" if step.get("error_code") in REFUSALS else "failed"] += 1
            else:
                counts["not reached"] += 1
    return counts


def line(label: str, c: collections.Counter[str]) -> str:
    steps = c["steps"] or 1
    return (f"{label}: {c['steps']} steps, {c['passed']} passed first try ({100 * c['passed'] / steps:.1f}%), "
            f"{c['refused']} refused, {c['failed']} failed, {c['not reached']} not reached; "
            f"scenarios {c['scenarios passed']}/{c['scenarios']} passed"
            + (f"; run after a failure: {c['later passed']} passed, {c['later failed']} failed"
               if c["later passed"] or c["later failed"] else ""))  # fmt: skip


def half_totals(per_app: dict[str, collections.Counter[str]], halves: dict[str, str]) -> dict[str, collections.Counter[str]]:
    """The counts of every app summed per half of the split (tuning, then held back)."""
    out: dict[str, collections.Counter[str]] = {"tuning": collections.Counter(), "held_back": collections.Counter()}
    for name, c in per_app.items():
        if halves.get(name) in out:
            out[halves[name]] += c
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", help="comma-separated app names (default: every app with scenarios)")
    parser.add_argument("--record", type=Path, help="also write the figures to this file")
    parser.add_argument("--keep-reports", type=Path, help="keep each app's report folder under this folder")
    parser.add_argument("--scenarios", type=Path, default=SCENARIOS,
                        help="the folder of per-app scenario folders (default zoo/scenarios; zoo/scenarios-fresh holds "
                             "a second blind set for some tuning apps)")
    parser.add_argument("--keep-going", action="store_true",
                        help="also run the steps after a scenario's first failure, counted apart (tuning apps only)")
    args = parser.parse_args(argv)
    halves = split()
    cohort_of = cohorts()
    names = args.apps.split(",") if args.apps else sorted(p.name for p in args.scenarios.iterdir() if p.is_dir())
    unfit = [name for name in names if halves.get(name) != "tuning"]
    if args.keep_going and unfit:  # what comes after a held-back failure is not to be looked at either
        parser.error(f"--keep-going runs tuning apps only, not: {', '.join(unfit)}")
    per_app: dict[str, collections.Counter[str]] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            reports = (args.keep_reports / name) if args.keep_reports else Path(tmp) / name
            reports.mkdir(parents=True, exist_ok=True)
            per_app[name] = tally(run_app(name, reports, keep_going=args.keep_going, scenarios=args.scenarios.resolve()))
            print(line(f"{name} ({halves.get(name, '?')})", per_app[name]), flush=True)
    out = [f"zoo first try ({time.perf_counter() - started:.0f} s)"]
    out += [line(half, total) for half, total in half_totals(per_app, halves).items()]
    for number in sorted({cohort_of[name] for name in per_app if name in cohort_of}):
        if number == 1 and len(set(cohort_of.values())) == 1:
            break
        for half in ("tuning", "held_back"):
            total = collections.Counter()
            for name, c in per_app.items():
                if halves.get(name) == half and cohort_of.get(name) == number:
                    total += c
            out.append(line(f"  cohort {number} {half}", total))
    out += [line(f"  {name} ({halves.get(name, '?')})", c) for name, c in sorted(per_app.items())]
    text = "\n".join(out)
    print(text)
    if args.record:
        args.record.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
