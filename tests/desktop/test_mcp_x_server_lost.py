"""An MCP session whose X server dies (issue 30), over the official MCP client against a real Xvfb.

`tapwright mcp --caps desktop` starts its own Xvfb; the test kills that Xvfb by its own PID. The next call
answers DEVICE_LOST (a stable code, saying what died), and the call after it works on a fresh X server with the
app started again. Every process the server started is gone after it stops.
"""

from __future__ import annotations

import os
import shlex
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tapwright.testing.desktop import app_command

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "mcp"))
from mcp_support import HttpServer, alive, descendants, http_session

pytestmark = [pytest.mark.xserver, pytest.mark.slow]


def _text(result: Any) -> str:
    return "\n".join(str(c.text) for c in result.content if getattr(c, "text", None))


def _code(result: Any) -> str | None:
    content = result.structured_content if result.is_error else None
    return content["error"]["code"] if isinstance(content, dict) else None


def _xvfbs(server_pid: int) -> list[int]:
    return [p for p, cmd in descendants(server_pid).items() if cmd.split(" ", 1)[0].endswith("Xvfb")]


def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(pid)


async def test_a_killed_x_server_is_device_lost_then_a_fresh_one_serves_the_session() -> None:
    app = shlex.join(app_command("tk"))
    # No $DISPLAY: the server starts an Xvfb of its own (display "auto").
    server = HttpServer("--caps", "desktop", "--tools", "desktop", "--set", f"desktop.app={app}", env={"DISPLAY": ""})
    try:
        async with http_session(server.url) as s:
            first = await s.call_tool("desktop__locate", {"target": "Sign in button"})
            assert not first.is_error, _text(first)
            [xvfb] = _xvfbs(server.proc.pid)
            _kill(xvfb)  # the session's X server dies between two calls
            lost = await s.call_tool("desktop__click", {"target": "Sign in button"})
            assert lost.is_error and _code(lost) == "DEVICE_LOST", _text(lost)
            assert "Xvfb, pid" in _text(lost) and "this call was not run" in _text(lost), _text(lost)
            again = await s.call_tool("desktop__locate", {"target": "Sign in button"})
            assert not again.is_error, _text(again)
            [fresh] = _xvfbs(server.proc.pid)
            assert fresh != xvfb
            clicked = await s.call_tool("desktop__click", {"target": "Sign in button"})
            assert not clicked.is_error and "NOTE" not in _text(clicked), _text(clicked)
            started = list(descendants(server.proc.pid))
    finally:
        code = server.stop()
    assert code == 0
    deadline = time.monotonic() + 15
    while any(alive(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in started if alive(p)]
