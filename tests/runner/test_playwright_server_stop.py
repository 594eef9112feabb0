"""``PlaywrightServer.stop()`` while a client has a browser open on it: the server closes the browser and
exits on SIGTERM (it is not left to be SIGKILLed when its timeout runs out), and nothing it started is left."""

from __future__ import annotations

import asyncio
import signal

import pytest

from tapwright.drivers.web import BrowserOptions, WebBrowser, find_chromium
from tapwright.testing.playwright_server import PlaywrightServer, descendants

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="function")]


async def test_a_server_with_a_browser_open_exits_on_sigterm() -> None:
    server = PlaywrightServer()
    try:
        browser = await WebBrowser.launch(BrowserOptions(ws_endpoint=server.url, executable_path=find_chromium()))
        session = await browser.new_session()
        await session.navigate("about:blank")
        assert descendants(server.proc.pid), "the server launched no browser"
        await asyncio.to_thread(server.stop)  # the client stays connected, as a test's teardown leaves it
        # Playwright's SIGTERM handler only closes the browsers while one is open; stop() must then
        # send another, and not leave the server to its SIGKILL after the timeout.
        assert server.proc.returncode == -signal.SIGTERM
        assert not server.leftovers()
        await browser.aclose()  # the client of a server that went away closes without raising
    finally:
        server.stop()
