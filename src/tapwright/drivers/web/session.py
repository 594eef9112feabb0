"""WebSession: one isolated browser context, its tabs, snapshots and target resolution."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import tempfile
import time
import urllib.parse
import weakref
import zipfile
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapwright.core.diagnostics import EventLog, PageEvent
from tapwright.core.element import UiTree
from tapwright.core.result import Screenshot
from tapwright.core.secrets import SecretStore
from tapwright.core.targets import is_selector, ref_of
from tapwright.drivers.base import Driver, MouseButton
from tapwright.drivers.web import diagnose, fastpath, pageevents, shots
from tapwright.drivers.web._proxy import BLOCK_HEADER, ERROR_HEADER
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.dialogs import Prompts
from tapwright.drivers.web.errors import map_error, mapped
from tapwright.drivers.web.masking import CANVAS_JS, Marked, mark_secrets
from tapwright.drivers.web.policy import PolicyGuard
from tapwright.drivers.web.settle import NavigationWatch
from tapwright.drivers.web.snapshot import MAX_ELEMENTS, Snapshot, collect, collector_init_js, script
from tapwright.drivers.web.targets import Target, check_text, node_selector
from tapwright.errors import DriverError, ErrorCode, ToolFailure
from tapwright.locator import Candidate, locate
from tapwright.locator.accept import described_words

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Frame, Page

_MUT_JS = "() => window.__twMut ? window.__twMut.get() : -1"
# The binding observer.js pushes a frame's first DOM change through (it removes the name from window).
_CHANGED_BINDING = "__twChanged"
# Sleep until the DOM changes (observer.js), or a fixed time on a page without the observer.
_WAIT_JS = """([ms, since]) => window.__twMut && window.__twMut.wait ? window.__twMut.wait(ms, since)
  : new Promise((resolve) => setTimeout(() => resolve(-1), ms))"""
_RETRY_S = 0.25
# How long a look waits for a navigation an action started (a slow login) before reading the page.
NAVIGATION_WAIT_S = 30.0
_EAGER_LOOKS = 2
# How long an action with no visible effect yet waits for a late one before reporting changed=false.
CHANGE_GRACE_MS = 150
_shot_ids = itertools.count(1)


def _is_picture(head: bytes) -> bool:
    """True for the first bytes of a PNG, JPEG or WebP file (what a screenshot may overwrite)."""
    return head.startswith((b"\x89PNG", b"\xff\xd8\xff")) or (head[:4] == b"RIFF" and head[8:12] == b"WEBP")


def default_upload_dirs() -> tuple[Path, ...]:
    """Folders ``upload_file`` may read from unless told otherwise: the working directory and the temp dir."""
    return (Path.cwd().resolve(), Path(tempfile.gettempdir()).resolve())


class WebSession(Driver):
    """One isolated browser context and its pages (tabs).

    ``page`` is the current Playwright page: the escape hatch for anything the tools
    do not cover. Create sessions with :meth:`WebBrowser.new_session`.
    """

    kind = "web"

    def __init__(self, context: BrowserContext, guard: PolicyGuard, *, base_url: str | None,
                 upload_dirs: tuple[str | Path, ...] | None, downloads_dir: str | Path | None = None) -> None:
        self.context = context
        self.guard = guard
        self.base_url = base_url
        self.upload_dirs = tuple(Path(d).resolve() for d in upload_dirs) if upload_dirs else default_upload_dirs()
        self.tracing = False
        self.trace_files: tuple[Path, str] | None = None  # (traces folder, trace name) while recording
        self.action_timeout_ms = 5_000.0
        self.last: Snapshot | None = None
        # How many snapshots were taken: tells a poll whether ``last`` is from its own check.
        self.snapshots = 0
        # Find described elements through a query-filtered walk when provably equivalent (see fastpath).
        self.fast_locate = True
        # The run's secrets: every screenshot masks the elements that show one of them.
        self.mask_secrets: SecretStore | None = None
        self.on_close: list[Callable[[], Any]] = []
        self.crash_notice: str | None = None
        self._pages: list[Page] = []
        self._current = 0
        self._closed = False
        self._background: set[asyncio.Task[None]] = set()
        # Console errors, page exceptions, failed requests and sockets of every tab (see pageevents).
        self.events = EventLog()
        # JavaScript dialogs answered as they open and downloads saved (see dialogs), reported as events.
        self.prompts = Prompts(self.events.add, self._spawn, Path(downloads_dir) if downloads_dir else None)
        # Main-frame navigations so far, and the count when an action left one still loading.
        self._navigations = 0
        self._loading_since: int | None = None
        self._navigated_event = asyncio.Event()
        # Navigations in flight and the last action's end: a screenshot waits for the new document.
        self.watch = NavigationWatch()
        # The last DOM change each frame pushed (observer.js): (document, counter).
        self._pushed: weakref.WeakKeyDictionary[Frame, tuple[str, int]] = weakref.WeakKeyDictionary()
        context.on("page", self._adopt)

    @classmethod
    async def create(cls, context: BrowserContext, guard: PolicyGuard, *, base_url: str | None = None,
                     upload_dirs: tuple[str | Path, ...] | None = None,
                     downloads_dir: str | Path | None = None) -> WebSession:
        session = cls(context, guard, base_url=base_url, upload_dirs=upload_dirs, downloads_dir=downloads_dir)
        await context.expose_binding(_CHANGED_BINDING, session._changed_pushed)  # before observer.js, which takes it
        await context.add_init_script(script("observer.js"))
        await context.add_init_script(collector_init_js())
        await context.add_init_script(CANVAS_JS)  # canvas text, for masking secrets in screenshots
        page = await context.new_page()
        session._adopt(page)
        return session

    # -- pages ----------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._closed

    def _adopt(self, page: Page) -> None:
        if page not in self._pages:
            self._pages.append(page)
            page.on("close", self._forget)
            page.on("crash", self._crashed)
            page.on("framenavigated", self._navigated)
            self.watch.listen(page)
            pageevents.listen(page, self.events.add)
            self.prompts.listen(page)

    def _navigated(self, frame: Frame) -> None:
        # Playwright sets up its own scripts in a new document (one per world) on the first
        # action there, which costs tens of milliseconds. Start that now, while the document
        # loads and tapwright snapshots it, instead of making the next action wait for it.
        if frame.parent_frame is None and not self._closed:
            self._navigations += 1
            self._navigated_event.set()
            self.watch.committed(frame.page)
            self._spawn(_warm_up(frame))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)


    def _crashed(self, page: Page) -> None:
        """A tab's renderer crashed: replace it with a fresh tab; the next call says what happened."""
        self.crash_notice = f"the tab at {_safe_url(page.url)} crashed (renderer); a fresh tab replaced it"
        self._spawn(self._replace(page))

    async def _replace(self, page: Page) -> None:
        try:
            fresh = await self.context.new_page()
        except pw.Error:
            return  # the whole context is gone: calls report BROWSER_CRASHED
        index = self._pages.index(page) if page in self._pages else len(self._pages)
        self._adopt(fresh)
        self._pages.remove(fresh)
        self._pages.insert(index, fresh)
        if page in self._pages:
            self._pages.remove(page)
        with contextlib.suppress(pw.Error):
            await page.close()

    def take_crash_notice(self) -> str | None:
        """The message about a crashed tab that was replaced since the last call (once)."""
        notice, self.crash_notice = self.crash_notice, None
        return notice

    def _changed_pushed(self, source: Any, doc: object, count: object) -> None:
        """observer.js says a frame's DOM changed (the first change after a read of its counter)."""
        frame = source.get("frame") if isinstance(source, dict) else None
        if frame is not None and isinstance(doc, str) and isinstance(count, int) and not isinstance(count, bool):
            self._pushed[frame] = (doc, count)

    def _forget(self, page: Page) -> None:
        if page in self._pages:
            index = self._pages.index(page)
            self._pages.remove(page)
            if self._current >= index and self._current > 0:
                self._current -= 1

    @property
    def navigations(self) -> int:
        """How many main-frame navigations have committed so far."""
        return self._navigations

    def expect_navigation(self, since: int) -> None:
        """An action started a navigation that had not committed when it returned (``navigations`` was
        ``since`` before the action): the next look waits for it."""
        self._loading_since = since

    async def finish_navigation(self, timeout_s: float = NAVIGATION_WAIT_S) -> None:
        """Wait (at most ``timeout_s``) for a navigation an action left loading to commit and parse."""
        since, self._loading_since = self._loading_since, None
        if since is None:
            return
        deadline = time.monotonic() + timeout_s
        while self._navigations == since and not self._closed:
            self._navigated_event.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return  # it never came: the checks that follow say what the page shows
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._navigated_event.wait(), left)
        with contextlib.suppress(pw.Error, ToolFailure):
            await self.page.wait_for_load_state("domcontentloaded", timeout=max(deadline - time.monotonic(), 0.1) * 1000)

    def event_mark(self) -> int:
        return self.events.mark()

    def events_since(self, mark: int) -> list[PageEvent]:
        return self.events.since(mark)

    def take_events(self) -> list[PageEvent]:
        return self.events.take()

    async def finish_events(self, timeout_s: float) -> None:
        await self.prompts.wait_downloads(timeout_s)

    @property
    def pages(self) -> list[Page]:
        """Open tabs, oldest first."""
        return list(self._pages)

    @property
    def page(self) -> Page:
        """The current tab. Raises BROWSER_CRASHED once after a tab crashed and was replaced."""
        notice = self.take_crash_notice()
        if notice is not None:
            raise DriverError(ErrorCode.BROWSER_CRASHED, notice + "; the page must be loaded again")
        return self._current_page()

    def _current_page(self) -> Page:
        if self._closed or not self._pages:
            raise DriverError(ErrorCode.BROWSER_CRASHED, "the web session has no open page")
        return self._pages[min(self._current, len(self._pages) - 1)]

    def location(self) -> str | None:
        """The current tab's URL (None when the session has no open page)."""
        if self._closed or not self._pages:
            return None
        return self._current_page().url

    @property
    def current_index(self) -> int:
        return min(self._current, max(len(self._pages) - 1, 0))

    async def open_tab(self, url: str | None = None) -> Page:
        if url:
            self.resolve_url(url)  # refuse before opening anything
        async with mapped("open tab"):
            page = await self.context.new_page()
        self._adopt(page)
        previous, self._current = self._current, self._pages.index(page)
        if url:
            try:
                await self.navigate(url)
            except ToolFailure:
                self._current = previous
                with contextlib.suppress(pw.Error):
                    await page.close()
                self._forget(page)
                raise
        return page

    def switch_tab(self, index: int) -> Page:
        """Make tab ``index`` current (from 0; -1 is the newest tab)."""
        if index == -1:
            index = len(self._pages) - 1
        if not 0 <= index < len(self._pages):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"no tab {index}; {len(self._pages)} open")
        self._current = index
        return self._pages[index]

    async def close_tab(self, index: int | None = None) -> None:
        i = self.current_index if index is None else len(self._pages) - 1 if index == -1 else index
        if not 0 <= i < len(self._pages):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"no tab {i}; {len(self._pages)} open")
        if len(self._pages) == 1:
            raise ToolFailure(ErrorCode.INVALID_INPUT, "cannot close the last tab; close the session instead")
        page = self._pages[i]
        async with mapped("close tab"):
            await page.close()
        self._forget(page)

    # -- navigation -----------------------------------------------------------------

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
            raise ToolFailure(ErrorCode.URL_BLOCKED, f"{_safe_url(url)} is blocked: {reason}")
        return url

    async def navigate(self, url: str, *, allow_error_status: bool = False) -> dict[str, Any]:
        """Load ``url`` (a path is joined to ``base_url``) in the current tab.

        Every hop of a redirect chain is checked by the URL policy; a hop to a refused
        origin fails the load with URL_BLOCKED (the refused server gets no request). An
        HTTP error status (400 and above) fails with NAVIGATION_FAILED unless
        ``allow_error_status``.
        """
        full = self.resolve_url(url)
        self.prompts.actions += 1
        await self.finish_navigation()  # a click's navigation still loading would interrupt this one
        await self.guard.settle()  # so would the guard sending a refused page back to about:blank
        page = self.page
        mark = self.guard.block_count
        try:
            response = await _goto(page, full)
        except pw.Error as exc:
            err = map_error(exc, "navigate")
            reason = self.guard.last_reason(since=mark)
            if err.code is ErrorCode.URL_BLOCKED or reason is not None:
                reason = reason or "blocked by the URL policy"
                raise ToolFailure(ErrorCode.URL_BLOCKED, f"{_safe_url(full)} is blocked: {reason}", cause=err.cause) from None
            raise ToolFailure(err.code, f"{_safe_url(full)} could not be loaded: {_net_error(exc)}",
                              cause=err.cause) from None
        self.last = None
        status = response.status if response else None
        if response is not None:
            blocked = response.headers.get(BLOCK_HEADER.lower())
            if blocked is not None:
                with contextlib.suppress(pw.Error):
                    await page.goto("about:blank")
                hop = "" if response.request.redirected_from is None else f"a redirect went to {_safe_url(response.url)}: "
                raise ToolFailure(ErrorCode.URL_BLOCKED, f"{_safe_url(full)} is blocked: {hop}{blocked}")
            failure = response.headers.get(ERROR_HEADER.lower())
            if failure is not None:
                raise ToolFailure(ErrorCode.NAVIGATION_FAILED, f"{_safe_url(full)} could not be loaded: {failure}")
            if status is not None and status >= 400 and not allow_error_status:
                raise ToolFailure(
                    ErrorCode.NAVIGATION_FAILED,
                    f"{_safe_url(full)} answered HTTP {status} {response.status_text}".rstrip()
                    + " (pass allow_error_status to accept an error page)",
                    data={"url": page.url, "status": status},
                )
        return {"url": page.url, "title": await self.title(), "status": status}

    async def title(self) -> str:
        try:
            return await self.page.title()
        except pw.Error:
            return ""  # mid-navigation: the title is not known yet

    async def history(self, direction: str) -> dict[str, Any]:
        page = self.page
        async with mapped(f"go {direction}"):
            response = await (page.go_back() if direction == "back" else page.go_forward())
        self.last = None
        return {"url": page.url, "title": await self.title(), "moved": response is not None}

    async def reload(self) -> dict[str, Any]:
        page = self.page
        async with mapped("reload"):
            await page.reload()
        self.last = None
        return {"url": page.url, "title": await self.title()}

    # -- snapshots and targets --------------------------------------------------------

    async def snapshot(self) -> UiTree:
        """Every interactive element and meaningful text of the current tab, all frames included."""
        return (await self.full_snapshot()).tree

    async def full_snapshot(self, *, uncapped: bool = False) -> Snapshot:
        """The snapshot plus what is needed to act on its refs (kept as ``last``).

        ``uncapped`` collects every element however large the page (for absence checks,
        which must look at the whole page, not the first 50,000 elements).
        """
        policy = self.guard.policy
        snap = await collect(self.page, allowed=lambda url: policy.check(url) is None,
                             max_elements=10**9 if uncapped else MAX_ELEMENTS)
        self._keep(snap)
        return snap

    def _keep(self, snap: Snapshot) -> None:
        self.last = snap
        self.snapshots += 1

    async def resolve(self, target: str, *, wait: bool = True) -> Target:
        """Resolve a ref, a selector or a description to something to act on.

        Descriptions are retried on fresh snapshots until the action timeout, as
        Playwright waits for selectors: the element may still be rendering.
        """
        check_text(target, "target")
        target = target.strip()
        if not target:
            raise ToolFailure(ErrorCode.INVALID_INPUT, "the target is empty")
        self.prompts.actions += 1
        await self.finish_navigation()
        ref = ref_of(target)
        if ref is not None:
            return await self._from_ref(ref)
        if is_selector(target):
            return await self._from_selector(target)
        deadline = time.monotonic() + (self.action_timeout_ms / 1000 if wait else 0)
        attempt = 0
        while True:
            attempt += 1
            started = time.monotonic()
            try:
                snap, found = await self.find(target)
            except ToolFailure as exc:
                now = time.monotonic()
                if exc.code is not ErrorCode.ELEMENT_NOT_FOUND or now >= deadline:
                    raise
                # Look again as soon as the page changes; after two quick looks, not sooner than a look takes.
                floor = 0.0 if attempt <= _EAGER_LOOKS else now - started
                await self.settle(min(_RETRY_S, deadline - now), self.seen_mutations(), floor_s=floor)
                continue
            resolved = await self._from_ref(found.element.ref, snap)
            resolved.score = found.score
            resolved.words = described_words(snap.tree, target, found.element, found.reasons)
            return resolved

    async def find(self, description: str) -> tuple[Snapshot, Candidate]:
        """The element ``description`` means now, and the snapshot it was found in (kept as ``last``).

        Tries the query-filtered walk first (:mod:`~tapwright.drivers.web.fastpath`), which
        answers only when a full snapshot would give the same element; otherwise takes a
        full snapshot.

        Raises:
            ToolFailure: ELEMENT_NOT_FOUND or AMBIGUOUS from the locator.
        """
        query = fastpath.plan(description) if self.fast_locate else None
        if query is not None:
            policy = self.guard.policy
            snap = await collect(self.page, allowed=lambda url: policy.check(url) is None, query=query.script_args())
            self._keep(snap)
            found = fastpath.choose(query, snap)
            if found is not None:
                return snap, found
        snap = await self.full_snapshot()
        return snap, locate(snap.tree, description)

    async def find_element(self, description: str) -> Candidate:
        return (await self.find(description))[1]

    def native(self) -> Page:
        return self.page

    async def _from_ref(self, ref: str, snap: Snapshot | None = None) -> Target:
        snap = snap or self.last
        where = snap.locate_ref(ref) if snap else None
        if snap is None or where is None:
            raise ToolFailure(ErrorCode.STALE_REF, f"ref {ref} is not in the latest snapshot; take a new snapshot")
        frame, k = where
        # No round trip here: the action finds the node (or fails with STALE_REF when it is gone).
        locator = frame.locator(node_selector(snap.generation(frame), k))
        return Target(locator, frame, snap.tree.by_ref(ref), mutations=snap.mutations(frame),
                      doc=snap.mutations_doc(frame), ref=ref)

    async def _from_selector(self, selector: str) -> Target:
        page = self.page
        locator = page.locator(selector)
        async with mapped(f"selector {selector}"):
            count = await locator.count()
            if count == 0:
                try:
                    await locator.first.wait_for(state="attached")
                except pw.Error:
                    raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches the selector {selector!r}") from None
                count = await locator.count()
        if count > 1:
            raise ToolFailure(ErrorCode.AMBIGUOUS, f"the selector {selector!r} matches {count} elements",
                              data={"count": count})
        return Target(locator, page.main_frame)

    # -- change detection ---------------------------------------------------------------

    def seen_mutations(self) -> int:
        """The main frame's DOM mutation counter in the latest snapshot (-1 when unknown)."""
        return self.last.mutations(self.page.main_frame) if self.last is not None else -1

    async def settle(self, timeout_s: float, since: int = -1, *, floor_s: float = 0.0) -> None:
        """Wait until the page changes, at most ``timeout_s``: what a poll does between two checks.

        Returns as soon as the main frame's DOM mutation counter differs from ``since``
        (-1: on the next change) or its document is replaced, so a condition is checked
        again when the page changed rather than a fixed interval later. ``floor_s`` (at
        most ``timeout_s``) is waited in any case: a poll whose check costs that much
        never keeps the page busier than half the time, however often the page changes.
        Never raises; a closed page is left for the next check to report.
        """
        floor_s = max(0.0, min(floor_s, timeout_s))
        if floor_s:
            await asyncio.sleep(floor_s)
        rest = timeout_s - floor_s
        if rest <= 0:
            return
        try:
            frame = self.page.main_frame
            await asyncio.wait_for(frame.evaluate(_WAIT_JS, [round(rest * 1000), since]), rest + 1.0)
        except (pw.Error, ToolFailure, TimeoutError):
            return  # navigated away (the document changed), closed, or a page too busy to answer

    async def mark(self, target: Target | None = None) -> tuple[str, int, int, int, str]:
        """What ``changed`` compares against: URL, tab count, DOM mutation counters (and whose)."""
        page = self.page
        main, doc = -1, ""
        if target is not None and target.frame is page.main_frame:
            main, doc = target.mutations, target.doc
        if main < 0:
            main, doc = await _mutations(page.main_frame), ""
        inner = -1
        if target is not None and target.frame is not page.main_frame:
            inner = target.mutations if target.mutations >= 0 else await _mutations(target.frame)
        return page.url, len(self._pages), main, inner, doc

    async def changed(self, before: object, target: Target | None = None) -> bool:
        """Whether the page changed since ``before`` (from :meth:`mark`): another URL, a new tab, or DOM mutations."""
        assert isinstance(before, tuple), "changed() takes what mark() returned"
        page = self.page
        if page.url != before[0] or len(self._pages) != before[1]:
            return True
        pushed = self._pushed.get(page.main_frame)
        if before[4] and pushed is not None and pushed[0] == before[4] and pushed[1] > before[2] >= 0:
            return True  # the document said so itself: no need to ask it
        main = await _mutations(page.main_frame)
        if main < 0 or main != before[2]:
            return True
        # Nothing yet: many widgets answer a moment later (a dropdown opened from a timer, a
        # debounced handler). Wait a short grace for the first change before saying "unchanged".
        try:
            main = int(await asyncio.wait_for(page.main_frame.evaluate(_WAIT_JS, [CHANGE_GRACE_MS, before[2]]),
                                              CHANGE_GRACE_MS / 1000 + 1.0))  # fmt: skip
        except (pw.Error, TimeoutError):
            return True  # the document went away while waiting: a navigation
        if main < 0 and page.url != before[0]:
            return True
        if main >= 0 and main != before[2]:
            return True
        if target is not None and target.frame is not page.main_frame and before[3] >= 0:
            return bool(await _mutations(target.frame) != before[3])
        return False

    # -- Driver ---------------------------------------------------------------------------

    def _check_point(self, x: float, y: float) -> None:
        size = self.page.viewport_size
        if size and not (0 <= x <= size["width"] and 0 <= y <= size["height"]):
            raise ToolFailure(ErrorCode.INVALID_INPUT,
                              f"({x:.0f},{y:.0f}) is outside the {size['width']}x{size['height']} viewport")

    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        self._check_point(x, y)
        self.prompts.actions += 1
        async with mapped("click"):
            await self.page.mouse.click(x, y, button=button, click_count=count)
        self.watch.acted()

    async def move_to(self, x: float, y: float) -> None:
        self._check_point(x, y)
        async with mapped("move"):
            await self.page.mouse.move(x, y)

    async def type_text(self, text: str) -> None:
        check_text(text, "text")
        self.prompts.actions += 1
        async with mapped("type"):
            await self.page.keyboard.type(text)
        self.watch.acted()

    async def press_key(self, key: str) -> None:
        self.prompts.actions += 1
        async with mapped(f"press {key}"):
            await self.page.keyboard.press(key)
        self.watch.acted()

    def check_output_path(self, path: str) -> Path:
        """Where a tool may write a picture: inside the upload folders (working and temp
        directories by default), a ``.png``/``.jpg``/``.webp`` name, never over a file of another kind.

        Raises:
            ToolFailure: INVALID_INPUT otherwise.
        """
        check_text(path, "path")
        out = Path(path).expanduser()
        out = (out if out.is_absolute() else Path.cwd() / out).resolve()
        if not any(out.is_relative_to(folder) for folder in self.upload_dirs):
            allowed = ", ".join(str(d) for d in self.upload_dirs)
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} is outside the folders a screenshot may be written to ({allowed})")
        if out.suffix.lower() not in (".png", ".jpg", ".jpeg", ".webp"):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path}: a screenshot's name ends in .png, .jpg or .webp")
        if out.exists() and not out.is_file():
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} exists and is not a file")
        if out.is_file() and not _is_picture(out.read_bytes()[:12]):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} exists and is not a picture: refusing to overwrite it")
        return out

    async def screenshot(self, path: str | None = None, *, full_page: bool = False, scale: float = 1.0) -> Screenshot:
        """A screenshot of the current tab, written to ``path`` (or a temp PNG when None).

        The format follows the suffix: ``.png``, ``.jpg``/``.jpeg`` or ``.webp``. ``scale`` below 1
        shrinks a WebP of the viewport (what reports store); other formats stay full size.

        A screenshot taken just after an action first lets a navigation the action started
        commit and load (bounded, see :mod:`~tapwright.drivers.web.settle`): "after the click"
        shows the page the click opened, not the one it left.
        """
        out = Path(path) if path else Path(tempfile.gettempdir()) / "tapwright-shots" / f"shot-{next(_shot_ids)}.png"
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"cannot write a screenshot to {out}: {exc.strerror}") from None
        with contextlib.suppress(DriverError):
            await self.watch.settle(self._current_page())
        try:
            mime, data = await self._capture(out, full_page, scale)
        except ToolFailure as exc:
            if exc.code is ErrorCode.BROWSER_CRASHED:
                raise
            # A page in the middle of a navigation (a form just submitted) cannot be captured:
            # let the new document load, then try once more.
            with contextlib.suppress(Exception):
                await self._current_page().wait_for_load_state("load", timeout=5_000)
            mime, data = await self._capture(out, full_page, scale)
        width, height = shots.image_size(data)
        return Screenshot(mime, str(out), width, height)

    async def _capture(self, out: Path, full_page: bool, scale: float) -> tuple[str, bytes]:
        page = self._current_page()  # a screenshot is evidence: it leaves a crash notice for the next call
        marked = await self._mark_secrets(page)
        try:
            async with mapped("screenshot"):
                mask = marked.locators() if marked is not None and marked.frames else None
                return await shots.capture(page, out, full_page=full_page, mask=mask, scale=scale)
        finally:
            if marked is not None:
                await marked.undo()

    async def _mark_secrets(self, page: Page) -> Marked | None:
        """Mark the elements of every frame of ``page`` that show a secret (see masking); None without secrets."""
        store = self.mask_secrets
        if store is None or not store.values():
            return None
        try:
            return await mark_secrets(page, store)
        except pw.Error:
            # Masking could not run (the page is navigating): the screenshot must not be taken
            # unmasked, so it fails like any screenshot of a page mid-navigation and is retried.
            raise DriverError(ErrorCode.DRIVER_ERROR, "could not mask secrets on the page; no screenshot taken") from None

    # -- lifecycle ------------------------------------------------------------------------

    async def save_storage_state(self, path: str | Path) -> None:
        """Write cookies and local storage to ``path`` (load it with ``storage_state=``)."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        async with mapped("save storage state"):
            await self.context.storage_state(path=str(path))

    async def box(self, target: str) -> dict[str, Any]:
        """The element's box in viewport pixels, scrolled into view first (see :meth:`Driver.box`)."""
        resolved = await self.resolve(target)
        try:
            async with mapped("locate"):
                await resolved.handle.scroll_into_view_if_needed()
                rect = await resolved.handle.bounding_box()
        finally:
            await resolved.dispose()
        if rect is None:
            raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} has no box on the page (hidden)")
        x, y, w, h = rect["x"], rect["y"], rect["width"], rect["height"]
        out: dict[str, Any] = {"x": round(x), "y": round(y), "width": round(w), "height": round(h),
                               "center_x": round(x + w / 2), "center_y": round(y + h / 2)}  # fmt: skip
        out.update(resolved.describe())
        return out

    async def save_trace(self, path: Path) -> bool:
        if not self.tracing:
            return False
        await self.stop_trace(path)
        return Path(path).is_file()

    async def stop_trace(self, path: str | Path) -> None:
        """Save the Playwright trace recorded since the session started (``record_trace=True``)."""
        if not self.tracing:
            raise ToolFailure(ErrorCode.INVALID_INPUT, "this session does not record a trace (record_trace=False)")
        try:
            async with mapped("save trace"):
                await self.context.tracing.stop(path=str(path))
        except ToolFailure:
            if not self._salvage_trace(Path(path)):
                raise
        self.tracing = False

    def _salvage_trace(self, path: Path) -> bool:
        """Zip what Playwright streamed to its traces folder (the browser died before the trace was stopped)."""
        if self.trace_files is None:
            return False
        folder, name = self.trace_files
        parts = [folder / f"{name}.trace", folder / f"{name}.network"]
        if not parts[0].is_file():
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for part in parts:
                if part.is_file():
                    z.write(part, "trace" + part.suffix)
            # Only this trace's resources: the folder is shared by every context of the browser.
            text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in parts if p.is_file())
            resources = folder / "resources"
            if resources.is_dir():
                for item in resources.iterdir():
                    if item.name in text:
                        z.write(item, f"resources/{item.name}")
        return True

    # -- for tools: what they used to read through ``.page`` (kept together to ease moving them) ---

    @property
    def url(self) -> str:
        """The current tab's URL (BROWSER_CRASHED when the session has no open page)."""
        return str(self.page.url)

    async def with_page_messages(self, message: str) -> str:
        """``message`` followed by what the current page says went wrong, when it says anything."""
        return await diagnose.with_page_messages(message, self.page)

    async def aclose(self) -> None:
        if self._closed:
            return
        self._closed = True
        for task in list(self._background):
            task.cancel()
        await asyncio.gather(*self._background, return_exceptions=True)
        await self.guard.aclose()
        with contextlib.suppress(pw.Error):
            await self.context.close()
        self.prompts.cleanup()
        for hook in self.on_close:
            result = hook()
            if asyncio.iscoroutine(result):
                await result


async def _warm_up(frame: Frame) -> None:
    """Have Playwright ready its per-document scripts: selector queries with no effect on the page.

    ``:root`` is queried in Playwright's isolated world, where actions run; the node
    engine in the main world, where actions find tapwright's nodes (no snapshot was taken
    in the new document yet, so it finds nothing).
    """
    await asyncio.gather(frame.locator(":root").count(), frame.locator(node_selector(0, 0)).count(),
                         return_exceptions=True)


async def _mutations(frame: Frame) -> int:
    try:
        return int(await frame.evaluate(_MUT_JS))
    except pw.Error:
        return -1  # the document went away (navigation): counts as changed


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


def _safe_url(url: str) -> str:
    """A URL without its user-info, for messages."""
    parts = urllib.parse.urlsplit(url)
    if parts.username is None and parts.password is None:
        return url[:300]
    host = parts.hostname or ""
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))[:300]
