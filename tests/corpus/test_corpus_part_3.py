"""Part 3 of 3 of the blind corpus in real Chromium, planned offline with zero model calls."""

from __future__ import annotations

import pytest
from corpus_runner import check_part

from tapwright.drivers.web import WebBrowser


@pytest.mark.slow
@pytest.mark.timeout(1200)
@pytest.mark.asyncio(loop_scope="module")
async def test_corpus_first_try_rate(browser: WebBrowser) -> None:
    await check_part(2, browser)
