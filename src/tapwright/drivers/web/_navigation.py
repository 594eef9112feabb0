"""Navigation of a WebSession: URLs joined and policy-checked, loads, history, and a load an action left running."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
import urllib.parse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tapwright.drivers.web._proxy import BLOCK_HEADER, ERROR_HEADER
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web._tabs import Tabs
from tapwright.drivers.web.errors import map_error, mapped
from tapwright.drivers.web.pageevents import safe_url
from tapwright.drivers.web.policy import PolicyGuard
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import Page

# How long a look waits for a navigation an action started (a slow login) before reading the page.
NAVIGATION_WAIT_S = 30.0


class Navigation:
    """Loads in the current tab, and the count of main-frame navigations that committed.

    ``new_document`` is called after every load this part starts (the session forgets
    refs into the document that went away).
    """

    def __init__(self, tabs: Tabs, guard: PolicyGuard, base_url: str | None, new_document: Callable[[], None]) -> None:
        self.tabs = tabs
        self.guard = guard
        self.base_url = base_url
        self._new_document = new_document
        self.count = 0  # main-frame navigations committed so far
        self._loading_since: int | None = None
        self._committed = asyncio.Event()

    def committed(self) -> None:
        """A main frame committed a new document."""
        self.count += 1
        self._committed.set()

    def expect(self, since: int) -> None:
        """An action started a navigation that had not committed when it returned (``count`` was
        ``since`` before the action): the next look waits for it."""
        self._loading_since = since

    async def finish(self, timeout_s: float = NAVIGATION_WAIT_S) -> None:
        """Wait (at most ``timeout_s``) for a navigation an action left loading to commit and parse."""
        since, self._loading_since = self._loading_since, None
        if since is None:
            return
        deadline = time.monotonic() + timeout_s
        while self.count == since and not self.tabs.closed:
            self._committed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return  # it never came: the checks that follow say what the page shows
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._committed.wait(), left)
        with contextlib.suppress(pw.Error, ToolFailure):
            await self.tabs.page.wait_for_load_state("domcontentloaded",
                                                     timeout=max(deadline - time.monotonic(), 0.1) * 1000)  # fmt: skip

    def resolve_url(self, url: str) -> str:
        """``url`` joined to the base URL when it is a path; policy-checked."""
        url = url.strip()
        has_scheme = bool(urllib.parse.urlsplit(url).scheme) and not url.startswith("/")
        if not has_scheme:
            if not self.base_url:
                raise ToolFailure(ErrorCode.INVALID_INPUT, f"{url!r} is a path but the session has no base URL")
            url = urllib.parse.urljoin(self.base_url, url)
        reason = self.guard.policy.check(url)
        if reason is not None:
            raise ToolFailure(ErrorCode.URL_BLOCKED, f"{safe_url(url)} is blocked: {reason}")
        return url

    async def navigate(self, url: str, *, allow_error_status: bool = False) -> dict[str, Any]:
        """Load ``url`` in the current tab (see :meth:`WebSession.navigate`)."""
        full = self.resolve_url(url)
        await self.finish()  # a click's navigation still loading would interrupt this one
        await self.guard.settle()  # so would the guard sending a refused page back to about:blank
        page = self.tabs.page
        mark = self.guard.block_count
        try:
            response = await _goto(page, full)
        except pw.Error as exc:
            err = map_error(exc, "navigate")
            reason = self.guard.last_reason(since=mark)
            if err.code is ErrorCode.URL_BLOCKED or reason is not None:
                reason = reason or "blocked by the URL policy"
                raise ToolFailure(ErrorCode.URL_BLOCKED, f"{safe_url(full)} is blocked: {reason}", cause=err.cause) from None
            raise ToolFailure(err.code, f"{safe_url(full)} could not be loaded: {_net_error(exc)}",
                              cause=err.cause) from None
        self._new_document()
        status = response.status if response else None
        if response is None:
            # Playwright may give no response for a load the policy proxy refused (seen once in a loaded run: the
            # proxy's refusal page shown, no response, so no header to read); the refusal of this very URL says it.
            reason = self.guard.last_reason(full, since=mark)
            if reason is not None:
                with contextlib.suppress(pw.Error):
                    await page.goto("about:blank")
                raise ToolFailure(ErrorCode.URL_BLOCKED, f"{safe_url(full)} is blocked: {reason}")
        if response is not None:
            blocked = response.headers.get(BLOCK_HEADER.lower())
            if blocked is not None:
                with contextlib.suppress(pw.Error):
                    await page.goto("about:blank")
                hop = "" if response.request.redirected_from is None else f"a redirect went to {safe_url(response.url)}: "
                raise ToolFailure(ErrorCode.URL_BLOCKED, f"{safe_url(full)} is blocked: {hop}{blocked}")
            failure = response.headers.get(ERROR_HEADER.lower())
            if failure is not None:
                raise ToolFailure(ErrorCode.NAVIGATION_FAILED, f"{safe_url(full)} could not be loaded: {failure}")
            if status is not None and status >= 400 and not allow_error_status:
                raise ToolFailure(
                    ErrorCode.NAVIGATION_FAILED,
                    f"{safe_url(full)} answered HTTP {status} {response.status_text}".rstrip()
                    + " (pass allow_error_status to accept an error page)",
                    data={"url": page.url, "status": status},
                )
        return {"url": page.url, "title": await self.title(), "status": status}

    async def title(self) -> str:
        try:
            return await self.tabs.page.title()
        except pw.Error:
            return ""  # mid-navigation: the title is not known yet

    async def history(self, direction: str) -> dict[str, Any]:
        page = self.tabs.page
        async with mapped(f"go {direction}"):
            response = await (page.go_back() if direction == "back" else page.go_forward())
        self._new_document()
        return {"url": page.url, "title": await self.title(), "moved": response is not None}

    async def reload(self) -> dict[str, Any]:
        page = self.tabs.page
        async with mapped("reload"):
            await page.reload()
        self._new_document()
        return {"url": page.url, "title": await self.title()}


async def _goto(page: Page, url: str) -> Any:
    """``page.goto``, once more when another navigation interrupted it.

    Chromium commits its error page for a failed or refused load a moment later (as
    chrome-error:// or under the refused URL itself), the URL policy sends a page that
    reached a refused URL back to about:blank, and the previous document's own script may
    still navigate away: a load started in between is "interrupted by another navigation"
    through no fault of its own. Loading the URL again is what a person would do, and is
    safe for a GET; a second interruption is reported.
    """
    try:
        return await page.goto(url)
    except pw.Error as exc:
        if "interrupted by another navigation to" not in str(exc):
            raise
    try:
        return await page.goto(url)
    except pw.Error as exc:
        # Interrupted again, by a navigation to this very URL (a retry of the refused load racing ours): that
        # navigation is the load asked for; wait for it instead of failing.
        if f'interrupted by another navigation to "{url}"' not in str(exc):
            raise
    await page.wait_for_load_state("load")
    return None


def _net_error(exc: BaseException) -> str:
    """The ``net::ERR_*`` code of a failed load (what a person searches for), or the first line."""
    text = str(exc)
    match = re.search(r"net::ERR_\w+", text)
    return match.group(0) if match else text.splitlines()[0][:200] if text else type(exc).__name__
