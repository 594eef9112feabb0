"""Fixtures for the locator tests: the labelled pages served on 127.0.0.1, one real Chromium per module."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from _support import chromium_fixture, serve

PAGES = Path(__file__).parent / "pages"


@pytest.fixture(scope="session")
def pages_url() -> Iterator[str]:
    """Base URL of tests/locator/pages on an ephemeral loopback port."""
    with serve(PAGES) as url:
        yield url + "/"


browser = chromium_fixture("module")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def web_session(browser: Any) -> AsyncIterator[Any]:
    """One session on the module's Chromium, shared by the module's browser tests."""
    session = await browser.new_session()
    try:
        yield session
    finally:
        await session.aclose()


ACCURACY_KEY = pytest.StashKey[list[str]]()


@pytest.fixture(scope="session")
def accuracy_lines(request: pytest.FixtureRequest) -> list[str]:
    """Lines the accuracy suite wants printed in pytest's terminal summary."""
    return request.config.stash.setdefault(ACCURACY_KEY, [])


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    for line in config.stash.get(ACCURACY_KEY, []):
        terminalreporter.write_line(line)
