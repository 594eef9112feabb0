"""The HTTP side of the simulated WebDriverAgent: WDA's routes, request shapes and answers.

Answers are ``{"value": ..., "sessionId": ...}``; errors ``{"value": {"error", "message",
"traceback"}}`` with WDA's W3C status codes. Routes without a session are the ones WDA serves
without one (``/status``, ``/source``, ``/screenshot``, ``/wda/homescreen``, ``/wda/screen``,
``/wda/activeAppInfo``, ``/wda/locked``, ``/alert/*``, ``/orientation``); the others live under
``/session/:id``. The coordinate tap is ``POST /wda/tap`` (WDA 6+); ``/wda/touch/perform`` is gone (7+).
"""

from __future__ import annotations

import base64
import json
import math
import re
import threading
import time
import uuid
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

from tapwright.testing.wda_sim._app import P
from tapwright.testing.wda_sim._appium import Appium
from tapwright.testing.wda_sim._device import Device, WdaError, as_json, no_element, serialise
from tapwright.testing.wda_sim._find import find

Handler = Callable[["Wda", dict[str, Any], dict[str, str], dict[str, list[str]]], Any]
_ROUTES: list[tuple[str, re.Pattern[str], bool, Handler]] = []  # method, path, needs a session, handler
_OK = object()


def route(method: str, path: str, *, session: bool = True, also_without: bool = False) -> Callable[[Handler], Handler]:
    pattern = re.compile("^" + re.sub(r":(\w+)", r"(?P<\1>[^/]+)", path) + "$")

    def wrap(func: Handler) -> Handler:
        _ROUTES.append((method, pattern, session, func))
        if also_without and session:
            _ROUTES.append((method, pattern, False, func))
        return func

    return wrap


class Wda:
    """The simulator's state behind the routes: the device and the session."""

    def __init__(self, device: Device) -> None:
        self.device = device
        self.session_id: str | None = None
        self.lock = threading.Lock()
        self.source_delay = 0.0
        self.requests = 0
        self.offline = False  # WDA went away: connections are dropped without an answer

    def dispatch(self, method: str, path: str, body: dict[str, Any], query: dict[str, list[str]]) -> tuple[int, dict[str, Any]]:
        self.requests += 1
        session_path = re.match(r"^/session/([^/]+)(/.*)?$", path)
        sid, rest = (session_path.group(1), session_path.group(2) or "") if session_path else (None, path)
        for m, pattern, needs_session, handler in _ROUTES:
            if m != method or needs_session != (sid is not None):
                continue
            found = pattern.match(rest)
            if found is None:
                continue
            try:
                if sid is not None and sid != self.session_id:
                    raise WdaError("invalid session id", "Session does not exist", 404)
                with self.lock:
                    try:
                        value = handler(self, body, found.groupdict(), query)
                    finally:
                        if method != "GET" and rest not in ("/elements", "/element"):
                            self.device.changed()  # a call that may have changed the screen: serve it afresh
            except WdaError as exc:
                return exc.status, {"value": {"error": exc.error, "message": exc.message, "traceback": ""},
                                    "sessionId": self.session_id}  # fmt: skip
            return 200, {"value": None if value is _OK else value, "sessionId": self.session_id}
        return 404, {"value": {"error": "unknown command", "message": f"Unhandled endpoint: {path} -- http method: {method}",
                               "traceback": ""}, "sessionId": self.session_id}  # fmt: skip


def _el(hid: str) -> dict[str, str]:
    return {"ELEMENT": hid, "element-6066-11e4-a52e-4f735466cecf": hid}


def _rect(el: Any) -> dict[str, float]:
    return {k: _num(el.get(k, 0)) for k in ("x", "y", "width", "height")}


def _num(v: Any) -> float:
    """A number as WDA's JSON writes it: 16, not 16.0."""
    f = float(v)
    return int(f) if f.is_integer() else f


def _center(el: Any) -> tuple[float, float]:
    r = _rect(el)
    return r["x"] + r["width"] / 2, r["y"] + r["height"] / 2


def _text(body: dict[str, Any]) -> str:
    v = body.get("text", body.get("value", ""))
    return "".join(str(c) for c in v) if isinstance(v, list) else str(v)


def _point(body: dict[str, Any]) -> tuple[float, float]:
    try:
        return float(body["x"]), float(body["y"])
    except (KeyError, TypeError, ValueError):
        raise WdaError("invalid argument", "x and y coordinates are required", 400) from None


# -- status and session -----------------------------------------------------------------------


@route("GET", "/status", session=False)
def _status(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    ios = str(w.device.spec.device.get("ios", "17.5"))
    return {"ready": True, "message": "WebDriverAgent is ready to accept commands", "state": "success",
            "os": {"name": "iOS", "version": ios, "sdkVersion": ios, "testmanagerdVersion": 28},
            "ios": {"simulatorVersion": ios, "ip": None},
            "build": {"time": "Jan 1 2026 00:00:00", "productBundleIdentifier": "com.facebook.WebDriverAgentRunner",
                      "version": "9.0.0"}, "device": "iphone"}  # fmt: skip


@route("GET", "/wda/healthcheck", session=False)
def _health(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return _OK


@route("POST", "/session", session=False)
def _create(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    caps = body.get("capabilities")
    if not isinstance(caps, dict):
        raise WdaError("session not created", "'capabilities' is mandatory to create a new session", 500)
    always = dict(caps.get("alwaysMatch") or {})
    first = caps.get("firstMatch") or [{}]
    merged = {**always, **(first[0] if first and isinstance(first[0], dict) else {})}
    bundle = merged.get("bundleId")
    if bundle:
        w.device.launch(str(bundle))
    w.session_id = str(uuid.uuid4()).upper()
    w.device.handles.clear()
    return _session_info(w, str(bundle or w.device.front))


def _session_info(w: Wda, bundle: str) -> dict[str, Any]:
    return {"sessionId": w.session_id, "capabilities": {"device": "iphone", "browserName": w.device.apps.get(bundle, bundle),
            "sdkVersion": str(w.device.spec.device.get("ios", "17.5")), "CFBundleIdentifier": bundle}}  # fmt: skip


@route("GET", "")
def _get_session(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return _session_info(w, w.device.front)


@route("DELETE", "")
def _delete(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.session_id = None
    return _OK


@route("GET", "/appium/settings")
def _get_settings(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return dict(w.device.settings)


@route("POST", "/appium/settings")
def _set_settings(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    changes = body.get("settings")
    if not isinstance(changes, dict):
        raise WdaError("invalid argument", "'settings' must be an object", 400)
    depth = changes.get("snapshotMaxDepth")
    if depth is not None and (not isinstance(depth, int) or depth < 1):
        raise WdaError("invalid argument", "snapshotMaxDepth must be a positive integer", 400)
    w.device.settings.update(changes)
    return dict(w.device.settings)


# -- screen -------------------------------------------------------------------------------------


@route("GET", "/source", also_without=True)
def _source(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    if w.source_delay:
        time.sleep(w.source_delay)
    fmt = (q.get("format") or ["xml"])[0].lower()
    tree = w.device.tree()
    if fmt == "xml":
        excluded = (q.get("excluded_attributes") or [""])[0]
        return serialise(tree, excluded.split(",") if excluded else ())
    if fmt == "json":
        return as_json(tree)
    raise WdaError("invalid argument", f"Unknown source format '{fmt}'. Only xml, json, description source formats are supported.", 400)


@route("GET", "/screenshot", also_without=True)
def _screenshot(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    from tapwright.testing.wda_sim._draw import draw_png  # Pillow only when a screenshot is asked for

    png = draw_png(w.device.tree(), w.device.size, w.device.spec.scale)
    return base64.b64encode(png).decode("ascii")


@route("GET", "/wda/screen", also_without=True)
def _screen(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    width, height = w.device.size
    return {"screenSize": {"width": width, "height": height}, "statusBarSize": {"width": width, "height": 47},
            "scale": w.device.spec.scale}  # fmt: skip


@route("GET", "/window/size", also_without=True)
def _window_size(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    width, height = w.device.size
    return {"width": width, "height": height}


@route("GET", "/window/rect")
def _window_rect(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    width, height = w.device.size
    return {"x": 0, "y": 0, "width": width, "height": height}


@route("GET", "/orientation", also_without=True)
def _orientation(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return w.device.orientation


@route("POST", "/orientation", also_without=True)
def _set_orientation(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    value = str(body.get("orientation", "")).upper()
    if value not in ("PORTRAIT", "LANDSCAPE", "UIA_DEVICE_ORIENTATION_LANDSCAPERIGHT", "UIA_DEVICE_ORIENTATION_PORTRAIT_UPSIDEDOWN"):
        raise WdaError("invalid argument", f"Unknown orientation '{value}'", 400)
    w.device.orientation = "LANDSCAPE" if "LANDSCAPE" in value else "PORTRAIT"
    return _OK


@route("GET", "/wda/locked", also_without=True)
def _locked(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return False


@route("POST", "/wda/unlock", also_without=True)
def _unlock(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return _OK


@route("GET", "/wda/device/info", also_without=True)
def _device_info(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    d = w.device.spec.device
    return {"name": str(d.get("model", "iPhone (simulated)")), "model": "iPhone", "uuid": "00000000-SIMULATED",
            "userInterfaceIdiom": 0, "isSimulator": True, "timeZone": "UTC", "locale": "en_US"}  # fmt: skip


# -- elements ---------------------------------------------------------------------------------------


@route("POST", "/elements")
def _find_all(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    found = find(w.device.tree(), str(body.get("using", "")), str(body.get("value", "")))
    return [_answer(w, e) for e in found]


@route("POST", "/element")
def _find_one(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    found = find(w.device.tree(), str(body.get("using", "")), str(body.get("value", "")))
    if not found:
        raise no_element()
    return _answer(w, found[0])


def _answer(w: Wda, el: Any) -> dict[str, Any]:
    """A found element as WDA answers it: its id, and with ``shouldUseCompactResponses`` off the fields
    ``elementResponseAttributes`` lists (``name``/``type`` the type, ``text``, ``rect``, ``enabled``,
    ``displayed``, ``selected``, ``label``, ``attribute/<any>``)."""
    out: dict[str, Any] = _el(w.device.handle(el))
    settings = w.device.settings
    if settings.get("shouldUseCompactResponses", True) is not False:
        return out
    for field in str(settings.get("elementResponseAttributes") or "").split(","):
        if field in ("name", "type"):
            out[field] = el.get("type")
        elif field == "text":
            out[field] = el.get("value") or el.get("label") or None
        elif field == "rect":
            out[field] = _rect(el)
        elif field in ("enabled", "selected"):
            out[field] = el.get(field, "false" if field == "selected" else "true") == "true"
        elif field == "displayed":
            out[field] = el.get("visible", "true") == "true"
        elif field == "label":
            out[field] = el.get("label")
        elif field.startswith("attribute/"):
            out[field] = _attribute(el, field[len("attribute/"):])
    return out


@route("GET", "/element/:uuid/rect")
def _el_rect(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return _rect(w.device.resolve(p["uuid"]))


@route("GET", "/element/:uuid/attribute/:name")
def _el_attr(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return _attribute(w.device.resolve(p["uuid"]), p["name"])


def _attribute(el: Any, name: str) -> Any:
    if name in ("visible", "enabled", "accessible", "focused", "selected"):
        return el.get(name, "false" if name in ("focused", "selected", "accessible") else "true") == "true"
    if name == "rect":
        return _rect(el)
    return el.get({"placeholder": "placeholderValue"}.get(name, name))


@route("GET", "/element/:uuid/text")
def _el_text(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    el = w.device.resolve(p["uuid"])
    return el.get("value") or el.get("label") or ""


@route("GET", "/element/:uuid/name")
def _el_name(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return w.device.resolve(p["uuid"]).get("type")


@route("GET", "/element/:uuid/displayed")
def _el_displayed(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return w.device.resolve(p["uuid"]).get("visible") == "true"


@route("GET", "/element/:uuid/enabled")
def _el_enabled(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return w.device.resolve(p["uuid"]).get("enabled") == "true"


@route("GET", "/element/:uuid/selected")
def _el_selected(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return w.device.resolve(p["uuid"]).get("selected") == "true"


@route("POST", "/element/:uuid/click")
def _el_click(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    el = w.device.resolve(p["uuid"])
    if el.get("visible") == "false":
        raise WdaError("element not visible", "The element is not visible on the screen and cannot be tapped", 400)
    w.device.tap(*_center(el))
    return _OK


@route("POST", "/element/:uuid/value")
def _el_value(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    el = w.device.resolve(p["uuid"])
    if el.get("type") not in (P + "TextField", P + "SecureTextField", P + "SearchField", P + "TextView"):
        raise WdaError("invalid element state", f"{el.get('type')} does not accept text", 400)
    w.device.tap(*_center(el))
    w.device.type(_text(body))
    return _OK


@route("POST", "/element/:uuid/clear")
def _el_clear(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    el = w.device.resolve(p["uuid"])
    w.device.tap(*_center(el))
    origin = getattr(el, "origin", None)
    if origin is not None:
        w.device.type("\b" * len(str(origin.get("typed", ""))))
    return _OK


# -- touch and keys --------------------------------------------------------------------------------


@route("POST", "/wda/tap")
def _tap(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.device.tap(*_point(body))
    return _OK


@route("POST", "/wda/element/:uuid/tap")
def _el_tap(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.device.tap(*_center(w.device.resolve(p["uuid"])))
    return _OK


@route("POST", "/wda/doubleTap")
def _double_tap(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    x, y = _point(body)
    w.device.tap(x, y)
    w.device.tap(x, y)
    return _OK


@route("POST", "/wda/touchAndHold")
def _hold(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    _point(body)
    w.device.taps += 1  # a long press has no effect in the app scripts
    return _OK


@route("POST", "/wda/dragfromtoforduration")
def _drag(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    try:
        x1, y1, x2, y2 = (float(body[k]) for k in ("fromX", "fromY", "toX", "toY"))
    except (KeyError, TypeError, ValueError):
        raise WdaError("invalid argument", "fromX, fromY, toX, toY and duration are required", 400) from None
    _gesture(w.device, x1, y1, x2, y2)
    return _OK


@route("POST", "/actions")
def _actions(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    for source in body.get("actions") or []:
        if source.get("type") != "pointer":
            continue
        x = y = 0.0
        start: tuple[float, float] | None = None
        held = 0.0  # ms the finger rested where it went down
        for a in source.get("actions") or []:
            kind = a.get("type")
            if kind == "pointerMove":
                x, y = float(a.get("x", x)), float(a.get("y", y))
            elif kind == "pointerDown":
                start, held = (x, y), 0.0
            elif kind == "pause" and start is not None and (x, y) == start:
                held += float(a.get("duration") or 0)
            elif kind == "pointerUp" and start is not None:
                if held >= 500 and math.hypot(x - start[0], y - start[1]) < 10:
                    w.device.taps += 1  # a long press (as /wda/touchAndHold): no effect in the app scripts
                else:
                    _gesture(w.device, start[0], start[1], x, y)
                start = None
    return _OK


def _gesture(device: Device, x1: float, y1: float, x2: float, y2: float) -> None:
    if math.hypot(x2 - x1, y2 - y1) < 10:
        device.tap(x1, y1)
    elif x1 < 20 and x2 - x1 > 100 and abs(y2 - y1) < 80:
        device.back_gesture()  # iOS's swipe from the left edge
    else:
        device.scroll(y1 - y2)


@route("POST", "/wda/keys")
def _keys(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.device.type(_text({"value": body.get("value", "")}))
    return _OK


@route("POST", "/wda/keyboard/dismiss")
def _dismiss(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.device.focus = None
    return _OK


@route("POST", "/wda/pressButton")
def _press(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    name = str(body.get("name", ""))
    if name == "home":
        w.device.home()
    elif name not in ("volumeUp", "volumeDown"):
        raise WdaError("invalid argument", f"The button '{name}' is unknown. Only home, volumeUp, volumeDown are supported", 400)
    return _OK


@route("POST", "/wda/homescreen", session=False)
def _homescreen(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.device.home()
    return _OK


# -- apps ----------------------------------------------------------------------------------------------


def _bundle(body: dict[str, Any]) -> str:
    bundle = body.get("bundleId")
    if not bundle:
        raise WdaError("invalid argument", "'bundleId' is required", 400)
    return str(bundle)


@route("GET", "/wda/activeAppInfo", also_without=True)
def _active(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return w.device.active_app()


@route("POST", "/wda/apps/launch")
def _launch(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.device.launch(_bundle(body))
    return _OK


@route("POST", "/wda/apps/activate")
def _activate(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    bundle = _bundle(body)
    w.device.launch(bundle, fresh=False)
    return _OK


@route("POST", "/wda/apps/terminate")
def _terminate(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return w.device.terminate(_bundle(body))


@route("POST", "/wda/apps/state")
def _state(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return w.device.states.get(_bundle(body), 0)


@route("POST", "/url")
def _open_url(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    url = body.get("url")
    if not isinstance(url, str) or not url:
        raise WdaError("invalid argument", "URL is required", 400)
    bundle = body.get("bundleId")
    w.device.open_url(url, str(bundle) if bundle else None)
    return _OK


# -- the pasteboard ------------------------------------------------------------------------------------


@route("POST", "/wda/setPasteboard")
def _set_pasteboard(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    kind = str(body.get("contentType") or "plaintext").lower()
    if kind not in ("plaintext", "url", "image"):
        raise WdaError("invalid argument", f"Unsupported content type: {kind}", 400)
    try:
        w.device.pasteboard = (kind, base64.b64decode(str(body.get("content") or ""), validate=True))
    except ValueError as exc:
        raise WdaError("invalid argument", f"Cannot decode the pasteboard content: {exc}", 400) from exc
    return _OK


@route("POST", "/wda/getPasteboard")
def _get_pasteboard(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    kind = str(body.get("contentType") or "plaintext").lower()
    held_kind, data = w.device.pasteboard
    return base64.b64encode(data if held_kind == kind else b"").decode("ascii")


# -- alerts -----------------------------------------------------------------------------------------------


@route("GET", "/alert/text", also_without=True)
def _alert_text(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    alert = w.device.alert_or_fail()
    return "\n".join(str(alert[k]) for k in ("title", "message") if alert.get(k))


@route("GET", "/wda/alert/buttons")
def _alert_buttons(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    return [str(b) for b in w.device.alert_or_fail().get("buttons") or ["OK"]]


@route("POST", "/alert/accept", also_without=True)
def _accept(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.device.press_alert(str(body["name"]) if body.get("name") else None)
    return _OK


@route("POST", "/alert/dismiss", also_without=True)
def _dismiss_alert(w: Wda, body: dict[str, Any], p: dict[str, str], q: dict[str, list[str]]) -> Any:
    w.device.press_alert(str(body["name"]) if body.get("name") else None, dismiss=True)
    return _OK


# -- HTTP --------------------------------------------------------------------------------------------------


def make_server(wda: Wda, host: str, port: int, *, appium: str | None = None) -> ThreadingHTTPServer:
    """WDA's HTTP server; with ``appium`` (a base path: ``/wd/hub``, ``/``) an Appium server in front of it instead."""
    front: Appium | Wda = Appium(wda, appium) if appium is not None else wda

    class _Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as WDA's server
        disable_nagle_algorithm = True  # headers and body go out as two writes: no 40 ms delayed-ACK stall between them

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _serve(self, method: str) -> None:
            if wda.offline:
                self.close_connection = True
                return
            url = urlparse(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw.strip() else {}
            except ValueError:
                body = None
            if not isinstance(body, dict):
                status, answer = 400, {"value": {"error": "invalid argument", "message": "The request body is not a "
                                                 "JSON object", "traceback": ""}, "sessionId": wda.session_id}  # fmt: skip
            else:
                status, answer = front.dispatch(method, url.path.rstrip("/") or "/", body, parse_qs(url.query))
            data = json.dumps(answer).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json;charset=UTF-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            self._serve("GET")

        def do_POST(self) -> None:
            self._serve("POST")

        def do_DELETE(self) -> None:
            self._serve("DELETE")

    server = ThreadingHTTPServer((host, port), _Handler)
    server.daemon_threads = True
    return server
