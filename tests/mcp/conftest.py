"""Real components for the MCP tests: pages served on 127.0.0.1 and `tapwright mcp --http` subprocesses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from mcp_support import PAGES, HttpServer

from _support import serve


@pytest.fixture(scope="session")
def pages_url() -> Iterator[str]:
    """The test pages, served on 127.0.0.1 at a free port."""
    with serve(PAGES) as url:
        yield url


@pytest.fixture(scope="module")
def fake_http() -> Iterator[HttpServer]:
    """One HTTP server exposing the fake pack, shared by a module's tests."""
    server = HttpServer("--caps", "fake")
    yield server
    assert server.stop() == 0
