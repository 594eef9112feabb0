"""The iOS client through an Appium server (XCUITest driver): the same calls as :class:`WdaClient`, on Appium's routes.

Many users reach an iPhone through Appium rather than WebDriverAgent itself. An Appium server
listens under a base path (``http://host:4723/wd/hub`` in Appium 1 style URLs, ``http://host:4723``
for Appium 2), creates sessions from W3C capabilities (``platformName: iOS``,
``appium:automationName: XCUITest``, every other non-standard key with a vendor prefix:
``appium:bundleId``, ``appium:udid``) and serves W3C WebDriver routes, Appium's own
(``/appium/settings``) and the XCUITest driver's ``mobile:`` methods through
``POST /execute/sync``. WDA's ``/wda/*`` routes have no place in that surface, so each call that
uses one on WDA has its W3C or ``mobile:`` twin here (how the XCUITest driver maps them is in its
``lib/execute-method-map.ts`` and ``lib/commands/*.ts``):

=========================  ==============================================================
WDA                        through Appium
=========================  ==============================================================
``/wda/tap``, doubleTap,   W3C ``/actions`` (a touch pointer: down, pauses, up)
touchAndHold, drag
``/wda/keys``              ``GET /element/active``, then ``POST /element/:id/value``
``/wda/screen``            ``mobile: deviceScreenInfo``
``/window/size``           ``GET /window/rect``
``/wda/keyboard/dismiss``  ``mobile: hideKeyboard``
``/wda/homescreen``        ``mobile: pressButton`` ``{"name": "home"}``
``/wda/activeAppInfo``     ``mobile: activeAppInfo``
``/wda/apps/*``            ``mobile: launchApp|activateApp|terminateApp|queryAppState``
``/url``                   ``mobile: deepLink``
pasteboard                 ``mobile: setPasteboard|getPasteboard`` (plain text; Appium
                           serves them on simulators only)
``/wda/alert/buttons``     ``mobile: alert`` ``{"action": "getButtons"}``; a named button:
                           ``{"action": "accept"|"dismiss", "buttonLabel": ...}``
=========================  ==============================================================
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tapwright.drivers.ios.wda import WdaClient, id_of_element
from tapwright.errors import DriverError, ErrorCode

# W3C's own capability names: everything else needs a vendor prefix (Appium 2 refuses it bare).
STANDARD_CAPS = frozenset({"browserName", "browserVersion", "platformName", "acceptInsecureCerts", "pageLoadStrategy",
                           "proxy", "setWindowRect", "timeouts", "strictFileInteractability", "unhandledPromptBehavior",
                           "webSocketUrl"})  # fmt: skip
# WDA's locator strategy names -> Appium's (the XCUITest driver turns them back before asking WDA).
STRATEGIES = {"predicate string": "-ios predicate string", "class chain": "-ios class chain"}
_FINGER = {"type": "pointer", "id": "finger1", "parameters": {"pointerType": "touch"}}


def w3c_capabilities(capabilities: Mapping[str, Any] | None = None, *, udid: str | None = None) -> dict[str, Any]:
    """The ``alwaysMatch`` an Appium server takes for an iOS session through the XCUITest driver.

    Standard W3C names and names with a vendor prefix (``appium:``, ``bstack:``) are kept as given;
    every other name gets ``appium:`` (``bundleId`` -> ``appium:bundleId``). ``platformName`` is
    ``iOS`` and ``appium:automationName`` ``XCUITest`` unless given; ``udid`` picks the device.
    WDA's ``shouldWaitForQuiescence: false`` becomes Appium's ``appium:waitForIdleTimeout: 0``.
    """
    out: dict[str, Any] = {"platformName": "iOS", "appium:automationName": "XCUITest"}
    for key, value in (capabilities or {}).items():
        if key == "shouldWaitForQuiescence":
            if value is False:
                out.setdefault("appium:waitForIdleTimeout", 0)
            continue
        out[key if key in STANDARD_CAPS or ":" in key else f"appium:{key}"] = value
    if udid:
        out["appium:udid"] = udid
    return out


def is_appium_status(status: Mapping[str, Any]) -> bool:
    """Whether a ``GET /status`` answer is an Appium server's (WDA's names its runner bundle and the OS)."""
    build = status.get("build")
    wda = isinstance(build, dict) and "productBundleIdentifier" in build
    return not wda and "os" not in status and "ios" not in status


class AppiumClient(WdaClient):
    """An Appium server (XCUITest driver) and, after :meth:`create_session` or :meth:`attach`, one session on it.

    Args:
        url: The server's URL with its base path: ``http://127.0.0.1:4723`` (Appium 2) or
            ``http://127.0.0.1:4723/wd/hub`` (Appium 1 style), a cloud farm's hub URL.
        udid: The device or simulator to use (``appium:udid``); the server picks one when None.
    """

    server = "Appium"

    def __init__(self, url: str, *, udid: str | None = None, timeout_s: float = 60.0, connect_timeout_s: float = 5.0) -> None:
        super().__init__(url, timeout_s=timeout_s, connect_timeout_s=connect_timeout_s)
        self.udid = udid
        self.owns_session = False  # an attached session is left running on close

    # -- session -------------------------------------------------------------------------------

    async def create_session(self, capabilities: dict[str, Any] | None = None) -> str:
        """``POST /session`` with W3C capabilities (see :func:`w3c_capabilities`); its id."""
        always = w3c_capabilities(capabilities, udid=self.udid)
        body = {"capabilities": {"alwaysMatch": always, "firstMatch": [{}]}}
        value = await self.request("POST", "/session", body, session=False)
        sid = value.get("sessionId") if isinstance(value, dict) else None
        if not sid:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"Appium created no session: {str(value)[:200]}")
        self.session_id, self.owns_session = str(sid), True
        self.capabilities = dict(value.get("capabilities") or {})
        return self.session_id

    async def attach(self, session_id: str) -> None:
        """Use a session someone else created (it stays open after :meth:`delete_session`).

        Raises:
            DriverError: DEVICE_LOST when the server has no such session.
        """
        self.session_id, self.owns_session = session_id, False
        try:
            await self.settings()
        except DriverError:
            self.session_id = None
            raise

    async def delete_session(self) -> None:
        if not self.owns_session:
            self.session_id = None
            return
        await super().delete_session()

    async def settings(self, changes: dict[str, Any] | None = None) -> dict[str, Any]:
        """``/appium/settings``: Appium answers a change with nothing, so they are read back after it."""
        if changes:
            await self.request("POST", "/appium/settings", {"settings": changes})
        value = await self.request("GET", "/appium/settings")
        return value if isinstance(value, dict) else {}

    async def mobile(self, method: str, args: Mapping[str, Any] | None = None) -> Any:
        """``POST /execute/sync`` with ``mobile: <method>`` and its named arguments."""
        return await self.request("POST", "/execute/sync", {"script": f"mobile: {method}", "args": [dict(args or {})]})

    # -- screen ----------------------------------------------------------------------------------

    async def source(self, fmt: str = "xml", *, excluded: Sequence[str] = ()) -> Any:
        """W3C ``GET /source`` (XML; every attribute: the W3C route takes no parameters); ``mobile: source``
        for the JSON tree."""
        if fmt == "xml":
            return await self.request("GET", "/source")
        return await self.mobile("source", {"format": fmt})

    async def screen(self) -> dict[str, Any]:
        value = await self.mobile("deviceScreenInfo")
        return value if isinstance(value, dict) else {}

    async def window_size(self) -> tuple[int, int]:
        value = await self.request("GET", "/window/rect")
        return int(value.get("width", 0)), int(value.get("height", 0))

    # -- elements --------------------------------------------------------------------------------

    async def find_elements(self, using: str, value: str) -> list[str]:
        return await super().find_elements(STRATEGIES.get(using, using), value)

    async def find_elements_with(self, using: str, value: str) -> list[dict[str, Any]]:
        return await super().find_elements_with(STRATEGIES.get(using, using), value)

    # -- touch and keys (W3C pointer actions) -----------------------------------------------------

    async def _touch(self, steps: Sequence[dict[str, Any]]) -> None:
        await self.actions([{**_FINGER, "actions": list(steps)}])

    async def tap(self, x: float, y: float) -> None:
        await self._touch(_press(x, y, 0))

    async def double_tap(self, x: float, y: float) -> None:
        await self._touch([*_press(x, y, 0), {"type": "pause", "duration": 100}, *_press(x, y, 0)[1:]])

    async def touch_and_hold(self, x: float, y: float, duration_s: float) -> None:
        await self._touch(_press(x, y, round(duration_s * 1000)))

    async def drag(self, x1: float, y1: float, x2: float, y2: float, duration_s: float) -> None:
        """Press at (x1, y1) for ``duration_s``, then move to (x2, y2) and lift (W3C actions)."""
        press = _press(x1, y1, round(duration_s * 1000))
        await self._touch([*press[:-1], {"type": "pointerMove", "duration": 300, "x": round(x2), "y": round(y2)}, press[-1]])

    async def keys(self, text: str) -> None:
        """Type into the focused element: ``GET /element/active``, then its ``/value``.

        Raises:
            DriverError: NOT_INTERACTABLE when nothing has keyboard focus.
        """
        try:
            active = await self.request("GET", "/element/active")
        except DriverError as exc:
            if exc.code is not ErrorCode.ELEMENT_NOT_FOUND:
                raise
            raise DriverError(ErrorCode.NOT_INTERACTABLE, "no element has keyboard focus to type into: tap a text "
                              "field first", cause=exc.cause) from exc  # fmt: skip
        await self.element_value(id_of_element(active), text)

    async def dismiss_keyboard(self) -> None:
        await self.mobile("hideKeyboard")

    async def press_button(self, name: str) -> None:
        await self.mobile("pressButton", {"name": name})

    async def homescreen(self) -> None:
        await self.mobile("pressButton", {"name": "home"})

    # -- apps ---------------------------------------------------------------------------------------

    async def active_app(self) -> dict[str, Any]:
        value = await self.mobile("activeAppInfo")
        return value if isinstance(value, dict) else {}

    async def app_launch(self, bundle_id: str, arguments: Sequence[str] = ()) -> None:
        await self.mobile("launchApp", {"bundleId": bundle_id, "arguments": list(arguments)})

    async def app_activate(self, bundle_id: str) -> None:
        await self.mobile("activateApp", {"bundleId": bundle_id})

    async def app_terminate(self, bundle_id: str) -> bool:
        return bool(await self.mobile("terminateApp", {"bundleId": bundle_id}))

    async def app_state(self, bundle_id: str) -> int:
        return int(await self.mobile("queryAppState", {"bundleId": bundle_id}) or 0)

    async def open_url(self, url: str, bundle_id: str | None = None) -> None:
        await self.mobile("deepLink", {"url": url, **({"bundleId": bundle_id} if bundle_id else {})})

    # -- the pasteboard (Appium serves it on simulators only) ------------------------------------

    async def set_pasteboard(self, text: str) -> None:
        await self.mobile("setPasteboard", {"content": text, "encoding": "utf8"})

    async def get_pasteboard(self) -> str:
        return str(await self.mobile("getPasteboard", {"encoding": "utf8"}) or "")

    # -- alerts --------------------------------------------------------------------------------

    async def alert_buttons(self) -> list[str]:
        return [str(b) for b in await self.mobile("alert", {"action": "getButtons"}) or []]

    async def alert_accept(self, name: str | None = None) -> None:
        if name:
            await self.mobile("alert", {"action": "accept", "buttonLabel": name})
        else:
            await self.request("POST", "/alert/accept", {})

    async def alert_dismiss(self, name: str | None = None) -> None:
        if name:
            await self.mobile("alert", {"action": "dismiss", "buttonLabel": name})
        else:
            await self.request("POST", "/alert/dismiss", {})


def _press(x: float, y: float, hold_ms: int) -> list[dict[str, Any]]:
    """A touch at (x, y): move there, down, rest ``hold_ms`` (a tap rests briefly), up."""
    return [{"type": "pointerMove", "duration": 0, "x": round(x), "y": round(y)}, {"type": "pointerDown", "button": 0},
            {"type": "pause", "duration": max(hold_ms, 50)}, {"type": "pointerUp", "button": 0}]  # fmt: skip


__all__ = ["STANDARD_CAPS", "STRATEGIES", "AppiumClient", "is_appium_status", "w3c_capabilities"]
