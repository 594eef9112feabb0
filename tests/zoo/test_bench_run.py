"""`make bench` (bench/run.py) runs every benchmark except those that start the zoo's real apps."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _runner() -> Any:
    spec = importlib.util.spec_from_file_location("bench_run_under_test", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bench(folder: Path, name: str, *, in_make_bench: bool, takes_argv: bool) -> None:
    flag = "" if in_make_bench else "IN_MAKE_BENCH = False\n"
    signature = "argv=None" if takes_argv else ""
    folder.joinpath(f"bench_{name}.py").write_text(
        f"from pathlib import Path\n{flag}"
        f"def main({signature}):\n"
        f"    Path(__file__).with_suffix('.ran').write_text(repr({'argv' if takes_argv else 'None'}))\n"
        "    return 0\n"
    )


def test_make_bench_skips_the_zoo_benches_and_runs_them_by_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runner = _runner()
    _bench(tmp_path, "quick", in_make_bench=True, takes_argv=False)
    _bench(tmp_path, "apps", in_make_bench=False, takes_argv=True)
    assert runner.main([], here=tmp_path) == 0
    assert (tmp_path / "bench_quick.ran").exists()
    assert not (tmp_path / "bench_apps.ran").exists()
    assert "bench_apps skipped" in capsys.readouterr().out
    # Named, it runs, and its own argument parser is given no arguments (not the runner's).
    assert runner.main(["apps"], here=tmp_path) == 0
    assert (tmp_path / "bench_apps.ran").read_text() == "[]"


def test_the_zoo_benches_declare_themselves_out_of_make_bench() -> None:
    for name in ("bench_zoo.py", "bench_twins.py"):
        assert "\nIN_MAKE_BENCH = False\n" in (ROOT / "bench" / name).read_text(), name


def test_a_benchmark_that_raises_is_reported_and_the_rest_still_run(tmp_path: Path) -> None:
    runner = _runner()
    tmp_path.joinpath("bench_broken.py").write_text("def main():\n    raise RuntimeError('no fixture')\n")
    tmp_path.joinpath("bench_cannot_load.py").write_text("import no_such_module_here\n")
    tmp_path.joinpath("bench_data.py").write_text(  # a dataclass needs its module in sys.modules to load
        "import dataclasses\n@dataclasses.dataclass\nclass Row:\n    name: str\ndef main():\n    return 0\n")
    _bench(tmp_path, "quick", in_make_bench=True, takes_argv=False)
    assert runner.main([], here=tmp_path) == 1
    assert runner.main(["data"], here=tmp_path) == 0
    assert (tmp_path / "bench_quick.ran").exists()


@pytest.mark.parametrize("path", sorted((ROOT / "bench").glob("bench_*.py")), ids=lambda p: p.stem)
def test_every_benchmark_loads(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A benchmark is not part of `make test`, so what it imports from the tests can rot unseen: load each one."""
    name = f"loaded_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setattr(sys, "path", list(sys.path))  # what a benchmark adds to the path is taken back
    monkeypatch.setitem(sys.modules, name, module)  # as `python bench/x.py` has it (dataclasses look it up)
    spec.loader.exec_module(module)
    assert callable(module.main)
