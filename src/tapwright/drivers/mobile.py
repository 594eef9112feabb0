"""The half of a phone driver that Android and iOS share: finding, boxing and reading back elements.

A mobile driver (:class:`~tapwright.drivers.android.driver.AndroidDriver` over adb,
:class:`~tapwright.drivers.ios.driver.IosDriver` over WebDriverAgent) keeps its last parsed screen
until an action changes it, taps at points of that screen and types into the focused field. What
differs is only the wire (adb shell commands, WDA routes) and the tree parser (a uiautomator dump,
a WDA page source); both give the methods below, which the mobile tools and the mobile action
seam (:mod:`tapwright.tools.mobile`) use and nothing else.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from tapwright.core.element import Element, UiTree
from tapwright.drivers.base import Driver
from tapwright.errors import DriverError, ErrorCode, ToolFailure
from tapwright.locator import Candidate


class MobileDriver(Driver):
    """A phone or tablet: a kept screen, taps at points, typing into the focused field.

    Attributes:
        size: The screen (pixels on Android, points on iOS); (0, 0) until known.
        reused: Whether the latest snapshot reused the kept screen ("reused") or read it again ("fresh").
        scenario_started: Whether the run's first action (``start_testing_scenario``) has been done.
        on_close: Called when the driver closes (whoever leased the device frees it).
        unit: What the screen's coordinates count in the messages ("" for pixels, "-point").
        scroll_hint: The tool a NOT_VISIBLE target is brought on screen with, named in its message.
    """

    unit: ClassVar[str] = ""
    scroll_hint: ClassVar[str] = ""
    # One look at the screen by default (wait with <platform>.wait); a run's, a file's or a step's timeout
    # makes actions and checks look again until their element is there, or the check holds.
    default_wait_s: ClassVar[float | None] = 0.0

    size: tuple[int, int]
    reused: bool
    scenario_started: bool
    on_close: Callable[[], Awaitable[None]] | None
    _boxes: dict[tuple[int, str], tuple[UiTree, dict[str, Any]]]
    _dirty: bool

    # -- what each platform gives -------------------------------------------------------------

    @abstractmethod
    async def find(self, description: str) -> Candidate:
        """The element ``description`` means on screen (the keyboard excluded).

        Raises:
            ToolFailure: ELEMENT_NOT_FOUND or AMBIGUOUS (with candidates).
        """

    async def quick_find(self, description: str) -> Candidate | None:
        """What :meth:`find` would answer for a tap, found without reading the whole screen; None when only
        :meth:`find` can tell (then it decides, and explains a refusal). A platform whose device can answer
        a search for the few elements that matter (iOS, WDA's own find) overrides this."""
        return None

    @abstractmethod
    def app_tree(self, tree: UiTree) -> UiTree:
        """``tree`` without the soft keyboard's keys: what descriptions and texts are looked for in."""

    @abstractmethod
    async def screen_size(self) -> tuple[int, int]:
        """The screen's size, asked of the device."""

    @abstractmethod
    async def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        """A finger from (x1, y1) to (x2, y2), clamped to the screen."""

    @abstractmethod
    async def long_press(self, x: float, y: float, duration_ms: int = 800) -> None:
        """Touch and hold at a point."""

    @abstractmethod
    async def launch(self, app: str) -> str:
        """Launch an app and verify it is in front; a status."""

    @abstractmethod
    async def hide_keyboard(self) -> bool:
        """Hide the soft keyboard and check that it went; False when none was shown.

        Raises:
            DriverError: DRIVER_ERROR when it stays.
        """

    @abstractmethod
    async def close_keyboard_after_typing(self) -> None:
        """Put the keyboard away after typing into a field, when it shows (no check that it went)."""

    async def not_found_hint(self) -> str:
        """What to add to a "no element matches" message (iOS: the depth limit cut the tree); "" by default."""
        return ""

    # -- what they share ------------------------------------------------------------------------

    def invalidate(self) -> None:
        """Forget the kept screen (it may have changed by itself: a timer, an animation)."""
        self._dirty = True

    def snapshot_note(self) -> str:
        """Whether the latest snapshot reused the kept screen: ``"reused"`` or ``"fresh"``."""
        return "reused" if self.reused else "fresh"

    def check_point(self, x: float, y: float) -> None:
        """Raises INVALID_INPUT for a point off the screen."""
        w, h = self.size
        if w and h and not (0 <= x < w and 0 <= y < h):
            raise DriverError(ErrorCode.INVALID_INPUT, f"({round(x)},{round(y)}) is off the {w}x{h}{self.unit} screen")

    async def move_to(self, x: float, y: float) -> None:
        self.check_point(x, y)  # a touch screen has no hover: nothing to do once the point is valid

    async def box(self, target: str) -> dict[str, Any]:
        quick = await self.quick_find(target)
        rect = quick.element.rect if quick is not None else None
        if quick is not None and rect is not None:
            return {**rect.to_dict(), "ref": quick.element.ref, "role": quick.element.role, "name": quick.element.name}
        tree = await self.snapshot()
        key = (id(tree), target)
        cached = self._boxes.get(key)
        if cached is not None and cached[0] is tree:
            return dict(cached[1])  # the same snapshot, the same description: the same answer
        found = await self.find(target)
        rect = found.element.rect
        if rect is None or not found.element.state.visible:
            raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} is not on screen: scroll to it first ({self.scroll_hint})")
        out: dict[str, Any] = rect.to_dict()
        out.update({"ref": found.element.ref, "role": found.element.role, "name": found.element.name})
        if len(self._boxes) > 64:
            self._boxes.clear()
        self._boxes[key] = (tree, out)
        return dict(out)

    async def focused_field(self) -> Element | None:
        """The editable field that has focus, read from a fresh screen (None when no field has it)."""
        self.invalidate()
        return next((e for e in await self.snapshot() if e.state.focused and e.state.editable), None)


def field_length(field: Element | None) -> int:
    """How many characters a field holds (its exact length, a password's too); 0 for no field."""
    return int(field.attr("value_length") or 0) if field is not None else 0


__all__ = ["MobileDriver", "field_length"]
