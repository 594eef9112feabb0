"""The narrow driver seam: a handful of async methods and a lifecycle.

Only modules under ``drivers/`` import Playwright, ADB or X11 libraries. Drivers
map their library's exceptions to ErrorCodes at this boundary (raising
:class:`~tapwright.errors.DriverError`) with the original message as ``cause``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Literal

from tapwright.core.context import Resource, ToolContext
from tapwright.core.diagnostics import PageEvent
from tapwright.core.element import UiTree
from tapwright.core.result import Screenshot

MouseButton = Literal["left", "right", "middle"]


class Driver(Resource, ABC):
    """Something with a screen: a browser page, an Android device, an X display."""

    kind: str = "generic"

    @abstractmethod
    async def snapshot(self) -> UiTree:
        """The elements on screen now."""

    @abstractmethod
    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        """Click (or double-click with ``count=2``) at screen coordinates."""

    @abstractmethod
    async def move_to(self, x: float, y: float) -> None:
        """Move the pointer."""

    @abstractmethod
    async def type_text(self, text: str) -> None:
        """Type into whatever has focus."""

    @abstractmethod
    async def press_key(self, key: str) -> None:
        """Press a key or a combination such as ``Control+A``."""

    @abstractmethod
    async def screenshot(self, path: str | None = None) -> Screenshot:
        """Capture the screen, to ``path`` when given."""

    def event_mark(self) -> int:
        """A mark for :meth:`events_since`: page events recorded so far are before it."""
        return 0

    def events_since(self, mark: int) -> list[PageEvent]:
        """Problems the screen reported after ``mark`` (console errors, failed requests ...); none by default."""
        return []

    def take_events(self) -> list[PageEvent]:
        """Problems reported since the previous call (each one is handed out once); none by default."""
        return []

    async def aclose(self) -> None:
        """Release the driver's resources."""

    async def __aenter__(self) -> Driver:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def current_driver(ctx: ToolContext) -> Driver | None:
    """The driver a context already holds (None before a tool started one)."""
    return ctx.find(Driver)  # type: ignore[type-abstract]
