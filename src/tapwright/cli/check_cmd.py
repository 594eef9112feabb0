"""``tapwright check PATH...`` (also ``tapwright run --dry-run``): plan every step offline, run nothing.

Exit codes: 0 every step of every scenario plans; 1 a step would be refused (each one
is printed as ``file:line`` with its code and reason); 2 a test file cannot be read
(each broken file is printed, the others are still checked) or a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tapwright.errors import UserError

EXIT_OK, EXIT_REFUSED, EXIT_BROKEN = 0, 1, 2


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "check", help="read every test file and plan every step offline, without a browser (a suite's pre-flight)"
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="test files or folders")
    p.add_argument("-k", dest="keyword", metavar="EXPR", help="only scenarios whose name/file/tags match EXPR")
    p.add_argument("--tag", action="append", default=[], metavar="TAG", help="only scenarios with one of these tags")
    p.add_argument("--json", action="store_true", help="print every step's verdict as JSON")
    p.add_argument("-v", "--verbose", action="store_true", help="print the plan of every step, not only the refused ones")
    p.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    return check_paths(args.paths, keyword=args.keyword, tags=args.tag, as_json=args.json,
                       verbose=getattr(args, "verbose", False))  # fmt: skip


def check_paths(paths: list[str], *, keyword: str | None = None, tags: list[str] | None = None,
                as_json: bool = False, verbose: bool = False) -> int:  # fmt: skip
    """Check the test cases under ``paths``, print the verdicts, return the exit code."""
    from tapwright.runner.cases import filter_cases, load_cases_each
    from tapwright.runner.preflight import check_scenarios_sync

    started = time.perf_counter()
    scenarios, broken = load_cases_each(paths)
    try:
        if keyword or tags:
            scenarios = filter_cases(scenarios, keyword_expr=keyword, tags=tags or None)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BROKEN
    verdicts = check_scenarios_sync(scenarios)
    refused = [v for v in verdicts if not v.ok]
    seconds = time.perf_counter() - started
    if as_json:
        print(json.dumps({"files_broken": [{"path": b.path, "line": b.line, "message": b.message} for b in broken],
                          "steps": [v.to_dict() for v in verdicts]}, indent=2, ensure_ascii=False))  # fmt: skip
    else:
        for error in broken:
            print(f"✗ {error}")
        current = None
        for v in verdicts:
            if v.ok and not verbose:
                continue
            if verbose and v.scenario != current:
                current = v.scenario
                print(f"{v.scenario}  ({v.source})")
            phase = "" if v.phase == "step" else f"{v.phase} "
            if v.ok:
                print(f"  ✓ {v.where}  {phase}{v.text}")
                for call in v.calls:
                    print(f"      {call}")
            else:
                scenario = "" if verbose else f"  [{v.scenario}]"
                print(f"✗ {v.where}  {phase}{v.text!r}{scenario}\n    [{v.code}] {v.reason}")
        n_files = len({v.source for v in verdicts})
        print(f"checked {_plural(len(scenarios), 'scenario')} in {_plural(n_files, 'file')}: "
              f"{_plural(len(verdicts), 'step')}, {len(verdicts) - len(refused)} planned, {len(refused)} refused"
              + (f", {_plural(len(broken), 'file')} unreadable" if broken else "") + f" ({seconds:.1f} s, no browser)")  # fmt: skip
    if broken:
        return EXIT_BROKEN
    return EXIT_REFUSED if refused else EXIT_OK


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
