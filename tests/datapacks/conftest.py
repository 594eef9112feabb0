"""Fixtures for the data packs: the demo app served on 127.0.0.1, one Chromium, a fresh session per test."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult
from tapwright.demo.server import DemoServer
from tapwright.drivers.web import BrowserOptions, WebBrowser, WebSession, find_chromium
from tapwright.registry.registry import Registry

ROOT = Path(__file__).resolve().parents[2]
Call = Callable[..., Awaitable[ToolResult]]


def catalog() -> list[dict[str, Any]]:
    """The demo product grid's 72 items (examples/demo-app/catalog.js)."""
    text = (ROOT / "examples" / "demo-app" / "catalog.js").read_text(encoding="utf-8")
    return list(json.loads(text.split("=", 1)[1].strip().rstrip(";")))


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
