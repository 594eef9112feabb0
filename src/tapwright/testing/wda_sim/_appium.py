"""The simulator as an Appium server with the XCUITest driver in front of its WebDriverAgent.

A real Appium server listens under a base path (``/wd/hub`` for Appium 1 style URLs, ``/`` for
Appium 2), creates a session from W3C ``capabilities`` (``platformName: iOS``,
``appium:automationName: XCUITest``, every other non-standard key with a vendor prefix), gives it
its own id, and serves only its routes: W3C WebDriver (find, click, value, clear, rect, source,
screenshot, window rect, actions, alerts, the active element), Appium's own (``/appium/settings``,
``/status``) and ``POST /execute/sync`` with the XCUITest driver's ``mobile:`` methods, each of
which becomes the WDA call that driver makes (see its ``lib/commands/*.ts``). WDA's own ``/wda/*``
routes are not served here: a client that reaches the device through Appium must not need them.

Each Appium call is answered by handing the WDA call to the simulated WDA behind it
(:meth:`Wda.dispatch`), as the XCUITest driver proxies it.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from tapwright.testing.wda_sim._device import WdaError

_STANDARD_CAPS = frozenset({"browserName", "browserVersion", "platformName", "acceptInsecureCerts", "pageLoadStrategy",
                            "proxy", "setWindowRect", "timeouts", "strictFileInteractability", "unhandledPromptBehavior",
                            "webSocketUrl", "userAgent"})  # fmt: skip
# Locator strategies the XCUITest driver accepts -> the names WDA knows them by.
_STRATEGIES = {"accessibility id": "accessibility id", "class name": "class name", "id": "id", "name": "name",
               "xpath": "xpath", "-ios predicate string": "predicate string", "-ios class chain": "class chain"}  # fmt: skip
# W3C and Appium routes (under /session/:id) the Appium server passes on to WDA as they are.
_PASSED_ON: list[tuple[str, re.Pattern[str]]] = [(m, re.compile(f"^{p}$")) for m, p in [
    ("GET", "/source"), ("GET", "/screenshot"), ("GET", "/window/rect"), ("GET", "/orientation"), ("POST", "/orientation"),
    ("POST", "/element/[^/]+/click"), ("POST", "/element/[^/]+/value"), ("POST", "/element/[^/]+/clear"),
    ("GET", "/element/[^/]+/(rect|text|name|displayed|enabled|selected)"), ("GET", "/element/[^/]+/attribute/[^/]+"),
    ("POST", "/actions"), ("GET", "/alert/text"), ("POST", "/alert/accept"), ("POST", "/alert/dismiss"),
    ("GET", "/appium/settings")]]  # fmt: skip


class Appium:
    """An Appium server (base path ``base``) whose XCUITest driver drives ``wda``.

    Args:
        wda: The simulated WebDriverAgent behind it (a :class:`~tapwright.testing.wda_sim._server.Wda`).
        base: The base path, ``/wd/hub`` or ``/`` (Appium 2's default).
    """

    def __init__(self, wda: Any, base: str) -> None:
        self.wda = wda
        self.base = "/" + base.strip("/") if base.strip("/") else ""
        self.session_id: str | None = None
        self.capabilities: dict[str, Any] = {}

    def dispatch(self, method: str, path: str, body: dict[str, Any], query: dict[str, list[str]]) -> tuple[int, dict[str, Any]]:
        if self.base and not (path == self.base or path.startswith(self.base + "/")):
            return _error("unknown command", f"The requested resource could not be found: {path} (base path {self.base})", 404)
        path = path[len(self.base):] or "/"
        try:
            if path == "/status" and method == "GET":
                return _ok(self._status())
            if path == "/session" and method == "POST":
                return _ok(self._create(body))
            found = re.match(r"^/session/([^/]+)(/.*)?$", path)
            if found is None:
                raise WdaError("unknown command", f"The requested resource could not be found: {method} {path}", 404)
            if found.group(1) != self.session_id:
                raise WdaError("invalid session id", f"A session is either terminated or not started ({found.group(1)})", 404)
            return self._session_call(method, found.group(2) or "", body, query)
        except WdaError as exc:
            return _error(exc.error, exc.message, exc.status, self.session_id)

    # -- server and session -------------------------------------------------------------------

    def _status(self) -> dict[str, Any]:
        return {"ready": True, "message": "The server is ready to accept new connections",
                "build": {"version": "2.11.5", "git-sha": None, "built": None}}  # fmt: skip

    def _create(self, body: dict[str, Any]) -> dict[str, Any]:
        caps = body.get("capabilities")
        if not isinstance(caps, dict):
            raise WdaError("invalid argument", "W3C capabilities are mandatory: send {'capabilities': {'alwaysMatch': "
                           "{...}, 'firstMatch': [{}]}}", 400)  # fmt: skip
        first = caps.get("firstMatch") or [{}]
        if not isinstance(first, list) or not all(isinstance(f, dict) for f in first):
            raise WdaError("invalid argument", "'firstMatch' must be a list of objects", 400)
        merged = {**(caps.get("alwaysMatch") or {}), **first[0]}
        bare = sorted(k for k in merged if ":" not in k and k not in _STANDARD_CAPS)
        if bare:
            raise WdaError("invalid argument", "All non-standard capabilities should have a vendor prefix. The following "
                           f"capabilities did not have one: {','.join(bare)}", 400)  # fmt: skip
        options = merged.pop("appium:options", None)
        if options is not None and not isinstance(options, dict):
            raise WdaError("invalid argument", "'appium:options' must be an object", 400)
        merged.update({f"appium:{k}": v for k, v in (options or {}).items()})
        if str(merged.get("platformName", "")).lower() != "ios":
            raise WdaError("session not created", "Could not find a driver for platformName "
                           f"'{merged.get('platformName')}'. Please check your capabilities", 500)  # fmt: skip
        if str(merged.get("appium:automationName", "")).lower() != "xcuitest":
            raise WdaError("session not created", "Could not find a driver for automationName "
                           f"'{merged.get('appium:automationName')}' and platformName 'iOS'", 500)  # fmt: skip
        udid = merged.get("appium:udid")
        if udid not in (None, "", "auto", "00000000-SIMULATED"):
            raise WdaError("session not created", f"Unknown device or simulator UDID: '{udid}'", 500)
        plain = {k.split(":", 1)[1] if k.startswith("appium:") else k: v for k, v in merged.items()}
        wda_caps = {k: plain[k] for k in ("bundleId", "arguments", "environment", "shouldWaitForQuiescence") if k in plain}
        self._wda("POST", "/session", {"capabilities": {"alwaysMatch": wda_caps, "firstMatch": [{}]}}, session=False)
        self.session_id = str(uuid.uuid4())
        self.capabilities = {**plain, "platformName": "iOS", "automationName": "XCUITest", "udid": "00000000-SIMULATED"}
        return {"sessionId": self.session_id, "capabilities": dict(self.capabilities)}

    def _session_call(self, method: str, rest: str, body: dict[str, Any], query: dict[str, list[str]]) -> tuple[int, dict[str, Any]]:
        if rest == "" and method == "DELETE":
            self._wda("DELETE", "", {})
            self.session_id = None
            return _ok(None)
        if rest == "" and method == "GET":
            return _ok(dict(self.capabilities), self.session_id)
        if rest in ("/element", "/elements") and method == "POST":
            using = str(body.get("using", ""))
            if using not in _STRATEGIES:
                raise WdaError("invalid selector", f"Locator Strategy '{using}' is not supported for this session", 400)
            return _ok(self._wda("POST", rest, {**body, "using": _STRATEGIES[using]}), self.session_id)
        if rest == "/element/active" and method == "GET":
            return _ok(self._active(), self.session_id)
        if rest == "/appium/settings" and method == "POST":
            if not isinstance(body.get("settings"), dict):
                raise WdaError("invalid argument", "Parameters were incorrect. We wanted {\"required\":[\"settings\"]}", 400)
            self._wda("POST", rest, body)
            return _ok(None, self.session_id)  # the base driver's updateSettings answers nothing
        if rest == "/execute/sync" and method == "POST":
            return _ok(self._execute(body), self.session_id)
        if any(m == method and p.match(rest) for m, p in _PASSED_ON):
            if rest == "/source":
                query = {}  # getPageSource asks WDA for XML
            return _ok(self._wda(method, rest, body, query=query), self.session_id)
        raise WdaError("unknown command", f"The requested resource could not be found, or a request was received using "
                       f"an HTTP method that is not supported by the mapped resource: {method} /session/:id{rest}", 404)  # fmt: skip

    def _active(self) -> Any:
        """``GET /element/active``: the focused element (the XCUITest driver asks WDA the same)."""
        with self.wda.lock:
            focused = next((e for e in self.wda.device.tree().iter() if e.get("focused") == "true"), None)
            if focused is None:
                raise WdaError("no such element", "No element has the keyboard focus", 404)
            hid = self.wda.device.handle(focused)
        return {"ELEMENT": hid, "element-6066-11e4-a52e-4f735466cecf": hid}

    # -- mobile: methods ------------------------------------------------------------------------

    def _execute(self, body: dict[str, Any]) -> Any:
        script, args = body.get("script"), body.get("args")
        if not isinstance(script, str) or not isinstance(args, list):
            raise WdaError("invalid argument", "Parameters were incorrect. We wanted {\"required\":[\"script\",\"args\"]}", 400)
        name = re.sub(r"^mobile:\s*", "", script) if script.startswith("mobile:") else None
        if name is None:
            raise WdaError("unsupported operation", "Native context does not support arbitrary script execution: only "
                           "'mobile:' methods", 405)  # fmt: skip
        opts = args[0] if args else {}
        if not isinstance(opts, dict):
            raise WdaError("invalid argument", f"'mobile: {name}' takes one object of named arguments", 400)
        call = _MOBILE.get(name)
        if call is None:
            raise WdaError("unknown method", f"Unsupported execute method 'mobile: {name}'. Available methods are: "
                           f"{', '.join('mobile: ' + n for n in sorted(_MOBILE))}", 405)  # fmt: skip
        return call(self, opts)

    def _wda(self, method: str, rest: str, body: dict[str, Any], *, session: bool = True,
             query: dict[str, list[str]] | None = None) -> Any:  # fmt: skip
        """Hand one call to WDA (as the XCUITest driver's proxy does); its value, or its error raised."""
        path = f"/session/{self.wda.session_id}{rest}" if session else rest
        status, answer = self.wda.dispatch(method, path, body, query or {})
        value = answer.get("value")
        if isinstance(value, dict) and value.get("error"):
            raise WdaError(str(value["error"]), str(value.get("message", "")), status)
        return value


def _required(opts: dict[str, Any], *names: str) -> list[Any]:
    missing = [n for n in names if opts.get(n) in (None, "")]
    if missing:
        raise WdaError("invalid argument", f"The following arguments are required: {', '.join(missing)}", 400)
    return [opts[n] for n in names]


def _pasteboard_set(a: Appium, o: dict[str, Any]) -> Any:
    (content,) = _required(o, "content")
    # Appium sets it with `simctl pbcopy`: the text itself, in `encoding` (utf8 by default).
    a.wda.device.pasteboard = ("plaintext", str(content).encode(str(o.get("encoding") or "utf8").replace("utf8", "utf-8")))
    return None


def _pasteboard_get(a: Appium, o: dict[str, Any]) -> Any:
    kind, data = a.wda.device.pasteboard
    return data.decode(str(o.get("encoding") or "utf8").replace("utf8", "utf-8"), "replace") if kind == "plaintext" else ""


def _alert(a: Appium, o: dict[str, Any]) -> Any:
    (action,) = _required(o, "action")
    if action == "getButtons":
        return a._wda("GET", "/wda/alert/buttons", {})
    if action not in ("accept", "dismiss"):
        raise WdaError("invalid argument", f"The 'action' value should be either 'accept', 'dismiss' or 'getButtons'. "
                       f"'{action}' is provided instead.", 400)  # fmt: skip
    return a._wda("POST", f"/alert/{action}", {"name": o["buttonLabel"]} if o.get("buttonLabel") else {})


def _bundle_call(route: str) -> Any:
    def call(a: Appium, o: dict[str, Any]) -> Any:
        (bundle,) = _required(o, "bundleId")
        extra: dict[str, Any] = {k: o[k] for k in ("arguments", "environment") if k in o}
        return a._wda("POST", route, {"bundleId": bundle, **extra})

    return call


# The XCUITest driver's execute methods tapwright uses, each as the WDA call that driver makes.
_MOBILE: dict[str, Any] = {
    "tap": lambda a, o: a._wda("POST", "/wda/tap", dict(zip(("x", "y"), _required(o, "x", "y"), strict=True))),
    "doubleTap": lambda a, o: a._wda("POST", "/wda/doubleTap", {"x": o.get("x"), "y": o.get("y")}),
    "touchAndHold": lambda a, o: a._wda("POST", "/wda/touchAndHold", {"duration": _required(o, "duration")[0],
                                                                      "x": o.get("x"), "y": o.get("y")}),
    "dragFromToForDuration": lambda a, o: a._wda("POST", "/wda/dragfromtoforduration", dict(zip(
        ("duration", "fromX", "fromY", "toX", "toY"), _required(o, "duration", "fromX", "fromY", "toX", "toY"), strict=True))),
    "hideKeyboard": lambda a, o: a._wda("POST", "/wda/keyboard/dismiss", {"keyNames": [*(o.get("keys") or []), "done"]}),
    "isKeyboardShown": lambda a, o: any(e.get("type") == "XCUIElementTypeKeyboard" for e in a.wda.device.tree().iter()),
    "pressButton": lambda a, o: a._wda("POST", "/wda/pressButton", {"name": _required(o, "name")[0]}),
    "activeAppInfo": lambda a, o: a._wda("GET", "/wda/activeAppInfo", {}),
    "deviceScreenInfo": lambda a, o: a._wda("GET", "/wda/screen", {}),
    "launchApp": _bundle_call("/wda/apps/launch"),
    "activateApp": _bundle_call("/wda/apps/activate"),
    "terminateApp": _bundle_call("/wda/apps/terminate"),
    "queryAppState": _bundle_call("/wda/apps/state"),
    "deepLink": lambda a, o: a._wda("POST", "/url", {"url": _required(o, "url")[0],
                                                     **({"bundleId": o["bundleId"]} if o.get("bundleId") else {})}),
    "source": lambda a, o: a._wda("GET", "/source", {}, query={"format": [str(o.get("format") or "xml")]}),
    "setPasteboard": _pasteboard_set,
    "getPasteboard": _pasteboard_get,
    "alert": _alert,
}  # fmt: skip


def _ok(value: Any, sid: str | None = None) -> tuple[int, dict[str, Any]]:
    return 200, {"value": value, **({"sessionId": sid} if sid else {})}


def _error(error: str, message: str, status: int, sid: str | None = None) -> tuple[int, dict[str, Any]]:
    return status, {"value": {"error": error, "message": message, "stacktrace": ""}, **({"sessionId": sid} if sid else {})}


__all__ = ["Appium"]
