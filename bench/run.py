"""Run every benchmark in bench/ (files named bench_*.py, each with a main() -> int).

A benchmark that starts the app zoo's real apps (minutes to an hour) says ``IN_MAKE_BENCH = False`` and
runs only when named (``bench/run.py zoo``); ``make bench`` runs every other one.
"""

from __future__ import annotations

import importlib.util
import sys
import time
import traceback
from pathlib import Path


def _takes_argv(function: object) -> bool:
    """A benchmark whose main() reads its own arguments gets none from this runner's command line."""
    import inspect

    return callable(function) and bool(inspect.signature(function).parameters)


def main(argv: list[str], here: Path | None = None) -> int:
    here = here or Path(__file__).parent
    wanted = set(argv)
    failures = 0
    for path in sorted(here.glob("bench_*.py")):
        if wanted and path.stem not in wanted and path.stem.removeprefix("bench_") not in wanted:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module  # as `python bench/NAME.py` has it: dataclasses look their module up
        try:
            spec.loader.exec_module(module)
        except Exception:  # a benchmark that cannot even load is reported, and the others still run
            traceback.print_exc()
            failures += 1
            continue
        if not wanted and not getattr(module, "IN_MAKE_BENCH", True):
            print(f"== {path.stem} skipped (not part of make bench: bench/run.py {path.stem.removeprefix('bench_')})")
            continue
        print(f"== {path.stem}", flush=True)
        started = time.perf_counter()
        try:
            code = int(module.main([]) if _takes_argv(module.main) else module.main() or 0)
        except Exception:  # one broken benchmark must not hide the others' figures
            traceback.print_exc()
            code = 1
        print(f"== {path.stem} done in {time.perf_counter() - started:.1f}s (exit {code})", flush=True)
        failures += code != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
