"""A dropped MCP HTTP call (the client's connection cut mid-call) is cancelled and frees its session.

The official client talks to `tapwright mcp --http` through a loopback TCP relay; cutting the
relay's connections is a network cut the client cannot announce (no courtesy cancel reaches the
server while the relay refuses connections).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from typing import Any

import anyio
import pytest
from mcp_support import HttpServer, http_session, needs_web

pytestmark = [pytest.mark.browser, needs_web]


class Relay:
    """127.0.0.1:port -> the server. ``cut()`` closes every open connection; while ``refusing``, new ones are closed."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.refusing = False
        self.socks: list[socket.socket] = []
        self.lock = threading.Lock()
        self.responses = 0  # HTTP responses whose status line the server has sent through the relay
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if self.refusing:
                client.close()
                continue
            upstream = socket.create_connection(self.target)
            with self.lock:
                self.socks += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b, a is upstream), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, from_server: bool) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(65536):
                if from_server and data.startswith(b"HTTP/1.1 "):
                    with self.lock:
                        self.responses += 1
                dst.sendall(data)
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with self.lock:
            socks, self.socks = self.socks, []
        for s in socks:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()

    def close(self) -> None:
        self.listener.close()
        self.cut()


def _wait_responses(relay: Relay, at_least: int, timeout_s: float) -> int:
    deadline = time.monotonic() + timeout_s
    while relay.responses < at_least and time.monotonic() < deadline:
        time.sleep(0.02)
    return relay.responses


def _wait_status(server: HttpServer, key: str, want: Any, timeout_s: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout_s
    status = server.status()
    while status.get(key) != want and time.monotonic() < deadline:
        time.sleep(0.1)
        status = server.status()
    return status


async def test_dropped_http_call_is_cancelled_and_the_session_serves_again(pages_url: str) -> None:
    server = HttpServer("--caps", "more")  # web.wait and web.verify_title are not in the default list
    host, port = server.base.removeprefix("http://").rsplit(":", 1)
    relay = Relay((host, int(port)))
    try:
        async with http_session(f"http://127.0.0.1:{relay.port}/mcp") as session:
            nav = await session.call_tool("web__navigate", {"url": pages_url + "/index.html"})
            assert not nav.is_error, nav.content

            async def long_call() -> None:
                with contextlib.suppress(Exception):  # the cut fails it on the client's side
                    await session.call_tool("web__wait", {"seconds": 60})

            before = relay.responses
            async with anyio.create_task_group() as tg:
                tg.start_soon(long_call)
                running = await anyio.to_thread.run_sync(_wait_status, server, "calls_running", 1, 30)
                assert running["calls_running"] == 1, running
                # Cut only once the call's response has begun (its SSE headers went out): a cut before any
                # response makes the official client raise out of its transport, which ends the whole session.
                assert await anyio.to_thread.run_sync(_wait_responses, relay, before + 1, 30) > before
                relay.refusing = True  # no courtesy cancel can get through: only the server can notice
                relay.cut()
                # Far sooner than the 60 s wait would end: the server cancelled the call itself.
                after = await anyio.to_thread.run_sync(_wait_status, server, "calls_running", 0, 30)
                tg.cancel_scope.cancel()
            assert after["calls_running"] == 0 and after["calls_cancelled_on_drop"] == 1, after
            assert after["sessions"] == 1 and after["browser_contexts"] == 1  # the session and its page stay
            assert any("client dropped the HTTP request of call" in line for line in server.lines), server.lines
            relay.refusing = False
            # The same MCP session is free at once: its next call is not queued behind the dropped one.
            title = await session.call_tool("web__verify_title", {"expected": "MCP test home"})
            assert not title.is_error, title.content
    finally:
        relay.close()
        assert server.stop() == 0
