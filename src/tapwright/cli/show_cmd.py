"""``tapwright show-trace FILE`` and ``tapwright show-report [DIR]``: open a trace or a report offline.

Both serve the files and Playwright's trace viewer on 127.0.0.1 and open them in the
system Chromium (found at run time; nothing is downloaded). ``--no-open`` only serves
and prints the URL, for any Chromium-based browser on the machine. Exit codes: 0 when
the window was closed or the server stopped with Ctrl-C, 2 for a missing file, no
viewer or no browser.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from tapwright.errors import UserError

EXIT_OK, EXIT_USAGE = 0, 2


def register(sub: Any) -> None:
    trace = sub.add_parser("show-trace", help="open a Playwright trace (tapwright run --trace) in the trace viewer, offline")
    trace.add_argument("file", metavar="FILE", help="a trace .zip, e.g. tapwright-report/traces/001-login.zip")
    _serve_arguments(trace)
    trace.set_defaults(handler=_show_trace)
    report = sub.add_parser("show-report", help="open a report folder in the browser, its trace links working")
    report.add_argument("folder", nargs="?", default="tapwright-report", metavar="DIR",
                        help="the report folder (default tapwright-report)")
    _serve_arguments(report)
    report.set_defaults(handler=_show_report)


def _serve_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--no-open", action="store_true", help="only serve and print the URL (stop with Ctrl-C)")
    p.add_argument("--port", type=int, default=0, help="the port to serve on (default: a free one)")
    p.add_argument("--browser", metavar="PATH", help="the Chromium to open (default: found at run time)")


def _show_trace(args: argparse.Namespace) -> int:
    from tapwright.platforms.trace_viewer import viewer_path

    path = Path(args.file)
    if not path.is_file():
        print(f"error: no such trace file: {args.file}", file=sys.stderr)
        return EXIT_USAGE
    path = path.resolve()
    return _serve(path.parent, viewer_path(path.name), args)


def _show_report(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    if not (folder / "report.html").is_file():
        print(f"error: no report.html in {args.folder} (run tapwright run first, or name the report folder)", file=sys.stderr)
        return EXIT_USAGE
    return _serve(folder, "/report.html", args)


def _serve(folder: Path, path: str, args: argparse.Namespace) -> int:
    from tapwright.platforms.trace_viewer import TraceServer, open_app

    try:
        server = TraceServer(folder, port=args.port)
    except (UserError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    with server:
        url = server.url(path)
        print(f"serving {folder} at {server.origin} (Ctrl-C stops)\nopen: {url}", flush=True)
        try:
            if args.no_open:
                threading.Event().wait()
            try:
                window = open_app(url, browser=args.browser)
            except (UserError, OSError) as exc:
                print(f"error: {exc}", file=sys.stderr)
                return EXIT_USAGE
            _wait(window)
        except KeyboardInterrupt:
            pass
    return EXIT_OK


def _wait(window: subprocess.Popen[bytes]) -> None:
    """Until the browser window is closed; a Ctrl-C closes it too."""
    try:
        window.wait()
    finally:
        if window.poll() is None:
            window.terminate()
            window.wait(timeout=10)
