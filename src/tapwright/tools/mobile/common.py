"""What the mobile tools of Android and iOS share: argument types, the tool collector, and screen queries.

Argument names and types are the same on both platforms so that a plan or a plain-English case runs
unchanged on either: ``package_name`` is a package on Android and a bundle id on iOS; the
``selector_type`` ``content-desc`` is Android's content description and iOS's accessibility label,
``resource-id`` Android's resource id and iOS's accessibility identifier (React Native's ``testID``).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Annotated, Literal, TypeVar

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.element import Element
from tapwright.core.fence import TypedInput
from tapwright.core.result import ToolResult
from tapwright.drivers.mobile import MobileDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.registry import ALIAS_TAG
from tapwright.registry.spec import ToolSpec

Text = Annotated[str, MinLen(1), MaxLen(500)]
Typed = Annotated[str, MaxLen(10_000), TypedInput]
Clip = Annotated[str, MaxLen(10_000), TypedInput]  # put on the clipboard to be pasted into the app: typed text
Package = Annotated[str, MinLen(3), MaxLen(255)]
Selector = Literal["any", "text", "content-desc", "resource-id"]
Coord = Annotated[int, Ge(0), Le(100_000)]
Distance = Annotated[int, Ge(-20_000), Le(20_000)]
Duration = Annotated[int, Ge(50), Le(10_000)]
_FIRST_KEY = re.compile(r"(\r?\n|\t)")  # the first Enter or Tab in typed text

F = TypeVar("F", bound=Callable[..., Awaitable[ToolResult]])


class MobileToolbox:
    """The tools one mobile platform defines for itself, collected by :meth:`tool` into :attr:`specs`.

    Example::

        tools = MobileToolbox("android")

        @tools.tool([r"\\bforce[- ]?stop\\b"], idempotent=True)
        async def force_stop_app(driver: AndroidDriver, package_name: Package) -> ToolResult: ...
    """

    def __init__(self, platform: str) -> None:
        self.platform = platform
        self.specs: list[ToolSpec] = []

    def tool(
        self,
        triggers: list[str],
        timeout_ms: int = 30_000,
        *,
        read_only: bool | None = None,
        idempotent: bool | None = None,
        destructive: bool | None = None,
        open_world: bool = False,
        aliases: tuple[str, ...] = (),
    ) -> Callable[[F], F]:
        """Make a tool: the function's signature and docstring become its manifest; its effects are declared.

        Only a tool that may load an address it is given is ``open_world``. ``aliases``: other names it answers to.
        """

        def wrap(func: F) -> F:
            self.specs.append(spec_from_function(func, category=self.platform, triggers=triggers, dependencies=[self.platform],
                                                 timeout_ms=timeout_ms, read_only=read_only, idempotent=idempotent,
                                                 destructive=destructive, open_world=open_world,
                                                 tags=[ALIAS_TAG + f"{self.platform}.{a}" for a in aliases]))  # fmt: skip
            return func

        return wrap


async def type_into(driver: MobileDriver, x: int, y: int, element: Element | None, text: str, hide: bool) -> None:
    """Tap the field, empty it, type, read it back (up to the first Enter or Tab), put the keyboard away."""
    if element is not None and not element.state.editable:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"{element.role} {element.name or element.text!r} is not an editable "
                          "field: tap it, or describe the text field itself")  # fmt: skip
    await driver.click_at(x, y)
    await driver.clear_focused()
    # Text up to the first Enter or Tab is read back: those keys may submit or move the focus.
    head, *keys = _FIRST_KEY.split(text, maxsplit=1)
    await driver.type_text(head)
    await driver.check_field(head)
    if keys:
        await driver.type_text("".join(keys))
    if hide:
        await driver.close_keyboard_after_typing()


async def swipe_by(driver: MobileDriver, vertical: bool, distance: int, duration_ms: int) -> ToolResult:
    """A swipe of ``distance`` (positive: the finger moves up / left, showing what is below / right)."""
    w, h = driver.size or await driver.screen_size()
    span = h if vertical else w
    start = int(span * (0.75 if distance > 0 else 0.25))
    end = max(0, min(span - 1, start - distance))
    mid = (w if vertical else h) // 2
    if vertical:
        await driver.swipe(mid, start, mid, end, duration_ms)
    else:
        await driver.swipe(start, mid, end, mid, duration_ms)
    return ToolResult.success({"from": start, "to": end, "vertical": vertical}, status=f"OK: swiped {start}->{end}")


__all__ = ["Clip", "Coord", "Distance", "Duration", "MobileToolbox", "Package", "Selector", "Text", "Typed", "swipe_by", "type_into"]
