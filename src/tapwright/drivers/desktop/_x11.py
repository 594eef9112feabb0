"""One X connection (python-xlib): pointer and keyboard through XTEST, typing any Unicode character.

Characters the keyboard layout cannot type are bound for the moment to spare keycodes (those with
no keysym), typed, and the keycodes are emptied again, as xdotool does.
"""

from __future__ import annotations

import gc
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from Xlib import XK, X, display, error
from Xlib.ext import xtest

from tapwright.drivers.desktop._keys import MODIFIERS, char_keysym, parse_combo
from tapwright.drivers.desktop.errors import map_x_error
from tapwright.errors import DriverError, ErrorCode

_BUTTONS = {"left": 1, "middle": 2, "right": 3}
SCROLL_BUTTONS = {"up": 4, "down": 5, "left": 6, "right": 7}
_MAPPING_SETTLE = 0.02  # let clients see MappingNotify before keys that use a new binding


class XConnection:
    """A python-xlib Display with XTEST input helpers. Not thread-safe: use from one thread."""

    def __init__(self, disp: Any, name: str) -> None:
        self.d = disp
        self.name = name
        self.root = disp.screen().root
        self._keymap: dict[int, list[int]] = {}
        self._spare: list[int] = []
        self._bound: dict[int, int] = {}  # keysym -> spare keycode, least recently used first
        self._load_keymap()

    @classmethod
    def open(cls, name: str) -> XConnection:
        """Connect to display ``name``.

        Raises:
            DriverError: DRIVER_ERROR when the display cannot be opened or lacks XTEST.
        """
        failure: DriverError | None = None
        try:
            disp = display.Display(name)
        except (error.DisplayError, error.ConnectionClosedError, OSError) as exc:
            failure = DriverError(ErrorCode.DRIVER_ERROR, f"cannot open X display {name!r}: {exc}", cause=repr(exc))
        if failure is not None:
            # python-xlib leaves the sockets of a failed connection open; once its exception is gone,
            # collect them quietly here rather than in whatever runs next.
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", ResourceWarning)
                gc.collect()
            raise failure
        if not disp.has_extension("XTEST"):
            disp.close()
            raise DriverError(ErrorCode.DRIVER_ERROR, f"X display {name!r} has no XTEST extension (start Xvfb with +extension XTEST)")
        return cls(disp, name)

    def close(self) -> None:
        try:
            self.unbind_all()
        except DriverError:
            pass  # the display is gone: nothing to give back
        try:
            self.d.close()
        except (error.ConnectionClosedError, OSError):
            pass

    @property
    def size(self) -> tuple[int, int]:
        screen = self.d.screen()
        return int(screen.width_in_pixels), int(screen.height_in_pixels)

    def atom(self, name: str) -> int:
        return int(self.d.intern_atom(name))

    def root_property_text(self, name: str) -> str | None:
        with map_x_error("read a root window property"):
            prop = self.root.get_full_property(self.atom(name), X.AnyPropertyType)
        if prop is None or prop.value is None:
            return None
        value = prop.value
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)

    # -- keyboard mapping ------------------------------------------------------------------

    def _load_keymap(self) -> None:
        first = self.d.display.info.min_keycode
        count = self.d.display.info.max_keycode - first + 1
        rows = self.d.get_keyboard_mapping(first, count)
        self._keymap = {first + i: list(row) for i, row in enumerate(rows)}
        self._spare = [kc for kc, syms in self._keymap.items() if not any(syms)]
        self._by_sym: dict[int, tuple[int, int]] = {}
        for kc, syms in sorted(self._keymap.items()):
            for level, sym in enumerate(syms[:2]):
                if sym and sym not in self._by_sym:
                    self._by_sym[sym] = (kc, level)

    def keycode(self, keysym: int) -> tuple[int, int] | None:
        """(keycode, shift level 0/1) typing ``keysym`` with the current layout, or None."""
        return self._by_sym.get(keysym)

    @contextmanager
    def bound(self, keysyms: list[int]) -> Iterator[dict[int, int]]:
        """Spare keycodes typing ``keysyms`` the layout lacks; yields keysym -> keycode.

        Bindings stay in place after use (until :meth:`unbind_all`): toolkits such as GTK re-read
        the keymap lazily, so a binding removed right after the keystrokes can be gone before the
        app translates them. The least recently used binding is replaced when no spare is left.
        """
        if len(keysyms) > len(self._spare):
            raise DriverError(ErrorCode.DRIVER_ERROR, "the keyboard map has too few spare keycodes to type this text")
        width = max(len(next(iter(self._keymap.values()), [])), 1)
        fresh = [sym for sym in keysyms if sym not in self._bound]
        for sym in keysyms:
            if sym in self._bound:
                self._bound[sym] = self._bound.pop(sym)  # most recently used last
        if fresh:
            taken = set(self._bound.values())
            free = [kc for kc in self._spare if kc not in taken]
            with map_x_error("bind a keysym"):
                for sym in fresh:
                    if not free:
                        old = next(s for s in self._bound if s not in keysyms)
                        free.append(self._bound.pop(old))
                    kc = free.pop(0)
                    self.d.change_keyboard_mapping(kc, [(sym,) * width])
                    self._bound[sym] = kc
                self.d.sync()
            time.sleep(_MAPPING_SETTLE)
        yield {sym: self._bound[sym] for sym in keysyms}

    def unbind_all(self) -> None:
        """Give the spare keycodes back their empty binding."""
        if not self._bound:
            return
        width = max(len(next(iter(self._keymap.values()), [])), 1)
        with map_x_error("unbind keysyms"):
            for kc in self._bound.values():
                self.d.change_keyboard_mapping(kc, [(X.NoSymbol,) * width])
            self.d.sync()
        self._bound.clear()

    # -- input -----------------------------------------------------------------------------

    def pointer(self) -> tuple[int, int]:
        """Where the pointer is on the screen."""
        with map_x_error("read the pointer position"):
            reply = self.root.query_pointer()
        return int(reply.root_x), int(reply.root_y)

    def move(self, x: int, y: int) -> None:
        with map_x_error("move the pointer"):
            xtest.fake_input(self.d, X.MotionNotify, x=int(x), y=int(y))
            self.d.sync()

    def button(self, button: str | int, *, press: bool = True, release: bool = True) -> None:
        code = _BUTTONS[button] if isinstance(button, str) else int(button)
        with map_x_error("press a mouse button"):
            if press:
                xtest.fake_input(self.d, X.ButtonPress, code)
            if release:
                xtest.fake_input(self.d, X.ButtonRelease, code)
            self.d.sync()

    def click(self, x: int, y: int, button: str = "left", count: int = 1) -> None:
        self.move(x, y)
        for _ in range(count):
            self.button(button)

    def drag(self, x1: int, y1: int, x2: int, y2: int, steps: int = 12, pause: float = 0.01) -> None:
        self.move(x1, y1)
        self.button("left", release=False)
        time.sleep(pause)
        for i in range(1, steps + 1):
            self.move(round(x1 + (x2 - x1) * i / steps), round(y1 + (y2 - y1) * i / steps))
            time.sleep(pause)
        self.button("left", press=False)

    def scroll(self, direction: str, clicks: int) -> None:
        for _ in range(clicks):
            self.button(SCROLL_BUTTONS[direction])

    def _key(self, keycode: int, press: bool) -> None:
        xtest.fake_input(self.d, X.KeyPress if press else X.KeyRelease, keycode)

    def combo(self, combo: str) -> None:
        """Press a key or combination ("Control+A"): keys down in order, up in reverse."""
        keysyms = parse_combo(combo)
        missing = [s for s in keysyms if self.keycode(s) is None]
        with self.bound(missing) if missing else _nothing() as extra:
            codes = []
            for sym in keysyms:
                found = self.keycode(sym)
                kc, level = found if found is not None else (extra[sym], 0)
                # A shifted symbol pressed alone ("!") needs Shift; a named key with modifiers does not.
                if level == 1 and XK.keysym_to_string(sym) is not None and sym not in MODIFIERS:
                    shift = self.keycode(XK.XK_Shift_L)
                    if shift is not None:
                        codes.append(shift[0])
                codes.append(kc)
            with map_x_error("press keys"):
                for kc in codes:
                    self._key(kc, True)
                for kc in reversed(codes):
                    self._key(kc, False)
                self.d.sync()

    def type_text(self, text: str, delay: float = 0.0) -> None:
        """Type ``text`` into whatever has focus, binding characters the layout lacks."""
        shift = self.keycode(XK.XK_Shift_L)
        for syms, missing in self._chunks([char_keysym(c) for c in text]):
            with self.bound(missing) if missing else _nothing() as extra, map_x_error("type text"):
                for sym in syms:
                    kc, level = (extra[sym], 0) if sym in extra else self._by_sym[sym]
                    if level == 1 and shift is not None:
                        self._key(shift[0], True)
                    self._key(kc, True)
                    self._key(kc, False)
                    if level == 1 and shift is not None:
                        self._key(shift[0], False)
                    if delay:
                        self.d.sync()
                        time.sleep(delay)
                self.d.sync()

    def _chunks(self, syms: list[int], limit: int = 400) -> Iterator[tuple[list[int], list[int]]]:
        """Runs of keysyms whose missing ones fit the spare keycodes: (keysyms, keysyms to bind)."""
        run: list[int] = []
        missing: list[int] = []
        room = max(len(self._spare), 1)
        for sym in syms:
            lacks = self.keycode(sym) is None and sym not in missing
            if run and (len(run) >= limit or (lacks and len(missing) >= room)):
                yield run, missing
                run, missing = [], []
                lacks = self.keycode(sym) is None
            if lacks:
                missing.append(sym)
            run.append(sym)
        if run:
            yield run, missing


@contextmanager
def _nothing() -> Iterator[dict[int, int]]:
    yield {}
