"""A small async WebDriverAgent client (httpx): the calls the iOS driver makes, errors mapped once.

WDA speaks plain HTTP + JSON: every answer is ``{"value": ..., "sessionId": ...}``; an error is
``{"value": {"error", "message", "traceback"}}`` with a W3C status code. Routes follow current
WDA (appium/WebDriverAgent 6+: coordinate taps are ``POST /wda/tap``; since 7.0 gestures other than
the ``/wda/*`` ones go through W3C ``/actions``).

Every failure becomes a :class:`~tapwright.errors.DriverError` through one table
(:data:`W3C_CODES`) and :func:`_transport_error`: nothing listening at the URL is DEVICE_LOST at
once (no retry loop), a request that takes too long is TIMEOUT.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tapwright.core.lazy_module import LazyModule
from tapwright.drivers.ios import _http
from tapwright.errors import DriverError, ErrorCode

if TYPE_CHECKING:
    import httpx
else:
    httpx = LazyModule("httpx")  # imported when a client is made, not with the tool pack

# W3C error strings WDA answers with -> the shared codes.
W3C_CODES: dict[str, ErrorCode] = {
    "no such element": ErrorCode.ELEMENT_NOT_FOUND,
    "no such alert": ErrorCode.ELEMENT_NOT_FOUND,
    "stale element reference": ErrorCode.STALE_REF,
    "invalid session id": ErrorCode.DEVICE_LOST,
    "session not created": ErrorCode.DEVICE_LOST,
    "invalid argument": ErrorCode.INVALID_INPUT,
    "invalid selector": ErrorCode.INVALID_INPUT,
    "invalid coordinates": ErrorCode.INVALID_INPUT,
    "invalid element state": ErrorCode.NOT_INTERACTABLE,
    "element not visible": ErrorCode.NOT_INTERACTABLE,
    "element not interactable": ErrorCode.NOT_INTERACTABLE,
    "unexpected alert open": ErrorCode.NOT_INTERACTABLE,
    "timeout": ErrorCode.TIMEOUT,
    "unknown command": ErrorCode.DRIVER_ERROR,
    "unknown method": ErrorCode.DRIVER_ERROR,
    "unsupported operation": ErrorCode.DRIVER_ERROR,
    "unable to capture screen": ErrorCode.DRIVER_ERROR,
    "unknown error": ErrorCode.DRIVER_ERROR,
}
ELEMENT_KEYS = ("element-6066-11e4-a52e-4f735466cecf", "ELEMENT")
# What `apps/state` answers (XCUIApplicationState).
APP_STATES = {0: "unknown", 1: "not running", 2: "running in background (suspended)", 3: "running in background",
              4: "running in foreground"}  # fmt: skip


class WdaClient:
    """One WebDriverAgent endpoint and (after :meth:`create_session`) one session on it.

    Args:
        url: WDA's base URL, e.g. ``http://127.0.0.1:8100`` (a simulator on a Mac, a device through
            ``iproxy``, a cloud farm's endpoint).
        timeout_s: How long one request may take (a page source of a big screen takes seconds).
    """

    server = "WebDriverAgent"  # what error messages call the far end

    def __init__(self, url: str, *, timeout_s: float = 60.0, connect_timeout_s: float = 5.0) -> None:
        parsed = httpx.URL(url.rstrip("/"))
        # Credentials in the URL (a farm's hub) go into an Authorization header, never into messages:
        # `url` is what is shown. A base path (an Appium server's /wd/hub) is kept: routes join under it.
        auth = httpx.BasicAuth(parsed.username, parsed.password) if parsed.username or parsed.password else None
        self.url = str(parsed.copy_with(username=None, password=None))
        self.session_id: str | None = None
        self.capabilities: dict[str, Any] = {}
        self.requests = 0  # HTTP requests sent (round trips; the bench counts them per action)
        # A plain-HTTP endpoint with no proxy in the way (a simulator, iproxy) gets the lean client: a request is
        # one send and no general client's layers (see _http); HTTPS and proxied endpoints keep httpx.
        self._http: Any
        if _http.lean_for(self.url):
            self._http = _http.LeanHttp(self.url, timeout_s=timeout_s, connect_timeout_s=connect_timeout_s,
                                        headers={"Content-Type": "application/json"},
                                        auth=(parsed.username, parsed.password) if auth is not None else None)  # fmt: skip
        else:
            self._http = httpx.AsyncClient(base_url=self.url, timeout=httpx.Timeout(timeout_s, connect=connect_timeout_s),
                                           headers={"Content-Type": "application/json"}, auth=auth)  # fmt: skip

    # -- transport ---------------------------------------------------------------------------

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None, *, session: bool = True,
                      params: dict[str, str] | None = None) -> Any:  # fmt: skip
        """Call ``path`` (under the session when ``session``); the answer's ``value``.

        Raises:
            DriverError: the mapped code (see the module docstring).
        """
        if session:
            if self.session_id is None:
                raise DriverError(ErrorCode.DEVICE_LOST, f"no {self.server} session: create one first")
            path = f"/session/{self.session_id}{path}"
        self.requests += 1
        try:
            resp = await self._http.request(method, path, json=body if method != "GET" else None, params=params)
        except httpx.HTTPError as exc:
            raise _transport_error(exc, self.url, f"{method} {path}", self.server) from exc
        try:
            data = resp.json()
        except ValueError:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"{self.server} answered {method} {path} with HTTP {resp.status_code} "
                              f"and no JSON: {resp.text[:200]!r}") from None  # fmt: skip
        value = data.get("value") if isinstance(data, dict) else None
        if isinstance(value, dict) and value.get("error"):
            raise _w3c_error(str(value["error"]), str(value.get("message") or ""), f"{method} {path}", self.server)
        if resp.status_code >= 400:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"{self.server} answered {method} {path} with HTTP {resp.status_code}")
        return value

    async def aclose(self) -> None:
        await self._http.aclose()

    # -- status and session --------------------------------------------------------------------

    async def status(self) -> dict[str, Any]:
        """``GET /status``: ready, os, build (asked without a session)."""
        value = await self.request("GET", "/status", session=False)
        return value if isinstance(value, dict) else {}

    async def create_session(self, capabilities: dict[str, Any] | None = None) -> str:
        """``POST /session`` with W3C ``alwaysMatch`` capabilities (``bundleId``, ``arguments`` ...); its id."""
        body = {"capabilities": {"alwaysMatch": dict(capabilities or {}), "firstMatch": [{}]}}
        value = await self.request("POST", "/session", body, session=False)
        sid = value.get("sessionId") if isinstance(value, dict) else None
        if not sid:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"{self.server} created no session: {str(value)[:200]}")
        self.session_id = str(sid)
        self.capabilities = dict(value.get("capabilities") or {})
        return self.session_id

    async def delete_session(self) -> None:
        if self.session_id is not None:
            try:
                await self.request("DELETE", "")
            finally:
                self.session_id = None

    async def settings(self, changes: dict[str, Any] | None = None) -> dict[str, Any]:
        """``/appium/settings``: read them, or change some (``snapshotMaxDepth`` ...) and read them back."""
        value = await (self.request("POST", "/appium/settings", {"settings": changes}) if changes
                       else self.request("GET", "/appium/settings"))  # fmt: skip
        return value if isinstance(value, dict) else {}

    # -- screen ----------------------------------------------------------------------------------

    async def source(self, fmt: str = "xml", *, excluded: Sequence[str] = ()) -> Any:
        """``GET /source``: the XML text, or the JSON tree with ``fmt="json"``.

        ``excluded`` names attributes WDA is to leave out of the XML (its ``excluded_attributes`` query
        parameter, appium/WebDriverAgent since 2019); a WDA that does not know it sends them all.
        """
        params = {"format": fmt}
        if excluded and fmt == "xml":
            params["excluded_attributes"] = ",".join(excluded)
        return await self.request("GET", "/source", params=params)

    async def screenshot(self) -> bytes:
        """``GET /screenshot``: PNG bytes (pixels: points times the scale)."""
        value = await self.request("GET", "/screenshot")
        try:
            return base64.b64decode(str(value))
        except ValueError as exc:
            raise DriverError(ErrorCode.DRIVER_ERROR, "the screenshot is not base64", cause=str(exc)) from exc

    async def screen(self) -> dict[str, Any]:
        """``GET /wda/screen``: ``screenSize``, ``statusBarSize`` and ``scale``."""
        value = await self.request("GET", "/wda/screen")
        return value if isinstance(value, dict) else {}

    async def window_size(self) -> tuple[int, int]:
        value = await self.request("GET", "/window/size")
        return int(value.get("width", 0)), int(value.get("height", 0))

    async def orientation(self, set_to: str | None = None) -> str:
        """``/orientation``: PORTRAIT or LANDSCAPE (set it when given)."""
        if set_to:
            await self.request("POST", "/orientation", {"orientation": set_to.upper()})
        return str(await self.request("GET", "/orientation"))

    # -- elements (fallbacks; tapwright finds elements in the page source) ----------------------

    async def find_elements(self, using: str, value: str) -> list[str]:
        """``POST /elements`` by ``accessibility id``, ``class chain``, ``predicate string`` or ``class name``."""
        found = await self.request("POST", "/elements", {"using": using, "value": value})
        return [id_of_element(e) for e in found or []]

    async def find_elements_with(self, using: str, value: str) -> list[dict[str, Any]]:
        """``POST /elements`` answered as WDA sends each element: its id, and the fields the session's
        ``elementResponseAttributes`` list when ``shouldUseCompactResponses`` is off."""
        found = await self.request("POST", "/elements", {"using": using, "value": value})
        if not isinstance(found, list) or not all(isinstance(e, dict) for e in found):
            raise DriverError(ErrorCode.DRIVER_ERROR, f"WebDriverAgent answered a find with {str(found)[:120]}")
        return found

    async def element_click(self, element_id: str) -> None:
        await self.request("POST", f"/element/{element_id}/click", {})

    async def element_value(self, element_id: str, text: str) -> None:
        await self.request("POST", f"/element/{element_id}/value", {"text": text, "value": list(text)})

    async def element_clear(self, element_id: str) -> None:
        await self.request("POST", f"/element/{element_id}/clear", {})

    async def element_rect(self, element_id: str) -> dict[str, float]:
        value = await self.request("GET", f"/element/{element_id}/rect")
        return {k: float(value[k]) for k in ("x", "y", "width", "height")}

    # -- touch and keys -----------------------------------------------------------------------

    async def tap(self, x: float, y: float) -> None:
        """``POST /wda/tap`` at a point (in points)."""
        await self.request("POST", "/wda/tap", {"x": x, "y": y})

    async def double_tap(self, x: float, y: float) -> None:
        await self.request("POST", "/wda/doubleTap", {"x": x, "y": y})

    async def touch_and_hold(self, x: float, y: float, duration_s: float) -> None:
        await self.request("POST", "/wda/touchAndHold", {"x": x, "y": y, "duration": duration_s})

    async def drag(self, x1: float, y1: float, x2: float, y2: float, duration_s: float) -> None:
        """``POST /wda/dragfromtoforduration``: press at (x1, y1) for ``duration_s``, then drag to (x2, y2)."""
        await self.request("POST", "/wda/dragfromtoforduration",
                           {"fromX": x1, "fromY": y1, "toX": x2, "toY": y2, "duration": duration_s})  # fmt: skip

    async def actions(self, actions: Sequence[dict[str, Any]]) -> None:
        """W3C ``POST /actions`` (pointer sequences: a swipe with its own speed, a multi-finger gesture)."""
        await self.request("POST", "/actions", {"actions": list(actions)})

    async def keys(self, text: str) -> None:
        """``POST /wda/keys``: type into whatever has keyboard focus."""
        await self.request("POST", "/wda/keys", {"value": list(text)})

    async def dismiss_keyboard(self) -> None:
        await self.request("POST", "/wda/keyboard/dismiss", {})

    async def press_button(self, name: str) -> None:
        """``POST /wda/pressButton``: ``home``, ``volumeUp``, ``volumeDown``."""
        await self.request("POST", "/wda/pressButton", {"name": name})

    async def homescreen(self) -> None:
        await self.request("POST", "/wda/homescreen", {}, session=False)

    # -- apps ---------------------------------------------------------------------------------------

    async def active_app(self) -> dict[str, Any]:
        """``GET /wda/activeAppInfo``: ``bundleId``, ``name``, ``pid`` of the app in front."""
        value = await self.request("GET", "/wda/activeAppInfo")
        return value if isinstance(value, dict) else {}

    async def app_launch(self, bundle_id: str, arguments: Sequence[str] = ()) -> None:
        await self.request("POST", "/wda/apps/launch", {"bundleId": bundle_id, "arguments": list(arguments)})

    async def app_activate(self, bundle_id: str) -> None:
        await self.request("POST", "/wda/apps/activate", {"bundleId": bundle_id})

    async def app_terminate(self, bundle_id: str) -> bool:
        return bool(await self.request("POST", "/wda/apps/terminate", {"bundleId": bundle_id}))

    async def app_state(self, bundle_id: str) -> int:
        """``POST /wda/apps/state``: 1 not running, 2/3 in the background, 4 in front (see :data:`APP_STATES`)."""
        return int(await self.request("POST", "/wda/apps/state", {"bundleId": bundle_id}) or 0)

    async def open_url(self, url: str, bundle_id: str | None = None) -> None:
        """``POST /url``: open a link (a custom scheme or a universal link), in ``bundle_id`` when given."""
        await self.request("POST", "/url", {"url": url, **({"bundleId": bundle_id} if bundle_id else {})})

    # -- the pasteboard --------------------------------------------------------------------------

    async def set_pasteboard(self, text: str) -> None:
        """``POST /wda/setPasteboard``: put plain text on the device's pasteboard (sent base64)."""
        content = base64.b64encode(text.encode("utf-8")).decode("ascii")
        await self.request("POST", "/wda/setPasteboard", {"content": content, "contentType": "plaintext"})

    async def get_pasteboard(self) -> str:
        """``POST /wda/getPasteboard``: the pasteboard's plain text (WDA answers base64)."""
        value = await self.request("POST", "/wda/getPasteboard", {"contentType": "plaintext"})
        try:
            return base64.b64decode(str(value or "")).decode("utf-8")
        except ValueError as exc:
            raise DriverError(ErrorCode.DRIVER_ERROR, "the pasteboard's answer is not base64 text", cause=str(exc)) from exc

    # -- alerts --------------------------------------------------------------------------------

    async def alert_text(self) -> str:
        return str(await self.request("GET", "/alert/text") or "")

    async def alert_buttons(self) -> list[str]:
        return [str(b) for b in await self.request("GET", "/wda/alert/buttons") or []]

    async def alert_accept(self, name: str | None = None) -> None:
        """Accept the alert, or press the button called ``name``."""
        await self.request("POST", "/alert/accept", {"name": name} if name else {})

    async def alert_dismiss(self, name: str | None = None) -> None:
        await self.request("POST", "/alert/dismiss", {"name": name} if name else {})


def id_of_element(e: Any) -> str:
    """The id in a found element's answer (the W3C key, or the old ``ELEMENT``)."""
    if isinstance(e, dict):
        for key in ELEMENT_KEYS:
            if key in e:
                return str(e[key])
    raise DriverError(ErrorCode.DRIVER_ERROR, f"WebDriverAgent answered an element without an id: {str(e)[:120]}")


def _w3c_error(error: str, message: str, what: str, server: str = "WebDriverAgent") -> DriverError:
    code = W3C_CODES.get(error, ErrorCode.DRIVER_ERROR)
    first = message.strip().splitlines()[0][:300] if message.strip() else ""
    hint = ""
    if error in ("unknown command", "unknown method") and server == "WebDriverAgent":
        hint = " (this WebDriverAgent does not serve that route: tapwright needs WDA 6 or newer)"
    elif error in ("unknown command", "unknown method"):
        hint = f" (this {server} server does not serve that call: tapwright needs Appium 2+ with the XCUITest driver)"
    elif error == "invalid session id":
        hint = f" (the {server} session ended: the server restarted, the session timed out or the device went away)"
    elif error == "unexpected alert open":
        hint = " (an alert is open: accept or dismiss it first)"
    return DriverError(code, f"{server}: {error} on {what}: {first}{hint}", cause=f"{error}: {message[:500]}")


def _transport_error(exc: httpx.HTTPError, url: str, what: str, server: str = "WebDriverAgent") -> DriverError:
    """The boundary table for transport failures."""
    if isinstance(exc, httpx.ConnectError | httpx.ConnectTimeout):
        start = ("start WDA (xcodebuild test-without-building on a Mac, or `iproxy 8100 8100` for a device)"
                 if server == "WebDriverAgent" else "start the Appium server (`appium`)")  # fmt: skip
        return DriverError(ErrorCode.DEVICE_LOST, f"no {server} answers at {url} ({type(exc).__name__}): {start} and "
                           "check the URL", cause=str(exc))  # fmt: skip
    if isinstance(exc, httpx.TimeoutException):
        return DriverError(ErrorCode.TIMEOUT, f"{server} at {url} did not answer {what} in time", cause=str(exc))
    if isinstance(exc, httpx.RemoteProtocolError | httpx.ReadError | httpx.WriteError):
        return DriverError(ErrorCode.DEVICE_LOST, f"{server} at {url} dropped the connection during {what}",
                           cause=str(exc))  # fmt: skip
    return DriverError(ErrorCode.DRIVER_ERROR, f"calling {server} at {url} failed: {exc}", cause=str(exc))


__all__ = ["APP_STATES", "ELEMENT_KEYS", "W3C_CODES", "WdaClient", "id_of_element"]
