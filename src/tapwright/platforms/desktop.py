"""The ``desktop`` platform: X11 apps under ``$DISPLAY`` or an own Xvfb, read through AT-SPI or OCR.

A runtime owns the display, the D-Bus session bus, the AT-SPI bus and the AT-SPI reader (each
started only when absent, each stopped by PID on :meth:`DesktopRuntime.aclose`). Each environment
launches the scenario's app (``app:``) and closes it, by PID, when the environment closes.
Environments share the one screen and pointer, so they run one at a time.

Launch settings: ``display`` (``auto`` / ``xvfb`` / ``:N``), ``display_size`` (``1280x800``),
``accessibility`` (start the buses; default true), ``snapshot`` (``auto`` / ``atspi`` / ``ocr``),
``cwd`` (where apps start), ``stack`` and ``reader`` (a running DisplayStack / AtspiReader to share).
Environment settings (test-file keys): ``app``, ``cwd``, ``window``, ``app_timeout``,
``snapshot``, ``display_size``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
from typing import TYPE_CHECKING, Any, ClassVar

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver
from tapwright.errors import DriverError, ErrorCode, UserError
from tapwright.plan.templates import Slot, Table, coordinate_table, locate_then
from tapwright.platforms._action_vocabulary import action_table, state_namer
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime
from tapwright.registry.toolset import Toolset

if TYPE_CHECKING:
    from tapwright.drivers.desktop import DesktopDriver, DisplayStack
    from tapwright.drivers.desktop._atspi import AtspiReader
    from tapwright.tools.actions import ActionSeam

DEFAULT_SIZE = (1280, 800)
_MODES = ("auto", "atspi", "ocr")


def parse_size(value: Any) -> tuple[int, int]:
    """``"1280x800"``, ``[1280, 800]`` or ``(1280, 800)`` -> (1280, 800).

    Raises:
        UserError: anything else.
    """
    try:
        if isinstance(value, str):
            w, h = value.lower().replace("×", "x").split("x")
            return int(w), int(h)
        w, h = value
        return int(w), int(h)
    except (ValueError, TypeError):
        raise UserError(f"display_size must look like 1280x800, not {value!r}") from None


class DesktopRuntime(Runtime):
    """The display, buses and AT-SPI reader for one run; one environment (app) at a time."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        # A running stack / reader to share (tests, a long-lived MCP server): not stopped here.
        self.stack: DisplayStack | None = options.settings.get("stack")
        self.reader: AtspiReader | None = options.settings.get("reader")
        self._owned = self.stack is None
        self.reader_error = ""
        self.started_pids: list[int] = []
        self.restarts: list[str] = []  # why each earlier display stack was replaced (its X server died)
        self._lock: asyncio.Lock | None = None
        self._start_lock: asyncio.Lock | None = None

    def _size(self, own: dict[str, Any]) -> tuple[int, int]:
        raw = own.get("display_size") or self.options.settings.get("display_size")
        return parse_size(raw) if raw else DEFAULT_SIZE

    async def display(self, size: tuple[int, int] | None = None) -> DisplayStack:
        """The run's display stack, started on first use, and started again when its X server died.

        Raises:
            DriverError: DEVICE_LOST when a display the runtime did not start (``$DISPLAY``, a shared
                stack) is gone: it cannot be started again from here.
        """
        from tapwright.drivers.desktop import DisplayOptions, DisplayStack

        if self._start_lock is None:
            self._start_lock = asyncio.Lock()
        async with self._start_lock:
            if self.stack is not None:
                why = await asyncio.to_thread(self.stack.gone)
                if why is not None:
                    if not self._owned or not self.stack.own_xvfb:
                        raise DriverError(ErrorCode.DEVICE_LOST, f"{why}; it was not started by tapwright, so it cannot be "
                                          "started again: start it (or let tapwright start Xvfb: display: xvfb)")  # fmt: skip
                    self.restarts.append(why)
                    await self._stop_stack()  # its buses and reader served the dead server: all of it goes
            if self.stack is None:
                settings = self.options.settings
                opts = DisplayOptions(display=str(settings.get("display", "auto")), size=size or DEFAULT_SIZE,
                                      accessibility=bool(settings.get("accessibility", True)))  # fmt: skip
                self.stack = await asyncio.to_thread(DisplayStack.start, opts)
                self.started_pids += self.stack.pids
                if opts.accessibility and self.stack.bus_address:
                    await self._start_reader(self.stack)
            return self.stack

    def lost(self, stack: DisplayStack) -> str | None:
        """Why ``stack``'s X server is gone, saying what happens next, or None while it answers."""
        why = stack.gone()
        if why is None:
            return None
        if self._owned and stack.own_xvfb:
            return f"{why}: the desktop session is lost; the next scenario starts a new X server"
        return f"{why}: the desktop session is lost"

    async def _start_reader(self, stack: DisplayStack) -> None:
        from tapwright.drivers.desktop._atspi import AtspiReader

        try:
            self.reader = await asyncio.to_thread(AtspiReader.start, stack.child_env())
            self.started_pids.append(self.reader.pid)
        except DriverError as exc:  # no PyGObject: snapshots use OCR only
            self.reader_error = exc.message

    async def open(self, options: EnvOptions) -> PlatformEnv:
        from tapwright.drivers.desktop import DesktopDriver

        own = options.settings
        mode = str(own.get("snapshot") or self.options.settings.get("snapshot") or "auto")
        if mode not in _MODES:
            raise DriverError(ErrorCode.INVALID_INPUT, f"snapshot must be one of {', '.join(_MODES)}, not {mode!r}")
        size = self._size(own)
        if self._lock is None:
            self._lock = asyncio.Lock()
        await self._lock.acquire()  # first: the display is checked (and replaced) only between environments
        try:
            stack = await self.display(size)
            if stack.own_xvfb and "display_size" in own:
                from tapwright.drivers.desktop._x11 import XConnection

                conn = await asyncio.to_thread(XConnection.open, stack.display)
                have = conn.size
                conn.close()
                if have != size:
                    raise DriverError(ErrorCode.INVALID_INPUT, f"the run's display is {have[0]}x{have[1]}; a scenario cannot ask for {size[0]}x{size[1]}")
            cwd = own.get("cwd") or self.options.settings.get("cwd")
            driver = await asyncio.to_thread(DesktopDriver, stack.display, stack.child_env(), reader=self.reader,
                                             mode=mode, cwd=str(cwd) if cwd else None)  # type: ignore[arg-type]  # fmt: skip
        except BaseException:
            self._lock.release()
            raise
        try:
            app = own.get("app")
            if app:
                timeout = float(own.get("app_timeout", 20))
                try:
                    await driver.launch(app, title=own.get("window") or None, timeout=timeout)
                finally:
                    self.started_pids += driver.launched
        except BaseException:
            with contextlib.suppress(Exception):
                await driver.aclose()
            self._lock.release()
            raise
        driver.mask_secrets = options.secrets  # screenshots black out what shows a secret (tree and OCR)
        driver.lost_check = functools.partial(self.lost, stack)

        async def lost() -> str | None:
            return await asyncio.to_thread(self.lost, stack)

        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=self._closer(driver), lost=lost,
                           dead=lost)  # fmt: skip

    def _closer(self, driver: DesktopDriver) -> Any:
        async def close() -> None:
            try:
                await driver.aclose()
            finally:
                self.started_pids += [p for p in driver.launched if p not in self.started_pids]
                if self._lock is not None and self._lock.locked():
                    self._lock.release()

        return close

    async def aclose(self) -> None:
        if not self._owned:
            return
        await self._stop_stack()

    async def _stop_stack(self) -> None:
        """Stop the reader and the display stack, by PID."""
        if self.reader is not None:
            reader, self.reader = self.reader, None
            await asyncio.to_thread(reader.close)
        if self.stack is not None:
            stack, self.stack = self.stack, None
            await asyncio.to_thread(stack.close)


class DesktopPlatform(Platform):
    """X11 desktop applications."""

    name: ClassVar[str] = "desktop"
    description: ClassVar[str] = "Drive X11 desktop apps (Xvfb or $DISPLAY): AT-SPI or OCR, XTEST mouse and keyboard"
    option_keys: ClassVar[frozenset[str]] = frozenset({"app", "cwd", "window", "app_timeout", "snapshot", "display_size", "timeout"})
    needs_cap: ClassVar[bool] = True

    @property
    def driver_type(self) -> type[Driver]:
        from tapwright.drivers.desktop import DesktopDriver

        return DesktopDriver

    def toolset(self) -> Toolset:
        from tapwright.tools.desktop import toolset

        return toolset()

    def runtime(self, options: LaunchOptions) -> Runtime:
        return DesktopRuntime(options)

    def vocabulary(self) -> Table:
        """The locate-then-act chain for pointer verbs; the waiting desktop tools for the rest."""
        ns = self.name
        table = coordinate_table(ns)
        table.update(action_table(ns, self.action_seam(), convert={"state": state_namer(ns)}, only=_CATALOG_VERBS))
        table.update({
            "wait": [{"tool": f"{ns}.wait", "args": {"seconds": Slot("seconds")}}],
            "wait_for": [{"tool": f"{ns}.wait_for", "args": {"target": Slot("target"), "text": Slot("text"), "state": Slot("state")}}],
            "hover": locate_then(ns, "move_to"),
            "navigate": "a desktop app has no URL to open; launch it with `app:` in the test file",
        })  # fmt: skip
        return table

    def action_seam(self) -> type[ActionSeam[Any]]:
        from tapwright.tools.desktop_seam import DesktopActions

        return DesktopActions

    def check_settings(self, settings: Any) -> dict[str, Any]:
        out = super().check_settings(settings)
        if "display_size" in out:
            out["display_size"] = parse_size(out["display_size"])
        if "snapshot" in out and out["snapshot"] not in _MODES:
            raise UserError(f"snapshot must be one of {', '.join(_MODES)}, not {out['snapshot']!r}")
        if "cwd" in out:
            out["cwd"] = os.fspath(out["cwd"])
        return out


# The catalog verbs the planner sends to the desktop's own tools; pointer verbs (click, fill, press
# a key) go through the locate-then-act chain of the coordinate tools instead.
_CATALOG_VERBS = ("check", "uncheck", "clear", "select", "drag", "scroll", "verify_visible", "verify_not_visible",
                  "verify_text", "verify_state")  # fmt: skip


platform = DesktopPlatform()
