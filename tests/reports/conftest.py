"""Report test fixtures: a headless Chromium to look at the generated HTML."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def chromium() -> AsyncIterator[Any]:
    from playwright.async_api import async_playwright

    from tapwright.drivers.web import BrowserOptions, find_chromium

    executable = find_chromium()
    if executable is None:
        pytest.skip("no Chromium installed")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=executable, args=BrowserOptions().launch_args())
        yield browser
        await browser.close()
