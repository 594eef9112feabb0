"""The desktop driver: an X display's screen, read through AT-SPI or OCR, acted on through XTEST.

One driver is one environment: the apps it launched (closed with it), an X connection for input
and windows, and a screenshot grabber. The display and the AT-SPI reader belong to the runtime.
"""

from __future__ import annotations

import asyncio
import functools
import tempfile
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Concatenate, Literal, ParamSpec, TypeVar

from tapwright.core.element import UiTree
from tapwright.core.result import Screenshot
from tapwright.core.secrets import SecretStore
from tapwright.drivers._secret_boxes import padded, tree_boxes, word_boxes
from tapwright.drivers.base import Driver, MouseButton
from tapwright.drivers.desktop import _merge, apps
from tapwright.drivers.desktop._atspi import to_elements
from tapwright.drivers.desktop.display import display_unreachable
from tapwright.errors import DriverError, ErrorCode, ToolFailure
from tapwright.locator import locate

if TYPE_CHECKING:  # numpy, scipy, mss and python-xlib load when a driver is made, not when tools are listed
    from tapwright.drivers.desktop._atspi import AtspiReader
    from tapwright.drivers.desktop._snapshot import OcrResult
    from tapwright.drivers.desktop.windows import WindowInfo

SnapshotMode = Literal["auto", "atspi", "ocr"]
_SETTLE_S = 1.0
P = ParamSpec("P")
R = TypeVar("R")


def _x_lost_check(
    method: Callable[Concatenate[DesktopDriver, P], Coroutine[Any, Any, R]],
) -> Callable[Concatenate[DesktopDriver, P], Coroutine[Any, Any, R]]:
    """A failure while the X server is gone is DEVICE_LOST, whatever part noticed it first (the
    AT-SPI reader, the screen grabber, a helper program): the step failed because the display died."""

    @functools.wraps(method)
    async def wrapper(self: DesktopDriver, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await method(self, *args, **kwargs)
        except Exception as exc:
            why = self.lost_check()
            if why is None or (isinstance(exc, ToolFailure) and exc.message == why):
                raise
            said = f"{exc.code.value}: {exc.message}" if isinstance(exc, ToolFailure) else f"{type(exc).__name__}: {exc}"
            raise DriverError(ErrorCode.DEVICE_LOST, why, cause=said) from exc

    return wrapper  # type: ignore[return-value]  # functools.wraps keeps the signature


class DesktopDriver(Driver):
    """Drive an X display: snapshot (AT-SPI, OCR or both), pointer and keyboard, windows, apps.

    Args:
        display: The X display name (``":7"``).
        env: The environment apps are started with (DISPLAY, DBUS_SESSION_BUS_ADDRESS ...).
        reader: The runtime's AT-SPI reader, or None when the display has no accessibility bus.
        mode: ``auto`` (AT-SPI when the app exposes controls, OCR otherwise), ``atspi`` or ``ocr``.
        ocr_scale: How much pictures are enlarged for Tesseract (small UI fonts read better at 2);
            None: 2 for areas up to 800x500, else 1.
    """

    kind = "desktop"
    default_wait_s: ClassVar[float | None] = 5.0  # an action or check waits up to 5 s for its element

    def __init__(self, display: str, env: dict[str, str], *, reader: AtspiReader | None = None,
                 mode: SnapshotMode = "auto", ocr_scale: int | None = None, cwd: str | None = None) -> None:  # fmt: skip
        self.display = display
        self.env = env
        self.reader = reader
        self.mode = mode
        self.ocr_scale = ocr_scale
        self.cwd = cwd
        from tapwright.drivers.desktop import _snapshot
        from tapwright.drivers.desktop._capture import Grabber
        from tapwright.drivers.desktop._x11 import XConnection
        from tapwright.drivers.desktop.windows import Windows

        self._snap = _snapshot
        self.x = XConnection.open(display)
        self.windows = Windows(self.x)
        try:
            self.grabber = Grabber(display)
        except BaseException:
            self.x.close()
            raise
        self.apps: list[App] = []
        self.launched: list[int] = []  # every PID this driver started, for leak checks
        self.last_ocr: OcrResult | None = None
        # The last screen fingerprint seen and when; any input sent forgets it (see settle).
        self._seen: tuple[int | None, float] = (None, 0.0)
        # Keys sent and maybe not handled yet: a typed string is a queue of X events the app works
        # through after its D-Bus answer can already go out, so the next snapshot waits for the screen.
        self._typed = False
        self.closed = False
        self.mask_secrets: SecretStore | None = None  # set by the platform: screenshots black out what shows one
        # Why the X server is gone, or None; the runtime sets its own (which knows its Xvfb process).
        self._lost_check: Callable[[], str | None] = functools.partial(display_unreachable, display)

    # -- state -----------------------------------------------------------------------------

    @property
    def lost_check(self) -> Callable[[], str | None]:
        """Why the X server is gone, or None (the screen grabber asks the same)."""
        return self._lost_check

    @lost_check.setter
    def lost_check(self, check: Callable[[], str | None]) -> None:
        self._lost_check = check
        self.grabber.lost_check = check

    @property
    def size(self) -> tuple[int, int]:
        return self.x.size

    def _check(self) -> None:
        if self.closed:
            raise DriverError(ErrorCode.DEVICE_LOST, "the desktop environment was closed")
        self._check_display()
        dead = [a for a in self.apps if not a.alive()]
        if dead and len(dead) == len(self.apps):
            app = dead[0]
            raise DriverError(ErrorCode.BROWSER_CRASHED, f"the app {app.command!r} (pid {app.pid}) {app.describe_exit()}")

    def _check_display(self) -> None:
        """DEVICE_LOST when the X server is gone (its apps die with it: that is not their crash)."""
        why = self.lost_check()
        if why is not None:
            raise DriverError(ErrorCode.DEVICE_LOST, why)

    def _input(self, *, keys: bool = False) -> None:
        """Before sending input: the screen is about to change, so no earlier picture counts as settled.

        ``keys``: typed text or keys, which the next snapshot waits for (see ``_typed``)."""
        self._check()
        self._seen = (None, 0.0)
        self._typed = self._typed or keys

    def _in_screen(self, x: float, y: float) -> None:
        w, h = self.size
        if not (0 <= x < w and 0 <= y < h):
            raise DriverError(ErrorCode.INVALID_INPUT, f"({x:.0f},{y:.0f}) is off the {w}x{h} screen")

    def app_pids(self) -> set[int]:
        pids: set[int] = set()
        for app in self.apps:
            if app.alive():
                pids |= app.pids()
        return pids

    def app_windows(self, *, popups: bool = False, pids: set[int] | None = None) -> list[WindowInfo]:
        """This environment's apps' windows (every window when it launched none), bottom to top."""
        found = self.windows.visible(popups=popups)
        pids = self.app_pids() if pids is None else pids
        if not pids:
            return found
        mine = [w for w in found if w.pid in pids]
        # Popups (menus, drop-down lists) carry no PID: keep those over the app's windows.
        return mine + [w for w in found if w.override_redirect and w.pid == 0] if popups else mine

    # -- snapshot ----------------------------------------------------------------------------

    @_x_lost_check
    async def settle(self, timeout: float = _SETTLE_S) -> None:
        """Wait until two pictures of the screen 40 ms apart are the same (or ``timeout``)."""
        deadline = time.monotonic() + timeout
        last = self._snap.screen_hash(self.grabber)
        seen, at = self._seen
        if last == seen and time.monotonic() - at >= 0.04:
            self._seen = (last, at)
            return  # the same picture as one seen at least 40 ms ago, with nothing done since
        while time.monotonic() < deadline:
            await asyncio.sleep(0.04)
            now = self._snap.screen_hash(self.grabber)
            if now == last:
                self._seen = (now, time.monotonic())
                return
            last = now

    @_x_lost_check
    async def snapshot(self) -> UiTree:
        """The screen as a UiTree: the apps' accessible tree when they expose one, else (or for
        unnamed controls) what OCR reads in the picture.

        An accessible tree is read at once after a click: it is the apps' state, which their own
        handlers update before they answer (a button's fading highlight changes pixels, not the tree).
        After typed text or keys it is read once the screen has settled: the app may still be working
        through the key events when its D-Bus answer goes out. A picture for OCR is always taken
        only once the screen has stopped changing (see :meth:`settle`).
        """
        self._check()
        if self._typed:
            await self.settle()
            self._typed = False
        app_pids = self.app_pids()
        wins = self.app_windows(popups=True, pids=app_pids)
        source = "ocr"
        elements = []
        if self.mode != "ocr" and self.reader is not None:
            nodes, _ms = await asyncio.to_thread(self.reader.nodes, sorted(app_pids) or None)
            elements = self._snap.occlude(_merge.name_from_labels(to_elements(nodes)), [w for w in wins if not w.override_redirect])
            if not any(e.interactive for e in elements):
                elements = []
            else:
                source = "atspi"
                if _merge.unnamed(elements):
                    ocr = await self._ocr(wins)
                    elements = _merge.name_from_ocr(elements, ocr.elements)
                    source = "atspi+ocr"
        elif self.mode == "atspi":
            raise DriverError(ErrorCode.DRIVER_ERROR, "snapshot mode 'atspi' needs the AT-SPI reader, which is not running")
        if not elements:
            if self.mode == "atspi":
                raise DriverError(ErrorCode.ELEMENT_NOT_FOUND, "the accessibility tree of the app is empty (does it expose AT-SPI?)")
            ocr = await self._ocr(wins)
            elements = self._snap.window_elements([w for w in wins if not w.override_redirect]) + ocr.elements
        top = next((w for w in reversed(wins) if not w.override_redirect), None)
        w, h = self.size
        return UiTree(tuple(self._snap.number(elements)), url=f"x11:{self.display}", title=top.title if top else "", width=w, height=h, source=source)

    async def _ocr(self, wins: list[WindowInfo]) -> OcrResult:
        # A hovered widget is drawn highlighted, which misleads the picture's reading: park the
        # pointer in the screen's corner first when it is over an app window.
        pointer = self.x.pointer()
        if any(w.rect.contains(*pointer) for w in wins):
            w, h = self.size
            self.x.move(w - 1, h - 1)
        await self.settle()
        self.last_ocr = await self._snap.ocr_elements(self.grabber, wins, self.size, scale=self.ocr_scale)
        return self.last_ocr

    async def box(self, target: str) -> dict[str, Any]:
        # One look, unless a wait was set (a run's --timeout, a file's or a step's timeout:): then the
        # screen is read again until the element is there or the wait is over.
        deadline = time.monotonic() + (self._wait_s or 0.0)
        while True:
            tree = await self.snapshot()
            try:
                found = locate(tree, target)
                break
            except ToolFailure as exc:
                if exc.code is not ErrorCode.ELEMENT_NOT_FOUND or time.monotonic() >= deadline:
                    failure = self.explain(exc, tree)
                    failure.waited = self._wait_s is not None and exc.code is ErrorCode.ELEMENT_NOT_FOUND
                    raise failure from None
            await asyncio.sleep(0.1)
        rect = found.element.rect
        if rect is None:
            raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} has no position on screen")
        out: dict[str, Any] = rect.to_dict()
        out.update({"ref": found.element.ref, "role": found.element.role, "name": found.element.name, "source": tree.source})
        return out

    def explain(self, exc: ToolFailure, tree: UiTree) -> ToolFailure:
        """Add what OCR read to a not-found failure on an OCR screen."""
        if exc.code is not ErrorCode.ELEMENT_NOT_FOUND or "ocr" not in tree.source or self.last_ocr is None:
            return exc
        read = self.last_ocr.read
        said = "OCR read nothing on the screen" if not read else "OCR read: " + "; ".join(repr(t) for t in read[:30])
        if not read and self.last_ocr.weak:
            said += f" (and {len(self.last_ocr.weak)} words too faint to trust: {' '.join(self.last_ocr.weak[:15])})"
        data = dict(exc.data) if isinstance(exc.data, dict) else {}
        data["ocr_read"] = read
        return ToolFailure(exc.code, f"{exc.message} — {said}", data=data, cause=exc.cause)

    # -- input -----------------------------------------------------------------------------

    @_x_lost_check
    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        self._input()
        self._in_screen(x, y)
        self.x.click(round(x), round(y), button, count)

    @_x_lost_check
    async def move_to(self, x: float, y: float) -> None:
        self._input()
        self._in_screen(x, y)
        self.x.move(round(x), round(y))

    @_x_lost_check
    async def drag(self, x1: float, y1: float, x2: float, y2: float) -> None:
        """Press at (x1, y1), move to (x2, y2) in steps, release."""
        self._input()
        self._in_screen(x1, y1)
        self._in_screen(x2, y2)
        await asyncio.to_thread(self.x.drag, round(x1), round(y1), round(x2), round(y2))

    @_x_lost_check
    async def scroll(self, direction: str, clicks: int, x: float | None = None, y: float | None = None) -> None:
        """Turn the wheel ``clicks`` notches (up, down, left, right), at (x, y) when given."""
        self._input()
        if x is not None and y is not None:
            self._in_screen(x, y)
            self.x.move(round(x), round(y))
        self.x.scroll(direction, clicks)

    @_x_lost_check
    async def type_text(self, text: str) -> None:
        self._input(keys=True)
        await asyncio.to_thread(self.x.type_text, text)

    @_x_lost_check
    async def press_key(self, key: str) -> None:
        self._input(keys=True)
        self.x.combo(key)

    @_x_lost_check
    async def screenshot(self, path: str | None = None) -> Screenshot:
        if self.closed:
            raise DriverError(ErrorCode.DEVICE_LOST, "the desktop environment was closed")
        self._check_display()
        if self._typed:  # keys still queued for the app: the picture shows what they typed (and is masked)
            await self.settle()
        pic = self.grabber.rgb()
        if self.mask_secrets is not None and self.mask_secrets.values():
            pic = await self._masked(pic, self.mask_secrets)
        if path is None:
            path = tempfile.mkstemp(prefix="tapwright-desktop-", suffix=".png")[1]
        from tapwright.drivers.desktop._capture import write_png

        await asyncio.to_thread(write_png, pic, path)
        return Screenshot("image/png", path, int(pic.shape[1]), int(pic.shape[0]))

    async def _masked(self, pic: Any, secrets: SecretStore) -> Any:
        """``pic`` with every box that shows a secret painted black: elements of the accessible tree
        (or the OCR snapshot) whose text shows one, and runs of words OCR reads in this very picture."""
        from tapwright.drivers.desktop import _capture, _ocr

        boxes = tree_boxes(await self.snapshot(), secrets)
        sure, unsure = await asyncio.to_thread(_ocr.read_words, _capture.gray(pic))
        for words in (sure, unsure):  # a secret read with low confidence is masked too
            boxes += word_boxes([(w.text, (w.x, w.y, w.w, w.h)) for w in words], secrets)
        if not boxes:
            return pic
        pic = pic.copy()
        for x, y, w, h in padded(boxes, int(pic.shape[1]), int(pic.shape[0])):
            pic[y:y + h, x:x + w] = 0
        return pic

    @_x_lost_check
    async def mark(self) -> object:
        return self._snap.screen_hash(self.grabber)

    @_x_lost_check
    async def changed(self, mark: object, wait: float = 0.25) -> bool | None:
        deadline = time.monotonic() + wait
        while True:
            now = self._snap.screen_hash(self.grabber)
            if now != mark:
                self._seen = (now, time.monotonic())
                return True
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.01)

    # -- apps and windows ------------------------------------------------------------------------

    async def launch(self, command: str | Sequence[str], *, wait_for_window: bool = True, title: str | None = None,
                     timeout: float = 20.0, cwd: str | None = None) -> tuple[App, WindowInfo | None]:  # fmt: skip
        """Start an app on the display and (by default) wait for its first window."""
        if self.closed:
            raise DriverError(ErrorCode.DEVICE_LOST, "the desktop environment was closed")
        app = apps.launch(command, self.env, cwd=cwd or self.cwd)
        self.apps.append(app)
        self.launched.append(app.pid)
        if not wait_for_window:
            return app, None
        try:
            win = await apps.wait_window(self.windows, app=app, title=title, timeout=timeout)
        except DriverError:
            await apps.close(app, None, grace=0)
            self.apps.remove(app)
            raise
        await self.settle()
        return app, win

    async def close_app(self, app: App | None = None) -> list[int]:
        """Close one launched app (the last one when None), or raise ELEMENT_NOT_FOUND if there is none."""
        if not self.apps:
            raise DriverError(ErrorCode.ELEMENT_NOT_FOUND, "no app was launched in this environment")
        target = app or self.apps[-1]
        await apps.close(target, self.windows)
        self.apps.remove(target)
        return [target.pid]

    async def wait_window(self, *, title: str | None = None, timeout: float = 10.0) -> WindowInfo:
        self._check()
        return await apps.wait_window(self.windows, title=title, timeout=timeout)

    def window(self, title: str | None) -> WindowInfo:
        """The app window whose title contains ``title`` (the topmost one when None)."""
        wins = self.app_windows()
        if title:
            wins = [w for w in wins if title.casefold() in w.title.casefold()]
        if not wins:
            have = ", ".join(repr(w.title) for w in self.windows.visible()) or "none"
            raise DriverError(ErrorCode.ELEMENT_NOT_FOUND, f"no window titled {title!r}; windows: {have}")
        return wins[-1]

    async def aclose(self) -> None:
        if self.closed:
            return
        for app in list(reversed(self.apps)):
            await apps.close(app, self.windows)
        self.apps.clear()
        self.closed = True
        self.grabber.close()
        self.x.close()


App = apps.App
