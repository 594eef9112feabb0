"""Child processes that die with the process that started them (Xvfb, D-Bus, adb, simulators, servers).

Each starter stops its process by PID on its own teardown. This module covers the paths where no
teardown runs:

* the starter is killed (SIGKILL, a SIGTERM nobody handles, a pytest-xdist worker killed when its run
  is interrupted, a CLI killed by the test that ran it): every child gets ``PR_SET_PDEATHSIG`` (Linux),
  so the kernel sends it SIGTERM when its parent dies. The signal fires when the *thread* that forked
  the child ends, so children are forked by one daemon thread that lives as long as the process (a
  starter often runs in ``asyncio.to_thread``, whose threads end with their event loop);
* the interpreter exits without stopping what it started (an interrupted teardown): an ``atexit`` hook
  stops every process still registered, by PID, and its process group when it has one of its own.

Nothing here looks a process up by name.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import ctypes.util
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

_PR_SET_PDEATHSIG = 1
_live: dict[int, tuple[subprocess.Popen[Any], bool]] = {}  # pid -> (process, has its own process group)
_lock = threading.Lock()
_hooked = False
_spawn_jobs: queue.SimpleQueue[tuple[Callable[[], subprocess.Popen[Any]], Future[subprocess.Popen[Any]]]] = \
    queue.SimpleQueue()  # fmt: skip
_spawner: threading.Thread | None = None


def _death_signal() -> Callable[[], None] | None:
    """A function that asks the kernel to SIGTERM the calling process when its parent dies (Linux only).

    Resolved in the parent: the child, between fork and exec, only makes the one call.
    """
    if not sys.platform.startswith("linux"):
        return None
    name = ctypes.util.find_library("c")
    try:
        prctl = ctypes.CDLL(name, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    term = int(signal.SIGTERM)

    def set_pdeathsig() -> None:
        prctl(_PR_SET_PDEATHSIG, term, 0, 0, 0)

    return set_pdeathsig


_SET_PDEATHSIG = _death_signal()


def popen(argv: Sequence[str], **kwargs: Any) -> subprocess.Popen[Any]:
    """``subprocess.Popen(argv, **kwargs)`` for a process that must not outlive this one.

    The process is registered until :func:`forget` (call it once it has been stopped) and stopped
    at interpreter exit otherwise. Raises what ``Popen`` raises (``FileNotFoundError``...).
    """
    if _SET_PDEATHSIG is not None and "preexec_fn" not in kwargs:
        kwargs["preexec_fn"] = _SET_PDEATHSIG
    proc = _in_spawner(lambda: subprocess.Popen(list(argv), **kwargs))
    own_group = bool(kwargs.get("start_new_session") or kwargs.get("process_group") == 0)
    _hook()
    with _lock:
        _live[proc.pid] = (proc, own_group)
    return proc


def _in_spawner(start: Callable[[], subprocess.Popen[Any]]) -> subprocess.Popen[Any]:
    """Run ``start`` on the spawner thread (started on first use, alive until the process exits)."""
    global _spawner
    with _lock:
        if _spawner is None:
            _spawner = threading.Thread(target=_spawn_forever, name="tapwright-spawner", daemon=True)
            _spawner.start()
    done: Future[subprocess.Popen[Any]] = Future()
    _spawn_jobs.put((start, done))
    return done.result()


def _spawn_forever() -> None:
    while True:
        start, done = _spawn_jobs.get()
        try:
            done.set_result(start())
        except BaseException as exc:
            done.set_exception(exc)


def forget(proc: subprocess.Popen[Any]) -> None:
    """``proc`` was stopped by its owner: nothing left to do at exit."""
    with _lock:
        _live.pop(proc.pid, None)


def ended(proc: subprocess.Popen[Any]) -> str | None:
    """How ``proc`` ended (``"exited with status N"``), or None while it runs.

    A process killed while it has several threads keeps its PID as a zombie until every thread is torn
    down, and ``poll()`` says None until then (milliseconds, longer on a loaded machine), though it serves
    nothing any more: a main thread that is a zombie counts as ended (Linux's ``/proc``; elsewhere
    ``poll()`` alone decides).
    """
    code = proc.poll()
    if code is not None:
        return f"exited with status {code}"
    try:
        state = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return None
    return "was ended (its threads are still being torn down)" if state in ("Z", "X") else None


def running() -> list[int]:
    """PIDs of the registered processes still running (for tests and diagnostics)."""
    with _lock:
        return [pid for pid, (proc, _) in _live.items() if proc.poll() is None]


def stop_all(grace_s: float = 3.0) -> None:
    """SIGTERM every registered process (and its own process group), then SIGKILL what is left after
    ``grace_s`` seconds. Runs at interpreter exit."""
    with _lock:
        items = list(_live.values())
        _live.clear()
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for proc, own_group in items:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    proc.send_signal(sig)
            if own_group:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, sig)
        deadline = time.monotonic() + grace_s
        while time.monotonic() < deadline and any(proc.poll() is None for proc, _ in items):
            time.sleep(0.02)
    for proc, _ in items:
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            proc.wait(timeout=1)


def _hook() -> None:
    global _hooked
    if not _hooked:
        _hooked = True
        atexit.register(stop_all)


__all__ = ["forget", "popen", "running", "stop_all"]
