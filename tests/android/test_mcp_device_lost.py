"""An MCP session whose simulated device (or its adb server) dies (issue 30), over the official MCP client.

The device's process (and, in a second round, the private adb server's) is killed by its own PID. The next acting
call answers DEVICE_LOST (a stable code, saying what died) without being run; the call after it works on a fresh
device. Every process the server started is gone after it stops.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "mcp"))
from mcp_support import SlowStartServer, alive, descendants, http_session

pytestmark = [pytest.mark.slow, pytest.mark.device]  # the MCP server starts simulated devices
APP = Path(__file__).resolve().parents[2] / "examples" / "android-app" / "app.yaml"



def _text(result: Any) -> str:
    return "\n".join(str(c.text) for c in result.content if getattr(c, "text", None))


def _code(result: Any) -> str | None:
    content = result.structured_content if result.is_error else None
    return content["error"]["code"] if isinstance(content, dict) else None


def _below(server_pid: int, marker: str) -> list[int]:
    return [p for p, cmd in descendants(server_pid).items() if marker in cmd]


def _kill(pid: int) -> None:
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(pid)


# A killed process with several threads (both are) stays a zombie poll() cannot reap until its last
# thread is gone; the before-call check counts it as ended at once (tests/platforms/test_child_ended.py).
@pytest.mark.parametrize("what", ["device", "adb server"])
async def test_a_lost_device_is_device_lost_then_a_fresh_one_serves_the_session(what: str) -> None:
    env_backup = os.environ.pop("ANDROID_SERIAL", None)
    server = SlowStartServer("--caps", "android", "--tools", "android", "--set", f"android.app={APP}")
    seen: set[int] = set()
    try:
        async with http_session(server.url) as s:
            tapped = await s.call_tool("android__click", {"target": "Forgot password?"})
            assert not tapped.is_error, _text(tapped)
            marker = "tapwright.testing.android_sim" if what == "device" else "nodaemon server"
            [victim] = _below(server.proc.pid, marker)
            seen |= set(descendants(server.proc.pid))
            _kill(victim)
            lost = await s.call_tool("android__click", {"target": "Back to sign in"})
            assert lost.is_error and _code(lost) == "DEVICE_LOST", _text(lost)
            assert f"(pid {victim})" in _text(lost) and "this call was not run" in _text(lost), _text(lost)
            # The next call runs on a fresh device: the app's first screen, not the one the lost device showed.
            fresh = await s.call_tool("android__verify_text", {"text": "Forgot password?"})
            assert not fresh.is_error, _text(fresh)
            tapped = await s.call_tool("android__click", {"target": "Forgot password?"})
            assert not tapped.is_error and "NOTE" not in _text(tapped), _text(tapped)
            assert victim not in _below(server.proc.pid, marker) and len(_below(server.proc.pid, marker)) == 1
            seen |= set(descendants(server.proc.pid))
    finally:
        code = server.stop()
        if env_backup is not None:
            os.environ["ANDROID_SERIAL"] = env_backup
    assert code == 0
    deadline = time.monotonic() + 15
    while any(alive(p) for p in seen) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in seen if alive(p)]
