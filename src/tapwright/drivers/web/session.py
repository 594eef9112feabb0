"""WebSession: one isolated browser context, composed of small parts configured once.

The parts, each in its own module: :class:`~._tabs.Tabs` (which tabs are open and
current), :class:`~._navigation.Navigation` (loads, history, a load an action left
running), :class:`~._change.ChangeWatch` (whether an action changed the page, without
waiting), :class:`~._pictures.Pictures` (screenshots with secrets masked),
:class:`~._traces.Traces` (the Playwright trace) and :class:`~.dialogs.Prompts`
(dialogs answered, downloads saved). This module holds what ties them together:
snapshots, resolving a target, the Driver seam and the lifecycle.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapwright.core.diagnostics import EventLog, PageEvent
from tapwright.core.element import Element, Rect, UiTree
from tapwright.core.fence import FileFence, default_roots
from tapwright.core.result import Screenshot
from tapwright.core.secrets import SecretStore
from tapwright.core.targets import is_selector, ref_of
from tapwright.drivers.base import Changed, Driver, MouseButton
from tapwright.drivers.web import diagnose, fastpath, pageevents, tips
from tapwright.drivers.web._change import CHANGED_BINDING, ChangeWatch, Mark
from tapwright.drivers.web._navigation import NAVIGATION_WAIT_S, Navigation
from tapwright.drivers.web._pictures import Pictures
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web._tabs import Tabs
from tapwright.drivers.web._traces import Traces
from tapwright.drivers.web.dialogs import PromptMark, Prompts
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.masking import CANVAS_JS
from tapwright.drivers.web.policy import PolicyGuard
from tapwright.drivers.web.settle import NavigationWatch
from tapwright.drivers.web.snapshot import MAX_ELEMENTS, Snapshot, collect, collector_init_js, script
from tapwright.drivers.web.targets import PIN_JS, PROBE, Target, check_text, node_selector, pin_selector
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, locate
from tapwright.locator.accept import described_words

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext, Frame, Locator, Page, Request

_RETRY_S = 0.25
_EAGER_LOOKS = 2
# Reasons the locator gives a table cell found under its column heading (locator/cells.py): read as a value.
_AS_CELL = ("under the column heading ", "the row's ")
NEW_TAB_LOAD_MS = 5_000  # how long a look at a tab an action opened waits for its first document
NEW_TAB_WAIT_S = 2.0  # how long a tab the page said it is opening is waited for (announced after the click)
_TAKE_OPENING = "() => window.__twMut && window.__twMut.takeOpening ? window.__twMut.takeOpening() : 0"
__all__ = ["NAVIGATION_WAIT_S", "WebSession", "default_upload_dirs"]


async def _frame_of(locator: Locator) -> Frame | None:
    """The frame that holds ``locator``'s first match (a selector that enters an iframe), or None when
    no match comes within a second: the frame outlives the node a framework redraws, so any copy tells."""
    try:
        handle = await locator.first.element_handle(timeout=1_000)
    except pw.Error:
        return None
    try:
        return await handle.owner_frame()
    finally:
        with contextlib.suppress(pw.Error):
            await handle.dispose()


def default_upload_dirs() -> tuple[Path, ...]:
    """Folders ``upload_file`` may read from unless told otherwise: the working directory and the temp dir."""
    return default_roots()


DIALOG_KINDS = frozenset({"dialog", "alertdialog"})  # the context kinds of a dialog ("dialog:Delete item?")


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
        self.action_timeout_ms = 5_000.0
        # The page load, address and place of the field last typed in: a button named twice is the one by it
        # (locator.pick.near_work). The page loaded again (the same address too) has no form being filled.
        self.typed_in: tuple[int, str, Rect] | None = None
        # The page load and containers of the element last acted on (set by the tools, tools/web_seam.py): of elements
        # named alike, the one in the same named container is meant next (locator.pick.same_place).
        self.acted_in: tuple[int, tuple[str, ...]] | None = None
        # The dialog the element last found by a description is in ("dialog:Delete item?"), with the page's load and
        # every dialog shown then, or None: "the dialog should close" is about that one when another (a side panel)
        # that was already open under it stays open.
        self.last_dialog: tuple[int, str, frozenset[str]] | None = None
        self.last: Snapshot | None = None
        self._known: UiTree | None = None  # the latest full snapshot's tree (``last`` may be a partial one)
        # How many snapshots were taken: tells a poll whether ``last`` is from its own check.
        self.snapshots = 0
        # Find described elements through a query-filtered walk when provably equivalent (see fastpath).
        self.fast_locate = True
        self.on_close: list[Callable[[], Any]] = []
        self._background: set[asyncio.Task[None]] = set()
        # Console errors, page exceptions, failed requests and sockets of every tab (see pageevents).
        self.events = EventLog()
        self._acted: list[dict[str, Any]] = []  # boxes of the elements acted on, for the report's marks
        self._events_at = -math.inf  # when finish_events last let the browser's news arrive
        # JavaScript dialogs answered as they open and downloads saved (see dialogs), reported as events.
        self.prompts = Prompts(self.events.add, self._spawn, Path(downloads_dir) if downloads_dir else None)
        # Clicks observer.js saw lost: pressed on a node the page redrew before the release (see click_on).
        self.lost_clicks = 0
        self._lost_seen: set[tuple[str, object]] = set()
        # Navigations in flight and the last action's end: a screenshot waits for the new document.
        self.watch = NavigationWatch()
        self.tabs = Tabs(context, self._listen, self._spawn)
        self.navigation = Navigation(self.tabs, guard, base_url, self._new_document)
        self.change = ChangeWatch(self.tabs, lambda: self.navigation.count, lambda: self.prompts.opened, self.watch)
        folders = FileFence.of(upload_dirs).roots  # an empty tuple: no folder (an agent run)
        self.pictures = Pictures(self.tabs, self.watch, folders)
        self.traces = Traces(context)
        context.on("page", self.tabs.adopt)

    @classmethod
    async def create(cls, context: BrowserContext, guard: PolicyGuard, *, base_url: str | None = None,
                     upload_dirs: tuple[str | Path, ...] | None = None,
                     downloads_dir: str | Path | None = None) -> WebSession:
        session = cls(context, guard, base_url=base_url, upload_dirs=upload_dirs, downloads_dir=downloads_dir)
        await context.expose_binding(CHANGED_BINDING, session._on_push)  # before observer.js, which takes it
        await context.add_init_script(script("observer.js"))
        await context.add_init_script(collector_init_js())
        await context.add_init_script(CANVAS_JS)  # canvas text, for masking secrets in screenshots
        page = await context.new_page()
        session.tabs.adopt(page)
        return session

    # -- configuration, kept as plain attributes of the session --------------------------

    @property
    def base_url(self) -> str | None:
        return self.navigation.base_url

    @base_url.setter
    def base_url(self, value: str | None) -> None:
        self.navigation.base_url = value

    @property
    def upload_dirs(self) -> tuple[Path, ...]:
        """Folders uploads may come from and screenshots may be written to."""
        return self.pictures.folders

    @upload_dirs.setter
    def upload_dirs(self, value: tuple[Path, ...]) -> None:
        self.pictures.folders = FileFence.of(value).roots

    @property
    def mask_secrets(self) -> SecretStore | None:
        """The run's secrets: every screenshot masks the elements that show one of them."""
        return self.pictures.mask_secrets

    @mask_secrets.setter
    def mask_secrets(self, value: SecretStore | None) -> None:
        self.pictures.mask_secrets = value

    @property
    def tracing(self) -> bool:
        return self.traces.tracing

    @tracing.setter
    def tracing(self, value: bool) -> None:
        self.traces.tracing = value

    @property
    def trace_files(self) -> tuple[Path, str] | None:
        """(traces folder, trace name) while recording."""
        return self.traces.files

    @trace_files.setter
    def trace_files(self, value: tuple[Path, str] | None) -> None:
        self.traces.files = value

    # -- tabs -------------------------------------------------------------------------------

    def _listen(self, page: Page) -> None:
        """Every part follows a tab the context opened."""
        page.on("framenavigated", self._navigated)
        self.watch.listen(page)
        pageevents.listen(page, self.events.add)
        self.prompts.listen(page)

    def _navigated(self, frame: Frame) -> None:
        # Playwright sets up its own scripts in a new document (one per world) on the first
        # action there, which costs tens of milliseconds. Start that now, while the document
        # loads and tapwright snapshots it, instead of making the next action wait for it.
        if frame.parent_frame is None and not self.closed:
            self.navigation.committed()
            self.watch.committed(frame.page)
            self._spawn(_warm_up(frame))

    def _on_push(self, source: Any, doc: object, count: object, kind: object = None) -> None:
        """observer.js's news: a frame's DOM changed, or (``kind``) a download, a navigation or a tab it announced,
        or a click it lost."""
        if kind == "download":
            self.prompts.announced_download()
        elif kind == "navigating":
            if isinstance(source, dict) and source.get("frame") is not None and source.get("page") is not None \
                    and source["frame"] == source["page"].main_frame:
                self.watch.announced(source["page"])
        elif kind == "opening":
            self.tabs.announced += 1
        elif kind == "lost":
            self.saw_lost(doc, count)
        else:
            self.change.on_push(source, doc, count)

    def saw_lost(self, doc: object, number: object) -> None:
        """observer.js's lost click ``number`` of document ``doc`` (a press the page redrew before the release), counted
        once in :attr:`lost_clicks` whether its binding's word or a read in the page brings it first."""
        key = (str(doc), number)
        if key not in self._lost_seen:
            self._lost_seen.add(key)
            self.lost_clicks += 1

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _new_document(self) -> None:
        self.last = None  # refs into the document that went away are stale

    @property
    def closed(self) -> bool:
        return self.tabs.closed

    @property
    def crash_notice(self) -> str | None:
        return self.tabs.crash_notice

    def take_crash_notice(self) -> str | None:
        """The message about a crashed tab that was replaced since the last call (once)."""
        return self.tabs.take_crash_notice()

    @property
    def pages(self) -> list[Page]:
        """Open tabs, oldest first."""
        return list(self.tabs.pages)

    @property
    def page(self) -> Page:
        """The current tab. Raises BROWSER_CRASHED once after a tab crashed and was replaced."""
        return self.tabs.page

    def location(self) -> str | None:
        """The current tab's URL (None when the session has no open page)."""
        return self.tabs.location()

    @property
    def current_index(self) -> int:
        return self.tabs.current_index

    async def open_tab(self, url: str | None = None) -> Page:
        if url:
            self.resolve_url(url)  # refuse before opening anything
        page, previous = await self.tabs.open()
        if url:
            try:
                await self.navigate(url)
            except ToolFailure:
                await self.tabs.discard(page, previous)
                raise
        return page

    def switch_tab(self, index: int) -> Page:
        """Make tab ``index`` current (from 0; -1 is the newest tab)."""
        return self.tabs.switch(index)

    async def close_tab(self, index: int | None = None) -> None:
        await self.tabs.close(index)

    # -- navigation -----------------------------------------------------------------

    @property
    def navigations(self) -> int:
        """How many main-frame navigations have committed so far."""
        return self.navigation.count

    def expect_navigation(self, since: int) -> None:
        """An action started a navigation that had not committed when it returned (``navigations`` was
        ``since`` before the action): the next look waits for it."""
        self.navigation.expect(since)

    async def finish_navigation(self, timeout_s: float = NAVIGATION_WAIT_S) -> None:
        """Wait (at most ``timeout_s``) for a navigation an action left loading to commit and parse."""
        await self.navigation.finish(timeout_s)

    def resolve_url(self, url: str) -> str:
        """``url`` joined to the base URL when it is a path; policy-checked."""
        return self.navigation.resolve_url(url)

    async def navigate(self, url: str, *, allow_error_status: bool = False) -> dict[str, Any]:
        """Load ``url`` (a path is joined to ``base_url``) in the current tab.

        Every hop of a redirect chain is checked by the URL policy; a hop to a refused
        origin fails the load with URL_BLOCKED (the refused server gets no request). An
        HTTP error status (400 and above) fails with NAVIGATION_FAILED unless
        ``allow_error_status``.
        """
        self.resolve_url(url)  # refused before it counts as an action
        self.prompts.actions += 1
        self.watch.acting()  # a picture after it waits for the new page's start-up (see drivers.web.settle)
        return await self.navigation.navigate(url, allow_error_status=allow_error_status)

    async def title(self) -> str:
        return await self.navigation.title()

    async def history(self, direction: str) -> dict[str, Any]:
        self.watch.acting()
        return await self.navigation.history(direction)

    async def reload(self) -> dict[str, Any]:
        self.watch.acting()
        return await self.navigation.reload()

    # -- events -----------------------------------------------------------------------

    def event_mark(self) -> int:
        return self.events.mark()

    def events_since(self, mark: int) -> list[PageEvent]:
        return self.events.since(mark)

    def take_events(self) -> list[PageEvent]:
        return self.events.take()

    def take_unreported(self) -> list[dict[str, Any]]:
        return self.prompts.take_unreported()

    def news_mark(self) -> tuple[PromptMark, int, int, int]:
        """What :meth:`news` compares against: taken before an action, at no cost."""
        return self.prompts.mark(), self.watch.requested, self.watch.commits, self.watch.announcements

    async def news(self, mark: tuple[PromptMark, int, int, int], *, wait: bool = True) -> dict[str, Any]:
        """The dialogs and downloads the action since ``mark`` set off, for its own result (see
        :meth:`Prompts.news`); empty, without a wait or a round trip, for an action that set off neither.

        A navigation the page said it began during the action (observer.js) that has neither committed nor ended
        is waited for first (at most the action timeout): its request can reach tapwright after the action's reply
        on a loaded machine, and it may end as a download, which is this action's to report."""
        prompts, requested, commits, announced = mark
        if wait and self.watch.announcements != announced and self.watch.commits == commits:
            await self.watch.resolved(self.tabs.page, requested, commits, self.action_timeout_ms / 1000)
        ended = (self.watch.requested != requested and self.watch.commits == commits
                 and not self.watch.pending(self.tabs.page) and not await _no_content(self.watch.last_ended))  # fmt: skip
        return await self.prompts.news(prompts, navigation_ended=ended, save_wait_s=self.action_timeout_ms / 1000)

    async def finish_events(self, timeout_s: float) -> None:
        """Wait (at most ``timeout_s``) for work the step started that reports an event: a main-frame
        navigation still in flight (it may turn into a download, which ends without a new document),
        then the downloads being saved. An action now returns without reading the page again, so the
        browser's news of such a navigation may still be on its way: one round trip lets it arrive (none
        when no action began since the last such wait: a step of checks only)."""
        deadline = time.monotonic() + timeout_s
        with contextlib.suppress(Exception):  # a closed or crashed tab: nothing of it to wait for
            page = self.tabs.page
            acted, self._events_at = self.watch.began_at > self._events_at, time.monotonic()
            if acted:
                await asyncio.wait_for(self.context.cookies(), timeout=min(timeout_s, 2.0))
            if self.watch.pending(page):
                await self.watch.settle(page, work=False, timeout_s=max(deadline - time.monotonic(), 0.0),
                                        load_s=0.05)  # fmt: skip
        await self.prompts.wait_downloads(max(deadline - time.monotonic(), 0.0))

    # -- snapshots and targets --------------------------------------------------------

    async def snapshot(self) -> UiTree:
        """Every interactive element and meaningful text of the current tab, all frames included.

        A navigation an action left in flight (a link just clicked) first commits and loads
        (bounded, see :mod:`~tapwright.drivers.web.settle`): the snapshot shows the page it opened.
        """
        page = self.page
        if self.watch.pending(page):
            await self.watch.settle(page, work=False)
        return (await self.full_snapshot()).tree

    def action_timeout(self, seconds: float | None = None) -> float | None:
        previous = self.action_timeout_ms / 1000
        if seconds is not None:
            self.action_timeout_ms = seconds * 1000
            self.context.set_default_timeout(self.action_timeout_ms)  # Playwright's own waits (actionability)
        return previous

    async def trace_step(self, title: str, *, file: str | None = None, line: int | None = None) -> None:
        await self.traces.group(title, file=file, line=line)

    async def trace_step_end(self, failure: str | None = None) -> None:
        await self.traces.group_end(failure)

    def tab_count(self) -> int:
        return len(self.tabs.pages)

    async def opened_tab(self, tabs_before: int) -> int | None:
        opening = 0
        with contextlib.suppress(pw.Error):  # a page gone or busy: only a tab already announced counts
            opening = int(await self.page.evaluate(_TAKE_OPENING) or 0)
        deadline = time.monotonic() + NEW_TAB_WAIT_S
        while opening and len(self.tabs.pages) <= tabs_before and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return len(self.tabs.pages) - 1 if len(self.tabs.pages) > tabs_before else None

    def follow_new_tabs(self) -> None:
        self.tabs.following = True
        self.tabs.seen = len(self.tabs.pages)

    async def followed_tabs(self, *, wait: bool = False) -> list[str]:
        if not self.tabs.following or self.tabs.closed:
            return []
        # A tab the page said it is opening (pushed by observer.js ahead of the click's reply; Playwright
        # announces the tab itself only once its first page commits) is awaited, bounded; no round trip.
        announced, self.tabs.announced = self.tabs.announced, 0
        if wait and announced:
            deadline = time.monotonic() + NEW_TAB_WAIT_S
            while len(self.tabs.pages) <= self.tabs.seen and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
        self.tabs.follow()
        pages, self.tabs.followed = self.tabs.followed, []
        out = []
        for page in pages:
            with contextlib.suppress(pw.Error):
                await page.wait_for_load_state("domcontentloaded", timeout=NEW_TAB_LOAD_MS)
            if not page.is_closed():  # a popup the URL policy refused is closed at once
                out.append(pageevents.safe_url(page.url))
        return out

    async def tab_snapshot(self, index: int) -> UiTree | None:
        """Tab ``index`` read without switching to it (a tab an action opened: what it shows).

        Its first document is awaited (bounded: a tab still loading is read as it is); the refs of the
        current tab's snapshot stay the ones calls act on.
        """
        pages = self.tabs.pages
        if not 0 <= index < len(pages) or self.tabs.closed:
            return None
        page = pages[index]
        with contextlib.suppress(pw.Error):
            await page.wait_for_load_state("domcontentloaded", timeout=NEW_TAB_LOAD_MS)
        policy = self.guard.policy
        try:
            return (await collect(page, allowed=lambda url: policy.check(url) is None, max_elements=MAX_ELEMENTS)).tree
        except (pw.Error, ToolFailure):
            return None

    def known_tree(self) -> UiTree | None:
        """The latest full snapshot's tree, without reading the page (None before the first)."""
        return self._known

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
        if snap.frames:  # the main frame's counter, read: settling a pending change needs no read of its own
            main = snap.frames[0]
            self.change.saw(main.frame, main.doc, main.mutations)
        if not snap.partial:
            self._known = snap.tree

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
        hovered = False
        while True:
            attempt += 1
            if attempt > 1:  # a tab the page opened while this waits is where the element is looked for next
                self.tabs.follow()
            started = time.monotonic()
            try:
                snap, found = await self.find(target)
            except ToolFailure as exc:
                now = time.monotonic()
                if exc.code is ErrorCode.ELEMENT_NOT_FOUND and now >= deadline and not hovered and self.last is not None:
                    # The last, bounded search: the tooltips of nameless controls, shown on hover (tips.py).
                    hovered = True
                    if await tips.reveal(self, self.last, target):
                        continue
                if exc.code is not ErrorCode.ELEMENT_NOT_FOUND or now >= deadline:
                    exc.waited = exc.waited or (wait and exc.code is ErrorCode.ELEMENT_NOT_FOUND)
                    raise
                # Look again as soon as the page changes; after two quick looks, not sooner than a look takes.
                floor = 0.0 if attempt <= _EAGER_LOOKS else now - started
                await self.settle(min(_RETRY_S, deadline - now), self.seen_mutations(), floor_s=floor)
                continue
            resolved = await self._from_ref(found.element.ref, snap)
            # (a partial snapshot reports only what may match: the dialogs the last full one showed count too)
            trees = [snap.tree, self._known] if snap.partial and self._known is not None else [snap.tree]
            self.last_dialog = self._dialog_of(found.element, trees)
            resolved.score = found.score
            resolved.words = described_words(snap.tree, target, found.element, found.reasons)
            resolved.as_cell = any(r.startswith(_AS_CELL) for r in found.reasons)
            return resolved

    def _dialog_of(self, element: Element, trees: list[UiTree]) -> tuple[int, str, frozenset[str]] | None:
        """(this page load, the dialog ``element`` is in, every dialog shown in ``trees``), or None outside a dialog."""
        entry = next((c for c in reversed(element.context) if c.partition(":")[0] in DIALOG_KINDS), None)
        if entry is None:
            return None
        shown = frozenset(c for tree in trees for e in tree.elements if e.state.visible
                          for c in e.context if c.partition(":")[0] in DIALOG_KINDS)  # fmt: skip
        return self.navigations, entry, shown

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
        near = self.typed_in[2] if self.typed_in is not None and self.typed_in[:2] == (self.navigations, self.url) else None
        place = self.acted_in[1] if self.acted_in is not None and self.acted_in[0] == self.navigations else None
        return snap, locate(snap.tree, description, typed_in=near, acted_in=place)

    async def find_element(self, description: str) -> Candidate:
        return (await self.find(description))[1]

    def native(self) -> Page:
        return self.page

    async def target_of(self, ref: str, snap: Snapshot | None = None) -> Target:
        """The node ``ref`` of ``snap`` (else of the latest snapshot) to act on.

        Raises:
            ToolFailure: STALE_REF when ``ref`` is in no snapshot kept.
        """
        return await self._from_ref(ref, snap)

    async def _from_ref(self, ref: str, snap: Snapshot | None = None) -> Target:
        snap = snap or self.last
        where = snap.locate_ref(ref) if snap else None
        if snap is None or where is None:
            raise ToolFailure(ErrorCode.STALE_REF, f"ref {ref} is not in the latest snapshot; take a new snapshot")
        frame, k = where
        # No round trip here: the action finds the node (or fails with STALE_REF when it is gone).
        selector = node_selector(snap.generation(frame), k)
        return Target(frame.locator(selector), frame, snap.tree.by_ref(ref), mutations=snap.mutations(frame),
                      doc=snap.mutations_doc(frame), ref=ref, selector=selector)

    async def _from_selector(self, selector: str) -> Target:
        """The one element ``selector`` matches, pinned: the action acts on that very node.

        Matching and pinning are one call, so the action never lands on a node matched earlier; when a
        framework replaces the node before the action lands, the action fails at once as STALE_REF and
        :func:`~tapwright.core.rerender.until_not_stale` matches the selector again (a Locator would
        instead wait the whole deadline for a node that never holds still).
        """
        page = self.page
        locator = page.locator(selector)
        async with mapped(f"selector {selector}"):
            pinned = await locator.evaluate_all(PIN_JS)
            if pinned["count"] == 0:
                try:
                    await locator.first.wait_for(state="attached")
                except pw.Error:
                    raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches the selector {selector!r}",
                                      waited=True) from None
                pinned = await locator.evaluate_all(PIN_JS)
        count = pinned["count"]
        if count > 1:
            raise ToolFailure(ErrorCode.AMBIGUOUS, f"the selector {selector!r} matches {count} elements",
                              data={"count": count})
        if count == 0:  # attached an instant ago, replaced since: matched again by the caller's retry
            raise ToolFailure(ErrorCode.STALE_REF, f"the element the selector {selector!r} matched is gone")
        frame = page.main_frame
        if not pinned["top"]:  # the selector entered an iframe: the pin lives in that frame's window
            found = await _frame_of(locator)
            if found is None:  # gone from every frame an instant after it was pinned: matched again by the retry
                raise ToolFailure(ErrorCode.STALE_REF, f"the element the selector {selector!r} matched is gone")
            frame = found
            async with mapped(f"selector {selector}"):  # pinned again: finding the frame took round trips
                pinned = await locator.evaluate_all(PIN_JS)
            if pinned["count"] != 1:
                raise ToolFailure(ErrorCode.STALE_REF, f"the element the selector {selector!r} matched is gone")
        node = pin_selector(pinned["pin"])
        return Target(frame.locator(node), frame, selector=node, actionable=pinned["actionable"])

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
        await self.change.wait(timeout_s, since, floor_s=floor_s)

    async def mark(self, target: Target | None = None) -> Mark:
        """What ``changed`` compares against: URL, tabs, navigations, dialogs, DOM mutation counters.

        The element about to be acted on is noted too (see :meth:`take_acted`)."""
        if target is not None:
            self._note_acted(target, self.page)
        return await self.change.mark(target)

    def _note_acted(self, target: Target, page: Page) -> None:
        element, size = target.element, page.viewport_size
        if element is None or element.rect is None or not size or target.frame is not page.main_frame:
            return  # no box known in the viewport's coordinates (an element inside a frame has its own)
        r, w, h = element.rect, float(size["width"]), float(size["height"])
        self._acted.append({"x": r.x / w, "y": r.y / h, "width": r.width / w, "height": r.height / h,
                            "role": element.role, "name": element.name[:80]})  # fmt: skip
        del self._acted[:-20]

    def take_acted(self) -> list[dict[str, Any]]:
        """The boxes of the elements acted on since the last call, as fractions of the viewport (see
        :meth:`Driver.take_acted`)."""
        out, self._acted = self._acted, []
        return out

    async def changed(self, before: object, target: Target | None = None) -> Changed:
        """``True`` when the page changed since ``before`` (from :meth:`mark`), else ``"pending"``.

        Never waits for a late change: :meth:`settle_change` (the next call, a check, the end
        of a plan) says whether one came.
        """
        if not isinstance(before, Mark):
            raise TypeError("changed() takes what mark() returned")
        if target is None:
            return await self.change.changed(before)
        return await self.change.changed(before, target.edited, keyed=target.keyed)

    async def settle_change(self) -> bool | None:
        """Whether the page changed since the last action that reported ``"pending"`` (None: none pending)."""
        return await self.change.settle()

    # -- Driver ---------------------------------------------------------------------------

    def _check_point(self, x: float, y: float) -> None:
        size = self.page.viewport_size
        if size and not (0 <= x <= size["width"] and 0 <= y <= size["height"]):
            raise ToolFailure(ErrorCode.INVALID_INPUT,
                              f"({x:.0f},{y:.0f}) is outside the {size['width']}x{size['height']} viewport")

    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        self._check_point(x, y)
        self.prompts.actions += 1
        self.watch.acting()
        async with mapped("click"):
            await self.page.mouse.click(x, y, button=button, click_count=count)

    async def move_to(self, x: float, y: float) -> None:
        self._check_point(x, y)
        async with mapped("move"):
            await self.page.mouse.move(x, y)

    async def type_text(self, text: str) -> None:
        check_text(text, "text")
        self.prompts.actions += 1
        self.watch.acting()
        async with mapped("type"):
            await self.page.keyboard.type(text)

    async def press_key(self, key: str) -> None:
        self.prompts.actions += 1
        self.watch.acting()
        async with mapped(f"press {key}"):
            await self.page.keyboard.press(key)

    def check_output_path(self, path: str) -> Path:
        """Where a tool may write a picture: inside the upload folders (working and temp
        directories by default), a ``.png``/``.jpg``/``.webp`` name, never over a file of another kind.

        Raises:
            ToolFailure: INVALID_INPUT otherwise.
        """
        return self.pictures.check_output_path(path)

    async def screenshot(self, path: str | None = None, *, full_page: bool = False, scale: float = 1.0) -> Screenshot:
        """A screenshot of the current tab, written to ``path`` (or a temp PNG when None).

        The format follows the suffix: ``.png``, ``.jpg``/``.jpeg`` or ``.webp``. ``scale`` below 1
        shrinks a WebP of the viewport (what reports store); other formats stay full size.

        A screenshot taken just after an action first lets a navigation the action started
        commit and load (bounded, see :mod:`~tapwright.drivers.web.settle`): "after the click"
        shows the page the click opened, not the one it left.
        """
        return await self.pictures.screenshot(path, full_page=full_page, scale=scale)

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
        return await self.traces.save(path)

    async def stop_trace(self, path: str | Path) -> None:
        """Save the Playwright trace recorded since the session started (``record_trace=True``)."""
        await self.traces.stop(path)

    # -- for tools: what they used to read through ``.page`` (kept together to ease moving them) ---

    @property
    def url(self) -> str:
        """The current tab's URL (BROWSER_CRASHED when the session has no open page)."""
        return str(self.page.url)

    async def with_page_messages(self, message: str) -> str:
        """``message`` followed by what the current page says went wrong, when it says anything."""
        return await diagnose.with_page_messages(message, self.page)

    def ensure_open(self) -> None:
        """Raise BROWSER_CRASHED when the session has no open page (what every web tool does first)."""
        self.tabs.current_page()

    async def evaluate(self, script: str, arg: Any = None) -> Any:
        """Run ``script`` (a JS function) in the current page with ``arg``; Playwright errors are the caller's to map."""
        return await self.page.evaluate(script, arg)

    def locator(self, selector: str) -> Any:
        """A Playwright locator for ``selector`` in the current page (for the data packs' own widgets)."""
        return self.page.locator(selector)

    def role_locator(self, role: str, name: Any) -> Any:
        """A Playwright locator for the elements of ``role`` named ``name`` (a string or a pattern) in the current page."""
        return self.page.get_by_role(role, name=name)  # type: ignore[arg-type]

    async def wait_for_load(self, timeout_ms: float) -> None:
        """Wait (at most ``timeout_ms``) for the current page's load event."""
        await self.page.wait_for_load_state("load", timeout=timeout_ms)

    async def aclose(self) -> None:
        if self.tabs.closed:
            return
        self.tabs.closed = True
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


async def _no_content(request: Request | None) -> bool:
    """Whether a navigation ended uncommitted because its answer was "no content" (204, 205): not a download."""
    try:
        response = None if request is None else await request.response()
    except pw.Error:
        return False
    return response is not None and response.status in (204, 205)


async def _warm_up(frame: Frame) -> None:
    """Have Playwright ready its per-document scripts: selector queries with no effect on the page.

    ``:root`` is queried in Playwright's isolated world, where actions run; the node
    engine in the main world, where actions find tapwright's nodes (no snapshot was taken
    in the new document yet). It queries :data:`PROBE`, which finds nothing without failing, so
    no failed call of tapwright's own shows in a Playwright trace (the viewer would select it first).
    """
    await asyncio.gather(frame.locator(":root").count(), frame.locator(PROBE).count(),
                         return_exceptions=True)
