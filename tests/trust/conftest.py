"""The trust corpus runs on the instruction corpus's runner (tests/corpus/corpus_runner.py)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from tapwright.drivers.web import BrowserOptions, WebBrowser

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "corpus"))


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[WebBrowser]:
    async with await WebBrowser.launch(BrowserOptions()) as b:
        yield b
