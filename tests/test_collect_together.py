"""Every test folder collects together with every other in one pytest call, in any order.

`make test` collects `tests/` as one path, which loads each folder's conftest.py just before that
folder's tests; naming several folders (`pytest tests/android tests/plan`) loads every named
folder's conftest.py first. Each of those is imported under the bare name ``conftest``, so a test
doing ``from conftest import X`` got whichever conftest was loaded last: the Android tests failed
to import whenever a folder was named after them. Helpers a folder shares live in a module with a
name of its own (``android_support``, ``mcp_support``, ...).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent


def _folders() -> list[Path]:
    """The test folders, in name order: every folder named before the last is one whose conftest.py
    is not the last loaded, which is where a folder relying on the name ``conftest`` breaks."""
    return sorted(p for p in TESTS.iterdir() if p.is_dir() and any(p.glob("test_*.py")))


def test_no_test_imports_a_conftest_by_name() -> None:
    """The cause of the clash, caught before any collection: ``conftest`` is no module name to import."""
    importing = re.compile(r"^\s*(from\s+conftest\s+import|import\s+conftest\b)", re.MULTILINE)
    offenders = [str(p.relative_to(REPO)) for p in TESTS.rglob("*.py") if importing.search(p.read_text(encoding="utf-8"))]
    assert offenders == [], f"import shared helpers from a module with a name of its own: {offenders}"


def test_helper_module_names_are_unique_across_folders() -> None:
    """Each folder without an ``__init__.py`` is put on ``sys.path`` when collected, so two helpers called
    the same would be one module: whichever folder came first on the path."""
    seen: dict[str, list[str]] = {}
    for path in TESTS.glob("*/*.py"):
        if path.name in ("conftest.py", "__init__.py") or (path.parent / "__init__.py").exists():
            continue  # conftest.py is imported apart by pytest; a package's modules are named by their package
        seen.setdefault(path.stem, []).append(str(path.relative_to(REPO)))
    assert {name: paths for name, paths in seen.items() if len(paths) > 1} == {}


def test_all_test_folders_collect_together_in_one_call() -> None:
    """One `pytest --collect-only` naming every folder and every top-level test file: no collection
    error, and every folder contributes its tests (nothing silently left out)."""
    folders = _folders()
    assert len(folders) > 20 and TESTS / "android" in folders and TESTS / "web" in folders
    files = sorted(TESTS.glob("test_*.py"))
    args = [str(p.relative_to(REPO)) for p in (*folders, *files)]
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
        capture_output=True, text=True, cwd=REPO, timeout=900,
    )  # fmt: skip
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-40:])
    assert proc.returncode == 0, tail
    assert "error" not in proc.stdout.splitlines()[-1].lower(), tail
    collected = {line.split("/", 2)[1] for line in proc.stdout.splitlines() if line.startswith("tests/") and "::" in line}
    assert collected >= {p.name for p in folders}, sorted({p.name for p in folders} - collected)
    assert any(line.startswith(f"tests/{Path(__file__).name}::") for line in proc.stdout.splitlines())
