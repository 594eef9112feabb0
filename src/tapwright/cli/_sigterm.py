"""How a ``tapwright`` command ends on SIGTERM: as on Ctrl-C (cleanly, reports written).

Kept apart from the report folder so the command line's start (``tapwright --version``) imports
nothing of the runner.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from types import FrameType


@dataclass
class _Term:
    received: bool = False


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[_Term]:
    """Handle SIGTERM like Ctrl-C while the block runs: the run stops cleanly and reports are written."""
    term = _Term()
    if not hasattr(signal, "SIGTERM") or sys.platform == "win32":
        yield term
        return

    def on_term(signum: int, frame: FrameType | None) -> None:
        term.received = True
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            # Started with Ctrl-C ignored (a background job of a script, `nohup ... &`): a SIGINT raised here would
            # be ignored too, and `kill` would do nothing. The interrupt is raised as Ctrl-C's default handler
            # raises it; the run's own clean-up (reports written, browsers and servers stopped) takes it from there.
            raise KeyboardInterrupt
        signal.raise_signal(signal.SIGINT)  # the same path as Ctrl-C: asyncio cancels the run

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except ValueError:  # not the main thread: leave SIGTERM alone
        yield term
        return
    try:
        yield term
    finally:
        signal.signal(signal.SIGTERM, previous)
