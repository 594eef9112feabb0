"""The ``toy`` platform: a screen with three buttons (Start, Pause, Stop) and a line saying which was pressed last.

Everything a platform declares, in one module (see docs/contributing/adding-a-platform.md):
a Driver, a toolset, a Runtime that opens one isolated environment per scenario, and the
Platform declaration that the ``tapwright.platforms`` entry point names.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import ClassVar

from tapwright.core.context import ToolContext
from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.core.result import Screenshot
from tapwright.drivers.base import Driver, MouseButton
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.platforms import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime
from tapwright.registry.decorator import spec_from_function
from tapwright.registry.toolset import Toolset
from tapwright.tools.coords import coordinate_tools

BUTTONS = ("Start", "Pause", "Stop")
WIDTH, HEIGHT = 360, 200


class ToyScreen(Driver):
    """The toy's driver: three buttons in a row; a click inside one presses it."""

    kind = "toy"

    def __init__(self) -> None:
        self.pressed: list[str] = []
        self.typed = ""

    def _buttons(self) -> list[tuple[str, Rect]]:
        return [(name, Rect(20 + 110 * i, 40, 100, 40)) for i, name in enumerate(BUTTONS)]

    async def snapshot(self) -> UiTree:
        elements = [
            Element(ref=f"e{i + 1}", role="button", name=name, rect=rect, state=ElementState())
            for i, (name, rect) in enumerate(self._buttons())
        ]
        status = f"Last pressed: {self.pressed[-1]}" if self.pressed else "Nothing pressed yet"
        elements.append(Element(ref="e4", role="text", name=status, text=status, rect=Rect(20, 120, 320, 20), state=ElementState()))
        return UiTree(tuple(elements), url="toy://screen", title="Toy", width=WIDTH, height=HEIGHT, source="toy")

    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        if not (0 <= x <= WIDTH and 0 <= y <= HEIGHT):
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"({x:.0f},{y:.0f}) is outside the {WIDTH}x{HEIGHT} toy screen")
        for name, rect in self._buttons():
            if rect.x <= x <= rect.x + rect.width and rect.y <= y <= rect.y + rect.height:
                self.pressed.append(name)

    async def move_to(self, x: float, y: float) -> None:
        return None

    async def type_text(self, text: str) -> None:
        self.typed += text

    async def press_key(self, key: str) -> None:
        return None

    async def screenshot(self, path: str | None = None) -> Screenshot:
        raw = b"".join(b"\x00" + b"\xff\xff\xff" * WIDTH for _ in range(HEIGHT))
        chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))  # noqa: E731
        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0))
        png += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
        if path:
            Path(path).write_bytes(png)
        return Screenshot("image/png", path, WIDTH, HEIGHT)


async def pressed(screen: ToyScreen) -> dict[str, list[str]]:
    """Which buttons were pressed, in order."""
    return {"pressed": list(screen.pressed)}


class ToyRuntime(Runtime):
    """Nothing to start: each environment is a fresh toy screen."""

    async def open(self, options: EnvOptions) -> PlatformEnv:
        screen = ToyScreen()
        return PlatformEnv(ToolContext([screen], secrets=options.secrets), screen)


class ToyPlatform(Platform):
    name: ClassVar[str] = "toy"
    description: ClassVar[str] = "a toy screen with three buttons (a third-party platform example)"

    @property
    def driver_type(self) -> type[Driver]:
        return ToyScreen

    def toolset(self) -> Toolset:
        own = spec_from_function(pressed, category="toy", triggers=[r"\bpressed\b"], dependencies=["toy"], read_only=True)
        return Toolset("toy", [*coordinate_tools(ToyScreen, category="toy"), own], self.description)

    def runtime(self, options: LaunchOptions) -> Runtime:
        return ToyRuntime()


platform = ToyPlatform()
