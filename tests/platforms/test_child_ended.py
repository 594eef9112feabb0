"""A child process counts as ended once its main thread has (``_children.ended``).

A process killed while it runs several threads stays a zombie that ``poll()`` cannot reap until every
thread is torn down; a device or adb server in that state serves nothing, and the MCP session's
before-call check must say so (before, the call ran on the screen read before the kill).
"""

from __future__ import annotations

import platform
import subprocess
import sys
import time

import pytest

from tapwright.drivers import _children

# The main thread leaves with the raw exit system call (only the calling thread ends), while a second
# thread sleeps on: the state a killed many-threaded process is in until its last thread is gone.
_LEADER_EXITS = """
import ctypes, threading, time
threading.Thread(target=time.sleep, args=(600,), daemon=False).start()
print("ready", flush=True)
ctypes.CDLL(None).syscall(60, 0)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.machine() != "x86_64",
                    reason="the raw exit call number (60) is x86-64 Linux's")
def test_a_process_whose_main_thread_ended_counts_as_ended_before_poll_can_reap_it() -> None:
    proc = _children.popen([sys.executable, "-c", _LEADER_EXITS], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + 30
        while _children.ended(proc) is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _children.ended(proc) == "was ended (its threads are still being torn down)"
        assert proc.poll() is None  # what the check used before could not see it
    finally:
        proc.kill()
        proc.wait(10)
        assert proc.stdout is not None
        proc.stdout.close()
        _children.forget(proc)
    assert _children.ended(proc) == "exited with status -9"


def test_a_running_process_has_not_ended_and_an_exited_one_says_its_status() -> None:
    proc = _children.popen([sys.executable, "-c", "import sys; sys.stdin.read(); sys.exit(3)"], stdin=subprocess.PIPE)
    try:
        assert _children.ended(proc) is None
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        _children.forget(proc)
    assert _children.ended(proc) == "exited with status 3"
