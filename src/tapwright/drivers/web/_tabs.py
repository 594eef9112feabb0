"""The tabs of a WebSession: which are open, which is current, and a crashed tab replaced by a fresh one."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.pageevents import safe_url
from tapwright.errors import DriverError, ErrorCode, ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Page

Spawn = Callable[[Coroutine[Any, Any, None]], None]


class Tabs:
    """Open tabs, oldest first, and the current one.

    ``listen`` is called once for every tab the context opens (by a tool, a page's
    ``window.open`` or a crash replacement), so the other parts can follow it.
    """

    def __init__(self, context: BrowserContext, listen: Callable[[Page], None], spawn: Spawn) -> None:
        self.context = context
        self._listen = listen
        self._spawn = spawn
        self.pages: list[Page] = []
        self.current = 0
        self.closed = False
        self.crash_notice: str | None = None
        # Following (the runner's, as a tester's eyes do): a tab the page opens becomes the current one
        # when :meth:`follow` is called next. ``seen`` counts the tabs already known then.
        self.following = False
        self.seen = 0
        self.followed: list[Page] = []
        self.announced = 0  # tabs a page said it is opening (observer.js, ahead of the click's reply), not yet waited for

    def adopt(self, page: Page) -> None:
        if page not in self.pages:
            self.pages.append(page)
            page.on("close", self.forget)
            page.on("crash", self._crashed)
            self._listen(page)

    def forget(self, page: Page) -> None:
        if page in self.pages:
            index = self.pages.index(page)
            self.pages.remove(page)
            if self.current >= index and self.current > 0:
                self.current -= 1

    def _crashed(self, page: Page) -> None:
        """A tab's renderer crashed: replace it with a fresh tab; the next call says what happened."""
        self.crash_notice = f"the tab at {safe_url(page.url)} crashed (renderer); a fresh tab replaced it"
        self._spawn(self._replace(page))

    async def _replace(self, page: Page) -> None:
        try:
            fresh = await self.context.new_page()
        except pw.Error:
            return  # the whole context is gone: calls report BROWSER_CRASHED
        index = self.pages.index(page) if page in self.pages else len(self.pages)
        self.adopt(fresh)
        self.pages.remove(fresh)
        self.pages.insert(index, fresh)
        if page in self.pages:
            self.pages.remove(page)
        with contextlib.suppress(pw.Error):
            await page.close()

    def take_crash_notice(self) -> str | None:
        """The message about a crashed tab that was replaced since the last call (once)."""
        notice, self.crash_notice = self.crash_notice, None
        return notice

    @property
    def page(self) -> Page:
        """The current tab. Raises BROWSER_CRASHED once after a tab crashed and was replaced."""
        notice = self.take_crash_notice()
        if notice is not None:
            raise DriverError(ErrorCode.BROWSER_CRASHED, notice + "; the page must be loaded again")
        return self.current_page()

    def current_page(self) -> Page:
        """The current tab, leaving a crash notice for the next call (for evidence such as a screenshot)."""
        if self.closed or not self.pages:
            raise DriverError(ErrorCode.BROWSER_CRASHED, "the web session has no open page")
        return self.pages[min(self.current, len(self.pages) - 1)]

    def location(self) -> str | None:
        """The current tab's URL (None when the session has no open page)."""
        if self.closed or not self.pages:
            return None
        return self.current_page().url

    @property
    def current_index(self) -> int:
        return min(self.current, max(len(self.pages) - 1, 0))

    async def open(self) -> tuple[Page, int]:
        """A new tab, made current; returns it and the index of the tab that was current before."""
        async with mapped("open tab"):
            page = await self.context.new_page()
        self.adopt(page)
        previous, self.current = self.current, self.pages.index(page)
        self.seen = max(self.seen, len(self.pages))  # opened by a tool, on purpose: not one to follow
        return page, previous

    def follow(self) -> Page | None:
        """When following and the page opened a tab since the last call: the newest tab made current
        (it is remembered for :attr:`followed`) and returned; else None."""
        n = len(self.pages)
        if not self.following or n <= self.seen:
            self.seen = min(self.seen, n)  # tabs closed since: a later one opening is new again
            return None
        self.seen, self.current = n, n - 1
        page = self.pages[-1]
        self.followed.append(page)
        return page

    async def discard(self, page: Page, previous: int) -> None:
        """Close a tab just opened (its first load failed) and make ``previous`` current again."""
        self.current = previous
        with contextlib.suppress(pw.Error):
            await page.close()
        self.forget(page)

    def switch(self, index: int) -> Page:
        """Make tab ``index`` current (from 0; -1 is the newest tab)."""
        if index == -1:
            index = len(self.pages) - 1
        if not 0 <= index < len(self.pages):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"no tab {index}; {len(self.pages)} open")
        self.current = index
        return self.pages[index]

    async def close(self, index: int | None = None) -> None:
        i = self.current_index if index is None else len(self.pages) - 1 if index == -1 else index
        if not 0 <= i < len(self.pages):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"no tab {i}; {len(self.pages)} open")
        if len(self.pages) == 1:
            raise ToolFailure(ErrorCode.INVALID_INPUT, "cannot close the last tab; close the session instead")
        page = self.pages[i]
        async with mapped("close tab"):
            await page.close()
        self.forget(page)
