"""Processes the desktop platform starts (Xvfb, D-Bus, the AT-SPI bus, apps): started in their own
process group, with stderr kept in a file for its tail, and stopped by PID (then by that group).

Every process dies with the one that started it, also when that one is killed or interrupted
(see :mod:`tapwright.drivers._children`). Nothing here looks a process up by name: a process is stopped through the PID it was started with,
and the helpers it forked itself (a bus launcher's private dbus-daemon) through the process group
whose id is that PID.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tapwright.drivers import _children

_TAIL_BYTES = 2_000


@dataclass(slots=True)
class Proc:
    """One started process: its PID, command, stderr file and how it ended."""

    popen: subprocess.Popen[bytes]
    argv: tuple[str, ...]
    stderr_path: Path | None = None
    label: str = ""
    stopped: bool = field(default=False)

    @property
    def pid(self) -> int:
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen.poll() is None

    @property
    def returncode(self) -> int | None:
        return self.popen.poll()

    def stderr_tail(self, limit: int = _TAIL_BYTES) -> str:
        """The last ``limit`` bytes of what the process wrote to stderr (decoded leniently)."""
        if self.stderr_path is None:
            return ""
        try:
            with self.stderr_path.open("rb") as fh:
                fh.seek(0, os.SEEK_END)
                size = fh.tell()
                fh.seek(max(0, size - limit))
                return fh.read().decode("utf-8", "replace").strip()
        except OSError:
            return ""

    def stop(self, grace: float = 3.0) -> None:
        """SIGTERM the process and its group, wait up to ``grace`` seconds, then SIGKILL both."""
        if self.stopped:
            return
        self.stopped = True
        pgid = self.pid  # started with start_new_session: its group id is its PID
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if self.alive():
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(self.pid, sig)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pgid, sig)
            deadline = time.monotonic() + grace
            while time.monotonic() < deadline and (self.alive() or group_members(pgid)):
                time.sleep(0.02)
            if not self.alive() and not group_members(pgid):
                break
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(timeout=1)
        _children.forget(self.popen)
        if self.stderr_path is not None:
            with contextlib.suppress(OSError):
                self.stderr_path.unlink()


def spawn(
    argv: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
    label: str = "",
    pass_fds: Sequence[int] = (),
    stdin: int | None = subprocess.DEVNULL,
    stdout: int | None = subprocess.DEVNULL,
    keep_stderr: bool = True,
) -> Proc:
    """Start ``argv`` in a new session (its own process group), stderr to a temporary file.

    Raises:
        FileNotFoundError: the program is not installed.
    """
    stderr_path: Path | None = None
    err = subprocess.DEVNULL
    if keep_stderr:
        err, name = tempfile.mkstemp(prefix=f"tapwright-{label or 'proc'}-", suffix=".stderr")
        stderr_path = Path(name)
    try:
        popen = _children.popen(
            argv,
            env=dict(env) if env is not None else None,
            cwd=cwd,
            stdin=stdin,
            stdout=stdout,
            stderr=err,
            pass_fds=tuple(pass_fds),
            start_new_session=True,
        )
    except BaseException:
        if stderr_path is not None:
            os.close(err)
            stderr_path.unlink(missing_ok=True)
        raise
    if stderr_path is not None:
        os.close(err)
    return Proc(popen, tuple(argv), stderr_path, label)


def group_members(pgid: int) -> list[int]:
    """PIDs of live processes in process group ``pgid`` (read from /proc; zombies excluded)."""
    out = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        # Fields after the ")" that ends the command name: state ppid pgrp ...
        rest = stat[stat.rfind(")") + 2 :].split()
        if len(rest) > 2 and rest[0] != "Z" and int(rest[2]) == pgid:
            out.append(int(entry.name))
    return out


def descendants(pid: int) -> list[int]:
    """PIDs of ``pid``'s children, their children ... (from /proc/PID/task/TID/children)."""
    out: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for tid in tasks:
            try:
                kids = Path(f"/proc/{parent}/task/{tid}/children").read_text().split()
            except OSError:
                continue
            for kid in map(int, kids):
                if kid not in out and pid_alive(kid):
                    out.append(kid)
                    todo.append(kid)
    return out


def pid_alive(pid: int) -> bool:
    """Whether ``pid`` is a live (not zombie) process."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2 :].split()[0] != "Z"
