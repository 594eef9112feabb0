"""Change detection of a WebSession: whether an action changed the page, known without waiting.

``mark`` takes what the page looks like before an action (URL, tab count, committed
navigations, dialogs, the DOM mutation counters that observer.js keeps in every
document); ``changed`` compares after it, at once. An action never waits for a change:
when none is seen yet, it reports ``"pending"`` and the session remembers the mark, and
:meth:`ChangeWatch.settle` (the next call, a check, the end of a plan, an MCP
observation) says whether the page changed since then. observer.js pushes the first DOM
change after each read of its counter through a binding, ahead of the action's own reply when
the action clicks a control, so ``changed`` asks the page nothing then: a click costs one round
trip to the page besides Playwright's own (the snapshot that found the target already read the
counter and armed the push). An action that edits a field, or whose target no snapshot described,
reads the counter when no push has come yet, and takes the push instead if it arrives first.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tapwright.drivers.base import PENDING, Changed
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web._tabs import Tabs
from tapwright.drivers.web.settle import NavigationWatch
from tapwright.drivers.web.targets import Target
from tapwright.errors import ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import Frame

# The binding observer.js pushes a frame's first DOM change through (it removes the name from window).
CHANGED_BINDING = "__twChanged"
_MUT_JS = "() => window.__twMut ? window.__twMut.get() : -1"
# The counter and the document it counts (arms the push, as every read does).
_MARK_JS = "() => window.__twMut ? [window.__twMut.get(), window.__twMut.doc] : [-1, '']"
# Controls whose own state an action edits (a value typed, a box ticked, an option chosen): the edit's event
# may be pushed after the action's reply (measured: a quarter of fills), so their change is read instead.
_EDITED_ROLES = frozenset({"textbox", "searchbox", "combobox", "listbox", "option", "checkbox", "radio", "switch",
                           "slider", "spinbutton", "menuitemcheckbox", "menuitemradio"})
# Sleep until the DOM changes (observer.js), or a fixed time on a page without the observer.
_WAIT_JS = """([ms, since]) => window.__twMut && window.__twMut.wait ? window.__twMut.wait(ms, since)
  : new Promise((resolve) => setTimeout(() => resolve(-1), ms))"""


@dataclass(frozen=True)
class Mark:
    """The page before an action: what :meth:`ChangeWatch.changed` compares against."""

    url: str
    tabs: int
    navigations: int
    dialogs: int
    main: int  # the main frame's DOM mutation counter (-1: unknown)
    inner: int  # the target's frame's counter when it is not the main frame (-1: none)
    doc: str  # the document ``main`` was read in, when it came from a snapshot ("" otherwise)
    frame: Frame | None = None  # the target's frame when it is not the main frame
    # The target is a control the snapshot described that the action does not edit (a button, a link): its
    # change, made by the page's handler during the action, is pushed ahead of the reply (see ``changed``).
    pushed_first: bool = False


class ChangeWatch:
    """Marks and comparisons for one session; remembers the last action whose change is pending."""

    def __init__(self, tabs: Tabs, navigations: Callable[[], int], dialogs: Callable[[], int],
                 watch: NavigationWatch) -> None:  # fmt: skip
        self.tabs = tabs
        self._navigations = navigations
        self._dialogs = dialogs
        self._watch = watch
        # The last DOM change each frame pushed (observer.js): (document, counter).
        self.pushed: weakref.WeakKeyDictionary[Frame, tuple[str, int]] = weakref.WeakKeyDictionary()
        self.pending: Mark | None = None
        # The main frame's (document, counter) as the latest snapshot since the pending action read it.
        self._looked: tuple[Frame, str, int] | None = None
        self._push_waiter: asyncio.Future[None] | None = None  # set by the next push (see ``_read_or_push``)

    def on_push(self, source: Any, doc: object, count: object) -> None:
        """observer.js says a frame's DOM changed (the first change after a read of its counter)."""
        frame = source.get("frame") if isinstance(source, dict) else None
        if frame is not None and isinstance(doc, str) and isinstance(count, int) and not isinstance(count, bool):
            self.pushed[frame] = (doc, count)
            if self._push_waiter is not None and not self._push_waiter.done():
                self._push_waiter.set_result(None)

    async def mark(self, target: Target | None = None) -> Mark:
        page = self.tabs.page
        main, doc = -1, ""
        if target is not None and target.frame is page.main_frame:
            main, doc = target.mutations, target.doc
        if main < 0:
            main, doc = await _counter(page.main_frame)
        inner, frame = -1, None
        if target is not None and target.frame is not page.main_frame:
            frame = target.frame
            inner = target.mutations if target.mutations >= 0 else await mutations(target.frame)
        element = target.element if target is not None else None
        pushed_first = (element is not None and not element.state.editable and element.role not in _EDITED_ROLES
                        and element.attr("tag") not in ("input", "select", "textarea"))
        return Mark(page.url, len(self.tabs.pages), self._navigations(), self._dialogs(), main, inner, doc, frame,
                    pushed_first)

    async def changed(self, before: Mark, edited: tuple[str, int] | None = None, *, keyed: bool = False) -> Changed:
        """``True`` when the page changed since ``before``, else ``"pending"`` (remembered for :meth:`settle`).

        Never waits, and asks the page nothing when it can answer for itself: the first DOM change
        after ``before`` was read is pushed (observer.js), ahead of the action's own reply for a
        change the action made at once. With no push, no new document, tab, dialog or navigation,
        the answer is ``"pending"`` without a round trip; a handler that changes the page later
        (a timer, a fetch), or a push still on its way, is seen by :meth:`settle` or by whatever
        looks at the page next. ``edited`` is the main frame's (document, counter) read in the page by the
        script that made the edit, after the page's microtasks ran: it answers for the page as a push would.
        ``keyed``: the action ended by putting text in through the browser's input channel, whose ``input`` event
        bumps the counter; its push came ahead of the reply for three in four fills and a millisecond or two after
        for the rest, so without one the answer is ``"pending"`` rather than a read that waits behind the frame the
        browser draws after the edit.
        """
        self.pending, self._looked = None, None
        if self._seen(before):
            return True
        if edited is not None and before.frame is None and before.doc and before.main >= 0:
            if edited[0] != before.doc or edited[1] != before.main:
                return True
        elif self._pushes(before) or (keyed and self._armed(before)):
            await asyncio.sleep(0)  # a push read off the pipe with the action's reply is handled first
            if self._seen(before):
                return True
        elif await self._read_or_push(before):
            return True
        self.pending = before
        return PENDING

    def saw(self, frame: Frame, doc: str, count: int) -> None:
        """A snapshot of ``frame`` read its counter (``count`` in document ``doc``) after the pending action:
        :meth:`settle` compares against the latest such read rather than asking the page again."""
        if self.pending is not None and doc and count >= 0:
            self._looked = (frame, doc, count)

    async def settle(self) -> bool | None:
        """Whether the page changed since the last action that reported ``"pending"`` (no waiting);
        None when no action is pending. Settles it: asked again, None.

        A snapshot taken since (a check's look, the MCP server's one read after the call) already
        read the counter: then no round trip.
        """
        before, self.pending = self.pending, None
        looked, self._looked = self._looked, None
        if before is None:
            return None
        try:
            if self._seen(before):
                return True
            if looked is not None and before.frame is None and before.doc and looked[0] is self.tabs.page.main_frame:
                return looked[1] != before.doc or looked[2] != before.main
            return await self._read(before)
        except ToolFailure:
            return True  # the tab went away (closed, crashed): the page the action left is gone

    def _seen(self, before: Mark) -> bool:
        """A change known without asking the page: another document, a new tab, a dialog, a navigation
        under way, or a DOM change the document pushed."""
        page = self.tabs.page
        if (page.url != before.url or len(self.tabs.pages) != before.tabs or self._navigations() != before.navigations
                or self._dialogs() != before.dialogs or self._watch.pending(page)):  # fmt: skip
            return True
        pushed = self.pushed.get(page.main_frame)
        return bool(before.doc and pushed is not None and pushed[0] == before.doc and pushed[1] > before.main >= 0)

    @staticmethod
    def _armed(before: Mark) -> bool:
        """Whether the main frame's counter was read in a known document (which armed its push) and the target is not
        in another frame (whose counter is read apart)."""
        return before.main >= 0 and bool(before.doc) and before.frame is None

    @staticmethod
    def _pushes(before: Mark) -> bool:
        """Whether a change the action made is pushed before its reply, so no push means none yet: the main
        frame's counter was read in a known document (which armed the push), the target is not in another
        frame (whose counter is read apart), and the action clicks a control rather than editing one (a
        click dispatches the page's handler well before Playwright's reply: 200 of 200 at-once changes were
        pushed first in a stress run; a fill's reply came first in a quarter of 100)."""
        return ChangeWatch._armed(before) and before.pushed_first

    async def _read_or_push(self, before: Mark) -> bool:
        """:meth:`_read`, or the push of the change when it comes first.

        An edit's push races the action's reply through Playwright's server (the reply came first for a
        quarter of 100 fills, the push then a millisecond or two behind), while the read waits its turn
        behind the frame the browser draws after the edit (tens of milliseconds on a loaded machine).
        The read goes on unawaited when the push wins: its answer could only agree.
        """
        loop = asyncio.get_running_loop()
        self._push_waiter = pushed = loop.create_future()
        read = asyncio.ensure_future(self._read(before))
        try:
            while True:
                await asyncio.wait((read, pushed), return_when=asyncio.FIRST_COMPLETED)
                if read.done():
                    return read.result()
                if self._seen(before):
                    return True
                self._push_waiter = pushed = loop.create_future()  # another frame's push: wait on
        finally:
            self._push_waiter = None
            if not pushed.done():
                pushed.cancel()
            if not read.done():  # the push won, or the action was cancelled: the read ends on its own
                read.add_done_callback(_quiet)

    async def _read(self, before: Mark) -> bool:
        """Ask the page: its counters against ``before``'s (a document whose counter is gone changed)."""
        page = self.tabs.page
        main = await mutations(page.main_frame)
        if main < 0 or main != before.main:
            return True
        if before.frame is not None and before.inner >= 0:
            return bool(await mutations(before.frame) != before.inner)
        return False

    async def wait(self, timeout_s: float, since: int = -1, *, floor_s: float = 0.0) -> None:
        """Wait until the page changes, at most ``timeout_s`` (see :meth:`WebSession.settle`)."""
        floor_s = max(0.0, min(floor_s, timeout_s))
        if floor_s:
            await asyncio.sleep(floor_s)
        rest = timeout_s - floor_s
        if rest <= 0:
            return
        try:
            frame = self.tabs.page.main_frame
            await asyncio.wait_for(frame.evaluate(_WAIT_JS, [round(rest * 1000), since]), rest + 1.0)
        except (pw.Error, ToolFailure, TimeoutError):
            return  # navigated away (the document changed), closed, or a page too busy to answer


def _quiet(task: asyncio.Future[bool]) -> None:
    """Retrieve a finished read's outcome nobody waits for (a closed page's error is no news)."""
    if not task.cancelled():
        task.exception()


async def _counter(frame: Frame) -> tuple[int, str]:
    """A frame's DOM mutation counter and its document's name; (-1, "") when the document went away."""
    try:
        count, doc = await frame.evaluate(_MARK_JS)
    except pw.Error:
        return -1, ""
    return int(count), str(doc)


async def mutations(frame: Frame) -> int:
    """A frame's DOM mutation counter (observer.js); -1 when its document went away (a navigation)."""
    try:
        return int(await frame.evaluate(_MUT_JS))
    except pw.Error:
        return -1
