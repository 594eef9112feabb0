"""Real components for the MCP tests: pages served on 127.0.0.1 and `tapwright mcp --http` subprocesses."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from mcp_support import PAGES, HttpServer


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def pages_url() -> Iterator[str]:
    """The test pages, served on 127.0.0.1 at a free port."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(PAGES)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def fake_http() -> Iterator[HttpServer]:
    """One HTTP server exposing the fake pack, shared by a module's tests."""
    server = HttpServer("--caps", "fake")
    yield server
    assert server.stop() == 0
