"""Splitting a suite over machines: ``tapwright run --shard i/n``.

The split is a pure function of the scenarios' identities (file path relative to the
working directory, and name), so every machine computes the same split whatever order
it found the files in:

* **by count** (no history): scenarios are ordered by a hash of their identity and dealt
  round-robin, so shard sizes differ by at most one and adding a scenario moves few others;
* **by duration** (``--durations trace.json`` from an earlier run or merge): longest first,
  each to the shard with the least total so far (LPT scheduling); scenarios the history
  does not know count as the median known duration.

Within a shard, scenarios keep the order they were loaded in.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tapwright.errors import UserError
from tapwright.runner.model import Scenario


@dataclass(frozen=True, slots=True)
class Shard:
    """Shard ``index`` (1-based) of ``total``."""

    index: int
    total: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``"2/4"`` -> Shard(2, 4); UserError for anything else."""
        left, sep, right = text.partition("/")
        if not sep or not left.strip().isdigit() or not right.strip().isdigit():
            raise UserError(f"--shard needs I/N such as 2/4, got {text!r}")
        index, total = int(left), int(right)
        if total < 1 or not 1 <= index <= total:
            raise UserError(f"--shard {text}: I must be between 1 and N (N >= 1)")
        return cls(index, total)

    @property
    def label(self) -> str:
        return f"{self.index}/{self.total}"

    @property
    def folder(self) -> str:
        """The report sub-folder of this shard, e.g. ``shard-2-of-4``."""
        return f"shard-{self.index}-of-{self.total}"


def scenario_key(source: str, name: str) -> str:
    """A scenario's identity across machines: its file relative to the working directory, and its name."""
    return f"{_relative(source, os.getcwd())}::{name}"


@functools.lru_cache(maxsize=4096)
def _relative(source: str, cwd: str) -> str:
    if not source:
        return source
    try:
        return Path(os.path.relpath(Path(source).resolve(), cwd)).as_posix()
    except ValueError:  # another drive on Windows
        return Path(source).as_posix()


def _rank(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def assign(keys: Sequence[str], total: int, durations: dict[str, float] | None = None) -> dict[str, int]:
    """Which shard (1-based) each key goes to (see the module docstring)."""
    unique = sorted(set(keys), key=_rank)
    if not durations:
        return {key: i % total + 1 for i, key in enumerate(unique)}
    known = [durations[k] for k in unique if k in durations]
    default = statistics.median(known) if known else 1.0
    weight = {k: durations.get(k, default) for k in unique}
    loads = [0.0] * total
    out: dict[str, int] = {}
    for key in sorted(unique, key=lambda k: (-weight[k], _rank(k))):
        target = min(range(total), key=lambda i: (loads[i], i))
        loads[target] += weight[key]
        out[key] = target + 1
    return out


def select(scenarios: list[Scenario], shard: Shard, durations: dict[str, float] | None = None) -> list[Scenario]:
    """The scenarios of ``shard``, in their loaded order."""
    keys = [scenario_key(s.source, s.name) for s in scenarios]
    where = assign(keys, shard.total, durations)
    return [s for s, k in zip(scenarios, keys, strict=True) if where[k] == shard.index]


def durations_from(path: str | Path) -> dict[str, float]:
    """Scenario durations (ms) from a run's or a merge's ``trace.json`` (a folder holding one works too).

    Raises:
        UserError: the file is missing or is not a tapwright trace.
    """
    file = Path(path)
    if file.is_dir():
        file = file / "trace.json"
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        scenarios = data["scenarios"]
        return {scenario_key(str(s.get("source", "")), str(s["name"])): float(s.get("duration_ms", 0.0))
                for s in scenarios}  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise UserError(f"--durations {path}: not a readable tapwright trace.json ({exc})") from None
