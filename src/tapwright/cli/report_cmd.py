"""``tapwright report merge DIR... --out DIR``: one report from the shards of a split suite."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tapwright.errors import UserError


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("report", help="work with report folders (merge the shards of a split run)")
    inner = p.add_subparsers(dest="report_command", metavar="ACTION")
    merge = inner.add_parser("merge", help="merge report folders (tapwright run --shard I/N) into one report")
    merge.add_argument("folders", nargs="+", metavar="DIR", help="report folders holding a trace.json each")
    merge.add_argument("--out", default="tapwright-report", metavar="DIR", help="where the merged report goes (default tapwright-report)")
    merge.set_defaults(handler=_merge)
    def usage(_args: argparse.Namespace) -> int:
        p.print_help()
        return 2

    p.set_defaults(handler=usage)


def _merge(args: argparse.Namespace) -> int:
    from tapwright.runner.progress import failed_scenarios, recap_line
    from tapwright.runner.reports.merge import merge_runs

    try:
        merged = merge_runs(args.folders, args.out)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    run = merged.run
    failed = failed_scenarios(run)
    if failed:  # the recap a single run ends with, for the whole split suite
        print(f"{len(failed)} failed scenario{'s' if len(failed) != 1 else ''}:")
        for scenario in failed:
            print(f"  ✗ {recap_line(scenario)}")
    print(f"merged {len(run.merged_from)} report folders: {run.summary_line()}")
    print(f"report: {merged.files.html}\njunit:  {merged.files.junit}\ntrace:  {merged.files.json}")
    if merged.missing_shards:
        print(f"error: shards {', '.join(map(str, merged.missing_shards))} of the split are missing", file=sys.stderr)
        return 1
    if run.interrupted:  # a shard stopped (or was killed) before it finished: its suite did not all run
        left = sum(1 for s in run.scenarios if s.message == "not run")
        print(f"error: a shard was interrupted before it finished; {left} scenario{'' if left == 1 else 's'} "
              "did not run", file=sys.stderr)  # fmt: skip
        return 1
    return 0
