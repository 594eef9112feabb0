"""A local Playwright server (``playwright run-server``) for tests, benchmarks and demos of browser pools.

The server runs through Playwright's own node driver, so the process id this object holds is
the server's own: :meth:`stop` ends it (and so the browsers it launched) by that id.

Example:
    with PlaywrightServer() as server:
        ...  # tapwright run --browser-endpoint {server.url} --set web.executable_path=/usr/bin/chromium
"""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

from tapwright.drivers import _children


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def descendants(pid: int) -> set[int]:
    """Every live descendant of ``pid``, read from /proc (Linux)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    """The ones of ``pids`` still running (zombies count as gone)."""
    out = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            out.add(pid)
    return out


class PlaywrightServer:
    """``playwright run-server`` on 127.0.0.1 and a free port; ``url`` is its ``ws://`` endpoint.

    ``--unsafe`` lets clients name the Chromium to launch (``executable_path``), which a machine
    without Playwright's own browser download needs.
    """

    def __init__(self, *, start_timeout_s: float = 60.0) -> None:
        from playwright._impl._driver import compute_driver_executable  # the web extra's node driver

        node, cli = compute_driver_executable()
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}/"
        self.proc = _children.popen(
            [str(node), str(cli), "run-server", "--port", str(self.port), "--host", "127.0.0.1", "--unsafe"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        self.seen: set[int] = set()  # the processes it started (browsers), as last looked at
        deadline = time.monotonic() + start_timeout_s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the Playwright server exited at start ({self.proc.returncode})")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("the Playwright server never listened")

    def remember_children(self) -> None:
        """Note the processes the server runs now, so a later check can tell they are gone."""
        if self.proc.poll() is None:
            self.seen |= descendants(self.proc.pid)

    def stop(self, timeout_s: float = 20.0) -> None:
        """SIGTERM by process id (Playwright closes its browsers), again once they are gone, then SIGKILL
        if it has not stopped within ``timeout_s``.

        While the server has a browser open, Playwright's SIGTERM handler closes the browsers and does
        not exit; the handler is removed once they are closed. So a server that had a browser open at the
        first SIGTERM is sent another as soon as no process below it is left (it used to wait out the
        whole timeout, 20 s, in every test that had used the server)."""
        self.remember_children()
        deadline = time.monotonic() + timeout_s
        first = True
        while self.proc.poll() is None and time.monotonic() < deadline:
            if first or not alive(descendants(self.proc.pid)):
                self.proc.send_signal(signal.SIGTERM)
                first = False
            try:
                self.proc.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                continue
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        _children.forget(self.proc)

    def leftovers(self, timeout_s: float = 20.0) -> set[int]:
        """Processes of this server still running after it stopped (waits up to ``timeout_s`` for them)."""
        deadline = time.monotonic() + timeout_s
        left = alive(self.seen | {self.proc.pid})
        while left and time.monotonic() < deadline:
            time.sleep(0.2)
            left = alive(left)
        return left

    def __enter__(self) -> PlaywrightServer:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()
