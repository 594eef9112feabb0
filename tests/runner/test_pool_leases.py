"""The browser pool's lease rules, without browsers: capacity, least-loaded choice, dead endpoints, parsing.

The end-to-end behaviour against real Playwright servers is in test_browser_pool_shards.py and test_browser_pool_kill.py.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tapwright.errors import DriverError, ErrorCode, UserError
from tapwright.platforms._browser_pool import BrowserPool, Endpoint, parse_endpoints


class _Conn:
    """Stands in for a connected WebBrowser: only what the pool reads (``browser.is_connected()``, ``aclose``)."""

    def __init__(self) -> None:
        self.connected = True
        self.browser = self
        self.closed = False

    def is_connected(self) -> bool:
        return self.connected

    async def aclose(self) -> None:
        self.closed = True


def _pool(*caps: int, refuse: set[str] | None = None) -> tuple[BrowserPool, dict[str, _Conn]]:
    conns: dict[str, _Conn] = {}

    async def launch(endpoint: Endpoint) -> Any:
        if refuse and endpoint.url in refuse:
            raise DriverError(ErrorCode.BROWSER_CRASHED, "connection refused")
        conns[endpoint.url] = _Conn()
        return conns[endpoint.url]

    endpoints = [Endpoint(f"ws://127.0.0.1:{3000 + i}/", cap) for i, cap in enumerate(caps)]
    return BrowserPool(endpoints, launch=launch), conns


async def test_leases_go_to_the_least_loaded_endpoint_and_wait_for_capacity() -> None:
    pool, _ = _pool(2, 1)
    a = await pool.lease()
    b = await pool.lease()
    c = await pool.lease()
    assert [a.url, b.url, c.url] == ["ws://127.0.0.1:3000/", "ws://127.0.0.1:3001/", "ws://127.0.0.1:3000/"]
    waiting = asyncio.ensure_future(pool.lease())
    await asyncio.sleep(0.05)
    assert not waiting.done()  # every endpoint is full
    await pool.release(b)
    assert (await asyncio.wait_for(waiting, 5)).url == "ws://127.0.0.1:3001/"


async def test_an_endpoint_that_refuses_is_dropped_and_others_serve() -> None:
    pool, _ = _pool(1, 1, refuse={"ws://127.0.0.1:3000/"})
    lease = await pool.lease()
    assert lease.url == "ws://127.0.0.1:3001/"
    assert pool.endpoints[0].dead is not None and "cannot connect" in pool.endpoints[0].dead


async def test_a_disconnected_endpoint_is_reported_and_leaves_the_pool() -> None:
    pool, conns = _pool(1, 1)
    first = await pool.lease()
    conns[first.url].connected = False
    why = pool.check(first)
    assert why is not None and first.url in why and "disconnected" in why
    await pool.release(first, dead=why)
    second = await pool.lease()
    assert second.url != first.url


async def test_no_endpoint_left_is_browser_crashed_naming_each() -> None:
    pool, _ = _pool(1, refuse={"ws://127.0.0.1:3000/"})
    with pytest.raises(DriverError) as err:
        await pool.lease()
    assert err.value.code is ErrorCode.BROWSER_CRASHED and "ws://127.0.0.1:3000/" in err.value.message


def test_endpoint_lists_parse_with_capacities_and_comments(tmp_path: Path) -> None:
    file = tmp_path / "endpoints.txt"
    file.write_text("# the grid\nws://10.0.0.1:3000/ 4\n\nhttp://127.0.0.1:9222  # a CDP Chromium\n")
    got = parse_endpoints(["ws://127.0.0.1:3000/"], str(file), default_capacity=2)
    assert [(e.url, e.capacity, e.cdp) for e in got] == [
        ("ws://127.0.0.1:3000/", 2, False), ("ws://10.0.0.1:3000/", 4, False), ("http://127.0.0.1:9222", 2, True)]


@pytest.mark.parametrize(("items", "message"), [(["ftp://x"], "give a Playwright server"), (["ws://a/ zero"], "capacity"),
                                                (["ws://a/", "ws://a/"], "listed twice")])  # fmt: skip
def test_bad_endpoint_lists_are_usage_errors(items: list[str], message: str) -> None:
    with pytest.raises(UserError, match=message):
        parse_endpoints(items, None, default_capacity=1)


def test_a_missing_endpoint_file_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="--browser-endpoints"):
        parse_endpoints([], str(tmp_path / "nope.txt"), default_capacity=1)
