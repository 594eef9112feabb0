"""Fixtures for the locator tests: the labelled pages served on 127.0.0.1, one real Chromium per module."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

PAGES = Path(__file__).parent / "pages"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def pages_url() -> Iterator[str]:
    """Base URL of tests/locator/pages on an ephemeral loopback port."""
    handler = functools.partial(_QuietHandler, directory=str(PAGES))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def web_session() -> AsyncIterator[Any]:
    """One headless Chromium and one session shared by a module's browser tests."""
    from tapwright.drivers import web  # a missing web pack is an error here, not a skip

    if web.find_chromium() is None:
        pytest.fail("no Chromium found: run make install")
    browser = await web.WebBrowser.launch(web.BrowserOptions())
    try:
        session = await browser.new_session()
        try:
            yield session
        finally:
            await session.aclose()
    finally:
        await browser.aclose()


ACCURACY_KEY = pytest.StashKey[list[str]]()


@pytest.fixture(scope="session")
def accuracy_lines(request: pytest.FixtureRequest) -> list[str]:
    """Lines the accuracy suite wants printed in pytest's terminal summary."""
    return request.config.stash.setdefault(ACCURACY_KEY, [])


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    for line in config.stash.get(ACCURACY_KEY, []):
        terminalreporter.write_line(line)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that uses the Chromium fixture is a browser test, marked or not: mutation runs and fast selections
    deselect browser tests by marker, and a forgotten marker made every locator mutant start a Chromium."""
    for item in items:
        if "web_session" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
