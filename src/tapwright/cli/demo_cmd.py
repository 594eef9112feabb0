"""``tapwright demo serve`` (the demo shop on 127.0.0.1) and ``tapwright demo run`` (serve + run the example suites).

``demo run`` with no paths runs ``examples/tests/passing`` and ``examples/tests/failing``:
the second folder's scenarios fail on purpose, so the report shows what a failure looks
like. It exits 0 when exactly those fail, and prints the report folder's size.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import Any

from tapwright.demo.server import DEFAULT_PASSWORD, DEMO_USER, DemoServer, find_app_dir
from tapwright.errors import UserError


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("demo", help="the demo shop: serve it, or run the example suite on it")
    dsub = p.add_subparsers(dest="demo_command", metavar="ACTION", required=True)
    serve = dsub.add_parser("serve", help="serve the demo shop until Ctrl-C")
    serve.add_argument("--host", default="127.0.0.1", help="interface (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 picks a free one)")
    serve.set_defaults(handler=_serve)
    run = dsub.add_parser(
        "run", help="serve the shop on a free port, run the example suites (3 scenarios fail on purpose), write the report"
    )
    from tapwright.cli.run_cmd import add_run_arguments

    add_run_arguments(run)
    run.set_defaults(handler=_run)


def _password_hint() -> str:
    if os.environ.get("DEMO_PASSWORD"):
        return f"user {DEMO_USER}, password from $DEMO_PASSWORD"
    return f"user {DEMO_USER}, password {DEFAULT_PASSWORD!r} (set DEMO_PASSWORD to change it)"


def _serve(args: argparse.Namespace) -> int:
    try:
        server = DemoServer(args.host, args.port)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"demo shop on {server.url}  ({_password_hint()}); Ctrl-C to stop", flush=True)
    signal.signal(signal.SIGTERM, _stop)  # `kill` stops it as cleanly as Ctrl-C
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


# The demo's suites next to the web one: the Android app on the simulated device, the same app on iOS
# through a simulated WebDriverAgent, the desktop apps on Xvfb.
PLATFORM_SUITES = ("android-tests", "ios-tests", "desktop-tests")


def demo_suites(app: Path) -> list[str]:
    """The demo's test folders: the web shop's passing suite and every platform suite in examples/."""
    examples = app.parent
    return [str(examples / "tests" / "passing"), *(str(examples / s) for s in PLATFORM_SUITES if (examples / s).is_dir())]


def _run(args: argparse.Namespace) -> int:
    from tapwright.cli.run_cmd import EXIT_FAILED, EXIT_OK, load_scenarios, planner_from_args, run_and_report

    try:
        app = find_app_dir()
        suites = app.parent / "tests"
        paths = args.paths or [*(_shown(Path(p)) for p in demo_suites(app)), _shown(suites / "failing")]
        scenarios = load_scenarios(paths, args.keyword, args.tag)
        planner = planner_from_args(args)
    except UserError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    # The example suite reads DEMO_PASSWORD as a secret; the demo's default stands in when unset.
    os.environ.setdefault("DEMO_PASSWORD", DEFAULT_PASSWORD)
    with DemoServer("127.0.0.1", 0, app_dir=app) as server:
        print(f"demo shop on {server.url}", flush=True)
        args.base_url = args.base_url or server.url
        code, result = run_and_report(scenarios, planner, args)
    report_dir = Path(args.report_dir)
    print(f"report size: {_size_line(report_dir)}")
    if not args.paths and code == EXIT_FAILED:
        on_purpose = str(suites / "failing")
        unexpected = [s for s in result.scenarios if s.ok == _under(s.source, on_purpose)]
        if not unexpected:
            print(f"as expected: the {len(result.scenarios) - result.counts()['passed']} scenarios in "
                  f"{_shown(suites / 'failing')} failed on purpose; everything else passed")
            code = EXIT_OK
        else:
            print("unexpected: " + ", ".join(f"{s.id} {s.status}" for s in unexpected), file=sys.stderr)
    print(f"open {report_dir.resolve() / 'report.html'} in a browser to read the report")
    return code


def _shown(path: Path) -> str:
    """``path`` relative to the current folder when it is inside it (what reports and messages show)."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _under(source: str, folder: str) -> bool:
    return Path(source).resolve().is_relative_to(Path(folder).resolve())


def _size_line(report_dir: Path) -> str:
    files = [p for p in report_dir.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    page = (report_dir / "report.html").stat().st_size if (report_dir / "report.html").is_file() else 0
    shots = [p for p in files if "screenshots" in p.relative_to(report_dir).parts]
    return (
        f"{total / 1_000_000:.2f} MB in {report_dir}/ (report.html {page / 1000:.0f} KB, "
        f"{len(shots)} screenshots {sum(p.stat().st_size for p in shots) / 1_000_000:.2f} MB)"
    )
