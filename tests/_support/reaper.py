"""Run a command as a child subreaper and report which of its descendants outlived it.

    python tests/_support/reaper.py COMMAND...

The command's output goes to the file $TAPWRIGHT_REAPER_LOG (or nowhere). Prints the command's PID on the first line (it runs in a session of its own, so signalling
``-PID`` is what Ctrl-C in a terminal does), waits for it to end, gives what it started
``TAPWRIGHT_REAPER_GRACE_S`` seconds (default 30) to end too, then prints one JSON line
``{"returncode": N, "left": [[pid, "cmdline"], ...]}`` and kills what was left, by PID.

Being a subreaper (``PR_SET_CHILD_SUBREAPER``), this process becomes the parent of every orphan
the command leaves, however deep, so "left" is exact: found by process ancestry, never by name.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36


def descendants(pid: int) -> list[int]:
    """Live (not zombie) descendants of ``pid``, from /proc/PID/task/TID/children."""
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
                if kid not in out:
                    out.append(kid)
                    todo.append(kid)
    return [p for p in out if _alive(p)]


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rfind(")") + 2 :].split()[0] != "Z"


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def main(argv: list[str]) -> int:
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        print(json.dumps({"error": f"prctl failed: {ctypes.get_errno()}"}), flush=True)
        return 2
    # The command gets SIGINT as from a terminal even when this process was started with it ignored
    # (a shell's background job): an ignored disposition is inherited, and Python then never raises
    # KeyboardInterrupt. This process is in another session, so a signal to the command's group misses it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    with open(os.environ.get("TAPWRIGHT_REAPER_LOG", os.devnull), "wb") as log:
        proc = subprocess.Popen(argv, start_new_session=True, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT)  # fmt: skip
        print(proc.pid, flush=True)
        returncode = proc.wait()
    grace = float(os.environ.get("TAPWRIGHT_REAPER_GRACE_S", "30"))
    deadline = time.monotonic() + grace
    left = descendants(os.getpid())
    while left and time.monotonic() < deadline:
        _reap()
        time.sleep(0.2)
        left = descendants(os.getpid())
    print(json.dumps({"returncode": returncode, "left": [[pid, _cmdline(pid)] for pid in left]}), flush=True)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    time.sleep(0.5)
    _reap()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
