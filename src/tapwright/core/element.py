"""Driver-independent values: Rect, Element and UiTree."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Rect:
    """A bounding box in screen or viewport pixels."""

    __schema_properties__: ClassVar[tuple[str, ...]] = ("center_x", "center_y")

    x: float
    y: float
    width: float
    height: float

    @property
    def center_x(self) -> int:
        return round(self.x + self.width / 2)

    @property
    def center_y(self) -> int:
        return round(self.y + self.height / 2)

    @property
    def area(self) -> float:
        return max(self.width, 0.0) * max(self.height, 0.0)

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.width and self.y <= y <= self.y + self.height

    def to_dict(self) -> dict[str, Any]:
        return {
            "x": round(self.x),
            "y": round(self.y),
            "width": round(self.width),
            "height": round(self.height),
            "center_x": self.center_x,
            "center_y": self.center_y,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rect:
        return cls(float(data["x"]), float(data["y"]), float(data["width"]), float(data["height"]))


@dataclass(frozen=True, slots=True)
class ElementState:
    visible: bool = True
    enabled: bool = True
    checked: bool | None = None
    selected: bool | None = None
    focused: bool = False
    editable: bool = False
    expanded: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__slots__ if getattr(self, k) is not None}


@dataclass(frozen=True, slots=True)
class Element:
    """One element of a screen or page, as every driver's ``snapshot()`` reports it.

    ``attrs`` holds what helps to find it: ``id``, ``test_id``, ``label``,
    ``placeholder``, ``title``, ``alt``, ``href``, ``tag``, ``type``,
    Android ``resource_id`` and ``content_desc``, computed ``color``, ``dir`` (``"rtl"`` when
    the element's text runs right to left) ...
    ``parent`` and ``context`` tie it to its container (dialog, form, row, frame).
    """

    ref: str
    role: str
    name: str = ""
    text: str = ""
    value: str | None = None
    attrs: dict[str, str] = field(default_factory=dict)
    state: ElementState = field(default_factory=ElementState)
    rect: Rect | None = None
    parent: str | None = None
    context: tuple[str, ...] = ()
    interactive: bool = True

    def attr(self, key: str) -> str:
        return self.attrs.get(key, "")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ref": self.ref, "role": self.role, "name": self.name}
        if self.text:
            out["text"] = self.text
        if self.value is not None:
            out["value"] = self.value
        if self.attrs:
            out["attrs"] = dict(self.attrs)
        out["state"] = self.state.to_dict()
        if self.rect is not None:
            out["rect"] = self.rect.to_dict()
        if self.parent is not None:
            out["parent"] = self.parent
        if self.context:
            out["context"] = list(self.context)
        if not self.interactive:
            out["interactive"] = False
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Element:
        state = data.get("state") or {}
        rect = data.get("rect")
        return cls(
            ref=str(data["ref"]),
            role=str(data.get("role", "generic")),
            name=str(data.get("name", "")),
            text=str(data.get("text", "")),
            value=None if data.get("value") is None else str(data["value"]),
            attrs={str(k): str(v) for k, v in (data.get("attrs") or {}).items()},
            state=ElementState(**{k: v for k, v in state.items() if k in ElementState.__slots__}),
            rect=Rect.from_dict(rect) if rect else None,
            parent=data.get("parent"),
            context=tuple(data.get("context") or ()),
            interactive=bool(data.get("interactive", True)),
        )


@dataclass(frozen=True, slots=True)
class UiTree:
    """A snapshot of a page or screen: its elements and where it came from."""

    elements: tuple[Element, ...]
    url: str = ""
    title: str = ""
    width: int = 0
    height: int = 0
    source: str = "web"

    def __iter__(self) -> Iterator[Element]:
        return iter(self.elements)

    def __len__(self) -> int:
        return len(self.elements)

    def by_ref(self, ref: str) -> Element | None:
        for element in self.elements:
            if element.ref == ref:
                return element
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "title": self.title,
            "width": self.width,
            "height": self.height,
            "source": self.source,
            "elements": [e.to_dict() for e in self.elements],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UiTree:
        return cls(
            elements=tuple(Element.from_dict(e) for e in data.get("elements", [])),
            url=str(data.get("url", "")),
            title=str(data.get("title", "")),
            width=int(data.get("width", 0)),
            height=int(data.get("height", 0)),
            source=str(data.get("source", "web")),
        )
