"""Entry point: ``tapwright <command>``. Each command lives in its own module with ``register()``."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from tapwright import __version__

# Command modules under tapwright.cli; each defines register(subparsers).
COMMAND_MODULES = (
    "tools",
    "exec_cmd",
    "web_cmd",
    "mcp_cmd",
    "run_cmd",
    "do_cmd",
    "demo_cmd",
    "plan_cmd",
    "check_cmd",
    "init_cmd",
    "report_cmd",
    "show_cmd",
    "task_cmd",
)

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
EXIT_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a filter whose reader closed the pipe


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tapwright", description="Reliable hands on a user interface.")
    parser.add_argument("--version", action="version", version=f"tapwright {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(f"tapwright.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:
        # argparse's answer without importing every command to build the parser (issue 28: under 0.3 s)
        print(f"tapwright {__version__}")
        return EXIT_OK
    from tapwright.cli._sigterm import terminate_as_interrupt

    # From the first moment, SIGTERM stops a command as Ctrl-C does (cleanly, reports written), not dead.
    with terminate_as_interrupt() as term:
        try:
            parser = build_parser()
            args = parser.parse_args(argv)
            handler = getattr(args, "handler", None)
            if handler is None:
                parser.print_help()
                return EXIT_USAGE
            code: int = handler(args)
            sys.stdout.flush()
        except KeyboardInterrupt:
            print("terminated (SIGTERM)" if term.received else "interrupted", file=sys.stderr)
            return 143 if term.received else 130
        except BrokenPipeError:
            # The reader went away (``tapwright tools list | head``): stop quietly, as a Unix filter does.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return EXIT_PIPE
    return code


if __name__ == "__main__":
    sys.exit(main())
