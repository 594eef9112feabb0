"""The app a simulated WebDriverAgent plays, from a small YAML file: screens as XCUIElementType trees.

A screen is either a list of ``nodes`` (laid out top to bottom when they give no ``frame``) or a
real page-source ``dump`` file. Node keys: ``type`` (``Button``, ``TextField``, ``SecureTextField``,
``StaticText``, ``Switch``, ``Cell``, ``Image``, ``Link``, ``Other``), ``label``, ``id`` (the
accessibility identifier: React Native's ``testID``), ``placeholder``, ``value``, ``frame: [x, y, w, h]``
(points), ``enabled``, ``accessible`` (an ``Other`` that is one accessibility element, as a React
Native ``accessible`` View: its ``children`` are merged into its label and hidden, as iOS does),
``go`` (screen opened on tap), ``require`` (field id -> value needed for ``go``), ``otherwise``
(message shown when it is not met), ``submit`` (Return in this field taps the node with that id),
``alert`` (an alert shown on tap). A screen may have ``title`` and ``back`` (a navigation bar with a
back button titled after the previous screen), ``scroll: true`` (content taller than the screen),
and ``alert: {title, message, buttons, go: {button: screen}}`` shown when it opens. A dump screen
maps taps with ``taps: [{label|id: ..., go: screen}]``. The app's ``scheme`` and ``links`` (a link's
path -> the screen it opens) answer ``/url``: ``scheme://path`` brings the app to the front there.
A screen with ``after: {ms: N, go: screen}`` moves on by itself N ms after it opened (a
loading screen).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

P = "XCUIElementType"
_HEIGHTS = {"StaticText": 22, "TextField": 44, "SecureTextField": 44, "Button": 44, "Switch": 44, "Cell": 52,
            "Image": 80, "Link": 24, "Other": 56}  # fmt: skip
_NAV_TOP, _NAV_H = 47, 44


@dataclass
class Screen:
    name: str
    root: ET.Element  # an XCUIElementTypeApplication tree
    rules: dict[int, dict[str, Any]] = field(default_factory=dict)  # id(element) -> its tap rule
    back: str | None = None
    scroll: bool = False
    alert: dict[str, Any] | None = None


def element(parent: ET.Element | None, kind: str, frame: tuple[float, float, float, float], *, label: str = "",
            ident: str = "", value: str | None = None, placeholder: str = "", enabled: bool = True,
            accessible: bool = False) -> ET.Element:  # fmt: skip
    """One XCUIElementType element with WDA's attributes (``name`` is the identifier, else the label)."""
    attrs = {"type": P + kind}
    name = ident or label
    if name:
        attrs["name"] = name
    if label:
        attrs["label"] = label
    if value is not None:
        attrs["value"] = value
    if placeholder:
        attrs["placeholderValue"] = placeholder
    x, y, w, h = frame
    attrs.update({"enabled": _b(enabled), "visible": "true", "accessible": _b(accessible),
                  "x": _n(x), "y": _n(y), "width": _n(w), "height": _n(h)})  # fmt: skip
    el = ET.Element(P + kind, attrs) if parent is None else ET.SubElement(parent, P + kind, attrs)
    el.set("index", str(len(parent) - 1) if parent is not None else "0")
    return el


def _b(v: bool) -> str:
    return "true" if v else "false"


def _n(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else str(v)


def app_root(label: str, size: tuple[int, int]) -> tuple[ET.Element, ET.Element]:
    """An application element with one window filling the screen: (application, window)."""
    w, h = size
    app = element(None, "Application", (0, 0, w, h), label=label)
    window = element(app, "Window", (0, 0, w, h))
    return app, window


def node_screen(name: str, spec: dict[str, Any], label: str, size: tuple[int, int], titles: dict[str, str]) -> Screen:
    """A screen built from a ``nodes`` list."""
    w, h = size
    app, window = app_root(label, size)
    screen = Screen(name, app, back=spec.get("back"), scroll=bool(spec.get("scroll")), alert=spec.get("alert"))
    y = 60.0
    if spec.get("title") or spec.get("back"):
        bar = element(window, "NavigationBar", (0, _NAV_TOP, w, _NAV_H), ident=str(spec.get("title") or ""))
        if spec.get("back"):
            prev = titles.get(str(spec["back"]), "Back")
            btn = element(bar, "Button", (0, _NAV_TOP, 100, _NAV_H), label=prev, accessible=True)
            screen.rules[id(btn)] = {"go": spec["back"]}
        if spec.get("title"):
            element(bar, "StaticText", (w / 2 - 100, _NAV_TOP + 11, 200, 22), label=str(spec["title"]),
                    value=str(spec["title"]), accessible=True)  # fmt: skip
        y = _NAV_TOP + _NAV_H + 16
    holder = element(window, "ScrollView", (0, 0, w, h)) if screen.scroll else element(window, "Other", (0, 0, w, h))
    for node in spec.get("nodes") or []:
        kind = str(node.get("type", "StaticText"))
        if "frame" in node:
            frame = tuple(float(v) for v in node["frame"])
        else:
            height = float(node.get("height", _HEIGHTS.get(kind, 44)))
            frame = (16.0, y, w - 32.0, height)
            y += height + 12
        _add(screen, holder, node, kind, frame)  # type: ignore[arg-type]
    return screen


def _add(screen: Screen, parent: ET.Element, node: dict[str, Any], kind: str, frame: tuple[float, float, float, float]) -> None:
    label = str(node.get("label", "") or "")
    children = node.get("children") or []
    if node.get("accessible") and children and not label:
        label = ", ".join(str(c.get("label", "")) for c in children if c.get("label"))  # iOS merges the children's labels
    value = node.get("value")
    if kind == "Switch":
        value = "1" if node.get("checked") else "0"
    elif kind in ("TextField", "SecureTextField") and value is None:
        value = str(node.get("placeholder", "")) or None  # an empty field shows its placeholder as its value
    el = element(parent, kind, frame, label=label, ident=str(node.get("id", "") or ""),
                 value=None if value is None else str(value), placeholder=str(node.get("placeholder", "") or ""),
                 enabled=bool(node.get("enabled", True)),
                 accessible=kind not in ("Other",) or bool(node.get("accessible")))  # fmt: skip
    if node.get("accessible") and children:
        el.set("rn_group", "true")  # its children are one accessibility element: not in the source
    else:
        x, y, w, _ = frame
        cy = y
        for child in children:
            ck = str(child.get("type", "StaticText"))
            ch = float(child.get("height", _HEIGHTS.get(ck, 22)))
            _add(screen, el, child, ck, (x + 8, cy + 4, w - 16, ch))
            cy += ch + 4
    rule: dict[str, Any] = {k: node[k] for k in ("go", "require", "otherwise", "submit", "alert") if k in node}
    if rule or kind == "Switch":
        screen.rules[id(el)] = rule


def dump_screen(name: str, spec: dict[str, Any], base: Path) -> Screen:
    """A screen played from a real page-source dump."""
    top = ET.fromstring((base / str(spec["dump"])).read_bytes())
    app = top if top.tag != "AppiumAUT" else next(c for c in top if c.tag.startswith(P))
    screen = Screen(name, app, back=spec.get("back"), alert=spec.get("alert"))
    for rule in spec.get("taps") or []:
        for el in app.iter():
            if (rule.get("label") and el.get("label") == str(rule["label"])) or (rule.get("id") and el.get("name") == str(rule["id"])):
                screen.rules[id(el)] = {k: rule[k] for k in ("go", "alert") if k in rule}
                break
    return screen


@dataclass
class AppSpec:
    """The parsed YAML: the device, the app under test, other installed apps and the screens."""

    bundle_id: str
    label: str
    start: str
    screens: dict[str, dict[str, Any]]
    base: Path
    device: dict[str, Any]
    installed: dict[str, str]  # other apps: bundle id -> name
    scheme: str = ""  # the URL scheme the app opens (scheme://path)
    links: dict[str, str] = field(default_factory=dict)  # a link's path -> the screen it opens

    @classmethod
    def load(cls, path: str | Path) -> AppSpec:
        p = Path(path)
        data = yaml.safe_load(p.read_text("utf-8")) or {}
        if not isinstance(data, dict) or "screens" not in data or "bundle_id" not in data:
            raise ValueError(f"{p}: an iOS app file needs 'bundle_id' and 'screens'")
        screens = data["screens"]
        installed = {str(k): str(v) for k, v in (data.get("installed") or {}).items()}
        return cls(bundle_id=str(data["bundle_id"]), label=str(data.get("label", data["bundle_id"])),
                   start=str(data.get("start") or next(iter(screens))), screens=screens, base=p.parent,
                   device=dict(data.get("device") or {}), installed=installed, scheme=str(data.get("scheme") or ""),
                   links={str(k).strip("/"): str(v) for k, v in (data.get("links") or {}).items()})  # fmt: skip

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.device.get("size", [390, 844])
        return int(w), int(h)

    @property
    def scale(self) -> int:
        return int(self.device.get("scale", 3))

    def titles(self) -> dict[str, str]:
        return {n: str(s.get("title") or "Back") for n, s in self.screens.items()}  # iOS says Back for an untitled screen

    def build(self, name: str) -> Screen:
        spec = self.screens[name]
        if "dump" in spec:
            return dump_screen(name, spec, self.base)
        return node_screen(name, spec, self.label, self.size, self.titles())


def plain_screen(label: str, size: tuple[int, int]) -> ET.Element:
    """Another installed app: a navigation bar with its name."""
    app, window = app_root(label, size)
    bar = element(window, "NavigationBar", (0, _NAV_TOP, size[0], _NAV_H), ident=label)
    element(bar, "StaticText", (size[0] / 2 - 100, _NAV_TOP + 11, 200, 22), label=label, value=label, accessible=True)
    return app


def springboard(apps: dict[str, str], size: tuple[int, int]) -> tuple[ET.Element, dict[int, str]]:
    """The home screen: one icon per installed app; (tree, id(icon) -> bundle id)."""
    app, window = app_root("SpringBoard", size)
    icons: dict[int, str] = {}
    for i, (bundle, label) in enumerate(sorted(apps.items(), key=lambda kv: kv[1])):
        x, y = 27 + (i % 4) * 90, 80 + (i // 4) * 100
        icon = element(window, "Icon", (x, y, 64, 80), label=label, accessible=True)
        icons[id(icon)] = bundle
    return app, icons
