"""The URL policy: which URLs a web session may load, checked on the context's network layer.

:class:`UrlPolicy` is a pure value with ``check(url) -> reason | None``.
:func:`install_policy` enforces it on a Playwright browser context so that every
request (navigations, redirects, popups, frames, sub-resources) obeys it, not only
the agent's own ``navigate`` calls.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import threading
import weakref
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tapwright.drivers.web._proxy import PolicyProxy
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web._rules import UrlPolicy

__all__ = ["PolicyGuard", "UrlPolicy"]

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Frame, Page, Request, Route

log = logging.getLogger("tapwright.web.policy")

@dataclass
class PolicyGuard:
    """Enforces a UrlPolicy on one browser context and remembers what it blocked."""

    policy: UrlPolicy
    blocked: list[tuple[str, str]] = field(default_factory=list)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _count: int = 0
    proxy: PolicyProxy | None = None
    # Pages that loaded a document, and the block count when each page opened.
    _loaded: weakref.WeakSet[Page] = field(default_factory=weakref.WeakSet)
    _marks: weakref.WeakKeyDictionary[Page, int] = field(default_factory=weakref.WeakKeyDictionary)

    @property
    def block_count(self) -> int:
        """How many requests were refused so far (a mark to ask what was refused since)."""
        return self._count

    def last_reason(self, url: str | None = None, *, since: int = 0) -> str | None:
        """The reason of the latest block (of ``url`` when given; among the blocks after mark ``since``)."""
        with self._lock:
            fresh = self._count - since
            recent = self.blocked[-fresh:] if fresh > 0 else []
        for blocked_url, reason in reversed(recent):
            if url is None or blocked_url == url:
                return reason
        return None

    def _record(self, url: str, reason: str) -> None:
        with self._lock:
            self.blocked.append((url[:500], reason))
            del self.blocked[:-50]
            self._count += 1
        log.info("blocked %s: %s", url[:200], reason)

    async def start_proxy(self, hosts: Mapping[str, str] | None = None, bind: str = "127.0.0.1",
                          advertise: str | None = None) -> dict[str, str]:
        """Start the policy proxy the context's traffic goes through; Playwright's ``proxy`` settings for it.

        Args:
            hosts: Names the proxy resolves to fixed addresses (checked by the policy like any other).
            bind: The address the proxy listens on (off loopback it asks for credentials).
            advertise: The host the browser reaches the proxy at (default: ``bind``).
        """
        policy = self.policy

        def check_address(scheme: str | None, address: str, port: int) -> str | None:
            if scheme is None:
                return policy.check_tunnel_address(address, port)
            return policy.check_address(scheme, address, port)

        self.proxy = PolicyProxy(policy.check, policy.check_authority, self._record, check_address, hosts,
                                 bind=bind, advertise=advertise)
        await self.proxy.start()
        settings = {"server": self.proxy.url}
        if self.proxy.credentials is not None:
            settings["username"], settings["password"] = self.proxy.credentials
        return settings

    async def _route(self, route: Route, request: Request) -> None:
        reason = self.policy.check(request.url)
        try:
            if reason is not None:
                self._block(request, request.url, reason)
                await route.abort("blockedbyclient")
            else:
                await route.fallback()
        except pw.Error:
            pass  # the page or context went away while the request was in flight

    def _block(self, request: Request, url: str, reason: str) -> None:
        self._record(url, reason)
        # A popup opened on a refused URL is closed rather than left on an error page.
        try:
            frame = request.frame
        except pw.Error:
            return
        page = frame.page
        if frame.parent_frame is None and request.is_navigation_request() and page.url in ("", "about:blank"):
            self._spawn(_close_popup(page))

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _on_frame(self, frame: Frame) -> None:
        # data:, javascript: and about: navigations never reach the network layer;
        # a frame that ends up on a refused URL is sent back to about:blank.
        url = frame.url
        if url.startswith("chrome-error:"):
            # The browser's own error page for a load that failed or that we refused. A popup
            # whose only load was refused is closed (its request may come before its frame,
            # so _block could not tell it was a popup).
            page = frame.page
            if frame.parent_frame is None and page not in self._loaded and self._count > self._marks.get(page, 0):
                self._spawn(_close_popup(page))
            return
        if frame.parent_frame is None and url not in ("", "about:blank"):
            self._loaded.add(frame.page)
        reason = self.policy.check(url)
        if reason is not None:
            self._record(url, reason)
            self._spawn(_blank(frame))

    def _on_page(self, page: Page) -> None:
        self._marks[page] = self._count
        page.on("framenavigated", self._on_frame)
        opener_url = page.url
        reason = self.policy.check(opener_url) if opener_url else None
        if reason is not None:
            self._record(opener_url, reason)
            self._spawn(_close(page))

    async def install(self, context: BrowserContext, base_url: str | None = None) -> None:
        """Watch the context's pages, and route its requests through :meth:`_route` only when the proxy alone
        cannot answer for the policy (:meth:`UrlPolicy.needs_route`): a route turns the browser's HTTP cache off
        (Playwright's rule for any route), so every page of a real app would load all its scripts and styles
        again, and each request it sees waits for a round trip to this process. Even then, the URLs of
        ``base_url``'s origin are left out when the policy lets that whole origin through
        (:meth:`UrlPolicy.whole_origin`). The proxy checks every connection in any case."""
        if self.policy.needs_route():
            await context.route(routed(self.policy, base_url), self._route)
        context.on("page", self._on_page)
        for page in context.pages:
            self._on_page(page)

    async def settle(self, timeout_s: float = 5.0) -> None:
        """Let the guard's own follow-ups finish (a frame sent back to about:blank, a popup closed).

        A navigation started while one of them is still under way would be interrupted by it.
        """
        pending = [t for t in self._tasks if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=timeout_s)

    async def aclose(self) -> None:
        if self.proxy is not None:
            await self.proxy.aclose()
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, pw.Error):
                await task


def routed(policy: UrlPolicy, base_url: str | None) -> str | re.Pattern[str]:
    """The URLs the context's route is asked about (see :meth:`PolicyGuard.install`)."""
    origin = policy.whole_origin(base_url)
    return "**/*" if origin is None else re.compile(f"^(?!{re.escape(origin)}(?:[/?#]|$))")


async def _blank(frame: Frame) -> None:
    with contextlib.suppress(pw.Error):
        if frame.parent_frame is None:
            await frame.goto("about:blank")
        else:
            await frame.evaluate("() => { location.replace('about:blank'); }")


CLOSE_WAIT_S = 0.3  # how long Playwright's close of a page is given before the page is asked to close itself


async def _close_popup(page: Page) -> None:
    with contextlib.suppress(pw.Error):
        if await page.opener() is not None:
            await _close(page)


async def _close(page: Page) -> None:
    """Close ``page``. Playwright's close of a popup still being set up can wait for an answer that never comes
    (seen about once in 15 popups opened on a refused URL): after a moment the window, which a script opened, is
    asked to close itself, which the browser allows; each wait is bounded and nothing is raised."""
    closing = asyncio.ensure_future(page.close())
    closing.add_done_callback(_retrieved)
    done, _ = await asyncio.wait({closing}, timeout=CLOSE_WAIT_S)
    if done or page.is_closed():
        return
    with contextlib.suppress(pw.Error, TimeoutError):
        await asyncio.wait_for(page.evaluate("() => { window.close(); }"), CLOSE_WAIT_S)
    await asyncio.wait({closing}, timeout=CLOSE_WAIT_S)


def _retrieved(task: asyncio.Future[None]) -> None:
    """A close nobody waits for any more: its error (the page already gone) is nobody's."""
    if not task.cancelled():
        task.exception()
