"""A pool of remote browsers (Playwright servers, CDP endpoints) that scenarios lease.

Each endpoint hosts up to ``capacity`` browser contexts at once. A scenario leases the
least loaded live endpoint, waiting while every one is full. An endpoint whose browser
cannot be reached, or disconnects, is taken out of the pool for the rest of the run and
named in the report; the runner retries the scenario it was running on another one.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tapwright.errors import DriverError, ErrorCode, UserError


@dataclass(slots=True, eq=False)
class Endpoint:
    """One remote browser: its URL, how many contexts it may host, and its state."""

    url: str
    capacity: int = 1
    in_use: int = 0
    browser: Any = None  # the connected WebBrowser, on first lease
    dead: str | None = None  # why it was taken out of the pool
    leases: int = 0
    _connect: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def cdp(self) -> bool:
        return self.url.startswith(("http://", "https://"))


def parse_endpoints(items: list[str], file: str | None, *, default_capacity: int) -> list[Endpoint]:
    """Endpoints from ``--browser-endpoint URL[ CAPACITY]`` items and a file of the same lines (``#`` comments).

    Raises:
        UserError: a URL that is not ws(s):// or http(s)://, a bad capacity, or an unreadable file.
    """
    lines = list(items)
    if file:
        try:
            lines += Path(file).read_text(encoding="utf-8").splitlines()
        except OSError as exc:
            raise UserError(f"--browser-endpoints {file}: {exc.strerror}") from None
    out: list[Endpoint] = []
    for raw in lines:
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        text = text.split(" #", 1)[0].strip()
        url, _, cap = text.partition(" ")
        if not url.startswith(("ws://", "wss://", "http://", "https://")):
            raise UserError(f"browser endpoint {url!r}: give a Playwright server ws://HOST:PORT/ or a CDP http://HOST:PORT")
        capacity = default_capacity
        if cap.strip():
            if not cap.strip().isdigit() or int(cap) < 1:
                raise UserError(f"browser endpoint {url}: capacity must be a whole number >= 1, got {cap.strip()!r}")
            capacity = int(cap)
        if any(e.url == url for e in out):
            raise UserError(f"browser endpoint {url} is listed twice")
        out.append(Endpoint(url, capacity))
    return out


class BrowserPool:
    """Leases endpoints with free capacity; connects to each on first use."""

    def __init__(self, endpoints: list[Endpoint], *, launch: Any) -> None:
        self.endpoints = endpoints
        self._launch = launch  # async (endpoint) -> WebBrowser
        self._changed = asyncio.Condition()

    def _live(self) -> list[Endpoint]:
        return [e for e in self.endpoints if e.dead is None]

    async def lease(self) -> Endpoint:
        """The least loaded live endpoint with room, connected.

        Raises:
            DriverError: BROWSER_CRASHED when every endpoint is dead.
        """
        while True:
            async with self._changed:
                while True:
                    live = self._live()
                    if not live:
                        why = "; ".join(f"{e.url}: {e.dead}" for e in self.endpoints)
                        raise DriverError(ErrorCode.BROWSER_CRASHED, f"no browser endpoint is left ({why})")
                    free = [e for e in live if e.in_use < e.capacity]
                    if free:
                        endpoint = min(free, key=lambda e: (e.in_use / e.capacity, e.leases, self.endpoints.index(e)))
                        endpoint.in_use += 1
                        endpoint.leases += 1
                        break
                    await self._changed.wait()
            try:
                await self._ensure_connected(endpoint)
            except DriverError as exc:
                await self.release(endpoint, dead=f"cannot connect: {exc.message}")
                continue
            return endpoint

    async def _ensure_connected(self, endpoint: Endpoint) -> None:
        async with endpoint._connect:
            if endpoint.browser is not None and not endpoint.browser.browser.is_connected():
                await self._drop(endpoint)
            if endpoint.browser is None:
                endpoint.browser = await self._launch(endpoint)

    async def _drop(self, endpoint: Endpoint) -> None:
        browser, endpoint.browser = endpoint.browser, None
        if browser is not None:
            with contextlib.suppress(Exception):
                await browser.aclose()

    def check(self, endpoint: Endpoint) -> str | None:
        """Why ``endpoint`` is unusable now (its browser disconnected), or None; marks it dead."""
        if endpoint.dead is None and endpoint.browser is not None and not endpoint.browser.browser.is_connected():
            endpoint.dead = "the browser disconnected (the server stopped answering)"
        return f"{endpoint.url}: {endpoint.dead}" if endpoint.dead else None

    async def probe(self, endpoint: Endpoint, timeout_s: float = 10.0) -> str | None:
        """Like :meth:`check`, but also asks the browser for a fresh context: a server that died a moment
        ago may not have closed its connection yet."""
        if self.check(endpoint) is not None or endpoint.browser is None:
            return self.check(endpoint)
        try:
            async with asyncio.timeout(timeout_s):
                context = await endpoint.browser.browser.new_context()
                await context.close()
        except Exception as exc:  # any failure to open a context means the endpoint cannot serve scenarios
            endpoint.dead = f"the browser stopped answering ({type(exc).__name__})"
        return self.check(endpoint)

    async def release(self, endpoint: Endpoint, *, dead: str | None = None) -> None:
        """Give a lease back; ``dead`` takes the endpoint out of the pool."""
        async with self._changed:
            endpoint.in_use = max(0, endpoint.in_use - 1)
            if dead is not None and endpoint.dead is None:
                endpoint.dead = dead
            self._changed.notify_all()

    def status(self) -> dict[str, Any]:
        return {"endpoints": [{"url": e.url, "capacity": e.capacity, "in_use": e.in_use, "leases": e.leases,
                               "dead": e.dead} for e in self.endpoints]}  # fmt: skip

    async def aclose(self) -> None:
        for endpoint in self.endpoints:
            await self._drop(endpoint)
