"""scripts/mutate.py (``make mutate``): its module list, its bookkeeping between runs and the table it writes.

The mutation runs themselves are too slow for ``make test``; these check the parts that decide what a run
re-checks and what the published table says, on real files in a temporary directory.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mutate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutate_script", REPO / "scripts" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_module_names_sources_and_tests_that_exist(mutate: ModuleType) -> None:
    names = [m.name for m in mutate.MODULES]
    assert len(names) == len(set(names))
    for m in mutate.MODULES:
        for f in m.files:
            assert (REPO / "src" / f).is_file(), f"{m.name}: {f} moved; edit MODULES in scripts/mutate.py"
        for t in m.tests:
            assert (REPO / t).exists(), f"{m.name}: {t} is gone"


def test_the_published_table_has_a_row_for_every_module(mutate: ModuleType) -> None:
    table = (REPO / "docs" / "contributing" / "mutation-kill-rates.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| ([a-z-]+) \| tapwright/", table, re.M))
    assert rows == {m.name for m in mutate.MODULES}


def _meta(path: Path, codes: dict[str, int | None]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"exit_code_by_key": codes, "hash_by_function_name": {"f": "h"}}), encoding="utf-8")


def test_update_forgets_every_verdict_but_killed_and_timeout(mutate: ModuleType, tmp_path: Path) -> None:
    meta = tmp_path / "mutants" / "src" / "pkg" / "mod.py.meta"
    _meta(meta, {"m.killed": 1, "m.survived": 0, "m.timeout": 36, "m.no_tests": 33, "m.unchecked": None,
                 "m.suspicious": 35})  # fmt: skip
    mutate._forget_survivors(tmp_path)
    data = json.loads(meta.read_text(encoding="utf-8"))
    assert data["exit_code_by_key"] == {"m.killed": 1, "m.survived": None, "m.timeout": 36, "m.no_tests": None,
                                        "m.unchecked": None, "m.suspicious": None}  # fmt: skip
    assert data["hash_by_function_name"] == {"f": "h"}  # mutmut's per-function hashes are kept
    assert mutate._statuses(tmp_path) == {"m.killed": "killed", "m.survived": "not checked", "m.timeout": "timeout",
                                          "m.no_tests": "not checked", "m.unchecked": "not checked",
                                          "m.suspicious": "not checked"}  # fmt: skip


def test_update_copies_a_changed_source_newer_than_its_mutants(
    mutate: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo, work = tmp_path / "repo", tmp_path / "work"
    for root, text in ((repo, "def f():\n    return 2\n"), (work, "def f():\n    return 1\n")):
        (root / "src" / "pkg").mkdir(parents=True)
        (root / "src" / "pkg" / "a.py").write_text(text, encoding="utf-8")
        (root / "src" / "pkg" / "b.py").write_text("same = 1\n", encoding="utf-8")
    for f in ("a.py", "b.py"):  # the scratch copy and its mutants are older than the repository's files
        os.utime(work / "src" / "pkg" / f, (1_000_000, 1_000_000))
    monkeypatch.setattr(mutate, "REPO", repo)
    module = mutate.Module("m", ("pkg/a.py", "pkg/b.py"), ())
    mutate._sync_sources(module, work)
    assert (work / "src" / "pkg" / "a.py").read_text(encoding="utf-8") == "def f():\n    return 2\n"
    assert os.path.getmtime(work / "src" / "pkg" / "a.py") > 1_000_000  # mutmut re-mutates what is newer
    assert os.path.getmtime(work / "src" / "pkg" / "b.py") == 1_000_000  # unchanged: its verdicts stay


def test_the_table_says_partial_and_names_survivors(mutate: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "rates.md"
    monkeypatch.setattr(mutate, "OUT", out)
    first = mutate.MODULES[0]
    row = {"module": first.name, "files": list(first.files), "seconds": 12, "rate": 0.9, "killed": 9, "survived": 1,
           "no_tests": 0, "timeout": 0, "suspicious": 0, "not_checked": 5, "total": 15, "survivors": ["pkg.x_f__mutmut_3"]}  # fmt: skip
    mutate.write_report([row])
    text = out.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith(f"| {first.name} |"))
    assert "| 15 | 9 | 1 | 0 | 0 | 90.0% (partial: 10 of 15 checked) | 12 s |" in line
    assert f"- **{first.name}**: `pkg.x_f__mutmut_3`" in text
    assert mutate._previous_rows()[first.name]["survivors"] == ["pkg.x_f__mutmut_3"]  # read back for the next run


def test_unknown_modules_and_two_modes_are_refused(mutate: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert mutate.main(["no-such-module"]) == 2
    assert mutate.main(["--resume", "--update", "executor"]) == 2
    assert "usage: mutate.py [--resume|--survivors|--update|--report]" in capsys.readouterr().err
