"""The held-back half of the trust corpus (see test_trust.py): measured, never tuned on."""

from __future__ import annotations

import pytest
from test_trust import _check_half

from tapwright.drivers.web import WebBrowser

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="module")]


async def test_held_back_half(browser: WebBrowser) -> None:
    await _check_half("held_back", browser)
