"""The URL policy: pure checks, and enforcement on the network layer against bypasses."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
import pytest_asyncio

from tapwright.core.context import ToolContext
from tapwright.drivers.web import UrlPolicy, WebBrowser, WebSession
from tapwright.errors import ErrorCode
from tapwright.registry.registry import Registry

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


@pytest_asyncio.fixture(loop_scope="session")
async def guarded(browser: WebBrowser, server: str, other_origin: str):  # type: ignore[no-untyped-def]
    policy = UrlPolicy(blocked_origins=[other_origin])
    s = await browser.new_session(base_url=server, policy=policy, action_timeout_ms=1_000)
    yield s
    await s.aclose()


async def _call(session: WebSession, tool: str, **args: object):  # type: ignore[no-untyped-def]
    return await Registry.default().call(tool, dict(args), ToolContext([session]))


async def test_navigate_refuses_blocked_urls(guarded: WebSession, other_origin: str) -> None:
    for url in ("http://user:secret@127.0.0.1/", "data:text/html,hi", "FILE:///etc/passwd", "javascript:alert(1)",
                f"{other_origin}/form.html"):
        r = await _call(guarded, "web.navigate", url=url)
        assert r.code is ErrorCode.URL_BLOCKED, url
        assert "secret" not in r.error.message
    assert guarded.page.url == "about:blank"


async def test_redirect_to_blocked_origin(guarded: WebSession, other_origin: str) -> None:
    r = await _call(guarded, "web.navigate", url=f"/redirect?to={other_origin}/page2.html")
    assert r.code is ErrorCode.URL_BLOCKED and other_origin in r.error.message + str(guarded.guard.blocked)
    assert not guarded.page.url.startswith(other_origin)


async def test_meta_refresh_to_blocked_origin(guarded: WebSession, other_origin: str) -> None:
    await _call(guarded, "web.navigate", url=f"/meta?to={other_origin}/page2.html")
    await guarded.page.wait_for_timeout(500)
    assert not guarded.page.url.startswith(other_origin)
    assert any("localhost" in url for url, _ in guarded.guard.blocked)


async def test_window_open_to_blocked_origin(guarded: WebSession, other_origin: str) -> None:
    await _call(guarded, "web.navigate", url=f"/open?to={other_origin}/page2.html")
    await _call(guarded, "web.click", target="Open popup")
    for _ in range(50):  # closing a page takes a while on a busy machine
        await guarded.page.wait_for_timeout(100)
        if len(guarded.context.pages) == 1:
            break
    urls = [p.url for p in guarded.context.pages]
    assert not any(u.startswith(other_origin) for u in urls) and len(urls) == 1, urls
    assert any("localhost" in url for url, _ in guarded.guard.blocked)


async def _blocked(session: WebSession, predicate: Callable[[str], bool]) -> None:
    """Wait until the guard has refused a URL matching ``predicate`` (the evidence an absence check needs)."""
    while not any(predicate(url) for url, _ in session.guard.blocked):
        await asyncio.sleep(0.02)  # no deadline here: pytest-timeout ends a test that never sees it


async def test_iframe_to_blocked_origin_and_data_url(guarded: WebSession, other_origin: str) -> None:
    await _call(guarded, "web.navigate", url=f"/frame?to={other_origin}/inner.html")
    # The frame's request was refused (not merely slow): only then is "Pay now" missing for a reason.
    await _blocked(guarded, lambda url: url.startswith(f"{other_origin}/inner.html"))
    await guarded.page.wait_for_load_state("load")
    tree = await guarded.snapshot()
    assert not any(e.name == "Pay now" for e in tree)
    await _call(guarded, "web.navigate", url="/frame?to=data:text/html,<button>Data button</button>")
    await _blocked(guarded, lambda url: url.startswith("data:"))
    await guarded.page.wait_for_load_state("load")
    tree = await guarded.snapshot()
    assert not any(e.name == "Data button" for e in tree)


async def test_allowed_redirect_is_followed(guarded: WebSession, server: str) -> None:
    r = await _call(guarded, "web.navigate", url=f"/redirect?to={server}/page2.html")
    assert r.ok and r.data["url"] == f"{server}/page2.html" and r.data["title"] == "Second page"
