"""Waits on text see what a person sees: "Loading..." drawn inside a progress bar, a meter, a busy status region or
a tooltip keeps `Wait until "Loading..." is gone` waiting until it is gone (it used to pass at once)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tapwright.drivers.web import WebBrowser
from tapwright.session import Session, web

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]
KINDS = ["text-in-bar", "labelled-bar", "value-text", "meter", "busy-status", "native", "tooltip"]
GONE_JS = "() => document.querySelector('[data-kind]') === null"


@pytest_asyncio.fixture(loop_scope="session")
async def page(browser: WebBrowser, server: str) -> AsyncIterator[Session]:
    async with web(server, browser=browser, action_timeout_ms=10_000) as session:
        yield session


@pytest.mark.parametrize("kind", KINDS)
async def test_wait_until_loading_is_gone_waits_for_it(page: Session, kind: str) -> None:
    # The indicator stays until the test takes it away, while the wait is under way (a timer set at page load
    # would race the navigation on a loaded machine).
    assert (await page.call("web.navigate", url=f"/loading.html?kind={kind}")).ok
    assert not await page.page.evaluate(GONE_JS)
    waiting = asyncio.ensure_future(page.do('Wait until "Loading..." is gone'))
    await asyncio.sleep(1.0)
    assert not waiting.done(), f"the wait ended while {kind!r} still showed Loading...: {waiting.result()}"
    await page.page.evaluate("() => window.finish()")
    step = await waiting
    assert step.status == "passed", step.error_message
    # It passed because the indicator went, not before.
    assert await page.page.evaluate(GONE_JS), f"the wait passed while {kind!r} still showed Loading..."
    assert await page.page.text_content("h1") == "Report ready"


@pytest.mark.parametrize("kind", ["text-in-bar", "value-text"])
async def test_a_loading_text_that_never_goes_fails_the_wait(page: Session, kind: str) -> None:
    assert (await page.call("web.navigate", url=f"/loading.html?kind={kind}")).ok
    waited = await page.call("web.wait_for", text="Loading...", state="hidden", timeout_ms=800)
    assert not waited.ok and waited.error is not None and waited.error.code.value == "TIMEOUT", waited.status_line()
    seen = await page.call("web.verify_text", text="Loading...")
    assert seen.ok, seen.status_line()  # and a check that it shows passes
