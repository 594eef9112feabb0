"""The iOS platform's action seam: the catalog's actions over an IosDriver (WebDriverAgent).

A target resolves to the element a description means on the current page source, with the point
to tap (its centre, in points). Nothing waits: a check looks at the screen once (wait first with
``ios.wait``). An element not found in a tree cut by WDA's depth limit says to raise it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tapwright.core.element import Element
from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.source import app_tree
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.actions import ActionSeam
from tapwright.tools.ios_common import snapshot_note, swipe_by, type_into

STRONG = 0.95  # a description matched this well names something on screen, not a near miss


@dataclass(slots=True)
class Spot:
    """An element found on a page source, and where to tap it (points)."""

    element: Element
    x: int
    y: int
    snapshot: str  # "reused" or "fresh"


def _texts(*values: str | None) -> list[str]:
    return [" ".join(v.split()).casefold() for v in values if v]


class IosActions(ActionSeam[Spot]):
    """The catalog over an IosDriver."""

    driver: IosDriver
    driver_type = IosDriver
    category = "ios"
    verbs = frozenset({"click", "fill", "clear", "press_key", "scroll", "verify_visible", "verify_not_visible", "verify_text"})
    # No waiting (timeout_ms), no appending (clear), no target or point for a swipe, text anywhere on screen.
    never = frozenset({"timeout_ms", "clear"})
    drops: ClassVar[dict[str, frozenset[str]]] = {
        "press_key": frozenset({"target"}), "scroll": frozenset({"target", "x", "y"}),
        "verify_text": frozenset({"target", "exact"}),
    }  # fmt: skip

    async def resolve(self, target: str, *, wait: bool = True, timeout_ms: int | None = None) -> Spot:
        await self.driver.snapshot()
        note = snapshot_note(self.driver)  # before an action drops the snapshot
        found = await self.driver.find(target)
        r = found.element.rect
        if r is None or not found.element.state.visible:
            raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} is not on screen: scroll to it first (ios.scroll_until_visible)")
        return Spot(found.element, r.center_x, r.center_y, note)

    def describe(self, handle: Spot) -> dict[str, Any]:
        e = handle.element
        return {"ref": e.ref, "role": e.role, "name": e.name, "x": handle.x, "y": handle.y, "snapshot": handle.snapshot}

    async def act(self, verb: str, handle: Spot | None, args: dict[str, Any]) -> dict[str, Any] | None:
        d = self.driver
        if handle is not None:
            if verb == "click":
                await d.click_at(handle.x, handle.y)
            elif verb in ("fill", "clear"):
                await type_into(d, handle.x, handle.y, handle.element, args.get("text", ""), hide=True)
            return None
        if verb == "press_key":
            await d.press_key(args["key"])
            return {}
        if verb == "scroll":
            w, h = d.size or await d.screen_size()
            vertical = args["direction"] in ("up", "down")
            distance = args["amount"] or int((h if vertical else w) * 0.6)
            swiped = await swipe_by(d, vertical, distance if args["direction"] in ("down", "right") else -distance, 300)
            return {**swiped.data, "amount": distance}
        checks = {"verify_visible": self._visible, "verify_not_visible": self._not_visible, "verify_text": self._text}
        return await checks[verb](args)

    async def _visible(self, args: dict[str, Any]) -> dict[str, Any]:
        target = args["target"]
        try:
            found = await self.driver.find(target)
        except ToolFailure as exc:
            if exc.code is ErrorCode.ELEMENT_NOT_FOUND:
                raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is not visible ({exc.message})", data=exc.data) from None
            if exc.code is ErrorCode.AMBIGUOUS:
                return {"matches": len(exc.data["candidates"]) if isinstance(exc.data, dict) else 2}
            raise
        if not found.element.state.visible:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is off screen")
        e = found.element
        return {"matches": 1, "ref": e.ref, "role": e.role, "name": e.name, "snapshot": snapshot_note(self.driver)}

    async def _not_visible(self, args: dict[str, Any]) -> dict[str, Any]:
        target = args["target"]
        tree = app_tree(await self.driver.snapshot())
        phrase = " ".join(target.strip("\"'“”").split()).casefold()
        shown = [e for e in tree if e.state.visible and e.role != "application"
                 and any(phrase in v for v in _texts(e.text, e.name, e.attr("content_desc")))]  # fmt: skip
        if shown:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({shown[0].ref} {shown[0].name or shown[0].text!r})")
        try:
            found = await self.driver.find(target)
        except ToolFailure as exc:
            candidates = exc.data.get("candidates", []) if isinstance(exc.data, dict) else []
            weak = exc.code is ErrorCode.AMBIGUOUS and candidates and all(
                isinstance(c, dict) and float(c.get("score", 1.0)) < STRONG for c in candidates)  # fmt: skip
            if exc.code is ErrorCode.ELEMENT_NOT_FOUND or weak:
                return {"matches": 0}
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible (several matches)", data=exc.data) from None
        if found.element.state.visible and found.score >= STRONG:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{target!r} is visible ({found.describe()})")
        return {"matches": 0, "snapshot": snapshot_note(self.driver)}

    async def _text(self, args: dict[str, Any]) -> dict[str, Any]:
        text = args["text"]
        tree = app_tree(await self.driver.snapshot())
        needle = " ".join(text.split()).casefold()
        hits = [e for e in tree if e.state.visible and any(needle in v for v in _texts(e.text, e.attr("content_desc"), e.value))]
        if not hits:
            raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"the text {text!r} is not on screen")
        return {"matches": len(hits), "snapshot": snapshot_note(self.driver)}
