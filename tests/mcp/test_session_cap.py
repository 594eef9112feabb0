"""The MCP session cap (issue 30): each client holds a browser context or a device, so a server serves
at most ``--max-sessions`` clients at once; a new client's call beyond it answers BUDGET_EXCEEDED
(saying why and what to do) until a client leaves, and never opens anything."""

from __future__ import annotations

import time
from typing import Any

import pytest
from mcp_support import HttpServer, http_session

from tapwright.errors import UserError
from tapwright.mcp import McpOptions


def _text(result: Any) -> str:
    return str(result.content[0].text)


async def test_a_client_beyond_the_cap_is_refused_until_one_leaves() -> None:
    server = HttpServer("--caps", "fake", "--max-sessions", "1")
    try:
        async with http_session(server.url) as one:
            assert not (await one.call_tool("fake__snapshot", {})).is_error
            async with http_session(server.url) as two:
                refused = await two.call_tool("fake__snapshot", {})
                assert refused.is_error and refused.structured_content["error"]["code"] == "BUDGET_EXCEEDED"
                assert "--max-sessions 1" in _text(refused) and "retry" in _text(refused)
                assert server.status()["sessions"] == 1  # the refused client opened nothing
                assert not (await one.call_tool("fake__snapshot", {})).is_error  # the served one goes on
        deadline = time.monotonic() + 30
        while server.status()["sessions"] and time.monotonic() < deadline:
            time.sleep(0.05)
        async with http_session(server.url) as three:
            assert not (await three.call_tool("fake__snapshot", {})).is_error  # a slot came free
    finally:
        assert server.stop() == 0


def test_a_negative_cap_is_a_usage_error() -> None:
    with pytest.raises(UserError, match="max-sessions"):
        McpOptions(max_sessions=-1).check()
    McpOptions(max_sessions=0).check()  # no cap
