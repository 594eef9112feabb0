"""``tapwright run PATH...``: run plain-English test cases and write the reports.

Exit codes: 0 every scenario passed (flaky ones included), 1 a scenario failed,
2 a usage, configuration or test-file parse error, 130 interrupted (Ctrl-C), 143
terminated (SIGTERM); the report still shows what ran in both cases.

The report folder is checked before anything runs: one that cannot be written is
replaced by a fresh folder in the temp directory (and said so), and a folder another
run is writing to right now is not shared: this run writes to a subfolder of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from tapwright.cli._args import add_policy_arguments, check_policy_entries, seconds
from tapwright.cli._platform import grouped_settings
from tapwright.cli._report_folder import ReportFolder
from tapwright.cli._sigterm import terminate_as_interrupt
from tapwright.errors import UserError
from tapwright.platforms._device_pool import parse_serials, read_serials
from tapwright.runner.checkpoint import Checkpoint
from tapwright.runner.live import make_progress
from tapwright.runner.model import Scenario
from tapwright.runner.planning import CACHE_MODES, PLANNER_KINDS, make_planner, planner_kind
from tapwright.runner.results import RunResult
from tapwright.runner.run import Runner, RunOptions
from tapwright.runner.shard import Shard, durations_from, select

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_TERMINATED = 0, 1, 2, 130, 143


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "run", help="run plain-English test cases (YAML, Markdown, .feature) and write reports"
    )
    add_run_arguments(p)
    p.set_defaults(handler=handle)


def add_run_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``tapwright run`` (shared with ``tapwright demo run``)."""
    p.add_argument("paths", nargs="*", metavar="PATH", help="test files or folders")
    p.add_argument("--base-url", default=os.environ.get("TAPWRIGHT_BASE_URL") or None,
                   help="base URL for every scenario, overriding the files' base_url (default $TAPWRIGHT_BASE_URL)")
    p.add_argument("--planner", type=planner_kind, choices=PLANNER_KINDS, default="auto", help="step planner (default auto: rules, then LLM if configured)")
    p.add_argument("--cache", choices=CACHE_MODES, default="readwrite", help="LLM plan cache mode (default readwrite)")
    p.add_argument("--cache-dir", help="plan cache folder (default $TAPWRIGHT_CACHE_DIR or .tapwright/plans)")
    p.add_argument("--no-llm", action="store_true", help="never call a model; LLM-planned steps replay from the cache")
    p.add_argument("--report-dir", default="tapwright-report", help="where report.html, junit.xml and trace.json go")
    p.add_argument("-j", "--jobs", type=_positive, default=1, metavar="N", help="scenarios run in parallel (default 1)")
    p.add_argument("--retries", type=_non_negative, default=0, metavar="N", help="re-run a failed scenario up to N times (passes on retry are flaky)")
    p.add_argument("--keep-going", action="store_true",
                   help="run a scenario's remaining steps after one fails (it still fails; those steps are marked)")
    p.add_argument("--headed", action="store_true", help="show the browser")
    p.add_argument("--timeout", type=seconds, default=None, metavar="SECONDS",
                   help="how long an action or check waits for its element (default: web and desktop 5, phones one look; "
                        "a test file's timeout: wins, and a step's own)")
    p.add_argument("--trace", action="store_true", help="save a Playwright trace per scenario (report-dir/traces)")
    p.add_argument("-k", dest="keyword", metavar="EXPR", help="only scenarios whose name/file/tags match EXPR (and, or, not)")
    p.add_argument("--tag", action="append", default=[], metavar="TAG", help="only scenarios with one of these tags (repeatable)")
    p.add_argument("--env-file", default=".env", help="file of NAME=VALUE secrets (default .env)")
    p.add_argument("--no-screenshots", action="store_true", help="do not take a screenshot after every step")
    add_policy_arguments(p)
    p.add_argument("--inline-screenshots", action="store_true",
                   help="embed the screenshots in report.html (one file to mail) instead of linking screenshots/")
    p.add_argument("--shard", metavar="I/N", help="run only shard I of N (a deterministic split); reports go to REPORT_DIR/shard-I-of-N")
    p.add_argument("--durations", metavar="TRACE", help="balance --shard by the scenario durations in an earlier trace.json")
    p.add_argument("--browser-endpoint", action="append", default=[], metavar="URL",
                   help="a remote browser to lease: Playwright server ws://HOST:PORT/ or CDP http://HOST:PORT (repeatable)")
    p.add_argument("--browser-endpoints", metavar="FILE", help="a file of browser endpoints, one 'URL [CAPACITY]' per line")
    p.add_argument("--device", action="append", default=[], metavar="SERIAL",
                   help="an Android device to lease (adb serial; repeatable): each scenario leases a free one")
    p.add_argument("--devices", metavar="FILE", help="a file of Android device serials, one a line")
    p.add_argument("--set", action="append", default=[], metavar="PLATFORM.KEY=VALUE", dest="settings",
                   help="a run-wide platform setting, e.g. web.executable_path=/usr/bin/chromium (repeatable)")
    p.add_argument("--dry-run", action="store_true",
                   help="plan every step offline and run nothing (the same as tapwright check PATH...)")
    p.add_argument("-v", "--verbose", action="store_true", help="print every tool call")
    p.add_argument("-q", "--quiet", action="store_true", help="print only the summary")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def load_scenarios(paths: list[str], keyword: str | None = None, tags: list[str] | None = None) -> list[Scenario]:
    """Load and filter test cases; CaseError (a UserError with file:line) on a parse error."""
    from tapwright.runner import cases  # the loaders pull in YAML/Markdown/Gherkin parsing

    missing = [p for p in paths if not Path(p).exists()]
    if missing:
        raise UserError(f"no such file or folder: {', '.join(missing)}")
    scenarios: list[Scenario] = cases.load_cases(list(paths))
    if keyword or tags:
        scenarios = cases.filter_cases(scenarios, keyword_expr=keyword, tags=tags or None)
    return scenarios


def planner_from_args(args: argparse.Namespace) -> Any:
    """The planner for ``--planner``, ``--cache``, ``--cache-dir`` and ``--no-llm``."""
    return make_planner(args.planner, cache_dir=args.cache_dir, cache_mode=args.cache, no_llm=args.no_llm)


def _clean_report_dir(report_dir: Path) -> None:
    """Remove the screenshots and traces of a previous run (only the folders the runner writes)."""
    for name in ("screenshots", "traces"):
        shutil.rmtree(report_dir / name, ignore_errors=True)


def handle(args: argparse.Namespace) -> int:
    if not args.paths:
        print("error: give at least one test file or folder", file=sys.stderr)
        return EXIT_USAGE
    if getattr(args, "dry_run", False):
        from tapwright.cli.check_cmd import check_paths

        return check_paths(args.paths, keyword=args.keyword, tags=args.tag, verbose=args.verbose)
    try:
        with terminate_as_interrupt() as term:
            check_policy_entries([*(args.allow or []), *args.block])
            scenarios = load_scenarios(args.paths, args.keyword, args.tag)
            planner = planner_from_args(args)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        # Stopped while the test files were read: still a report, saying nothing ran and why.
        ReportFolder.claim(Path(args.report_dir)).write(RunResult(interrupted=True), inline_screenshots=False)
        print("interrupted before any scenario ran: the report says so", file=sys.stderr)
        return EXIT_TERMINATED if term.received else EXIT_INTERRUPTED
    if not scenarios:
        print("error: no scenarios found (check the paths, -k and --tag)", file=sys.stderr)
        return EXIT_USAGE
    return execute(scenarios, planner, args)


def _split(scenarios: list[Scenario], args: argparse.Namespace) -> tuple[list[Scenario], Shard | None]:
    """The scenarios of ``--shard I/N`` (all of them without it)."""
    if not getattr(args, "shard", None):
        return scenarios, None
    shard = Shard.parse(args.shard)
    durations = durations_from(args.durations) if args.durations else None
    return select(scenarios, shard, durations), shard


def _platform_settings(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    settings = grouped_settings(getattr(args, "settings", []))
    endpoints, file = getattr(args, "browser_endpoint", []), getattr(args, "browser_endpoints", None)
    if endpoints or file:
        web = settings.setdefault("web", {})
        web["browser_endpoints"], web["browser_endpoints_file"], web["jobs"] = list(endpoints), file, args.jobs
    devices, devices_file = getattr(args, "device", []), getattr(args, "devices", None)
    if devices or devices_file:
        android = settings.setdefault("android", {})
        listed = [*parse_serials(android.get("devices")), *parse_serials(devices, what="--device")]
        listed += [s for s in (read_serials(devices_file) if devices_file else []) if s not in listed]
        android["devices"] = listed
    return settings


def execute(scenarios: list[Scenario], planner: Any, args: argparse.Namespace) -> int:
    """Run scenarios with the options in ``args``, write the reports, return the exit code."""
    return run_and_report(scenarios, planner, args)[0]


def run_and_report(scenarios: list[Scenario], planner: Any, args: argparse.Namespace) -> tuple[int, RunResult]:
    """Like :func:`execute`, also returning the run's results."""
    try:
        scenarios, shard = _split(scenarios, args)
        platform_settings = _platform_settings(args)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE, RunResult()
    folder = ReportFolder.claim(Path(args.report_dir) / shard.folder if shard else Path(args.report_dir))
    for line in folder.notes:
        print(line, file=sys.stderr)
    report_dir = folder.path
    _clean_report_dir(report_dir)
    if shard is not None:
        print(f"tapwright: shard {shard.label}: {len(scenarios)} scenario{'' if len(scenarios) == 1 else 's'}", flush=True)
    options = RunOptions(
        base_url=args.base_url,
        report_dir=report_dir,
        jobs=args.jobs,
        retries=args.retries,
        trace=args.trace,
        timeout_s=args.timeout,
        headed=args.headed,
        screenshots=not args.no_screenshots,
        env_file=args.env_file,
        platform_settings=platform_settings,
        allow=args.allow,
        block=list(args.block),
        allow_link_local=args.allow_link_local,
        keep_going=args.keep_going,
    )
    progress = make_progress(sys.stdout, verbose=args.verbose, quiet=args.quiet, jobs=args.jobs)
    runner = Runner(planner, options, progress=progress)
    # trace.json kept current as scenarios finish: a run killed outright (SIGKILL, OOM) leaves what it did.
    runner.progress = Checkpoint(progress, runner.result, folder.path)
    if shard is not None:
        runner.result.shard = {"index": shard.index, "total": shard.total}
    interrupted = False
    try:
        with terminate_as_interrupt() as term:
            asyncio.run(_run(runner, scenarios, planner))
    except KeyboardInterrupt:
        interrupted = True
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE, runner.result
    finally:
        runner.result.interrupted = runner.result.interrupted or interrupted
        folder.write(runner.result, inline_screenshots=args.inline_screenshots)
    if interrupted:
        how = "terminated (SIGTERM)" if term.received else "interrupted"
        print(f"{how}: the report shows the scenarios that ran", file=sys.stderr)
        return (EXIT_TERMINATED if term.received else EXIT_INTERRUPTED), runner.result
    return (EXIT_OK if runner.result.ok else EXIT_FAILED), runner.result


async def _run(runner: Runner, scenarios: list[Scenario], planner: Any) -> None:
    try:
        await runner.run(scenarios)
    finally:
        await planner.aclose()
