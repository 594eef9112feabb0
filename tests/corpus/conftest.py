"""One Chromium per corpus module (each part is a module of its own, see corpus_runner.PARTS)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tapwright.drivers.web import BrowserOptions, WebBrowser


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[WebBrowser]:
    async with await WebBrowser.launch(BrowserOptions()) as b:
        yield b
