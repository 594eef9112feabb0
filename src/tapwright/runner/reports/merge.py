"""``tapwright report merge DIR...``: one report from the report folders of a split suite.

Every shard (``tapwright run --shard i/n``) wrote its own folder with ``trace.json``,
screenshots and traces. The merge reads the traces, puts the scenarios in the order an
unsplit run would have them (file, then line, then name), numbers them again, copies
each shard's files under ``<out>/<shard folder>/`` and writes one HTML report, one JUnit
file and one JSON trace. Counts, flaky marks and durations come from the scenarios, so
they read as if it had been one run. The output depends only on the inputs: merging the
same folders twice, in any order, gives the same files.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tapwright.core.fence import FileFence
from tapwright.errors import UserError
from tapwright.runner.reports import JSON_NAME, ReportFiles, load_trace, write_reports
from tapwright.runner.results import RunResult, ScenarioResult
from tapwright.runner.shard import scenario_key

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _load(folder: Path) -> RunResult:
    trace = folder / JSON_NAME
    if not trace.is_file():
        raise UserError(f"{folder}: no {JSON_NAME} here; is it a tapwright report folder?")
    try:
        return load_trace(trace)
    except RecursionError:
        raise UserError(f"{trace}: not a readable tapwright trace (nested too deeply)") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise UserError(f"{trace}: not a readable tapwright trace ({type(exc).__name__}: {exc})") from None


def _report_folders(folder: Path) -> list[Path]:
    """``folder`` when it holds a trace, else the folders below it that do (a folder of downloaded artifacts)."""
    if (folder / JSON_NAME).is_file() or not folder.is_dir():
        return [folder]
    found = sorted(p.parent for p in folder.rglob(JSON_NAME))
    return found or [folder]


def _label(folder: Path, run: RunResult, taken: set[str]) -> str:
    """The sub-folder of ``out`` a shard's files go to: one safe name (a shard's trace is untrusted)."""
    base = f"shard-{run.shard['index']}-of-{run.shard['total']}" if run.shard else folder.name or "run"
    base = _UNSAFE.sub("-", base).strip(".-")[:80] or "run"
    label, n = base, 1
    while label in taken:
        n += 1
        label = f"{base}-{n}"
    taken.add(label)
    return label


def _move_files(result: ScenarioResult, source: Path, out: Path, label: str) -> None:
    """Copy the scenario's screenshots and trace under ``out/label`` and point the result at the copies.

    Every path in a shard's trace is untrusted: one that leads out of the shard folder (``..``,
    an absolute path, a symbolic link) or would land outside ``out/label`` is dropped, as a lost file is.
    """
    shard, dest = FileFence.of([source]), FileFence.of([out / label])

    def moved(rel: str | None) -> str | None:
        if not rel or not isinstance(rel, str):
            return None
        if Path(rel).is_absolute() or "\x00" in rel:
            return None
        src = shard.resolve_inside(source / rel)
        if src is None or not src.is_file():
            return None  # a file the shard lost (or never had) is not invented
        dst = out / label / rel
        if dest.resolve_inside(dst) is None:
            return None
        if dst.resolve() != src.resolve():  # the folders may already sit inside ``out`` (pytest-xdist workers)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
        return f"{label}/{rel}"

    for step in result.steps:
        step.screenshot = moved(step.screenshot)
    result.trace_file = moved(result.trace_file)
    for attempt in result.previous:
        _move_files(attempt, source, out, label)


@dataclass(slots=True)
class Merged:
    """A merge's run, the files written, and the shards of the split that were not among the folders."""

    run: RunResult
    files: ReportFiles
    missing_shards: list[int] = field(default_factory=list)


def merge_runs(folders: Sequence[str | Path], out: str | Path) -> Merged:
    """Merge the report folders into ``out`` (created) and write its reports.

    Raises:
        UserError: a folder without a trace, shards of different splits, the same shard
            twice, or a scenario reported by two folders.
    """
    if not folders:
        raise UserError("report merge needs at least one report folder")
    target = Path(out)
    paths = sorted({p.resolve() for f in folders for p in _report_folders(Path(f))}, key=str)
    if target.resolve() in paths:
        raise UserError(f"--out {out} is one of the folders being merged; choose another folder")
    runs = [(p, _load(p)) for p in paths]
    totals = {r.shard["total"] for _, r in runs if r.shard}
    if len(totals) > 1:
        raise UserError(f"these folders come from different splits (--shard I/N with N = {sorted(totals)})")
    seen_shards: dict[int, Path] = {}
    for path, run in runs:
        if run.shard:
            other = seen_shards.setdefault(run.shard["index"], path)
            if other != path:
                raise UserError(f"shard {run.shard['index']}/{run.shard['total']} is in both {other} and {path}")
    merged = RunResult(
        started_at=min(r.started_at for _, r in runs),
        duration_ms=max(r.duration_ms for _, r in runs),  # shards run side by side: the wall time is the longest
        interrupted=any(r.interrupted for _, r in runs),
        planner=",".join(sorted({r.planner for _, r in runs})),
        jobs=sum(r.jobs for _, r in runs),
    )
    owners: dict[str, Path] = {}
    taken: set[str] = set()
    target.mkdir(parents=True, exist_ok=True)
    for path, run in runs:
        label = _label(path, run, taken)
        merged.merged_from.append(label)
        for result in run.scenarios:
            key = scenario_key(result.source, result.name)
            if key in owners:
                raise UserError(f"scenario {result.name!r} ({result.source}) is in both {owners[key]} and {path}")
            owners[key] = path
            _move_files(result, path, target, label)
            merged.scenarios.append(result)
    merged.scenarios.sort(key=lambda s: (scenario_key(s.source, "")[:-2], s.line or 0, s.name))
    for i, result in enumerate(merged.scenarios):
        result.index = i
    missing = sorted(set(range(1, next(iter(totals)) + 1)) - set(seen_shards)) if totals else []
    return Merged(merged, write_reports(merged, target, title="tapwright report (merged)"), missing)
