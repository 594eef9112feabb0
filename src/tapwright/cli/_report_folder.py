"""Where ``tapwright run`` writes its reports (how a command ends on SIGTERM: ``_sigterm``).

:class:`ReportFolder` claims the report folder before the run: a folder that cannot be
written is replaced by one in the temp directory; a folder another live run holds (its
lock file names a running process) is not shared, this run takes a subfolder of its
own. Writing the reports never raises: what cannot be written where asked is written
to the temp directory, and every line says where the files are.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tapwright.runner.reports import write_reports
from tapwright.runner.results import RunResult

LOCK_NAME = ".tapwright-run.lock"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _writable(folder: Path) -> str | None:
    """Why ``folder`` cannot take a report (None when it can): created if missing, probed with a file."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".tapwright-probe-{os.getpid()}"
        probe.write_bytes(b"x" * 4096)
        probe.unlink()
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


@dataclass
class ReportFolder:
    """The folder a run writes to, the lock it holds there, and what was said about it."""

    path: Path
    notes: list[str] = field(default_factory=list)
    lock: Path | None = None

    @classmethod
    def claim(cls, wanted: Path) -> ReportFolder:
        problem = _writable(wanted)
        if problem is not None:
            fallback = Path(tempfile.mkdtemp(prefix="tapwright-report-"))
            return cls(fallback, [f"error: cannot write the report to {wanted}: {problem}; "
                                  f"writing it to {fallback} instead"])._locked()
        lock = wanted / LOCK_NAME
        holder = _lock_holder(lock)
        if holder is not None and holder != os.getpid() and _alive(holder):
            own = wanted / f"run-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
            own.mkdir(parents=True, exist_ok=True)
            return cls(own, [f"note: another run (pid {holder}) is writing to {wanted}; "
                             f"this run writes to {own}"])._locked()
        return cls(wanted)._locked()

    def _locked(self) -> ReportFolder:
        lock = self.path / LOCK_NAME
        with contextlib.suppress(OSError):
            lock.write_text(str(os.getpid()), encoding="utf-8")
            self.lock = lock
        return self

    def write(self, result: RunResult, *, inline_screenshots: bool = False) -> None:
        """Write the reports (never raises); print where they are, or why they are elsewhere."""
        try:
            files = write_reports(result, self.path, inline_screenshots=inline_screenshots)
        except OSError as exc:
            fallback = Path(tempfile.mkdtemp(prefix="tapwright-report-"))
            print(f"error: writing the report to {self.path} failed: {exc.strerror or exc}; "
                  f"writing it to {fallback} instead", file=sys.stderr)
            try:
                files = write_reports(result, fallback, inline_screenshots=inline_screenshots)
            except OSError as again:
                print(f"error: the report could not be written anywhere: {again}", file=sys.stderr)
                self._release()
                return
        self._release()
        print(f"report: {files.html}\njunit:  {files.junit}\ntrace:  {files.json}", flush=True)

    def _release(self) -> None:
        if self.lock is not None:
            with contextlib.suppress(OSError):
                if _lock_holder(self.lock) == os.getpid():
                    self.lock.unlink()


def _lock_holder(lock: Path) -> int | None:
    try:
        return int(lock.read_text(encoding="utf-8").strip() or "0") or None
    except (OSError, ValueError):
        return None
