"""A shared browser that dies under open MCP sessions (issue 30): its Chromium is killed by its own PID.

Two clients hold sessions on one `tapwright mcp --http` server. After the browser process is killed,
each client's next call runs on a relaunched browser and works, saying that the session's pages were
lost; no call answers BROWSER_CRASHED forever. The server and every browser process end with it.
"""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import pytest
from mcp_support import HttpServer, alive, descendants, http_session, needs_web

pytestmark = [pytest.mark.browser, needs_web]


def _text(result: Any) -> str:
    return "\n".join(str(c.text) for c in result.content if getattr(c, "text", None))


def _browser_main(server_pid: int) -> int:
    """The PID of the server's Chromium browser process (the one that is not a renderer, GPU or utility helper)."""
    mains = [p for p, cmd in descendants(server_pid).items() if "chrom" in cmd.lower() and "--type=" not in cmd]
    assert len(mains) == 1, mains
    return mains[0]


async def test_a_killed_browser_is_replaced_for_every_open_session(pages_url: str) -> None:
    server = HttpServer("--caps", "more")
    try:
        async with http_session(server.url) as one, http_session(server.url) as two:
            for s in (one, two):
                nav = await s.call_tool("web__navigate", {"url": pages_url + "/index.html"})
                assert not nav.is_error, _text(nav)
            first = _browser_main(server.proc.pid)
            os.kill(first, signal.SIGKILL)  # the shared browser dies with both sessions open
            deadline = time.monotonic() + 30
            while alive(first) and time.monotonic() < deadline:
                time.sleep(0.05)
            for s in (one, two):
                nav = await s.call_tool("web__navigate", {"url": pages_url + "/index.html"})
                assert not nav.is_error, _text(nav)
                assert "NOTE: the browser this session used has died" in _text(nav)
                clicked = await s.call_tool("web__click", {"target": "Greet me"})
                assert not clicked.is_error, _text(clicked)
                assert "NOTE" not in _text(clicked)  # said once, on the call that got the new browser
            second = _browser_main(server.proc.pid)
            assert second != first and not alive(first)
            assert server.status()["sessions"] == 2
            # Killed again, and the next call acts (a click, not safe to run twice): it is never run twice,
            # the answer says what happened, and the call after it works on the new browser.
            os.kill(second, signal.SIGKILL)
            deadline = time.monotonic() + 30
            while alive(second) and time.monotonic() < deadline:
                time.sleep(0.05)
            clicked = await one.call_tool("web__click", {"target": "Greet me"})
            assert clicked.is_error and "NOTE: the browser this session used has died" in _text(clicked)
            nav = await one.call_tool("web__navigate", {"url": pages_url + "/index.html"})
            assert not nav.is_error and "NOTE" not in _text(nav), _text(nav)
            second = _browser_main(server.proc.pid)
        server_pid = server.proc.pid
    finally:
        assert server.stop() == 0
    deadline = time.monotonic() + 10
    while descendants(server_pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(server_pid) and not alive(second)
