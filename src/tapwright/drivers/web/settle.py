"""Before a screenshot, let the page settle on the document an action led to (bounded).

Playwright's click returns once the input is handled; a navigation it started may not
have committed yet, and a script may start one a moment later (a login form that posts
with ``fetch`` and then sets ``location``). A picture taken then shows the old page under
a caption that says "after". :class:`NavigationWatch` follows each tab's main-frame
navigation requests; :meth:`NavigationWatch.settle` waits, for at most
:data:`SHOT_NAVIGATION_WAIT_S`, while one is in flight (and for :data:`ACTION_QUIET_S`
after the last action for one to begin), then for the document's ``load``.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
import weakref
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.async_api import Page, Request

# How long after an action a screenshot waits for a navigation to begin (a script's redirect). Actions
# used to end 150 ms later (a grace for late changes, gone since they answer "pending"): this keeps the window.
ACTION_QUIET_S = 0.55
# The most a screenshot waits for a navigation in flight to commit.
SHOT_NAVIGATION_WAIT_S = 10.0
# The most it then waits for the document's load event (a page that never finishes loading is shot as it is).
LOAD_WAIT_S = 5.0


class NavigationWatch:
    """Main-frame navigations in flight per tab, and when the last action ended."""

    def __init__(self) -> None:
        self.acted_at = -math.inf
        self._pending: weakref.WeakKeyDictionary[Page, Request] = weakref.WeakKeyDictionary()
        self._commits: weakref.WeakKeyDictionary[Page, int] = weakref.WeakKeyDictionary()
        self._signal = asyncio.Event()
        # Main-frame navigation requests begun and new documents committed, in every tab: a navigation
        # begun during an action that committed nothing and is no longer in flight turned into a download
        # (or was a 204, or was stopped).
        self.requested = 0
        self.commits = 0
        self.last_ended: Request | None = None  # the latest main-frame navigation request that ended uncommitted

    def listen(self, page: Page) -> None:
        page.on("request", lambda request: self._started(page, request))
        page.on("requestfailed", lambda request: self._ended(page, request))
        # A navigation that turned into a download ends without a commit.
        page.on("requestfinished", lambda request: self._ended(page, request))

    def acted(self) -> None:
        """An action (click, key, fill ...) just ended: a navigation may follow."""
        self.acted_at = time.monotonic()

    def committed(self, page: Page) -> None:
        """The tab's main frame committed a new document."""
        self._pending.pop(page, None)
        self._commits[page] = self._commits.get(page, 0) + 1
        self.commits += 1
        self._signal.set()

    def pending(self, page: Page) -> bool:
        return page in self._pending

    def _started(self, page: Page, request: Request) -> None:
        try:
            if not request.is_navigation_request() or request.frame != page.main_frame:
                return
        except Exception:  # a service worker's request has no frame
            return
        self._pending[page] = request
        self.requested += 1
        self._signal.set()

    def _ended(self, page: Page, request: Request) -> None:
        if self._pending.get(page) is request:
            del self._pending[page]
            self.last_ended = request
            self._signal.set()

    async def settle(self, page: Page, *, quiet_s: float = ACTION_QUIET_S, timeout_s: float = SHOT_NAVIGATION_WAIT_S,
                     load_s: float = LOAD_WAIT_S) -> bool:  # fmt: skip
        """Wait for a navigation in flight (or one starting within ``quiet_s`` of the last action)
        to commit, at most ``timeout_s``, then for the document's load, at most ``load_s``.

        Returns:
            True when a new document committed while it waited.
        """
        commits = self._commits.get(page, 0)
        deadline = time.monotonic() + timeout_s
        quiet_until = self.acted_at + quiet_s
        while not page.is_closed():
            now = time.monotonic()
            until = deadline if page in self._pending else quiet_until
            if now >= until:
                break  # nothing began, or it never committed: the picture shows what is there
            self._signal.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._signal.wait(), until - now)
        with contextlib.suppress(Exception):  # a closed tab or a load that never ends: shoot what there is
            await page.wait_for_load_state("load", timeout=load_s * 1000)
        return self._commits.get(page, 0) != commits
