"""DNS rebinding: a name whose address is refused is refused, by the real proxy in front of real Chromium.

The proxy resolves every name once, checks each address it resolves to and connects to
exactly that address. Two resolvers are used: the system's (``localhost`` is 127.0.0.1 in
``/etc/hosts``) and the proxy's own ``hosts`` map (``BrowserOptions.hosts``), which stands
for a hostile DNS answer (a public-looking name that resolves to loopback or metadata).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from reliability_servers import RefusedLog, start_refused
from reliability_support import Sites, call

from _support import chromium
from tapwright.drivers.web import BrowserOptions, UrlPolicy, WebBrowser
from tapwright.errors import ErrorCode, ToolFailure

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


@pytest.fixture(scope="module")
def loopback_refused() -> Iterator[tuple[int, RefusedLog]]:
    """A logging server on 127.0.0.1 (the address ``localhost`` resolves to), refused by an origin rule."""
    server, log = start_refused("127.0.0.1")
    yield server.server_address[1], log
    server.shutdown()
    server.server_close()


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def mapped_browser(sites: Sites) -> AsyncIterator[WebBrowser]:
    hosts = {"rebind.example": "127.0.0.2", "metadata.example": "169.254.169.254", "app.example": "127.0.0.1"}
    async with chromium(hosts=hosts) as b:
        yield b


async def test_name_resolving_to_a_blocked_address_is_refused(browser: WebBrowser, sites: Sites,
                                                             loopback_refused: tuple[int, RefusedLog]) -> None:
    """``localhost`` passes the name check but resolves to a blocked origin: refused on every path."""
    port, log = loopback_refused
    log.clear()
    policy = UrlPolicy(blocked_origins=[f"http://127.0.0.1:{port}"])
    assert policy.check(f"http://localhost:{port}/") is None  # the name alone passes: only resolving tells
    s = await browser.new_session(base_url=sites.app, policy=policy, action_timeout_ms=2_000)
    try:
        r = await call(s, "web.navigate", url=f"http://localhost:{port}/direct")
        assert r.code is ErrorCode.URL_BLOCKED, r.status_line()
        assert f"host localhost resolves to http://127.0.0.1:{port}, which is blocked" in r.error.message
        # a redirect hop and a page's fetch() to the same name
        r = await call(s, "web.navigate", url=f"/chain/2?to=http://localhost:{port}/hop")
        assert r.code is ErrorCode.URL_BLOCKED and "resolves to" in r.error.message, r.status_line()
        assert (await call(s, "web.navigate", url="/")).ok
        got = await s.page.evaluate("(u) => fetch(u).then(r => 'status ' + r.status, e => 'failed')",
                                    f"http://localhost:{port}/fetch")
        assert got in ("failed", "status 403"), got
        assert any("resolves to" in reason for _, reason in s.guard.blocked)
        # the app on the same address through its own allowed port still loads by name
        app_port = sites.app.rsplit(":", 1)[1]
        r = await call(s, "web.navigate", url=f"http://localhost:{app_port}/second")
        assert r.ok and r.data["title"] == "Second", r.status_line()
    finally:
        await s.aclose()
    assert log.empty, (log.connections, log.requests)


async def test_hostile_dns_answers_are_refused(mapped_browser: WebBrowser, sites: Sites,
                                               refused_log: RefusedLog) -> None:
    """Names that resolve to a blocked host or to cloud metadata are refused; a benign one connects to its address."""
    s = await mapped_browser.new_session(base_url=sites.app, policy=UrlPolicy(blocked_origins=["127.0.0.2"]),
                                         action_timeout_ms=2_000)
    try:
        r = await call(s, "web.navigate", url=f"http://rebind.example:{sites.refused_port}/steal")
        assert r.code is ErrorCode.URL_BLOCKED, r.status_line()
        assert f"host rebind.example resolves to http://127.0.0.2:{sites.refused_port}, which is blocked" in r.error.message
        r = await call(s, "web.navigate", url=f"https://rebind.example:{sites.refused_port}/tunnel")
        assert r.code is ErrorCode.URL_BLOCKED and "resolves to" in r.error.message, r.status_line()
        r = await call(s, "web.navigate", url="http://metadata.example/latest/meta-data/")
        assert r.code is ErrorCode.URL_BLOCKED, r.status_line()
        assert "link-local or cloud-metadata" in r.error.message
        # app.example is known only to the map: it loads, so the proxy connected to the mapped address
        app_port = sites.app.rsplit(":", 1)[1]
        r = await call(s, "web.navigate", url=f"http://app.example:{app_port}/second")
        assert r.ok and r.data["title"] == "Second", r.status_line()
    finally:
        await s.aclose()
    assert refused_log.empty, (refused_log.connections, refused_log.requests)
    # an allow list naming the host does not let its metadata address through, allow_link_local does
    narrow = UrlPolicy(allowed_origins=["metadata.example"])
    assert narrow.check("http://metadata.example/") is None
    assert narrow.check_address("http", "169.254.169.254", 80) is not None
    assert UrlPolicy(allow_link_local=True).check_address("http", "169.254.169.254", 80) is None


async def test_unresolvable_name_says_so(browser: WebBrowser, sites: Sites) -> None:
    s = await browser.new_session(base_url=sites.app, action_timeout_ms=2_000)
    try:
        r = await call(s, "web.navigate", url="http://no-such-host.invalid/")
        assert r.code is ErrorCode.NAVIGATION_FAILED, r.status_line()
        assert "cannot resolve the host name" in r.error.message
    finally:
        await s.aclose()


async def test_hosts_map_must_name_addresses() -> None:
    with pytest.raises(ToolFailure) as info:
        BrowserOptions(hosts={"app.example": "not-an-address"})
    assert info.value.code is ErrorCode.INVALID_INPUT and "not an IP address" in info.value.message
