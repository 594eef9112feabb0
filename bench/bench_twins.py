"""Checks that cannot fail: every passing check of the zoo's blind scenarios, run again with one quoted value changed.

A check that passed is probed by its twin: the same sentence with one of its quoted values changed to
a text no page holds (``"Saved"`` -> ``"Saqzved"``), run right after it on the same page. The twin must
fail: a twin that passes shows a check that did not look at that value (dropped it, matched it loosely,
or checked something else), i.e. a "passed" that would have been reported whatever the page showed.
The same for a choice made by name (click, choose, select, open, tick ...): its twin, run just before
it, must find nothing to act on.

For each app of the zoo (``zoo/apps/<name>/``) with scenarios in ``--scenarios``, the scenarios are
written again with the twins inserted, run with ``--keep-going`` (the twins fail by design) and a short
timeout, and counted per half of the split:

- probes: twins whose original step passed (a twin of a step that failed says nothing);
- honest: twins that failed (refused, not found or a failed check);
- false passes: twins that passed.

    target: 0 false passes, on both halves

The held-back half is counted, never listed. ``--record FILE`` writes the figures and the tuning
half's false passes (the step, its twin and the call that passed) to FILE.

    python bench/bench_twins.py [--apps NAME,...] [--scenarios DIR] [--record FILE] [--timeout S]

Heavy (starts real apps): not part of ``make bench``.
"""

from __future__ import annotations

import argparse
import collections
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_zoo

# Starts the zoo's real apps one at a time: run by name (bench/run.py NAME), never by `make bench`.
IN_MAKE_BENCH = False

MARK = "zq"  # two letters together that no page of the zoo shows, put inside a value
_KEYWORD = re.compile(r"^(\s*)(Given|When|Then|And|But|\*)(\s+)(.*)$")
_QUOTED = re.compile(r'"([^"\n]+)"')
_NEGATED = re.compile(r"\b(not|no|never|none|nothing|without|disappear\w*|gone|removed|hidden|empty|cannot|can't|"
                      r"isn't|aren't|doesn't|don't|longer|instead|rather)\b", re.IGNORECASE)  # fmt: skip
# Actions whose quoted values name what is acted on (a value typed is not a choice: its twin passes, rightly).
_CHOOSING = re.compile(r"^(I\s+)?(click|tap|press|choose|select|pick|open|tick|check|uncheck|untick|toggle|expand|"
                       r"collapse|switch|hover|double[- ]click|right[- ]click)\b", re.IGNORECASE)  # fmt: skip
_TYPING = re.compile(r"\b(type|enter|fill|write|paste|replace|set|change|rename|search|filter)\b", re.IGNORECASE)


def twin_value(value: str) -> str:
    """``value`` with the mark inside it: after its first half, so neither end of it is kept whole."""
    cut = max(1, len(value) // 2)
    return value[:cut] + MARK + value[cut:]


@dataclass
class Twin:
    original: str  # the step's text, without its keyword
    text: str  # the twin's text
    kind: str  # "check" | "choice"


def twins_of(step: str, kind: str, *, most: int = 3) -> list[str]:
    """The twins of one step: each quoted value changed in turn (at most ``most``, first and last first)."""
    values = list(_QUOTED.finditer(step))
    if not values or _NEGATED.search(step) or MARK in step:
        return []
    if kind == "choice" and (not _CHOOSING.match(step) or _TYPING.search(step)):
        return []
    values = [v for v in values if not v.group(1).startswith(("/", "http:", "https:", "file:"))]  # an address opens anyway
    if not values:
        return []
    order = [values[0], values[-1], *values[1:-1]] if len(values) > 1 else values
    out: list[str] = []
    for match in order[:most]:
        text = step[: match.start(1)] + twin_value(match.group(1)) + step[match.end(1) :]
        if text not in out:
            out.append(text)
    return out


def with_twins(source: str) -> tuple[str, list[Twin]]:
    """A Gherkin file with a twin beside every step that has one (after a check, before a choice).

    Steps of a Background are left alone (their twins would run before every scenario)."""
    lines: list[str] = []
    made: list[Twin] = []
    kind = "choice"
    in_background = False
    for raw in source.splitlines():
        stripped = raw.strip()
        if stripped.startswith(("Scenario", "Feature", "Rule", "Example")):
            in_background = False
        elif stripped.startswith("Background"):
            in_background = True
        match = _KEYWORD.match(raw)
        if not match or in_background:
            lines.append(raw)
            continue
        indent, keyword, space, step = match.groups()
        if keyword in ("Given", "When"):
            kind = "choice"
        elif keyword == "Then":
            kind = "check"
        step_kind = "check" if kind == "check" or re.search(r"\bshould\b", step) else "choice"
        twins = twins_of(step, step_kind)
        made += [Twin(step, t, step_kind) for t in twins]
        twin_lines = [f"{indent}{keyword if step_kind == 'choice' else 'And'}{space}{t}" for t in twins]
        lines += [*twin_lines, raw] if step_kind == "choice" else [raw, *twin_lines]
    return "\n".join(lines) + "\n", made


def write_twins(scenarios: Path, name: str, out: Path) -> list[Twin]:
    made: list[Twin] = []
    (out / name).mkdir(parents=True, exist_ok=True)
    for path in sorted((scenarios / name).iterdir()):
        if path.suffix == ".feature":
            text, twins = with_twins(path.read_text())
            (out / name / path.name).write_text(text)
            made += twins
        elif path.is_file():
            shutil.copy(path, out / name / path.name)
    return made


def judge(run: dict[str, Any]) -> tuple[collections.Counter[str], list[str]]:
    """Counts of probes / honest / false passes in one app's run, and what each false pass did."""
    counts: collections.Counter[str] = collections.Counter()
    false_passes: list[str] = []
    for scenario in run.get("scenarios", []):
        steps = [s for s in scenario.get("steps", []) if s.get("phase", "step") == "step"]
        for i, step in enumerate(steps):
            text = step.get("text", "")
            if MARK not in text:
                continue
            original = _original_of(steps, i)
            if original is None or original.get("status") != "passed":
                counts["unprobed"] += 1
                continue
            counts["probes"] += 1
            if step.get("status") == "passed":
                counts["false passes"] += 1
                calls = "; ".join(f"{c.get('tool', '?')}{c.get('args', '')} {c.get('status_line', '')}" for c in _calls(step))
                false_passes.append(f"  {original.get('text')}\n    twin passed: {text}\n    -> {calls[:400]}")
            else:
                counts["honest"] += 1
    return counts, false_passes


def _original_of(steps: list[dict[str, Any]], i: int) -> dict[str, Any] | None:
    """The step a twin belongs to: the nearest step without the mark, before it (a check) or after it (a choice)."""
    for j in [*range(i - 1, -1, -1)]:
        if MARK not in steps[j].get("text", ""):
            candidate = steps[j]
            break
    else:
        candidate = None
    twin_text = steps[i].get("text", "")
    if candidate is not None and _same_but_values(candidate.get("text", ""), twin_text):
        return candidate
    for j in range(i + 1, len(steps)):
        if MARK not in steps[j].get("text", ""):
            return steps[j] if _same_but_values(steps[j].get("text", ""), twin_text) else None
    return None


def _same_but_values(a: str, b: str) -> bool:
    return _QUOTED.sub('""', a) == _QUOTED.sub('""', b)


def _calls(step: dict[str, Any]) -> list[dict[str, Any]]:
    trace = step.get("trace") or {}
    return list(trace.get("calls", []) if isinstance(trace, dict) else [])


def line(label: str, c: collections.Counter[str]) -> str:
    return (f"{label}: {c['probes']} probes, {c['honest']} failed as they should, "
            f"{c['false passes']} false passes ({c['unprobed']} twins of steps that did not pass)")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--apps", help="comma-separated app names (default: every app with scenarios)")
    parser.add_argument("--scenarios", type=Path, default=bench_zoo.SCENARIOS)
    parser.add_argument("--record", type=Path, help="also write the figures (and the tuning half's false passes) here")
    parser.add_argument("--timeout", default="2", help="seconds an action or check waits (default 2)")
    args = parser.parse_args(argv)
    halves = bench_zoo.split()
    names = args.apps.split(",") if args.apps else sorted(p.name for p in args.scenarios.iterdir() if p.is_dir())
    per_app: dict[str, collections.Counter[str]] = {}
    shown: list[str] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            made = write_twins(args.scenarios.resolve(), name, Path(tmp) / "scenarios")
            reports = Path(tmp) / "reports" / name
            reports.mkdir(parents=True)
            run = bench_zoo.run_app(name, reports, keep_going=True, scenarios=Path(tmp) / "scenarios",
                                    extra_args=["--timeout", args.timeout, "--no-screenshots"])
            counts, false_passes = judge(run)
            counts["twins"] = len(made)
            per_app[name] = counts
            half = halves.get(name, "?")
            print(line(f"{name} ({half})", counts), flush=True)
            if half == "tuning":
                shown += [f"[{name}]\n{fp}" for fp in false_passes]
                print("\n".join(false_passes), flush=True)
    out = [f"twins of passing steps ({time.perf_counter() - started:.0f} s, timeout {args.timeout} s)"]
    out += [line(half, total) for half, total in bench_zoo.half_totals(per_app, halves).items()]
    out += [line(f"  {name} ({halves.get(name, '?')})", c) for name, c in sorted(per_app.items())]
    out += ["false passes (tuning half only):", *shown]
    text = "\n".join(out)
    print(text)
    if args.record:
        args.record.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
