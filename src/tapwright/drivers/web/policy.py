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
import urllib.parse
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tapwright.drivers.web._pw import pw

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Frame, Page, Request, Route

log = logging.getLogger("tapwright.web.policy")

# Schemes the browser uses internally; never worth blocking (about:blank is every new tab).
_INTERNAL = ("about:blank", "about:srcdoc")


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if parts.port is not None:
        return f"{scheme}://{host}:{parts.port}"
    return f"{scheme}://{host}"


def _norm_origins(items: Iterable[str]) -> frozenset[str]:
    out = set()
    for item in items:
        item = item.strip().rstrip("/")
        out.add(_origin(item) if "://" in item else item.lower())
    return frozenset(out)


@dataclass(frozen=True)
class UrlPolicy:
    """Which URLs a session may load.

    Args:
        allowed_schemes: Schemes allowed (lowercase). ``file``, ``data``, ``javascript``
            and ``view-source`` are refused unless listed here.
        allowed_origins: When set, only these origins (``http://127.0.0.1:8000``) or
            bare hosts (``example.com``) may be loaded.
        blocked_origins: Origins or bare hosts that are always refused.
        allow_userinfo: Allow ``https://user:password@host/`` URLs (refused by default:
            credentials in URLs end up in logs and histories).
    """

    allowed_schemes: frozenset[str] | set[str] = field(default_factory=lambda: frozenset({"http", "https"}))
    allowed_origins: Iterable[str] | None = None
    blocked_origins: Iterable[str] = ()
    allow_userinfo: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "allowed_schemes", frozenset(s.lower().rstrip(":") for s in self.allowed_schemes))
        if self.allowed_origins is not None:
            object.__setattr__(self, "allowed_origins", _norm_origins(self.allowed_origins))
        object.__setattr__(self, "blocked_origins", _norm_origins(self.blocked_origins))

    def check(self, url: str) -> str | None:
        """The reason ``url`` is refused, or None when it is allowed."""
        raw = url.strip()
        if raw in _INTERNAL:
            return None
        try:
            parts = urllib.parse.urlsplit(raw)
        except ValueError as exc:
            return f"malformed URL: {exc}"
        scheme = parts.scheme.lower()
        if not scheme:
            return "relative URL without a base URL"
        if scheme not in self.allowed_schemes:
            return f"scheme {scheme!r} is not allowed (allowed: {', '.join(sorted(self.allowed_schemes))})"
        if (parts.username is not None or parts.password is not None) and not self.allow_userinfo:
            return "URLs with user-info (user:password@) are not allowed"
        if scheme in ("http", "https", "ws", "wss"):
            origin = _origin(raw)
            host = (parts.hostname or "").lower()
            blocked = self.blocked_origins
            assert isinstance(blocked, frozenset)
            if origin in blocked or host in blocked:
                return f"origin {origin} is blocked"
            allowed = self.allowed_origins
            if allowed is not None:
                assert isinstance(allowed, frozenset)
                if origin not in allowed and host not in allowed:
                    return f"origin {origin} is not in the allowed origins"
        return None


@dataclass
class PolicyGuard:
    """Enforces a UrlPolicy on one browser context and remembers what it blocked."""

    policy: UrlPolicy
    blocked: list[tuple[str, str]] = field(default_factory=list)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def last_reason(self, url: str | None = None) -> str | None:
        """The reason of the latest block (of ``url`` when given)."""
        for blocked_url, reason in reversed(self.blocked):
            if url is None or blocked_url == url:
                return reason
        return None

    def _record(self, url: str, reason: str) -> None:
        self.blocked.append((url[:500], reason))
        del self.blocked[:-50]
        log.info("blocked %s: %s", url[:200], reason)

    async def _route(self, route: Route, request: Request) -> None:
        reason = self.policy.check(request.url)
        try:
            if reason is not None:
                self._block(request, request.url, reason)
                await route.abort("blockedbyclient")
            elif request.is_navigation_request():
                await self._navigation(route, request)
            else:
                await route.fallback()
        except pw.Error:
            pass  # the page or context went away while the request was in flight

    async def _navigation(self, route: Route, request: Request) -> None:
        """Fetch a document ourselves so a redirect's target is checked before the browser follows it."""
        try:
            response = await route.fetch(max_redirects=0)
        except pw.Error:
            await route.fallback()  # let the browser fail the load itself, with its own net::ERR_* code
            return
        location = response.headers.get("location")
        if 300 <= response.status < 400 and location:
            target = urllib.parse.urljoin(request.url, location)
            reason = self.policy.check(target)
            if reason is not None:
                self._block(request, target, f"redirect to a refused URL: {reason}")
                await route.abort("blockedbyclient")
                return
        await route.fulfill(response=response)

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
        reason = self.policy.check(url)
        if reason is not None:
            self._record(url, reason)
            self._spawn(_blank(frame))

    def _on_page(self, page: Page) -> None:
        page.on("framenavigated", self._on_frame)
        opener_url = page.url
        reason = self.policy.check(opener_url) if opener_url else None
        if reason is not None:
            self._record(opener_url, reason)
            self._spawn(_close(page))

    async def install(self, context: BrowserContext) -> None:
        await context.route("**/*", self._route)
        context.on("page", self._on_page)
        for page in context.pages:
            self._on_page(page)

    async def aclose(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, pw.Error):
                await task


async def _blank(frame: Frame) -> None:
    with contextlib.suppress(pw.Error):
        if frame.parent_frame is None:
            await frame.goto("about:blank")
        else:
            await frame.evaluate("() => { location.replace('about:blank'); }")


async def _close_popup(page: Page) -> None:
    with contextlib.suppress(pw.Error):
        if await page.opener() is not None:
            await page.close()


async def _close(page: Page) -> None:
    with contextlib.suppress(pw.Error):
        await page.close()
