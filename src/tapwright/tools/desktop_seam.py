"""The desktop platform's action seam: the catalog's actions over a DesktopDriver (an X display).

A target resolves on a fresh snapshot (AT-SPI or OCR), waited for up to ``timeout_ms``
(when omitted, the driver's wait: 5 s, or the run's, the file's or the step's ``timeout``); the pointer and keys go through XTEST at the element's centre. Checks
wait too, so they do not fail on a window still drawing.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any, ClassVar

from tapwright.core.element import UiTree
from tapwright.drivers.desktop import DesktopDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate
from tapwright.tools.actions import ActionSeam
from tapwright.tools.desktop_common import center, find, until
from tapwright.tools.desktop_verify import gone, shows_text, state_of, visible

_STATES = frozenset({"checked", "unchecked", "enabled", "disabled", "focused", "selected", "visible", "hidden"})
_NOTCHES = 100  # the most wheel notches one scroll turns


@dataclass(slots=True)
class Found:
    """An element found on a snapshot, where to act on it, and the screen's mark taken while it was looked for."""

    found: Candidate
    tree: UiTree
    x: int
    y: int
    before: object = None


class DesktopActions(ActionSeam[Found]):
    """The catalog over a DesktopDriver."""

    driver: DesktopDriver
    driver_type = DesktopDriver
    category = "desktop"
    verbs = frozenset({
        "click", "double_click", "right_click", "fill", "clear", "check", "uncheck", "select", "drag", "scroll",
        "press_key", "verify_visible", "verify_not_visible", "verify_text", "verify_state",
    })  # fmt: skip
    drops: ClassVar[dict[str, frozenset[str]]] = {"press_key": frozenset({"target"}), "verify_text": frozenset({"gist", "edge"})}

    async def resolve(self, target: str, *, wait: bool = True, timeout_ms: int | None = None) -> Found:
        # The screen's checksum before the action is taken while the snapshot is read (it waits on the
        # reader, not on this thread); again (in mark) when finding the element took retries.
        started = time.monotonic()
        marking = asyncio.ensure_future(self.driver.mark())
        try:
            limit = (self.wait_ms() if timeout_ms is None else timeout_ms) if wait else 0
            found, tree = await until(lambda: find(self.driver, target), limit)
        finally:
            before = await marking
        x, y = center(found)
        return Found(found, tree, x, y, before if time.monotonic() - started <= 0.5 else None)

    def wait_ms(self) -> int:
        """How long an action or a check waits for its element when the call does not say (the driver's wait)."""
        return round(self.driver.wait_s * 1000)

    def describe(self, handle: Found) -> dict[str, Any]:
        e = handle.found.element
        return {"ref": e.ref, "role": e.role, "name": e.name, "x": handle.x, "y": handle.y, "source": handle.tree.source}

    async def mark(self, handle: Found | None) -> object:
        if handle is not None and handle.before is not None:
            return handle.before
        return await self.driver.mark()

    async def act(self, verb: str, handle: Found | None, args: dict[str, Any]) -> dict[str, Any] | None:
        d = self.driver
        if handle is None:
            return await self._untargeted(verb, args)
        x, y = handle.x, handle.y
        if verb in ("click", "double_click", "right_click"):
            await d.click_at(x, y, count=2 if verb == "double_click" else 1, button="right" if verb == "right_click" else "left")
        elif verb in ("fill", "clear"):
            await d.click_at(x, y)
            if verb == "clear" or args["clear"]:
                await d.press_key("Control+A")
                await d.press_key("BackSpace")
            else:
                await d.press_key("End")
            if verb == "fill":
                await d.type_text(args["text"])
        elif verb in ("check", "uncheck"):
            state = handle.found.element.state.checked
            want = verb == "check"
            if state is not want:
                await d.click_at(x, y)
                await asyncio.sleep(0.05)
            return {"was_checked": state, "clicked": state is not want}
        elif verb == "select":
            return await self._choose(handle, args["option"], args.get("timeout_ms", self.wait_ms()))
        elif verb == "drag":
            to: Found = args["to"]
            await d.drag(x, y, to.x, to.y)
            return {"from": {"x": x, "y": y}, "to": {"x": to.x, "y": to.y}}
        return None

    async def _choose(self, handle: Found, option: str, timeout_ms: int) -> dict[str, Any]:
        """Open the drop-down, then click the option in the list that appears."""
        await self.driver.click_at(handle.x, handle.y)
        await asyncio.sleep(0.15)
        for phrase in (f"{option} menu item", option):
            try:
                chosen = await self.resolve(phrase, timeout_ms=timeout_ms)
                break
            except ToolFailure as exc:
                if exc.code is not ErrorCode.AMBIGUOUS:
                    await self.driver.press_key("Escape")
                    raise
        else:  # pragma: no cover - the loop breaks or raises
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no option {option!r}")
        await self.driver.click_at(chosen.x, chosen.y)
        return {"target": handle.found.element.name, "x": chosen.x, "y": chosen.y}

    async def _untargeted(self, verb: str, args: dict[str, Any]) -> dict[str, Any]:
        d, wait = self.driver, args.get("timeout_ms", self.wait_ms())
        if verb == "press_key":
            await d.press_key(args["key"])
            return {}
        if verb == "scroll":
            return await self._scroll(args)
        if verb == "verify_visible":
            return await until(lambda: visible(d, args["target"]), wait)
        if verb == "verify_not_visible":
            return await gone(d, args["target"], wait)
        if verb == "verify_text":
            return await until(lambda: shows_text(d, args["text"], args["target"], args["exact"]), wait)
        if args["state"] not in _STATES:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"the desktop cannot read whether an element is {args['state']}; "
                              f"it reads: {', '.join(sorted(_STATES))}")  # fmt: skip
        return await until(lambda: state_of(d, args["target"], args["state"]), wait)

    async def _scroll(self, args: dict[str, Any]) -> dict[str, Any]:
        amount, x, y = args["amount"] or 3, args["x"], args["y"]
        if amount > _NOTCHES:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"a desktop scroll turns at most {_NOTCHES} wheel notches, not {amount}")
        if args["target"]:
            found, _ = await find(self.driver, args["target"])
            x, y = center(found)
        elif (x is None) != (y is None):
            raise ToolFailure(ErrorCode.INVALID_INPUT, "give both x and y, or neither")
        await self.driver.scroll(args["direction"], amount, x, y)
        return {"direction": args["direction"], "amount": amount, "x": x, "y": y}
