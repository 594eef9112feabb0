"""With ``-v``, the MCP server's log shows sessions being made and closed, never their ids
(over HTTP a session id is a bearer credential)."""

from __future__ import annotations

import asyncio
import logging
import re

import pytest
from mcp_support import HttpServer, http_session

from tapwright.mcp._log_secrets import HIDDEN, HideSessionIds


def test_the_filter_hides_both_spellings_of_an_id() -> None:
    record = logging.LogRecord("mcp", logging.INFO, __file__, 1, "Created transport %s / %s", (
        "0123456789abcdef0123456789abcdef", "01234567-89ab-cdef-0123-456789abcdef"), None)
    HideSessionIds().filter(record)
    assert record.getMessage() == f"Created transport {HIDDEN} / {HIDDEN}"


@pytest.mark.slow
async def test_verbose_http_server_logs_no_session_id() -> None:
    server = HttpServer("--caps", "fake", "-v")
    try:
        async with http_session(server.url) as s:
            assert (await s.list_tools()).tools
        for _ in range(50):  # the server's log lines arrive through a reader thread
            if any(HIDDEN in line for line in server.lines):
                break
            await asyncio.sleep(0.1)
    finally:
        server.stop()
    log = "\n".join(server.lines)
    assert HIDDEN in log, log  # the SDK did log a session (the check can fail)
    assert not re.search(r"\b[0-9a-f]{32}\b", log), log
