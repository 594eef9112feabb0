"""Fixtures for the data packs: the demo app served on 127.0.0.1, a fresh session per test on the
root conftest's Chromium (`browser`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
from pack_support import Call

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.demo.server import DemoServer
from tapwright.drivers.web import WebBrowser, WebSession
from tapwright.registry.registry import Registry


@pytest.fixture(scope="session")
def demo() -> Iterator[str]:
    with DemoServer(port=0) as server:
        yield server.url


@pytest.fixture(scope="session")
def registry() -> Registry:
    return Registry.default()


@pytest_asyncio.fixture(loop_scope="session")
async def session(browser: WebBrowser, demo: str) -> AsyncIterator[WebSession]:
    s = await browser.new_session(base_url=demo, action_timeout_ms=2_000)
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
