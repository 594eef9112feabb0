"""Origin rules match a host and a port across schemes: a block on http://HOST:PORT stops ws://, https://
and wss:// to the same host and port, in the rules and for a real WebSocket handshake in Chromium."""

from __future__ import annotations

import asyncio

import pytest
from security_servers import Sites

from tapwright.drivers.web import UrlPolicy, WebBrowser


@pytest.mark.parametrize("url", ["http://h.test:8000/x", "ws://h.test:8000/s", "https://h.test:8000/",
                                 "wss://h.test:8000/", "HTTP://H.TEST:8000/"])
def test_a_block_covers_every_scheme_on_its_host_and_port(url: str) -> None:
    for rule in ("http://h.test:8000", "ws://h.test:8000", "wss://h.test:8000"):
        assert UrlPolicy(blocked_origins=[rule]).check(url) is not None, (rule, url)
    assert UrlPolicy(blocked_origins=["http://h.test:8000"]).check(url.replace("8000", "8001")) is None


def test_an_allow_covers_every_scheme_on_its_host_and_port() -> None:
    policy = UrlPolicy(allowed_origins=["http://h.test:8000"])
    assert policy.check("ws://h.test:8000/live") is None
    assert policy.check("ws://h.test:8001/live") is not None
    assert policy.check_authority("h.test", 8000) is None  # a tunnel (wss, or ws through the proxy)
    # Default ports: ws is 80, wss is 443.
    assert UrlPolicy(blocked_origins=["http://h.test"]).check("ws://h.test/") is not None
    assert UrlPolicy(blocked_origins=["https://h.test"]).check("wss://h.test/") is not None
    assert UrlPolicy(blocked_origins=["https://h.test"]).check("ws://h.test/") is None  # port 80 is another server


@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="session")
async def test_a_websocket_to_a_blocked_origin_never_connects(browser: WebBrowser, sites: Sites,
                                                              attacker_log: None) -> None:
    async def open_ws(policy: UrlPolicy) -> str:
        session = await browser.new_session(base_url=sites.app, policy=policy)
        try:
            await session.navigate("/ws")
            for _ in range(50):
                state = await session.page.inner_text("#s")
                if state != "Connecting":
                    return state
                await asyncio.sleep(0.1)
            return state
        finally:
            await session.aclose()

    assert await open_ws(UrlPolicy(blocked_origins=[sites.attacker])) == "Failed"
    await asyncio.sleep(0.3)
    assert sites.log.empty, sites.log.text()
    # Control: unblocked, the handshake reaches the attacker origin.
    assert await open_ws(UrlPolicy()) == "Open"
    assert "Upgrade: websocket" in sites.log.text()
