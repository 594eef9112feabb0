"""`tapwright mcp --caps android` over streamable HTTP with the official client: one device
lease per MCP session (each client gets its own simulated device), released when it ends."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from android_support import APP

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "mcp"))
from mcp_support import SlowStartServer, alive, descendants, http_session

pytestmark = [pytest.mark.slow, pytest.mark.device]  # the MCP server starts simulated devices



async def test_each_mcp_session_leases_its_own_device() -> None:
    env_backup = os.environ.pop("ANDROID_SERIAL", None)
    server = SlowStartServer("--caps", "android", "--tools", "android", "--set", f"android.app={APP}")
    try:
        async with http_session(server.url) as first, http_session(server.url) as second:
            names = [t.name for t in (await first.list_tools()).tools]
            assert {"android__click", "android__tap_text", "android__start_testing_scenario"} <= set(names)
            tapped = await first.call_tool("android__click", {"target": "Forgot password?"})
            assert not tapped.is_error, tapped.content
            seen_first = await first.call_tool("android__verify_text", {"text": "Reset your password"})
            seen_second = await second.call_tool("android__verify_text", {"text": "Reset your password"})
            assert not seen_first.is_error and seen_second.is_error  # two clients, two devices
            info = await second.call_tool("android__device_information", {})
            assert "Pixel 8 (simulated)" in str(info.structured_content or info.content)
            alias = await second.call_tool("android__tap", {"text": "Forgot password"})  # tap_text's former name
            assert not alias.is_error, alias.content
            started = descendants(server.proc.pid)
            sims = [p for p, cmd in started.items() if "tapwright.testing.android_sim" in cmd]
            adb = [p for p, cmd in started.items() if "nodaemon server" in cmd]
            assert len(sims) == 2 and len(adb) == 1
    finally:
        code = server.stop()
        if env_backup is not None:
            os.environ["ANDROID_SERIAL"] = env_backup
    assert code is not None
    assert not [p for p in sims + adb if alive(p)]  # devices and the private adb server stopped by PID
