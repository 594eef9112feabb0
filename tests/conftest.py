"""Fixtures shared across test areas."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from hypothesis import settings

# No per-example time limit: the machines are shared, and a speed target belongs in bench/, not in a test.
settings.register_profile("tapwright", deadline=None)
settings.load_profile("tapwright")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def report_browser() -> AsyncIterator[Any]:
    """A plain Playwright Chromium to look at generated HTML reports as a person would."""
    from playwright.async_api import async_playwright

    from tapwright.drivers.web import BrowserOptions, find_chromium

    executable = find_chromium()
    if executable is None:
        pytest.fail("no Chromium installed: run make install")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=executable, args=BrowserOptions().launch_args())
        yield browser
        await browser.close()
