"""Helpers for the MCP tests: the `tapwright mcp` CLI in a subprocess, the official client, /proc checks."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp.client.streamable_http import streamable_http_client

from mcp import ClientSession, StdioServerParameters
from tapwright.drivers import _children

ROOT = Path(__file__).resolve().parents[2]
TAPWRIGHT = str(ROOT / ".venv" / "bin" / "tapwright")
PAGES = Path(__file__).parent / "pages"


# The project installs Chromium and the web pack (make install): their absence is a failure, not a skip.
needs_web = pytest.mark.browser


def stdio_params(*args: str, env: dict[str, str] | None = None) -> StdioServerParameters:
    # PYTHONPATH: this checkout's code, whichever checkout the virtual environment was installed from.
    base = {"PYTHONUNBUFFERED": "1", "PYTHONPATH": str(ROOT / "src")}
    return StdioServerParameters(command=TAPWRIGHT, args=["mcp", *args], env={**base, **(env or {})})


class HttpServer:
    """A `tapwright mcp --http` subprocess; its stderr is kept for assertions."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.proc = _children.popen(  # dies with this process, also when it is killed
            [TAPWRIGHT, "mcp", "--http", "127.0.0.1:0", *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **(env or {})},
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        try:
            self.url = self._wait_for_url()
        except BaseException:  # never leave a server behind that no test will stop
            self.proc.kill()
            self.proc.wait()
            raise

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.lines.append(line.rstrip("\n"))

    start_wait_s = 120.0  # a start-up wait, not a speed check: a loaded machine imports slowly

    def _wait_for_url(self) -> str:
        deadline = time.monotonic() + self.start_wait_s
        while time.monotonic() < deadline:
            for line in list(self.lines):
                m = re.search(r"listening on (http://\S+/mcp)", line)
                if m:
                    return m.group(1)
            if self.proc.poll() is not None:
                raise RuntimeError("server exited: " + "\n".join(self.lines))
            time.sleep(0.05)
        raise RuntimeError("server did not start: " + "\n".join(self.lines))

    @property
    def base(self) -> str:
        return self.url.removesuffix("/mcp")

    def status(self, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = httpx2.get(self.base + "/status", headers=headers, timeout=10)
        response.raise_for_status()
        result: dict[str, Any] = response.json()
        return result

    def stop(self) -> int:
        """SIGTERM, as a service manager would; returns the exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(timeout=5)
        if self.proc.stderr is not None:
            self.proc.stderr.close()
        return self.proc.returncode


@contextlib.asynccontextmanager
async def http_session(url: str, headers: dict[str, str] | None = None) -> AsyncIterator[ClientSession]:
    """An initialized official MCP client session over streamable HTTP."""
    async with (
        httpx2.AsyncClient(headers=headers or {}, timeout=httpx2.Timeout(30, read=120)) as client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


def descendants(pid: int) -> dict[int, str]:
    """Processes below ``pid`` (pid -> command line), read from /proc."""
    children: dict[int, list[int]] = {}
    cmdlines: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            cmd = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry))
        cmdlines[int(entry)] = cmd
    out: dict[int, str] = {}
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out[child] = cmdlines.get(child, "")
            todo.append(child)
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def mcp_server_pids() -> list[int]:
    """`tapwright mcp` processes started by this test process."""
    return [p for p, cmd in descendants(os.getpid()).items() if "tapwright mcp" in cmd]


class SlowStartServer(HttpServer):
    """The MCP server subprocess, given longer to start: one that starts simulated devices on a loaded CI machine."""

    start_wait_s = 180.0
