"""``tapwright report merge``: shards' report folders -> one report that reads as one run."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tapwright.errors import UserError
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.reports import write_reports
from tapwright.runner.reports.merge import merge_runs
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.shard import Shard, select

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


def _result(i: int, status: str, folder: Path) -> ScenarioResult:
    shot = f"screenshots/{i:03d}-s/01-step.png"
    (folder / shot).parent.mkdir(parents=True, exist_ok=True)
    (folder / shot).write_bytes(PNG)
    step = StepResult(index=0, text=f"Click {i}", status="passed" if status != "failed" else "failed",
                      error_code="ASSERTION_FAILED" if status == "failed" else None, screenshot=shot,
                      duration_ms=10.0 * i)  # fmt: skip
    previous = [ScenarioResult(name=f"s{i:02d}", source=f"tests/f{i % 3}.yaml", line=i, status="failed", attempts=1)] \
        if status == "flaky" else []  # fmt: skip
    return ScenarioResult(name=f"s{i:02d}", source=f"tests/f{i % 3}.yaml", line=i, status=status,  # type: ignore[arg-type]
                          steps=[step], duration_ms=100.0 * i, attempts=2 if status == "flaky" else 1,
                          previous=previous, ran_on=f"ws://127.0.0.1:{3000 + i % 2}/")  # fmt: skip


def _status(i: int) -> str:
    return "failed" if i % 11 == 0 else "flaky" if i % 7 == 0 else "passed"


def _write_shards(root: Path, n: int = 40, total: int = 4) -> list[Path]:
    suite = [Scenario(f"s{i:02d}", [StepSpec("x")], source=f"tests/f{i % 3}.yaml", line=i) for i in range(n)]
    folders = []
    for k in range(1, total + 1):
        folder = root / f"artifact-{k}" / Shard(k, total).folder
        folder.mkdir(parents=True)
        part = select(suite, Shard(k, total))
        run = RunResult(scenarios=[_result(int(s.name[1:]), _status(int(s.name[1:])), folder) for s in part],
                        started_at=1_000.0 + k, duration_ms=5_000.0 * k, shard={"index": k, "total": total})  # fmt: skip
        write_reports(run, folder)
        folders.append(folder)
    return folders


def test_merged_shards_read_as_one_run(tmp_path: Path) -> None:
    folders = _write_shards(tmp_path / "in")
    merged = merge_runs(folders, tmp_path / "out")
    run = merged.run
    assert merged.missing_shards == []
    assert len(run.scenarios) == 40 and [s.index for s in run.scenarios] == list(range(40))
    expected = {f"s{i:02d}": _status(i) for i in range(40)}
    assert {s.name: s.status for s in run.scenarios} == expected
    counts = run.counts()
    assert counts["failed"] == sum(v == "failed" for v in expected.values()) and counts["flaky"] == sum(v == "flaky" for v in expected.values())
    assert run.duration_ms == 20_000.0 and run.started_at == 1_001.0  # wall time of the longest shard
    # The order of an unsplit run: by file, then line.
    assert [(s.source, s.line) for s in run.scenarios] == sorted((s.source, s.line) for s in run.scenarios)
    # Screenshots were copied next to the merged report, each shard in its own folder.
    for s in run.scenarios:
        shot = s.steps[0].screenshot
        assert shot is not None and shot.startswith("shard-") and (tmp_path / "out" / shot).is_file()
    junit = ET.parse(tmp_path / "out" / "junit.xml").getroot()
    assert junit.get("tests") == "40" and junit.get("failures") == str(counts["failed"])
    flaky = [c for c in junit.iter("testcase") if any(p.get("name") == "flaky" and p.get("value") == "true" for p in c.iter("property"))]
    assert len(flaky) == counts["flaky"]
    trace = json.loads((tmp_path / "out" / "trace.json").read_text())
    assert trace["counts"]["total"] == 40 and len(trace["merged_from"]) == 4


def test_merging_twice_in_any_order_gives_the_same_files(tmp_path: Path) -> None:
    folders = _write_shards(tmp_path / "in")
    merge_runs(folders, tmp_path / "a")
    merge_runs(list(reversed(folders)), tmp_path / "b")
    for name in ("report.html", "junit.xml", "trace.json"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_a_folder_of_downloaded_artifacts_is_expanded(tmp_path: Path) -> None:
    _write_shards(tmp_path / "in")
    merged = merge_runs(list((tmp_path / "in").iterdir()), tmp_path / "out")
    assert len(merged.run.scenarios) == 40


def test_missing_shards_are_reported(tmp_path: Path) -> None:
    folders = _write_shards(tmp_path / "in")
    merged = merge_runs(folders[:3], tmp_path / "out")
    assert merged.missing_shards == [4]


def test_bad_merges_are_usage_errors(tmp_path: Path) -> None:
    folders = _write_shards(tmp_path / "in")
    with pytest.raises(UserError, match=r"no trace\.json"):
        merge_runs([tmp_path / "nowhere"], tmp_path / "out")
    with pytest.raises(UserError, match="one of the folders"):
        merge_runs(folders, folders[0])
    other = _write_shards(tmp_path / "other", n=10, total=2)
    with pytest.raises(UserError, match="different splits"):
        merge_runs([folders[0], other[0]], tmp_path / "out2")
    copy = tmp_path / "copy" / "shard-1-of-4"
    copy.mkdir(parents=True)
    for f in folders[0].iterdir():
        if f.is_file():
            (copy / f.name).write_bytes(f.read_bytes())
    with pytest.raises(UserError, match="shard 1/4 is in both"):
        merge_runs([folders[0], copy], tmp_path / "out3")


def test_cli_merge_exit_codes(tmp_path: Path) -> None:
    folders = _write_shards(tmp_path / "in")
    tapwright = str(Path(sys.executable).with_name("tapwright"))
    ok = subprocess.run([tapwright, "report", "merge", str(tmp_path / "in"), "--out", str(tmp_path / "out")],
                        capture_output=True, text=True, timeout=120)  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    assert "merged 4 report folders: 40 scenarios" in ok.stdout
    # the recap of the whole split suite, before the summary: one line per failed scenario, with its code
    recap = ok.stdout[ok.stdout.index("4 failed scenarios:"):].splitlines()[1:5]
    assert '  ✗ s11 (tests/f2.yaml:11) step 1 "Click 11": [ASSERTION_FAILED] the step failed with no message' in recap
    assert all("[ASSERTION_FAILED]" in line for line in recap)
    partial = subprocess.run([tapwright, "report", "merge", *map(str, folders[:2]), "--out", str(tmp_path / "p")],
                             capture_output=True, text=True, timeout=120)  # fmt: skip
    assert partial.returncode == 1 and "shards 3, 4 of the split are missing" in partial.stderr
    bad = subprocess.run([tapwright, "report", "merge", str(tmp_path / "nothing"), "--out", str(tmp_path / "q")],
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert bad.returncode == 2 and "no trace.json" in bad.stderr
