"""Fixtures for the data packs: the demo app served on 127.0.0.1, one Chromium, a fresh session per test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
from pack_support import Call

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.demo.server import DemoServer
from tapwright.drivers.web import BrowserOptions, WebBrowser, WebSession, find_chromium
from tapwright.registry.registry import Registry


@pytest.fixture(scope="session")
def demo() -> Iterator[str]:
    with DemoServer(port=0) as server:
        yield server.url


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def pack_browser() -> AsyncIterator[WebBrowser]:
    if find_chromium() is None:
        pytest.fail("no Chromium installed: run make install")
    browser = await WebBrowser.launch(BrowserOptions())
    yield browser
    await browser.aclose()


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry.default()


@pytest_asyncio.fixture(loop_scope="session")
async def session(pack_browser: WebBrowser, demo: str) -> AsyncIterator[WebSession]:
    s = await pack_browser.new_session(base_url=demo, action_timeout_ms=2_000)
    yield s
    await s.aclose()


@pytest.fixture
def ctx(session: WebSession) -> ToolContext:
    return ToolContext([session])


@pytest.fixture
def call(ctx: ToolContext, registry: Registry) -> Call:
    async def run(tool: str, **args: Any) -> ToolResult:
        return await registry.call(tool, args, ctx)

    return run
