"""IosDriver: one iPhone, iPad or iOS simulator through WebDriverAgent; page source for snapshots."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import struct
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tapwright.core.element import UiTree
from tapwright.core.result import Screenshot
from tapwright.drivers.android.locating import find as find_on_screen
from tapwright.drivers.base import PENDING, Changed, MouseButton
from tapwright.drivers.ios import fastpath
from tapwright.drivers.ios.source import (
    DEFAULT_MAX_DEPTH,
    PREFIX,
    UNREAD_ATTRIBUTES,
    Source,
    app_tree,
    back_button,
    node_rect,
    parse_source,  # fmt: skip
    role_of,
)
from tapwright.drivers.ios.wda import APP_STATES, WdaClient
from tapwright.drivers.mobile import MobileDriver, field_length
from tapwright.errors import DriverError, ErrorCode, ToolFailure
from tapwright.locator import Candidate

_BUNDLE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*(\.[A-Za-z0-9-]+)+$")
# Key names -> what /wda/keys types (XCUIKeyboardKey values: Return, Delete, Tab ...).
_KEYS = {"enter": "\n", "return": "\n", "tab": "\t", "backspace": "\b", "delete": "\b", "space": " ", "escape": "\x1b"}
_IGNORED = frozenset({"control+a", "ctrl+a", "meta+a", "command+a", "cmd+a"})  # no select-all key: clear_focused empties
_DELETES_PER_ROUND = 200
# An identifier asked of WDA itself (no page source): plain ASCII, no white space, nothing a predicate quotes.
_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$")
_PLAIN_ID = re.compile(r"^[A-Za-z0-9_.:/@#+-]+$")
# What WDA adds to each element it finds (shouldUseCompactResponses off): what a text search by
# identifier and a tap by description without the page source need to decide, in the same answer
# (see WDA's FBResponsePayload).
ELEMENT_FIELDS = fastpath.FIELDS
_AROUND = ("XCUIElementTypeApplication", "XCUIElementTypeKeyboard")  # asked along: the app's frame, a keyboard


class IosDriver(MobileDriver):
    """One iOS device through a WebDriverAgent session. Build it with :meth:`connect`.

    Coordinates are points (what WDA's taps and the page source use); a screenshot is in pixels,
    ``scale`` times larger. The page source is kept until an action changes the screen.
    """

    kind = "ios"
    unit = "-point"
    scroll_hint = "ios.scroll_until_visible"

    def __init__(self, client: WdaClient, *, size: tuple[int, int] = (0, 0), scale: float = 1.0,
                 max_depth: int = DEFAULT_MAX_DEPTH) -> None:  # fmt: skip
        self.client = client
        self.size = size  # points
        self.scale = scale
        self.max_depth = max_depth
        self.bundle_id: str | None = None
        self._last: Source | None = None
        self._last_raw = ""  # the source _last was parsed from
        self._dirty = True
        self.reused = False
        self.sources = 0
        self.scenario_started = False
        self.on_close: Callable[[], Awaitable[None]] | None = None
        self._boxes: dict[tuple[int, str], tuple[UiTree, dict[str, Any]]] = {}
        self._pending: str | None = None  # the source before the last action whose change is "pending"
        self.answers_fields = False  # WDA answers a find with ELEMENT_FIELDS (see by_identifier)
        self.by_id_finds = 0  # text searches by identifier WDA answered itself (no page source)
        self.fast_finds = 0  # descriptions WDA's find answered (no page source): see fastpath
        self.fast_path = True  # False: every description goes through the page source

    @classmethod
    async def connect(cls, url: str, *, bundle_id: str | None = None, capabilities: dict[str, Any] | None = None,
                      snapshot_max_depth: int | None = None, server: str = "auto", udid: str | None = None,
                      session_id: str | None = None) -> IosDriver:  # fmt: skip
        """Open a session at ``url``: WebDriverAgent itself, or an Appium server (XCUITest driver).

        Args:
            url: WDA's URL, or an Appium server's with its base path (``http://host:4723/wd/hub``).
            bundle_id: The app the session launches (``bundleId``; ``appium:bundleId`` through Appium).
            capabilities: More session capabilities (bare names get ``appium:`` through Appium).
            snapshot_max_depth: WDA's ``snapshotMaxDepth`` for the session.
            server: ``"wda"``, ``"appium"``, or ``"auto"``: told apart by the ``/status`` answer.
            udid: Through Appium, the device or simulator to use (``appium:udid``).
            session_id: Through Appium, a running session to attach to (left open on close).

        Raises:
            DriverError: DEVICE_LOST when nothing answers at ``url`` or the session to attach to is gone;
                DRIVER_ERROR when the server is not ready; INVALID_INPUT for an unknown ``server`` or a
                ``session_id``/``udid`` without Appium.
        """
        from tapwright.drivers.ios.appium import AppiumClient, is_appium_status

        if server not in ("auto", "wda", "appium"):
            raise DriverError(ErrorCode.INVALID_INPUT, f"server must be wda, appium or auto, not {server!r}")
        client: WdaClient = AppiumClient(url, udid=udid) if server == "appium" else WdaClient(url)
        try:
            status = await client.status()
            if server == "auto" and is_appium_status(status):
                await client.aclose()
                client = AppiumClient(url, udid=udid)
            if (udid or session_id) and not isinstance(client, AppiumClient):
                raise DriverError(ErrorCode.INVALID_INPUT, f"{client.url} is WebDriverAgent itself: udid and session_id are "
                                  "for an Appium server (WDA drives the one device it runs on)")  # fmt: skip
            if status.get("ready") is False:
                raise DriverError(ErrorCode.DRIVER_ERROR, f"{client.server} at {client.url} is not ready: {status.get('message', '')}")
            caps = dict(capabilities or {})
            if bundle_id:
                caps.setdefault("bundleId", bundle_id)
            caps.setdefault("shouldWaitForQuiescence", False)
            if session_id and isinstance(client, AppiumClient):
                await client.attach(session_id)
            else:
                await client.create_session(caps)
            wanted: dict[str, Any] = {"shouldUseCompactResponses": False, "elementResponseAttributes": ELEMENT_FIELDS}
            if snapshot_max_depth:
                wanted["snapshotMaxDepth"] = snapshot_max_depth
            settings = await client.settings(wanted)
            depth = int(settings.get("snapshotMaxDepth") or DEFAULT_MAX_DEPTH)
            screen = await client.screen()
            size = screen.get("screenSize") or {}
            if not size:
                w, h = await client.window_size()
                size = {"width": w, "height": h}
            driver = cls(client, size=(int(size.get("width", 0)), int(size.get("height", 0))),
                         scale=float(screen.get("scale") or 1.0), max_depth=depth)  # fmt: skip
            driver.bundle_id = bundle_id
            driver.answers_fields = (settings.get("shouldUseCompactResponses") is False  # every match, each with its fields
                                     and settings.get("elementResponseAttributes") == ELEMENT_FIELDS
                                     and settings.get("useFirstMatch") is not True)  # fmt: skip
            return driver
        except BaseException:
            await client.aclose()
            raise

    def native(self) -> Any:
        return self.client

    # -- screen --------------------------------------------------------------------------------

    async def page(self, *, fresh: bool = False) -> Source:
        """The parsed page source; the previous one when nothing was done since (``self.reused`` says which)."""
        if self._last is not None and not self._dirty and not fresh:
            self.reused = True
            return self._last
        self.reused = False
        raw = await self.client.source(excluded=UNREAD_ATTRIBUTES)
        if not isinstance(raw, str):
            raise DriverError(ErrorCode.DRIVER_ERROR, f"WebDriverAgent's page source is not text: {str(raw)[:120]}")
        self.sources += 1
        if self._last is not None and raw == self._last_raw:
            # The same source, character for character: the same screen, so the same parse (and the
            # locator's answers kept for that tree stay valid). Only WDA was asked again.
            self._dirty = False
            return self._last
        self._last = parse_source(raw, max_depth=self.max_depth)
        self._last_raw = raw
        self._dirty = False
        return self._last

    async def snapshot(self) -> UiTree:
        return (await self.page()).tree

    def app_tree(self, tree: UiTree) -> UiTree:
        return app_tree(tree)

    def forget_source(self) -> None:
        """Drop the kept page source and its parse: the next snapshot parses afresh even an identical source."""
        self._dirty, self._last, self._last_raw = True, None, ""

    async def find(self, description: str) -> Candidate:
        """The element ``description`` means on screen (the keyboard excluded).

        Raises:
            ToolFailure: ELEMENT_NOT_FOUND (with the depth-limit hint when the tree is cut) or AMBIGUOUS.
        """
        page = await self.page()
        try:
            return find_on_screen(app_tree(page.tree), description)
        except ToolFailure as failure:
            if failure.code is ErrorCode.ELEMENT_NOT_FOUND and page.depth_limited:
                raise ToolFailure(failure.code, f"{failure.message}; {page.depth_hint()}", data=failure.data) from None
            raise

    async def by_identifier(self, text: str) -> list[dict[str, Any]] | None:
        """Elements whose accessibility identifier contains ``text`` (case-insensitive), asked of WDA itself.

        One ``POST /elements`` (a predicate on ``name``, with the app and any keyboard asked along) instead
        of a page source: each hit has ``value`` (the identifier), ``cx``, ``cy`` (its centre in points),
        ``role`` and ``visible``, decided by the same rules as the page source's parse (visible: WDA says
        so, it has a size and it overlaps the app's frame), in document order.

        None when the answer could differ from the page source's, or would cost more: a kept source
        that nothing has changed since (it answers for free), WDA answering finds without the fields
        (an older WDA, or a setting changed), an identifier with white space, quotes or non-ASCII
        letters (NSPredicate's case folding is not Python's), or a keyboard on screen (the page source
        leaves its keys out). Never a kept screen: WDA looks at the app as it is now.
        """
        if not self.answers_fields or not _PLAIN_ID.match(text) or (self._last is not None and not self._dirty):
            return None
        # Only what WDA calls visible: nothing else can be tapped by either path, and the answer stays short.
        query = f"name CONTAINS[c] '{text}' AND visible == 1 OR " + " OR ".join(f"type == '{t}'" for t in _AROUND)
        try:
            found = await self.client.find_elements_with("predicate string", query)
        except DriverError as exc:
            if exc.code in (ErrorCode.DEVICE_LOST, ErrorCode.TIMEOUT):
                raise
            if exc.code is ErrorCode.INVALID_INPUT:
                self.answers_fields = False  # this WDA does not take the predicate: the page source answers from now on
            return None  # the page source decides (and reports what WDA says, if it says it again)
        if any(not all(k in e for k in ("type", "label", "rect", "displayed", "attribute/name")) for e in found):
            return None  # compact answers after all: the page source decides
        kinds = [str(e["type"] or "") for e in found]
        if _AROUND[1] in kinds:
            return None
        frame = next((node_rect(e["rect"] or {}) for e, k in zip(found, kinds, strict=True) if k == _AROUND[0]), None)
        needle, hits = text.casefold(), []
        for e, kind in zip(found, kinds, strict=True):
            label, name = str(e["label"] or "").strip(), str(e["attribute/name"] or "").strip()
            ident = name if name != label else ""  # WDA's name is the label when there is no identifier
            rect = node_rect(e["rect"] or {})
            if not ident or needle not in ident.casefold() or rect is None:
                continue
            visible = bool(e["displayed"]) and rect.width > 0 and rect.height > 0
            if visible and frame is not None and frame.width and frame.height:
                visible = rect.x < frame.width and rect.y < frame.height and rect.x + rect.width > 0 and rect.y + rect.height > 0
            hits.append({"value": ident, "cx": rect.center_x, "cy": rect.center_y, "ref": None, "visible": visible,
                         "role": role_of(kind[len(PREFIX):] if kind.startswith(PREFIX) else kind)})  # fmt: skip
        self.by_id_finds += 1
        return hits

    async def quick_find(self, description: str) -> Candidate | None:
        """The element a plain description means for a tap, from one WDA find instead of the page source, when
        provably the page source's answer (:mod:`tapwright.drivers.ios.fastpath`); None otherwise.

        Never a kept screen's: a source kept since the last action answers for free (None). The element's
        ref is ``wda:<WDA's element id>``, not a snapshot's ``e<n>`` (no snapshot was read).
        """
        if not (self.fast_path and self.answers_fields) or (self._last is not None and not self._dirty):
            return None
        query = fastpath.plan(description)
        if query is None:
            return None
        try:
            found = await self.client.find_elements_with("predicate string", query.predicate)
        except DriverError as exc:
            if exc.code in (ErrorCode.DEVICE_LOST, ErrorCode.TIMEOUT):
                raise
            if exc.code is ErrorCode.INVALID_INPUT:
                self.fast_path = False  # this WDA does not take the predicate: the page source answers from now on
            return None
        chosen = fastpath.choose(query, found)
        if chosen is None:
            return None
        self.fast_finds += 1
        return fastpath.with_wda_ref(chosen, found)

    async def find_element(self, description: str) -> Candidate:
        return await self.find(description)

    async def mark(self) -> object:
        """The page source the screen was last read as, when nothing was done since; None when unknown.

        Costs no request: an action reads the screen to find its target, and that source is the mark.
        """
        return self._last_raw if self._last is not None and not self._dirty else None

    async def changed(self, mark: object) -> Changed | None:
        """``"pending"`` (never reads the screen: a page source costs what a tap costs and more);
        :meth:`settle_change` compares the next source read against ``mark``. None when ``mark`` is unknown."""
        self._pending = mark if isinstance(mark, str) and mark else None
        return PENDING if self._pending is not None else None

    async def settle_change(self) -> bool | None:
        """Whether the page source differs from the one before the last pending action.

        Reads it now only when nothing has read it since that action; the source read is kept, so
        the next action finds its target in it without asking WDA again (one source per action).
        """
        before, self._pending = self._pending, None
        if before is None:
            return None
        try:
            await self.page()
        except DriverError:
            return None  # WDA did not answer: cannot tell (the change stays "pending")
        return self._last_raw != before

    async def screen_size(self) -> tuple[int, int]:
        """The screen in points (``/wda/screen``)."""
        screen = await self.client.screen()
        size = screen.get("screenSize") or {}
        self.scale = float(screen.get("scale") or self.scale)
        if size:
            self.size = (int(size.get("width", 0)), int(size.get("height", 0)))
        return self.size

    # -- touch ---------------------------------------------------------------------------------

    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        self.check_point(x, y)
        self._dirty = True
        if button == "right":
            await self.client.touch_and_hold(x, y, 0.8)
        elif count == 2:
            await self.client.double_tap(x, y)
        else:
            for _ in range(max(1, count)):
                await self.client.tap(x, y)

    async def long_press(self, x: float, y: float, duration_ms: int = 800) -> None:
        self.check_point(x, y)
        self._dirty = True
        await self.client.touch_and_hold(x, y, duration_ms / 1000)

    async def swipe(self, x1: float, y1: float, x2: float, y2: float, duration_ms: int = 300) -> None:
        """A finger from (x1, y1) to (x2, y2) in ``duration_ms`` (W3C pointer actions), clamped to the screen."""
        w, h = self.size

        def clamp(v: float, hi: int) -> int:
            return max(0, min(round(v), hi - 1)) if hi else max(0, round(v))

        self._dirty = True
        finger = {"type": "pointer", "id": "finger1", "parameters": {"pointerType": "touch"}, "actions": [
            {"type": "pointerMove", "duration": 0, "x": clamp(x1, w), "y": clamp(y1, h)},
            {"type": "pointerDown", "button": 0},
            {"type": "pause", "duration": 50},
            {"type": "pointerMove", "duration": int(duration_ms), "x": clamp(x2, w), "y": clamp(y2, h)},
            {"type": "pointerUp", "button": 0}]}  # fmt: skip
        await self.client.actions([finger])

    # -- keys and text --------------------------------------------------------------------------

    async def type_text(self, text: str) -> None:
        self._dirty = True
        await self.client.keys(text)

    async def press_key(self, key: str) -> None:
        name = key.strip().lower()
        if name in _IGNORED:
            return
        if name in ("back", "goback", "go back"):
            await self.go_back()
            return
        if name == "home":
            await self.home()
            return
        typed = _KEYS.get(name.rsplit("+", 1)[-1] if "+" in name.strip("+") else name)
        if typed is None and len(key) == 1:
            typed = key
        if typed is None:
            raise DriverError(ErrorCode.INVALID_INPUT, f"iOS has no key {key!r}: it types Enter, Tab, Backspace, Space "
                              "and single characters; back and home are buttons")  # fmt: skip
        await self.type_text(typed)

    async def clear_focused(self) -> None:
        """Empty the focused field with deletes, reading it back after each round.

        Raises:
            DriverError: DRIVER_ERROR when a round of deletes leaves the field no shorter.
        """
        left = field_length(await self.focused_field())
        while left:
            n = min(left, _DELETES_PER_ROUND)
            await self.type_text("\b" * n)
            now = field_length(await self.focused_field())
            if now >= left:
                raise DriverError(ErrorCode.DRIVER_ERROR, f"could not clear the focused field: it still holds {now} "
                                  f"characters after {n} deletes")  # fmt: skip
            left = now

    async def check_field(self, expected: str) -> None:
        """Read the focused field back; raise when it does not hold exactly ``expected`` (a secure field: its length).

        Raises:
            DriverError: DRIVER_ERROR when no field has focus or its value differs. The message gives lengths only.
        """
        field = await self.focused_field()
        if field is None:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"typed {len(expected)} characters but no text field has focus "
                              "afterwards: the text may have gone nowhere (tap the field first)")  # fmt: skip
        length = field_length(field)
        ok = length == len(expected) if field.attr("type") == "password" else field.value == expected
        if not ok:
            what = field.name or field.ref
            raise DriverError(ErrorCode.DRIVER_ERROR, f"the field {what!r} holds {length} characters after typing, not "
                              f"exactly the {len(expected)} asked: it kept old text, or it filters or reformats input")  # fmt: skip

    async def hide_keyboard(self) -> bool:
        """Dismiss the soft keyboard; False when none was shown.

        Raises:
            DriverError: DRIVER_ERROR when the keyboard stays.
        """
        if not (await self.page(fresh=True)).keyboard_shown:
            return False
        self._dirty = True
        await self.client.dismiss_keyboard()
        for _ in range(5):
            if not (await self.page(fresh=True)).keyboard_shown:
                return True
            await asyncio.sleep(0.2)
        raise DriverError(ErrorCode.DRIVER_ERROR, "asked WebDriverAgent to dismiss the keyboard but it is still shown "
                          "(this keyboard has no hide key: tap outside the field)")  # fmt: skip

    async def close_keyboard_after_typing(self) -> None:
        if (await self.page(fresh=True)).keyboard_shown:
            await self.hide_keyboard()

    async def not_found_hint(self) -> str:
        page = await self.page()
        return f"; {page.depth_hint()}" if page.depth_limited else ""

    # -- navigation ----------------------------------------------------------------------------

    async def go_back(self) -> str:
        """Tap the navigation bar's back button; its name.

        Raises:
            ToolFailure: ELEMENT_NOT_FOUND when the screen has none (iOS has no system Back key).
        """
        button = back_button(await self.snapshot())
        if button is None or button.rect is None:
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, "this screen has no back button in a navigation bar "
                              "(iOS has no system Back key): tap the control that closes it")  # fmt: skip
        await self.click_at(button.rect.center_x, button.rect.center_y)
        return button.name

    async def home(self) -> None:
        self._dirty = True
        await self.client.homescreen()

    # -- screenshots ----------------------------------------------------------------------------

    async def screenshot(self, path: str | None = None) -> Screenshot:
        png = await self.client.screenshot()
        if not png.startswith(b"\x89PNG"):
            raise DriverError(ErrorCode.DRIVER_ERROR, f"WebDriverAgent's screenshot is not a PNG: {png[:40]!r}")
        if path is None:
            fd, path = tempfile.mkstemp(prefix="tapwright-ios-", suffix=".png")
            os.close(fd)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_bytes(png)
        w, h = struct.unpack(">II", png[16:24])
        return Screenshot(path=path, width=w, height=h)

    # -- apps -------------------------------------------------------------------------------------

    def check_bundle(self, bundle_id: str) -> None:
        if not _BUNDLE.match(bundle_id):
            raise DriverError(ErrorCode.INVALID_INPUT, f"{bundle_id!r} is not an iOS bundle id (like com.example.app)")

    async def foreground_app(self) -> str:
        return str((await self.client.active_app()).get("bundleId") or "")

    async def launch(self, bundle_id: str, *, wait_s: float = 6.0, activate: bool = False) -> str:
        """Launch (or bring to the front) ``bundle_id`` and verify it is in the foreground; the status text.

        Raises:
            DriverError: INVALID_INPUT for a bad id; NAVIGATION_FAILED when it is not installed or not in front.
        """
        self.check_bundle(bundle_id)
        self._dirty = True
        try:
            await (self.client.app_activate(bundle_id) if activate else self.client.app_launch(bundle_id))
        except DriverError as exc:
            raise DriverError(ErrorCode.NAVIGATION_FAILED, f"{bundle_id} could not be {'activated' if activate else 'launched'}: "
                              f"{exc.message} (is it installed on the device?)", cause=exc.cause) from exc  # fmt: skip
        deadline = time.monotonic() + wait_s
        while True:
            if await self.foreground_app() == bundle_id:
                self.bundle_id = bundle_id
                return f"{'activated' if activate else 'launched'} (foreground confirmed)"
            if time.monotonic() >= deadline:
                break
            await asyncio.sleep(0.3)
        state = await self.client.app_state(bundle_id)
        raise DriverError(ErrorCode.NAVIGATION_FAILED, f"{bundle_id} is not in the foreground after "
                          f"{'activating' if activate else 'launching'} it ({APP_STATES.get(state, state)})")  # fmt: skip

    async def open_url(self, url: str, bundle_id: str | None = None, *, wait_s: float = 6.0) -> dict[str, str]:
        """Open a link with ``/url`` (in ``bundle_id`` when given, which must then come to the front).

        Returns ``{"uri", "opened_in", "foreground"}`` as Android's ``open_uri`` does.

        Raises:
            DriverError: INVALID_INPUT for a link without a scheme or a bad bundle id; NAVIGATION_FAILED
                when no app opens it or ``bundle_id`` is not in front afterwards.
        """
        if not _URL.match(url):
            raise DriverError(ErrorCode.INVALID_INPUT, f"{url!r} is not a link with a scheme (like myapp://orders/42 "
                              "or https://example.com/x)")  # fmt: skip
        if bundle_id:
            self.check_bundle(bundle_id)
        self._dirty = True
        try:
            await self.client.open_url(url, bundle_id)
        except DriverError as exc:
            if exc.code in (ErrorCode.DEVICE_LOST, ErrorCode.TIMEOUT):
                raise
            raise DriverError(ErrorCode.NAVIGATION_FAILED, f"no app opened {url!r}" + (f" in {bundle_id}" if bundle_id else "")
                              + f": {exc.message} (does the app declare this URL scheme or universal link?)",
                              cause=exc.cause) from exc  # fmt: skip
        front = await self.foreground_app()
        deadline = time.monotonic() + wait_s
        while bundle_id and front != bundle_id and time.monotonic() < deadline:
            await asyncio.sleep(0.3)
            front = await self.foreground_app()
        if bundle_id and front != bundle_id:
            raise DriverError(ErrorCode.NAVIGATION_FAILED, f"{url!r} was sent to {bundle_id}, but {front or 'nothing'} is in front")
        return {"uri": url, "opened_in": bundle_id or front, "foreground": front}

    async def set_clipboard(self, text: str) -> dict[str, Any]:
        """Put ``text`` on the pasteboard and read it back; ``{"length", "read_back"}`` (never the text)."""
        await self.client.set_pasteboard(text)
        return {"length": len(text), "read_back": await self.client.get_pasteboard() == text}

    async def get_clipboard(self) -> str:
        return await self.client.get_pasteboard()

    async def terminate(self, bundle_id: str) -> bool:
        self.check_bundle(bundle_id)
        self._dirty = True
        return await self.client.app_terminate(bundle_id)

    async def app_state(self, bundle_id: str) -> int:
        self.check_bundle(bundle_id)
        return await self.client.app_state(bundle_id)

    async def aclose(self) -> None:
        with contextlib.suppress(DriverError):
            await self.client.delete_session()
        await self.client.aclose()
        release, self.on_close = self.on_close, None
        if release is not None:
            await release()


__all__ = ["IosDriver"]
