"""Tests that start real components and then wait to be interrupted: the run tests/test_interrupt.py
interrupts (not collected by a plain `pytest`: the file name does not start with test_).

The test writes ``<copy>.ready`` into $TAPWRIGHT_READY_DIR once its components run, then sleeps.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from desktop.conftest import desktop_stack
from tapwright.testing.android_sim import AdbServer, SimulatedDevice
from tapwright.testing.playwright_server import PlaywrightServer

__all__ = ["desktop_stack"]  # the desktop folder's fixture, used here as it is there

APP = Path(__file__).resolve().parents[2] / "examples" / "android-app" / "app.yaml"
TOOL = """
import asyncio
from tapwright.platforms import LaunchOptions
from tapwright.platforms.desktop import DesktopRuntime

async def main():
    runtime = DesktopRuntime(LaunchOptions(settings={"display": "xvfb"}))
    try:
        stack = await runtime.display()
        print("display", stack.display, flush=True)
        await asyncio.sleep(3600)
    finally:
        await runtime.aclose()

asyncio.run(main())
"""


@pytest.mark.parametrize("copy", [1, 2])  # one per worker when run with -n 2
@pytest.mark.asyncio(loop_scope="session")
async def test_everything_waits(browser: Any, desktop_stack: Any, copy: int) -> None:
    """Chromium (the shared fixture), Xvfb with its buses (the desktop fixture), a private adb server,
    a simulated device, a Playwright server and a tool process with an Xvfb of its own, all running
    until the run is interrupted."""
    session = await browser.new_session()
    try:
        await session.page.set_content("<h1>waiting</h1>")
        with AdbServer.start() as server, SimulatedDevice.start(APP, server), PlaywrightServer():
            ready = Path(os.environ["TAPWRIGHT_READY_DIR"]) / f"{copy}.ready"
            # A tool run in a subprocess, as the CLI tests do: it starts its own Xvfb and buses (from a
            # worker thread, as the desktop platform does) and is killed when this test is interrupted.
            tool = await asyncio.create_subprocess_exec(sys.executable, "-c", TOOL, stdout=asyncio.subprocess.PIPE)
            try:
                assert tool.stdout is not None
                assert (await tool.stdout.readline()).startswith(b"display :")
                ready.write_text(str(os.getpid()))
                await asyncio.sleep(3600)
            finally:
                tool.kill()
                await tool.wait()
    finally:
        await session.aclose()
