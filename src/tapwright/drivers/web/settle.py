"""Before a screenshot, let the page settle on the document an action led to (bounded, on evidence).

Playwright's click returns once the input is handled; a navigation it started may not
have committed yet, and a script may start one a moment later (a login form that posts
with ``fetch`` and then sets ``location``). A picture taken then shows the old page under
a caption that says "after". :class:`NavigationWatch` follows each tab's main-frame
navigation requests, and :meth:`NavigationWatch.settle` waits only while there is a
reason to expect a new document, never for a fixed time:

- a main-frame navigation in flight (at most :data:`SHOT_NAVIGATION_WAIT_S`), or one the page
  began (the Navigation API's ``navigate`` event) whose request has not shown yet;
- work the last action set off in the page, as observer.js sees it: ``fetch`` / XHR
  requests in flight and timers due within :data:`TIMER_HORIZON_S` of the moment their
  chain began (a timer set by a timer's callback belongs to that timer's chain, so a
  polling loop begun before the action does not count), then :data:`FOLLOW_UP_S` after
  the last of them ended, for the script's ``location = ...`` (at most :data:`WORK_WAIT_S`);

then for the document's ``load`` (at most :data:`LOAD_WAIT_S`). A click that changed
nothing and set nothing off costs one round trip to the page. Why it stopped, and what it
waited for, is kept in :attr:`NavigationWatch.last` (:class:`Settled`).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from playwright.async_api import Page, Request

# The most a screenshot waits for a navigation in flight to commit.
SHOT_NAVIGATION_WAIT_S = 10.0
# The most it then waits for the document's load event (a page that never finishes loading is shot as it is).
LOAD_WAIT_S = 5.0
# The most it waits for requests and timers an action set off (a request that never ends is shot past).
WORK_WAIT_S = 5.0
# A timer counts as the action's work when it is due within this long of its chain's start: a redirect
# 300 ms after a response is waited for; a notice that hides itself after 3 s is not.
TIMER_HORIZON_S = 1.0
# After the last request or timer of the action ended: the moment its callback needs to begin a navigation
# (reading the response's body, then ``location = ...``), in the page's own time.
FOLLOW_UP_S = 0.05
# After the page said it began a navigation: the most to wait for its request to show.
NAVIGATION_START_WAIT_S = 2.0
# The page's clock and tapwright's are read a round trip apart: work begun this much before the
# action's start still counts as the action's.
_CLOCK_SLACK_S = 0.02
_QUIET_JS = (
    "([ago, horizon, quiet, max, wall]) => window.__twMut && window.__twMut.quiet"
    " ? window.__twMut.quiet(ago, horizon, quiet, max, wall) : null"
)

Reason = Literal["no action", "quiet", "navigated", "navigation ended", "capped", "closed"]


@dataclass(frozen=True, slots=True)
class Settled:
    """How the last :meth:`NavigationWatch.settle` before a picture ended.

    ``reason``: ``"no action"`` (nothing acted since the last picture: nothing to wait for),
    ``"quiet"`` (the action set off no work, or all of it ended with no navigation),
    ``"navigated"`` (a new document committed), ``"navigation ended"`` (a navigation ended without
    one: a download, a 204), ``"capped"`` (work still under way at the cap), ``"closed"`` (the tab closed).
    ``waited``: what it waited for (``"navigation"``, ``"request"``, ``"timer"``), empty when it
    waited for nothing. ``seconds``: how long it took, the load included.
    """

    reason: Reason
    waited: tuple[str, ...] = ()
    seconds: float = 0.0


class NavigationWatch:
    """Main-frame navigations in flight per tab, and when the last action began."""

    def __init__(self) -> None:
        self.began_at = -math.inf  # when the last action began (see :meth:`acting`)
        self.began_wall = -math.inf  # the same moment on the wall clock, which a local browser shares
        self.pictured_at = -math.inf  # when the last settle before a picture ended
        self.last = Settled("no action")
        self._pending: weakref.WeakKeyDictionary[Page, Request] = weakref.WeakKeyDictionary()
        self._commits: weakref.WeakKeyDictionary[Page, int] = weakref.WeakKeyDictionary()
        self._committed_at: weakref.WeakKeyDictionary[Page, float] = weakref.WeakKeyDictionary()
        self._signal = asyncio.Event()
        # Main-frame navigation requests begun and new documents committed, in every tab: a navigation
        # begun during an action that committed nothing and is no longer in flight turned into a download
        # (or was a 204, or was stopped).
        self.requested = 0
        self.commits = 0
        self.last_ended: Request | None = None  # the latest main-frame navigation request that ended uncommitted
        self.announcements = 0  # navigations to another document a tab's main frame said it began (observer.js)

    def listen(self, page: Page) -> None:
        page.on("request", lambda request: self._started(page, request))
        page.on("requestfailed", lambda request: self._ended(page, request))
        # A navigation that turned into a download ends without a commit.
        page.on("requestfinished", lambda request: self._ended(page, request))

    def acting(self) -> None:
        """An action (click, key, fill ...) begins: what it sets off in the page may end in a navigation."""
        self.began_at = time.monotonic()
        self.began_wall = time.time()

    def committed(self, page: Page) -> None:
        """The tab's main frame committed a new document."""
        self._pending.pop(page, None)
        self._commits[page] = self._commits.get(page, 0) + 1
        self._committed_at[page] = time.monotonic()
        self.commits += 1
        self._signal.set()

    def pending(self, page: Page) -> bool:
        return page in self._pending

    def announced(self, page: Page) -> None:
        """The tab's main frame said it began a navigation to another document (its request may come later)."""
        self.announcements += 1
        self._signal.set()

    async def resolved(self, page: Page, requested: int, commits: int, timeout_s: float) -> None:
        """Wait (at most ``timeout_s``) until a navigation begun since ``requested`` / ``commits`` were read has
        committed, or its request has shown and ended (a download, a 204, a stopped navigation)."""
        deadline = time.monotonic() + timeout_s
        while (left := deadline - time.monotonic()) > 0 and not page.is_closed():
            if self.commits != commits or (self.requested != requested and page not in self._pending):
                return
            await self._wait(left)

    async def committed_since(self, page: Page, requested: int, commits: int, timeout_s: float) -> bool:
        """Wait (at most ``timeout_s``) for a navigation begun since ``requested`` / ``commits`` were read to commit,
        through its redirects (a hop answered 3xx is followed by the next one); True when a new document committed.
        It stops early when the navigation ends without a document (a download, a 204, a stopped navigation)."""
        deadline = time.monotonic() + timeout_s
        while (left := deadline - time.monotonic()) > 0 and not page.is_closed():
            if self.commits != commits:
                return True
            if self.requested != requested and page not in self._pending and not await _redirected(self.last_ended):
                return False
            await self._wait(min(left, 0.05))
        return self.commits != commits

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

    async def settle(self, page: Page, *, work: bool = True, timeout_s: float = SHOT_NAVIGATION_WAIT_S,
                     load_s: float = LOAD_WAIT_S, work_s: float = WORK_WAIT_S) -> bool:  # fmt: skip
        """Wait while there is a reason to expect a new document: a navigation in flight (at most
        ``timeout_s``) and, with ``work`` (before a picture), the requests and timers the last action
        set off (at most ``work_s``); then for the document's load, at most ``load_s``. Records why it
        stopped in :attr:`last` (with ``work``).

        Returns:
            True when a new document committed while it waited.
        """
        started = time.monotonic()
        commits, requested = self._commits.get(page, 0), self.requested
        deadline = started + timeout_s
        work = work and self.began_at > self.pictured_at  # nothing acted since the last picture: nothing set off
        picture = work
        reason: Reason = "quiet" if work else "no action"
        if work and self._committed_at.get(page, -math.inf) > self.began_at:
            # The action already led to a new document: its own work is not the action's, its load is awaited.
            work, reason = False, "navigated"
        waited: list[str] = []
        navigating_until = -math.inf  # the page began a navigation: its request is awaited until then
        while True:
            now = time.monotonic()
            if page.is_closed():
                reason = "closed"
                break
            if self._commits.get(page, 0) != commits:
                reason = "navigated"  # the new document's own work is not the action's: its load is awaited below
                break
            if now >= deadline:
                reason = "capped"
                break
            if page in self._pending:
                _note(waited, "navigation")
                await self._wait(deadline - now)
                continue
            if self.requested != requested:
                reason = "navigation ended"  # a download, a 204, a stopped navigation: the page stays
                break
            if now < navigating_until:
                await self._wait(navigating_until - now)
                continue
            if not work:
                break
            work = False  # the page is asked once: what it says next is a navigation, or nothing
            answer = await self._ask(page, min(work_s, deadline - now))
            if answer is None:  # the document went away: a navigation is under way
                _note(waited, "navigation")
                navigating_until = time.monotonic() + NAVIGATION_START_WAIT_S
                continue
            why, kinds = answer
            for kind in kinds:
                _note(waited, kind)
            if why == "navigation":
                _note(waited, "navigation")
                navigating_until = time.monotonic() + NAVIGATION_START_WAIT_S
                continue
            reason = "capped" if why == "capped" else "quiet"
            break
        with contextlib.suppress(Exception):  # a closed tab or a load that never ends: shoot what there is
            await page.wait_for_load_state("load", timeout=load_s * 1000)
        if picture and reason == "navigated" and not page.is_closed():
            # The new document's own start-up (the requests and short timers its scripts begin on load: an app
            # fetching what it draws) is waited for too, as a person waits for the page to be drawn.
            answer = await self._ask(page, min(work_s, max(deadline - time.monotonic(), 0.0)))
            for kind in answer[1] if answer is not None else []:
                _note(waited, kind)
        self.last = Settled(reason, tuple(waited), time.monotonic() - started)
        return self._commits.get(page, 0) != commits

    def pictured(self) -> None:
        """A picture was taken: work set off before now is not awaited again."""
        self.pictured_at = time.monotonic()

    async def _wait(self, seconds: float) -> None:
        self._signal.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._signal.wait(), max(seconds, 0.0))

    async def _ask(self, page: Page, max_s: float) -> tuple[str, list[str]] | None:
        """observer.js's word on the work begun since the last action: (why it stopped waiting, what it
        waited for); None when the document went away meanwhile."""
        ago_ms = (time.monotonic() - self.began_at + _CLOCK_SLACK_S) * 1000
        # The call may arrive long after ``ago_ms`` was measured (a loaded machine): the page also gets the
        # action's start on the wall clock, and takes the earlier of the two (see observer.js ``quiet``).
        wall_ms = (self.began_wall - _CLOCK_SLACK_S) * 1000 if math.isfinite(self.began_wall) else None
        args = [ago_ms, TIMER_HORIZON_S * 1000, FOLLOW_UP_S * 1000, max(max_s, 0.0) * 1000, wall_ms]
        try:
            out: Any = await asyncio.wait_for(page.main_frame.evaluate(_QUIET_JS, args), max_s + 2.0)
        except TimeoutError:
            return "capped", []
        except Exception:  # the context was destroyed by a navigation (or the tab closed)
            return None
        if not isinstance(out, dict):
            return "quiet", []  # a page without the observer (about:blank): nothing known to wait for
        kinds = [str(k) for k in out.get("waited") or [] if k in ("request", "timer")]
        return str(out.get("why")), kinds


def _note(waited: list[str], kind: str) -> None:
    if kind not in waited:
        waited.append(kind)


async def _redirected(request: Request | None) -> bool:
    """Whether a navigation request ended with a redirect (its next hop follows as a request of its own)."""
    if request is None:
        return False
    with contextlib.suppress(Exception):  # a request of a closed page has no answer to read
        response = await request.response()
        return response is not None and 300 <= response.status < 400
    return False
