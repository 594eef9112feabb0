"""A remote browser on "another machine" and the URL-policy proxy.

The other machine is a network namespace joined to this one by a veth pair (10.231.N.1 here,
10.231.N.2 there): its 127.0.0.1 is its own, so a proxy on our loopback is out of its reach,
exactly as for a browser on another host. A real ``playwright run-server`` runs inside it and
launches a real Chromium there. Creating a namespace needs CAP_NET_ADMIN (root).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tapwright.drivers import _children
from tapwright.drivers.web import BrowserOptions, UrlPolicy, WebBrowser, find_chromium
from tapwright.errors import ErrorCode, ToolFailure

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.asyncio(loop_scope="session")]


@dataclass
class Remote:
    ws: str  # the Playwright server inside the namespace
    here: str  # this machine's address on the link
    pid: int


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)


def _wait_port(host: str, port: int, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{host}:{port} never opened")


@pytest.fixture(scope="module")
def remote() -> Iterator[Remote]:
    n = os.getpid() % 200 + 20
    ns, here_if, there_if = f"tw-remote-{os.getpid()}", f"twh{os.getpid() % 100000}", f"twr{os.getpid() % 100000}"
    here, there = f"10.231.{n}.1", f"10.231.{n}.2"
    made = _ip("netns", "add", ns)
    if made.returncode != 0:
        pytest.skip(f"cannot create a network namespace here (needs CAP_NET_ADMIN): {made.stderr.strip()}")
    proc: subprocess.Popen[bytes] | None = None
    try:
        for args in (["link", "add", here_if, "type", "veth", "peer", "name", there_if],
                     ["link", "set", there_if, "netns", ns],
                     ["addr", "add", f"{here}/30", "dev", here_if], ["link", "set", here_if, "up"],
                     ["netns", "exec", ns, "ip", "addr", "add", f"{there}/30", "dev", there_if],
                     ["netns", "exec", ns, "ip", "link", "set", there_if, "up"],
                     ["netns", "exec", ns, "ip", "link", "set", "lo", "up"]):  # fmt: skip
            done = _ip(*args)
            assert done.returncode == 0, (args, done.stderr)
        port = 39_000 + n
        proc = _children.popen(
            ["ip", "netns", "exec", ns, sys.executable, "-m", "playwright", "run-server", "--port", str(port),
             "--host", there, "--unsafe"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: the node server and its Chromium go with it
        )  # fmt: skip
        _wait_port(there, port, proc)
        yield Remote(f"ws://{there}:{port}/", here, proc.pid)
    finally:
        if proc is not None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)
            time.sleep(0.5)
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # whatever of the group is left
            except ProcessLookupError:
                pass
        _ip("link", "del", here_if)
        _ip("netns", "del", ns)
    if proc is not None:  # nothing left behind: the server, its node process and its Chromium are gone
        deadline = time.monotonic() + 10
        while _live_in_group(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _live_in_group(proc.pid)
    assert ns not in _ip("netns", "list").stdout


def _live_in_group(group: int) -> list[int]:
    """Processes of process group ``group`` that still run (zombies left to a non-reaping init do not count)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended while we looked
        if int(fields[2]) == group and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


async def test_remote_browser_that_cannot_reach_the_proxy_says_so(remote: Remote, server: str) -> None:
    """Default proxy on our loopback: the remote browser cannot reach it: one clear DRIVER_ERROR, at once."""
    browser = await WebBrowser.launch(BrowserOptions(ws_endpoint=remote.ws, executable_path=find_chromium()))
    try:
        with pytest.raises(ToolFailure) as info:
            await browser.new_session(base_url=server)
        assert info.value.code is ErrorCode.DRIVER_ERROR
        message = info.value.message
        assert "cannot reach tapwright's URL-policy proxy at http://127.0.0.1:" in message, message
        assert "proxy_bind" in message and remote.ws in message
        # The probe was refused (a network error), not given up on after its 15 s timeout.
        assert "net::ERR_PROXY_CONNECTION_FAILED" in (info.value.cause or ""), info.value.cause
    finally:
        await browser.aclose()


async def test_remote_browser_reaches_a_proxy_bound_to_the_link(remote: Remote, server: str) -> None:
    """proxy_bind on the link: pages load through the proxy, the policy holds, strangers get 407."""
    options = BrowserOptions(ws_endpoint=remote.ws, executable_path=find_chromium(), proxy_bind=remote.here)
    browser = await WebBrowser.launch(options)
    try:
        session = await browser.new_session(base_url=server, policy=UrlPolicy(blocked_origins=["127.0.0.2"]))
        try:
            # the app is on this machine's 127.0.0.1: only the proxy can take the remote browser there
            await session.navigate("/form.html")
            assert any(e.name == "Log in" for e in await session.snapshot())
            with pytest.raises(ToolFailure) as info:
                await session.navigate("http://127.0.0.2:9/")
            assert info.value.code is ErrorCode.URL_BLOCKED
            proxy = session.guard.proxy
            assert proxy is not None and proxy.url.startswith(f"http://{remote.here}:")
            # anyone else on the network who finds the port is refused without the credentials
            with socket.create_connection((remote.here, proxy.port), timeout=5) as raw:
                raw.sendall(f"GET {server}/form.html HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                answer = raw.recv(4096).decode("latin-1")
            assert answer.startswith("HTTP/1.1 407"), answer[:200]
            assert "Proxy-Authenticate: Basic" in answer
        finally:
            await session.aclose()
    finally:
        await browser.aclose()


async def test_proxy_bind_is_checked() -> None:
    for bad, words in (({"proxy_bind": "not-an-address"}, "not an IP address"),
                       ({"proxy_bind": "0.0.0.0"}, "set proxy_host")):  # fmt: skip
        with pytest.raises(ToolFailure) as info:
            BrowserOptions(**bad)  # type: ignore[arg-type]
        assert info.value.code is ErrorCode.INVALID_INPUT and words in info.value.message
    assert BrowserOptions(proxy_bind="0.0.0.0", proxy_host="10.0.0.5").proxy_host == "10.0.0.5"


def _non_loopback_ipv4() -> str | None:
    listed = _ip("-4", "-o", "addr", "show", "scope", "global")
    for line in listed.stdout.splitlines():
        fields = line.split()
        if "inet" in fields:
            return fields[fields.index("inet") + 1].split("/", 1)[0]
    return None


async def test_proxy_off_loopback_lets_only_its_context_in(server: str) -> None:
    """A local browser with proxy_bind on this machine's network address: its pages load (Playwright answers
    the proxy's 407 with the context's credentials), a request without them or with wrong ones gets 407."""
    address = _non_loopback_ipv4()
    if address is None:
        pytest.skip("this machine has no non-loopback IPv4 address to bind the proxy to")
    browser = await WebBrowser.launch(BrowserOptions(proxy_bind=address))
    try:
        session = await browser.new_session(base_url=server)
        try:
            await session.navigate("/form.html")
            assert any(e.name == "Log in" for e in await session.snapshot())
            proxy = session.guard.proxy
            assert proxy is not None and proxy.credentials is not None and proxy.url == f"http://{address}:{proxy.port}"
            for auth in ("", "Proxy-Authorization: Basic dGFwd3JpZ2h0Ondyb25n\r\n"):  # none, tapwright:wrong
                with socket.create_connection((address, proxy.port), timeout=5) as raw:
                    raw.sendall(f"GET {server}/form.html HTTP/1.1\r\nHost: x\r\n{auth}\r\n".encode())
                    answer = raw.recv(4096).decode("latin-1")
                assert answer.startswith("HTTP/1.1 407"), (auth, answer[:200])
        finally:
            await session.aclose()
    finally:
        await browser.aclose()
