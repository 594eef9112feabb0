"""The app a simulated device plays, from a small YAML file, and the device state around it.

A screen is either a list of ``nodes`` (laid out top to bottom when they give no
``bounds``) or a real ``dump`` file. Node keys: ``class`` (``Button``, ``EditText``,
``Switch`` ...), ``text``, ``desc``, ``id``, ``hint``, ``bounds: [x1, y1, x2, y2]``,
``password``, ``checked``, ``enabled``, ``go`` (screen to open on tap), ``require``
(field id -> value needed for ``go``), ``otherwise`` (message shown when it is not met),
``submit`` (Enter in this field taps the node with that id), ``max_length`` (a field keeps
only that many characters, as Android's length filter does), ``toast`` / ``snackbar`` (a message
a tap shows for ``toast_ms``, 2000 by default). Top-level keys beside the screens: ``permissions``
(runtime permissions the app asks for: a list, or permission -> granted) and ``deep_links``
(a URI, or the start of one, -> the screen it opens). A dump screen maps taps with
``taps: [{text|desc|id: ..., go: screen}]``. Checkable nodes toggle on tap. A screen with
``after: {ms: N, go: screen}`` moves on by itself N ms after it opened (a loading screen).
"""

from __future__ import annotations

import copy
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tapwright.drivers.android.hierarchy import parse_bounds

_WIDGET_DEFAULTS: dict[str, tuple[int, bool]] = {  # class -> (height, clickable)
    "TextView": (96, False), "EditText": (150, True), "Button": (150, True), "ImageButton": (150, True),
    "Switch": (140, True), "CheckBox": (140, True), "RadioButton": (140, True), "ImageView": (200, False),
}  # fmt: skip
_CHECKABLE = ("Switch", "CheckBox", "RadioButton", "ToggleButton")
IME_PACKAGE = "com.google.android.inputmethod.latin"
LAUNCHER = "com.android.launcher3"


@dataclass
class Screen:
    name: str
    root: ET.Element  # a <node> tree (one window)
    rules: dict[int, dict[str, Any]] = field(default_factory=dict)  # id(node) -> its tap rule
    back: str | None = None
    scroll: bool = False
    # Text painted on the screen that the uiautomator dump does not carry (a custom View drawing on a
    # canvas, a WebView without accessibility): (x1, y1, x2, y2, text), from a node's ``painted`` key.
    painted: list[tuple[int, int, int, int, str]] = field(default_factory=list)


def _attrs(node: dict[str, Any], package: str, index: int, bounds: tuple[int, int, int, int]) -> dict[str, str]:
    cls = str(node.get("class", "TextView"))
    full = cls if "." in cls else ("android.view.View" if cls == "View" else f"android.widget.{cls}")
    clickable = bool(node.get("clickable", _WIDGET_DEFAULTS.get(cls, (0, False))[1] or "go" in node))
    checkable = cls in _CHECKABLE
    rid = str(node.get("id", ""))
    text = str(node.get("text", "") if node.get("text") is not None else "")
    if cls == "EditText" and not text:
        text = str(node.get("hint", ""))
    return {
        "index": str(index), "text": text, "resource-id": f"{package}:id/{rid}" if rid else "", "class": full,
        "package": package, "content-desc": str(node.get("desc", "")), "checkable": _b(checkable),
        "checked": _b(bool(node.get("checked", False))), "clickable": _b(clickable),
        "enabled": _b(bool(node.get("enabled", True))), "focusable": _b(clickable), "focused": "false",
        "scrollable": _b(bool(node.get("scrollable", False))), "long-clickable": "false",
        "password": _b(bool(node.get("password", False))), "selected": "false",
        "hint": str(node.get("hint", "")), "bounds": "[{},{}][{},{}]".format(*bounds),
    }  # fmt: skip


def _b(v: bool) -> str:
    return "true" if v else "false"


def node_screen(name: str, spec: dict[str, Any], package: str, size: tuple[int, int]) -> Screen:
    """A screen built from a ``nodes`` list."""
    w, h = size
    root = ET.Element("node", _attrs({"class": "FrameLayout", "clickable": False}, package, 0, (0, 0, w, h)))
    holder = root
    if spec.get("scroll"):
        holder = ET.SubElement(root, "node", _attrs({"class": "ScrollView", "id": "scroll", "scrollable": True,
                                                     "clickable": False}, package, 0, (0, 0, w, h)))  # fmt: skip
    screen = Screen(name, root, back=spec.get("back"), scroll=bool(spec.get("scroll")))
    y = 120
    for i, node in enumerate(spec.get("nodes") or []):
        cls = str(node.get("class", "TextView"))
        if "bounds" in node:
            x1, y1, x2, y2 = (int(v) for v in node["bounds"])
        else:
            height = int(node.get("height", _WIDGET_DEFAULTS.get(cls, (110, False))[0]))
            x1, y1, x2, y2 = 48, y, w - 48, y + height
            y = y2 + 28
        el = ET.SubElement(holder, "node", _attrs(node, package, i, (x1, y1, x2, y2)))
        if node.get("painted"):
            screen.painted.append((x1, y1, x2, y2, str(node["painted"])))
        rule = {k: node[k] for k in ("go", "require", "otherwise", "submit", "toggle", "max_length", "toast", "snackbar",
                                     "toast_ms") if k in node}  # fmt: skip
        if rule or cls in _CHECKABLE:
            screen.rules[id(el)] = rule
    return screen


def dump_screen(name: str, spec: dict[str, Any], base: Path) -> Screen:
    """A screen played from a real ``uiautomator dump`` file."""
    tree = ET.fromstring((base / str(spec["dump"])).read_bytes())
    tops = [n for n in tree if n.tag == "node"]
    root = tops[0] if len(tops) == 1 else ET.Element("node", dict(tops[0].attrib))
    if len(tops) > 1:
        root.extend(tops)
    screen = Screen(name, root, back=spec.get("back"))
    for rule in spec.get("taps") or []:
        for el in root.iter("node"):
            if any(rule.get(k) and el.get(a) == str(rule[k]) for k, a in (("text", "text"), ("desc", "content-desc"))) or (
                rule.get("id") and (el.get("resource-id") or "").endswith("/" + str(rule["id"]))
            ):
                screen.rules[id(el)] = {k: rule[k] for k in ("go",) if k in rule}
                break
    return screen


@dataclass
class AppSpec:
    """The parsed YAML: device identity, the app's package and its screens."""

    package: str
    activity: str
    label: str
    start: str
    screens: dict[str, dict[str, Any]]
    base: Path
    device: dict[str, Any]
    installed: list[str]
    faults: dict[str, Any]
    permissions: dict[str, bool] = field(default_factory=dict)  # runtime permissions the app asks for -> granted
    deep_links: dict[str, str] = field(default_factory=dict)  # URI or URI prefix -> screen

    @classmethod
    def load(cls, path: str | Path) -> AppSpec:
        p = Path(path)
        data = yaml.safe_load(p.read_text("utf-8")) or {}
        if not isinstance(data, dict) or "screens" not in data or "package" not in data:
            raise ValueError(f"{p}: an app file needs 'package' and 'screens'")
        screens = data["screens"]
        start = str(data.get("start") or next(iter(screens)))
        return cls(
            package=str(data["package"]), activity=str(data.get("activity", ".MainActivity")),
            label=str(data.get("label", data["package"])), start=start, screens=screens, base=p.parent,
            device=dict(data.get("device") or {}), installed=[str(x) for x in data.get("installed") or []],
            faults=dict(data.get("faults") or {}), permissions=_permissions(data.get("permissions")),
            deep_links={str(k): str(v) for k, v in (data.get("deep_links") or {}).items()},
        )  # fmt: skip

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.device.get("size", [1080, 2400])
        return int(w), int(h)

    def build(self, name: str) -> Screen:
        spec = self.screens[name]
        if "dump" in spec:
            return dump_screen(name, spec, self.base)
        return node_screen(name, spec, self.package, self.size)


def _permissions(value: Any) -> dict[str, bool]:
    """``permissions:`` as a list (none granted yet) or a mapping of permission -> granted."""
    if isinstance(value, dict):
        return {str(k): bool(v) for k, v in value.items()}
    return {str(p): False for p in value or []}


class AppState:
    """What the app shows now: the current screen (mutable copy), history, focus, scroll, keyboard."""

    def __init__(self, spec: AppSpec) -> None:
        self.spec = spec
        self.reset()

    def reset(self) -> None:
        self.built: dict[str, Screen] = {}
        self.history: list[str] = []
        self.current = self.spec.start
        self.offset = 0
        self.keyboard = False
        self.message: str | None = None
        self.since = time.monotonic()  # when the current screen opened

    @property
    def screen(self) -> Screen:
        later = self.spec.screens.get(self.current, {}).get("after")
        if isinstance(later, dict) and time.monotonic() - self.since >= float(later.get("ms", 0)) / 1000:
            self.go(str(later.get("go")))  # a screen that moves on by itself (a loading screen)
        if self.current not in self.built:
            self.built[self.current] = self.spec.build(self.current)
        return self.built[self.current]

    def go(self, name: str) -> None:
        if name not in self.spec.screens:
            return
        self.history.append(self.current)
        self.current, self.offset, self.keyboard, self.message = name, 0, False, None
        self.since = time.monotonic()

    def back(self) -> bool:
        """Go back one screen; False when there is nothing to go back to (the app goes to the background)."""
        if self.keyboard:
            self.keyboard = False
            return True
        target = self.screen.back or (self.history.pop() if self.history else None)
        if target is None:
            return False
        self.current, self.offset, self.message = target, 0, None
        self.since = time.monotonic()
        return True

    def shifted(self) -> ET.Element:
        """The current window with scroll applied (nodes scrolled off screen left out)."""
        root = copy.deepcopy(self.screen.root)
        if not self.offset and not self.screen.scroll:
            return root
        h = self.spec.size[1]
        for parent in root.iter("node"):
            for child in list(parent):
                r = parse_bounds(child.get("bounds", ""))
                if r is None or child.get("resource-id", "").endswith("/scroll"):
                    continue
                top = int(r.y) - self.offset
                if top + r.height <= 80 or top >= h:
                    parent.remove(child)
                    continue
                child.set("bounds", f"[{int(r.x)},{top}][{int(r.x + r.width)},{top + int(r.height)}]")
        return root

    def content_bottom(self) -> int:
        return max((int(r.y + r.height) for n in self.screen.root.iter("node") if (r := parse_bounds(n.get("bounds", "")))),
                   default=0)  # fmt: skip

    def node_at(self, x: int, y: int) -> ET.Element | None:
        """The deepest clickable node under the point, in the unscrolled tree."""
        hit: ET.Element | None = None
        yy = y + self.offset if self.offset else y
        for el in self.screen.root.iter("node"):
            r = parse_bounds(el.get("bounds", ""))
            if r is None or not r.contains(x, yy if el is not self.screen.root else y):
                continue
            if el.get("clickable") == "true" or id(el) in self.screen.rules:
                hit = el
        return hit

    def focused(self) -> ET.Element | None:
        for el in self.screen.root.iter("node"):
            if el.get("focused") == "true" and "EditText" in el.get("class", ""):
                return el
        return None

    def field_value(self, rid: str) -> str:
        for el in self.screen.root.iter("node"):
            if (el.get("resource-id") or "").endswith("/" + rid):
                return "" if el.get("text") == el.get("hint") else str(el.get("text", ""))
        for screen in self.built.values():
            for el in screen.root.iter("node"):
                if (el.get("resource-id") or "").endswith("/" + rid):
                    return "" if el.get("text") == el.get("hint") else str(el.get("text", ""))
        return ""
