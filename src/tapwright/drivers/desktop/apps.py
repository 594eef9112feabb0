"""Applications launched on the display: started from a command line, waited for until they show a
window, and closed (politely through their windows, then by PID)."""

from __future__ import annotations

import asyncio
import shlex
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tapwright.drivers.desktop._procs import Proc, descendants, pid_alive, spawn
from tapwright.errors import DriverError, ErrorCode

if TYPE_CHECKING:
    from tapwright.drivers.desktop.windows import WindowInfo, Windows


GROUP_RESCAN_S = 2.0


@dataclass(slots=True)
class App:
    """One launched application."""

    proc: Proc
    command: str
    # The process group as last scanned (all of /proc: costly on a busy machine) and when.
    _group: tuple[float, frozenset[int]] = field(default=(float("-inf"), frozenset()), repr=False)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def alive(self) -> bool:
        return self.proc.alive()

    def pids(self) -> set[int]:
        """The app's process and every process in its group (what it forked).

        Its descendants are read afresh each time (a few small /proc files); the whole group (which
        keeps processes that left the tree) is scanned again at most every GROUP_RESCAN_S seconds.
        """
        at, group = self._group
        now = time.monotonic()
        if now - at >= GROUP_RESCAN_S:
            group = frozenset(group_of(self.pid))
            self._group = (now, group)
        return {self.pid, *(p for p in group if pid_alive(p)), *descendants(self.pid)}

    def describe_exit(self) -> str:
        tail = self.proc.stderr_tail(800)
        status = self.proc.returncode
        return f"exited with status {status}" + (f"; stderr tail: {tail}" if tail else "; stderr was empty")


def group_of(pgid: int) -> list[int]:
    from tapwright.drivers.desktop._procs import group_members

    return group_members(pgid)


def parse_command(command: str | Sequence[str]) -> list[str]:
    """A command line (shell words) or an argv list -> argv.

    Raises:
        DriverError: INVALID_INPUT for an empty or unparsable command.
    """
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise DriverError(ErrorCode.INVALID_INPUT, f"cannot parse the app command {command!r}: {exc}") from exc
    else:
        argv = [str(a) for a in command]
    if not argv:
        raise DriverError(ErrorCode.INVALID_INPUT, "the app command is empty")
    return argv


def launch(command: str | Sequence[str], env: Mapping[str, str], cwd: str | None = None) -> App:
    """Start the app in its own process group.

    Raises:
        DriverError: INVALID_INPUT when the program does not exist or cannot be run.
    """
    argv = parse_command(command)
    if cwd is not None and not Path(cwd).is_dir():
        raise DriverError(ErrorCode.INVALID_INPUT, f"the app's working directory {cwd!r} does not exist")
    try:
        proc = spawn(argv, env=env, cwd=cwd, label="app")
    except (FileNotFoundError, PermissionError, OSError) as exc:
        raise DriverError(ErrorCode.INVALID_INPUT, f"cannot start {argv[0]!r}: {exc}", cause=repr(exc)) from exc
    return App(proc, command if isinstance(command, str) else shlex.join(argv))


async def wait_window(windows: Windows, *, app: App | None = None, title: str | None = None, timeout: float = 20.0) -> WindowInfo:
    """The first window of ``app`` (and / or with ``title`` in its title) to appear.

    Raises:
        DriverError: TIMEOUT when none appears in time (or the app exits first), with the app's exit
            status and the tail of its stderr.
    """
    deadline = time.monotonic() + timeout
    while True:
        pids = app.pids() if app is not None else None
        found = windows.find(title=title, pids=pids)
        if found:
            return found[-1]
        if app is not None and not app.alive():
            raise DriverError(ErrorCode.TIMEOUT, f"{app.command!r} never opened a window: it {app.describe_exit()}",
                              retriable=False)  # fmt: skip
        if time.monotonic() >= deadline:
            what = f"a window titled {title!r}" if title else "a window"
            extra = ""
            if app is not None:
                tail = app.proc.stderr_tail(800)
                extra = f" from {app.command!r} (still running, pid {app.pid}" + (f"; stderr tail: {tail})" if tail else "; no stderr)")
            raise DriverError(ErrorCode.TIMEOUT, f"{what} did not appear within {timeout:g} s{extra}")
        await asyncio.sleep(0.05)


async def close(app: App, windows: Windows | None, grace: float = 3.0) -> None:
    """Close the app: ask its windows to close, wait up to ``grace`` seconds, then stop it by PID."""
    if app.alive() and windows is not None:
        try:
            for win in windows.find(pids=app.pids()):
                windows.close(win.id)
        except DriverError:
            pass  # the display is gone or the window closed meanwhile: stop by PID below
        deadline = time.monotonic() + grace
        while app.alive() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
    await asyncio.to_thread(app.proc.stop)
