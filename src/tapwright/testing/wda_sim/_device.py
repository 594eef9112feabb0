"""What a simulated iPhone shows and does: apps, the screen in front, focus, keyboard, alerts, scrolling."""

from __future__ import annotations

import time
import uuid
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

from tapwright.testing.wda_sim._app import AppSpec, P, Screen, element, plain_screen, springboard

SPRINGBOARD = "com.apple.springboard"
_TAPPABLE = frozenset({P + t for t in ("Button", "Cell", "TextField", "SecureTextField", "Switch", "Link", "Icon", "Key")})
_FIELDS = (P + "TextField", P + "SecureTextField", P + "SearchField", P + "TextView")
_KEYBOARD_H = 291
_KEYS = "qwertyuiop"


class WdaError(Exception):
    """An error WDA answers with: its W3C error string, message and HTTP status."""

    def __init__(self, error: str, message: str, status: int) -> None:
        super().__init__(message)
        self.error, self.message, self.status = error, message, status


def no_element(message: str = "An element could not be located on the page using the given search parameters") -> WdaError:
    return WdaError("no such element", message, 404)


class Device:
    """The simulated device's state, changed by WDA calls (one lock in the server serialises them)."""

    def __init__(self, spec: AppSpec) -> None:
        self.spec = spec
        self.size = spec.size
        self.settings: dict[str, Any] = {"snapshotMaxDepth": 50, "snapshotMaxChildren": 2**31 - 1, "useFirstMatch": False,
                                         "boundElementsByIndex": False, "reduceMotion": False, "mjpegScalingFactor": 100,
                                         "shouldUseCompactResponses": True, "elementResponseAttributes": "type,label"}  # fmt: skip
        self.apps = {spec.bundle_id: spec.label, **spec.installed}
        self.states = dict.fromkeys(self.apps, 1)  # XCUIApplicationState: 1 not running
        self.front = SPRINGBOARD
        self.orientation = "PORTRAIT"
        self.reset_app()
        self.handles: dict[str, str] = {}  # handle -> the key of the element it names
        self.pasteboard: tuple[str, bytes] = ("plaintext", b"")  # content type, bytes
        self.taps = 0
        self.version = 0  # bumped by every call that may change the screen (the served tree is kept until then)
        self._served: tuple[tuple[Any, ...], ET.Element, dict[str, ET.Element]] | None = None
        self._board: tuple[ET.Element, dict[int, str]] | None = None
        self._others: dict[str, ET.Element] = {}

    # -- the app under test -----------------------------------------------------------------

    def reset_app(self) -> None:
        self.built: dict[str, Screen] = {}
        self.history: list[str] = []
        self.current = self.spec.start
        self.offset = 0.0
        self.focus: ET.Element | None = None
        self.alert: dict[str, Any] | None = None
        self.since = time.monotonic()  # when the current screen opened
        self._open_alert_of(self.spec.start)

    def _moved_on(self) -> None:
        """A screen with ``after: {ms, go}`` that has been shown that long moves on by itself."""
        later = (self.spec.screens.get(self.current) or {}).get("after")
        if isinstance(later, dict) and time.monotonic() - self.since >= float(later.get("ms", 0)) / 1000:
            self.go(str(later.get("go")))
            self.changed()

    @property
    def screen(self) -> Screen:
        if self.current not in self.built:
            self.built[self.current] = self.spec.build(self.current)
        return self.built[self.current]

    def go(self, name: str, *, back: bool = False) -> None:
        if name not in self.spec.screens:
            return
        if not back:
            self.history.append(self.current)
        self.current, self.offset, self.focus = name, 0.0, None
        self.since = time.monotonic()
        self._open_alert_of(name)

    def _open_alert_of(self, name: str) -> None:
        spec = self.spec.screens.get(name) or {}
        self.alert = dict(spec["alert"]) if spec.get("alert") else None

    # -- apps -------------------------------------------------------------------------------

    def launch(self, bundle: str, *, fresh: bool = True) -> None:
        if bundle not in self.apps:
            raise WdaError("unknown error", f"The application '{bundle}' is not installed on the device", 500)
        if bundle == self.spec.bundle_id and (fresh or self.states[bundle] == 1):
            self.reset_app()
        if self.front in self.states and self.front != bundle:
            self.states[self.front] = 3
        self.states[bundle] = 4
        self.front = bundle

    def open_url(self, url: str, bundle: str | None) -> None:
        """Open a link: the app whose ``scheme`` it has comes to the front, on the screen its ``links`` name."""
        scheme, sep, rest = url.partition("://")
        mine = bool(sep) and scheme.lower() == self.spec.scheme.lower() and bundle in (None, self.spec.bundle_id)
        if not mine:
            raise WdaError("unknown error", f"The URL '{url}' cannot be opened"
                           + (f" by {bundle}" if bundle else ": no installed application handles it"), 500)  # fmt: skip
        self.launch(self.spec.bundle_id, fresh=False)
        screen = self.spec.links.get(rest.strip("/"))
        if screen and screen != self.current:
            self.go(screen)

    def terminate(self, bundle: str) -> bool:
        if bundle not in self.apps or self.states[bundle] == 1:
            return False
        self.states[bundle] = 1
        if self.front == bundle:
            self.front = SPRINGBOARD
        return True

    def home(self) -> None:
        if self.front in self.states:
            self.states[self.front] = 3
        self.front, self.focus = SPRINGBOARD, None

    def active_app(self) -> dict[str, Any]:
        name = self.apps.get(self.front, "SpringBoard")
        return {"pid": 4000 + list(self.apps).index(self.front) if self.front in self.apps else 60, "bundleId": self.front,
                "name": name, "processArguments": {"env": {}, "args": []}}  # fmt: skip

    # -- the screen in front ---------------------------------------------------------------------

    def _front_tree(self) -> tuple[ET.Element, dict[int, str]]:
        if self.front == self.spec.bundle_id:
            return self.screen.root, {}
        if self.front == SPRINGBOARD:
            if self._board is None:
                self._board = springboard(self.apps, self.size)
            return self._board
        if self.front not in self._others:
            self._others[self.front] = plain_screen(self.apps[self.front], self.size)
        return self._others[self.front], {}

    def tree(self) -> ET.Element:
        """The screen as WDA serves it: scrolled, with the keyboard and the alert, cut at ``snapshotMaxDepth``.

        Element handles given out earlier stay valid while their element is still on the screen.
        """
        self._moved_on()
        state = (self.version, self.front, self.current, self.offset, id(self.focus), id(self.alert),
                 self.settings.get("snapshotMaxDepth"))  # fmt: skip
        if self._served is not None and self._served[0] == state:
            return self._served[1]
        root, _ = self._front_tree()
        served = self._decorate(root)
        _cut(served, int(self.settings.get("snapshotMaxDepth") or 50))
        self._served = (state, served, {self._key(e): e for e in served.iter()})
        return served

    def changed(self) -> None:
        """Something may have changed the screen: serve it afresh."""
        self.version += 1

    def _decorate(self, root: ET.Element) -> ET.Element:
        served = _copy_with_origin(root)
        w, h = self.size
        if self.front == self.spec.bundle_id and self.offset:
            for el in served.iter():
                if el.get("type") in (P + "Application", P + "Window", P + "ScrollView", P + "NavigationBar"):
                    continue
                if _in_nav(served, el):
                    continue
                y = float(el.get("y", 0)) - self.offset
                el.set("y", _n(y))
        for el in served.iter():
            y, eh = float(el.get("y", 0)), float(el.get("height", 0))
            if el is not served and (y + eh <= 0 or y >= h):
                el.set("visible", "false")
            origin = getattr(el, "origin", None)
            if origin is not None and origin is self.focus:
                el.set("focused", "true")
        window = served.find(P + "Window")
        if window is not None and self.focus is not None and self.front == self.spec.bundle_id:
            kb = element(window, "Keyboard", (0, h - _KEYBOARD_H, w, _KEYBOARD_H))
            for i, key in enumerate(_KEYS):
                element(kb, "Key", (3 + i * (w / 10), h - _KEYBOARD_H + 10, w / 10 - 6, 42), label=key, accessible=True)
            element(kb, "Button", (w - 90, h - 60, 86, 42), label="Return", ident="Return", accessible=True)
        if window is not None and self.alert is not None and self.front == self.spec.bundle_id:
            _alert(window, self.alert, self.size)
        return served

    def _key(self, el: ET.Element) -> str:
        origin = getattr(el, "origin", None)
        return f"{self.front}/{self.current}/{id(origin) if origin is not None else _path_key(el)}"

    def handle(self, el: ET.Element) -> str:
        """A stable id for a served element (WDA's element UUID)."""
        key = self._key(el)
        hid = str(uuid.uuid5(uuid.NAMESPACE_OID, key)).upper()
        self.handles[hid] = key
        return hid

    def resolve(self, hid: str) -> ET.Element:
        """The element a handle names, as it is served now.

        Raises:
            WdaError: stale element reference when it is no longer on screen.
        """
        key = self.handles.get(hid)
        if key is None:
            raise WdaError("stale element reference", f"The element '{hid}' does not exist in the cache", 404)
        self.tree()
        assert self._served is not None
        now = self._served[2].get(key)
        if now is not None:
            return now
        raise WdaError("stale element reference", f"The previously found element \"{hid}\" is not present in the "
                       "current view anymore. Make sure the application UI has the expected state.", 404)  # fmt: skip

    # -- touch and keys -------------------------------------------------------------------------

    def tap(self, x: float, y: float) -> None:
        self.taps += 1
        served = self.tree()
        if self.alert is not None and self.front == self.spec.bundle_id:
            for b in served.iter(P + "Button"):
                if b.get("alert_button") and _contains(b, x, y):
                    self.press_alert(str(b.get("label")))
                    return
            return  # an alert takes every touch
        hit = None
        for el in served.iter():
            if el.get("visible") == "false" or not _contains(el, x, y):
                continue
            origin = getattr(el, "origin", el)
            rn_touchable = el.get("type") == P + "Other" and el.get("accessible") == "true"
            if el.get("type") in _TAPPABLE or rn_touchable or id(origin) in self.screen.rules:
                hit = el
        if hit is None:
            return
        if hit.get("type") == P + "Key" or (hit.get("name") == "Return" and _in_keyboard(served, hit)):
            self.type("\n" if hit.get("name") == "Return" else str(hit.get("label")))
            return
        if self.front == SPRINGBOARD:
            self._tap_icon(hit)
            return
        self._activate(getattr(hit, "origin", hit))

    def _tap_icon(self, hit: ET.Element) -> None:
        label = hit.get("label")
        for bundle, name in self.apps.items():
            if name == label:
                self.launch(bundle, fresh=self.states[bundle] == 1)

    def _activate(self, el: ET.Element) -> None:
        """What tapping an element of the app does: focus a field, toggle a switch, follow its rule."""
        if self.front != self.spec.bundle_id:
            return
        kind = el.get("type")
        if kind in _FIELDS:
            self.focus = el
            return
        rule = self.screen.rules.get(id(el), {})
        if kind == P + "Switch":
            el.set("value", "0" if el.get("value") == "1" else "1")
        if "alert" in rule:
            self.alert = dict(rule["alert"])
            return
        if "go" in rule:
            needs = rule.get("require") or {}
            if all(self.field_value(str(k)) == str(v) for k, v in needs.items()):
                self.go(str(rule["go"]), back=rule["go"] == self.screen.back and bool(self.history))
            elif rule.get("otherwise"):
                self.alert = {"title": str(rule["otherwise"]), "buttons": ["OK"]}

    def field_value(self, ident: str) -> str:
        for screen in self.built.values():
            for el in screen.root.iter():
                if el.get("name") == ident and el.get("type") in _FIELDS:
                    v = el.get("value") or ""
                    return "" if v == el.get("placeholderValue") else str(el.get("typed", v))
        return ""

    def type(self, text: str) -> None:
        """Type into the focused field (``\\n`` is Return, ``\\b`` deletes).

        Raises:
            WdaError: invalid element state when no field has focus (no keyboard).
        """
        if self.focus is None:
            raise WdaError("invalid element state", "Keyboard is not present: tap a text field first", 400)
        field = self.focus
        typed = str(field.get("typed", ""))
        for ch in text:
            if ch == "\n":
                rule = self.screen.rules.get(id(field), {})
                self._set_typed(field, typed)
                if rule.get("submit"):
                    target = next((e for e in self.screen.root.iter() if e.get("name") == str(rule["submit"])), None)
                    if target is not None:
                        self.focus = None
                        self._activate(target)
                        return
                continue
            typed = typed[:-1] if ch in "\b\x7f" else typed + ch
        self._set_typed(field, typed)

    @staticmethod
    def _set_typed(field: ET.Element, typed: str) -> None:
        field.set("typed", typed)
        secure = field.get("type") == P + "SecureTextField"
        shown = ("•" * len(typed) if secure else typed) if typed else (field.get("placeholderValue") or "")
        if shown:
            field.set("value", shown)
        elif "value" in field.attrib:
            del field.attrib["value"]

    def scroll(self, dy: float) -> None:
        """Move the content up by ``dy`` points (a finger moving up by dy)."""
        if self.front != self.spec.bundle_id or not self.screen.scroll:
            return
        bottom = max((float(e.get("y", 0)) + float(e.get("height", 0)) for e in self.screen.root.iter()), default=0.0)
        self.offset = max(0.0, min(self.offset + dy, max(0.0, bottom - self.size[1] + 40)))

    def back_gesture(self) -> None:
        if self.front == self.spec.bundle_id and self.screen.back:
            self.go(self.screen.back, back=True)

    # -- alerts ---------------------------------------------------------------------------------

    def alert_or_fail(self) -> dict[str, Any]:
        if self.alert is None or self.front != self.spec.bundle_id:
            raise WdaError("no such alert", "An attempt was made to operate on a modal dialog when one was not open", 404)
        return self.alert

    def press_alert(self, name: str | None, *, dismiss: bool = False) -> None:
        alert = self.alert_or_fail()
        buttons = [str(b) for b in alert.get("buttons") or ["OK"]]
        if name is None:
            name = buttons[0] if dismiss and len(buttons) > 1 else buttons[-1]
        if name not in buttons:
            raise WdaError("invalid element state", f"The alert has no button named '{name}' (it has {buttons})", 400)
        self.alert = None
        go = (alert.get("go") or {}).get(name)
        if go:
            self.go(str(go))


def _alert(window: ET.Element, alert: dict[str, Any], size: tuple[int, int]) -> None:
    w, h = size
    box = element(window, "Alert", (w / 2 - 135, h / 2 - 90, 270, 180), label=str(alert.get("title", "")))
    element(box, "StaticText", (w / 2 - 120, h / 2 - 75, 240, 22), label=str(alert.get("title", "")), accessible=True,
            value=str(alert.get("title", "")))  # fmt: skip
    if alert.get("message"):
        element(box, "StaticText", (w / 2 - 120, h / 2 - 45, 240, 44), label=str(alert["message"]), accessible=True,
                value=str(alert["message"]))  # fmt: skip
    buttons = [str(b) for b in alert.get("buttons") or ["OK"]]
    bw = 270 / len(buttons)
    for i, b in enumerate(buttons):
        btn = element(box, "Button", (w / 2 - 135 + i * bw, h / 2 + 46, bw, 44), label=b, accessible=True)
        btn.set("alert_button", "true")


def _copy_with_origin(root: ET.Element) -> ET.Element:
    """A deep copy whose elements remember the element they copy (``.origin``), for taps and handles."""
    clone = _Origin(root.tag, dict(root.attrib))
    clone.origin = root
    for child in root:
        clone.append(_copy_with_origin(child))
    return clone


class _Origin(ET.Element):
    origin: ET.Element | None = None


def _cut(root: ET.Element, max_depth: int, depth: int = 0) -> None:
    """Drop the elements below ``max_depth`` levels, as WDA's snapshots do."""
    for child in list(root):
        if depth + 1 > max_depth:
            root.remove(child)
        else:
            _cut(child, max_depth, depth + 1)


def _contains(el: ET.Element, x: float, y: float) -> bool:
    try:
        ex, ey, ew, eh = (float(el.get(k, "")) for k in ("x", "y", "width", "height"))
    except ValueError:
        return False
    return ex <= x <= ex + ew and ey <= y <= ey + eh


def _in_nav(root: ET.Element, el: ET.Element) -> bool:
    return any(any(e is el for e in bar.iter()) for bar in root.iter(P + "NavigationBar"))


def _in_keyboard(root: ET.Element, el: ET.Element) -> bool:
    return any(any(e is el for e in kb.iter()) for kb in root.iter(P + "Keyboard"))


def _path_key(el: ET.Element) -> str:
    return f"{el.get('type')}:{el.get('x')}:{el.get('y')}:{el.get('label')}"


def _n(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def _num(v: Any) -> float:
    f = float(v)
    return int(f) if f.is_integer() else f


_INTERNAL = ("typed", "rn_group", "alert_button")
# The attributes WDA writes into its XML (FBElementAttribute's names), which ``excluded_attributes`` may leave out.
_WDA_ATTRIBUTES = {n.lower(): n for n in ("type", "value", "name", "label", "enabled", "visible", "accessible",
                                          "focused", "x", "y", "width", "height", "index", "hittable",
                                          "placeholderValue", "traits")}  # fmt: skip


def serialise(root: ET.Element, excluded: Iterable[str] = ()) -> str:
    """The tree as WDA's XML page source (internal marks left out, and the attributes named in ``excluded``,
    matched as WDA does: case-insensitively, unknown names ignored)."""
    left_out = _INTERNAL + tuple(k for n in excluded if (k := _WDA_ATTRIBUTES.get(n.strip().lower())))
    marks = [(el, k, v) for el in root.iter() for k in left_out if (v := el.get(k)) is not None]
    for el, k, _ in marks:
        del el.attrib[k]
    try:
        body = ET.tostring(root, encoding="unicode")
    finally:
        for el, k, v in marks:
            el.set(k, v)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<AppiumAUT>{body}</AppiumAUT>'


def as_json(el: ET.Element) -> dict[str, Any]:
    """The tree as WDA's ``/source?format=json``."""
    out: dict[str, Any] = {"type": (el.get("type") or el.tag)[len(P):], "name": el.get("name"), "label": el.get("label"),
                           "value": el.get("value"), "rawIdentifier": None,
                           "rect": {k: _num(el.get(k, 0)) for k in ("x", "y", "width", "height")},
                           "frame": "{{{{{}, {}}}, {{{}, {}}}}}".format(*(el.get(k, "0") for k in ("x", "y", "width", "height"))),
                           "isEnabled": el.get("enabled") == "true", "isVisible": el.get("visible") == "true",
                           "isAccessible": el.get("accessible") == "true", "isFocused": el.get("focused") == "true"}  # fmt: skip
    if el.get("name") and el.get("name") != el.get("label"):
        out["rawIdentifier"] = el.get("name")
    if el.get("placeholderValue") is not None:
        out["placeholderValue"] = el.get("placeholderValue")
    kids = [as_json(c) for c in el]
    if kids:
        out["children"] = kids
    return out
