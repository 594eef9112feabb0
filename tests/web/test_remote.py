"""Remote browsers: a Playwright server (``playwright run-server``) and a Chromium over CDP, both on 127.0.0.1."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tapwright.drivers import _children
from tapwright.drivers.web import BrowserOptions, WebBrowser, find_chromium
from tapwright.drivers.web.launch import BASE_ARGS
from tapwright.errors import ErrorCode, ToolFailure

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"port {port} never opened")


@dataclass
class PlaywrightServer:
    url: str
    pid: int
    log: Path  # the server's own log (DEBUG=pw:server): one line per connection and per browser it launches

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def _descendants(pid: int) -> dict[int, str]:
    """Live processes below ``pid`` (Linux /proc), with their command lines."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while we looked
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    out: dict[int, str] = {}
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        try:
            out[child] = (Path("/proc") / str(child) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        todo.extend(children.get(child, []))
    return out


def _chromiums_below(pid: int) -> list[int]:
    return [p for p, cmd in _descendants(pid).items() if "chrom" in cmd.split(" ", 1)[0].lower()]


@pytest.fixture(scope="module")
def playwright_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PlaywrightServer]:
    port = _free_port()
    log = tmp_path_factory.mktemp("pw-server") / "server.log"
    # --unsafe lets the client say which Chromium to launch (Playwright's own download is not here).
    with log.open("wb") as sink:
        proc = _children.popen(
            [sys.executable, "-m", "playwright", "run-server", "--port", str(port), "--host", "127.0.0.1", "--unsafe"],
            stdout=subprocess.DEVNULL, stderr=sink, env={**os.environ, "DEBUG": "pw:server"},
            start_new_session=True,  # its own process group: the node server it starts goes with it
        )  # fmt: skip
    try:
        _wait_port(port, proc)
        yield PlaywrightServer(f"ws://127.0.0.1:{port}/", proc.pid, log)
    finally:
        group = proc.pid  # the group leader's id names the group
        os.killpg(group, signal.SIGTERM)
        proc.wait(timeout=10)
        try:
            os.killpg(group, 0)
            time.sleep(1)  # the node server may take a moment after the Python launcher exits
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass  # nothing left in the group


@pytest.fixture(scope="module")
def cdp_browser() -> Iterator[str]:
    exe = find_chromium(headless=False)  # a full Chromium, run headless by the flag below
    assert exe is not None
    profile = tempfile.mkdtemp(prefix="tw-cdp-")
    args = [exe, "--headless=new", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
            f"--user-data-dir={profile}", *BASE_ARGS, "about:blank"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")
    proc = _children.popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stderr is not None
        endpoint = ""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not endpoint:
            line = proc.stderr.readline()
            m = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if m:
                endpoint = f"http://127.0.0.1:{m.group(1)}"
        assert endpoint, "Chromium did not print its DevTools endpoint"
        with urllib.request.urlopen(endpoint + "/json/version", timeout=5) as r:
            assert "Browser" in json.loads(r.read())
        yield endpoint
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stderr is not None:
            proc.stderr.close()


async def _roundtrip(browser: WebBrowser, server: str) -> None:
    session = await browser.new_session(base_url=server)
    try:
        await session.navigate("/form.html")
        tree = await session.snapshot()
        assert any(e.name == "Log in" for e in tree)
    finally:
        await session.aclose()


async def test_playwright_server(playwright_server: PlaywrightServer, server: str) -> None:
    assert "serving connection" not in playwright_server.log_text() and not _chromiums_below(playwright_server.pid)
    options = BrowserOptions(ws_endpoint=playwright_server.url, executable_path=find_chromium())
    browser = await WebBrowser.launch(options)
    try:
        await _roundtrip(browser, server)
        # The browser came from the server: the server logged our connection and the launch it made for
        # it, and the Chromium it launched runs below the server's process, not below this one.
        log = playwright_server.log_text()
        assert "serving connection" in log and 'engaged launch mode for "chromium"' in log, log
        assert _chromiums_below(playwright_server.pid)
    finally:
        await browser.aclose()
    while "disconnected" not in playwright_server.log_text():  # closing the browser hangs up on the server
        await asyncio.sleep(0.05)


async def test_cdp(cdp_browser: str, server: str) -> None:
    browser = await WebBrowser.launch(BrowserOptions(cdp_url=cdp_browser))
    try:
        await _roundtrip(browser, server)
    finally:
        await browser.aclose()


async def test_unreachable_remote_is_browser_crashed() -> None:
    with pytest.raises(ToolFailure) as info:
        await WebBrowser.launch(BrowserOptions(cdp_url=f"http://127.0.0.1:{_free_port()}"))
    assert info.value.code is ErrorCode.BROWSER_CRASHED
