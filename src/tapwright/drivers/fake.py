"""A fake driver: an in-memory screen that reacts to clicks and typing, for tests and demos."""

from __future__ import annotations

import dataclasses
import json
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.core.result import Screenshot
from tapwright.drivers.base import Driver, MouseButton
from tapwright.errors import DriverError, ErrorCode

_EDITABLE = {"textbox", "searchbox", "combobox", "spinbutton"}


@dataclass(slots=True)
class FakeEvent:
    kind: str
    x: float | None = None
    y: float | None = None
    text: str | None = None
    ref: str | None = None


def demo_screen() -> UiTree:
    """A small login screen used by examples and tests."""

    def el(ref: str, role: str, name: str, x: int, y: int, w: int, h: int, **attrs: str) -> Element:
        editable = role in _EDITABLE
        return Element(
            ref=ref, role=role, name=name, attrs=attrs, rect=Rect(x, y, w, h),
            value="" if editable else None,
            state=ElementState(editable=editable, checked=False if role == "checkbox" else None),
        )  # fmt: skip

    return UiTree(
        elements=(
            el("e1", "heading", "Sign in", 40, 20, 300, 40),
            el("e2", "textbox", "Username", 40, 90, 300, 32, label="Username", placeholder="you@example.com"),
            el("e3", "textbox", "Password", 40, 150, 300, 32, label="Password", type="password"),
            el("e4", "checkbox", "Remember me", 40, 200, 20, 20),
            el("e5", "button", "Log in", 40, 250, 120, 40, color="blue"),
            el("e6", "button", "Cancel", 180, 250, 120, 40, color="gray"),
            el("e7", "link", "Forgot password?", 40, 310, 160, 20),
        ),
        url="fake://login",
        title="Sign in",
        width=400,
        height=360,
        source="fake",
    )


@dataclass
class FakeDriver(Driver):
    """An in-memory screen. Clicking focuses or toggles the element under the pointer;
    typing sets the focused element's value. Every action is recorded in ``events``."""

    tree: UiTree = field(default_factory=demo_screen)
    events: list[FakeEvent] = field(default_factory=list)
    focused: str | None = None
    closed: bool = False
    kind: str = "fake"

    @classmethod
    def from_file(cls, path: str | Path) -> FakeDriver:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            return cls(tree=UiTree.from_dict(data))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise DriverError(ErrorCode.INVALID_INPUT, f"cannot load fake screen {path}: {exc}") from exc

    def _check(self) -> None:
        if self.closed:
            raise DriverError(ErrorCode.BROWSER_CRASHED, "the fake screen was closed")

    def element_at(self, x: float, y: float) -> Element | None:
        hits = [e for e in self.tree.elements if e.rect and e.state.visible and e.rect.contains(x, y)]
        return min(hits, key=lambda e: e.rect.area if e.rect else 0.0) if hits else None

    def _replace(self, new: Element) -> None:
        self.tree = dataclasses.replace(
            self.tree, elements=tuple(new if e.ref == new.ref else e for e in self.tree.elements)
        )

    async def snapshot(self) -> UiTree:
        self._check()
        return self.tree

    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        self._check()
        if not (0 <= x <= max(self.tree.width, 1) and 0 <= y <= max(self.tree.height, 1)):
            raise DriverError(ErrorCode.INVALID_INPUT, f"({x:.0f},{y:.0f}) is outside the {self.tree.width}x{self.tree.height} screen")
        target = self.element_at(x, y)
        kind = {"left": "click", "right": "right_click", "middle": "middle_click"}[button]
        self.events.append(FakeEvent(kind if count == 1 else "double_click", x, y, ref=target.ref if target else None))
        if target is None:
            return
        if not target.state.enabled:
            raise DriverError(ErrorCode.NOT_INTERACTABLE, f"{target.role} {target.name!r} is disabled")
        self.focused = target.ref
        if target.role in ("checkbox", "switch") and button == "left":
            self._replace(dataclasses.replace(target, state=dataclasses.replace(target.state, checked=not target.state.checked)))

    async def move_to(self, x: float, y: float) -> None:
        self._check()
        self.events.append(FakeEvent("move", x, y))

    async def type_text(self, text: str) -> None:
        self._check()
        target = self.tree.by_ref(self.focused) if self.focused else None
        if target is None or not target.state.editable:
            raise DriverError(ErrorCode.NOT_INTERACTABLE, "nothing editable has focus")
        self.events.append(FakeEvent("type", text=f"<{len(text)} chars>", ref=target.ref))
        self._replace(dataclasses.replace(target, value=(target.value or "") + text))

    async def press_key(self, key: str) -> None:
        self._check()
        self.events.append(FakeEvent("key", text=key, ref=self.focused))
        target = self.tree.by_ref(self.focused) if self.focused else None
        if target is not None and target.state.editable and key.lower() in ("control+a+backspace", "clear"):
            self._replace(dataclasses.replace(target, value=""))

    async def clear_focused(self) -> None:
        self._check()
        target = self.tree.by_ref(self.focused) if self.focused else None
        if target is not None and target.state.editable:
            self._replace(dataclasses.replace(target, value=""))

    async def screenshot(self, path: str | None = None) -> Screenshot:
        self._check()
        width, height = max(self.tree.width, 1), max(self.tree.height, 1)
        if path:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            Path(path).write_bytes(_blank_png(width, height))
        return Screenshot("image/png", path, width, height)

    async def aclose(self) -> None:
        self.closed = True

    def value_of(self, name: str) -> Any:
        for e in self.tree.elements:
            if e.name == name:
                return e.value if e.value is not None else e.state.checked
        return None


def _blank_png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    row = b"\x00" + b"\xff\xff\xff" * width
    raw = zlib.compress(row * height)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")
