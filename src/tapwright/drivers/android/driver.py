"""AndroidDriver: one device through the adb server (adbutils), uiautomator for snapshots."""

from __future__ import annotations

import asyncio
import os
import re
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapwright.core.element import UiTree
from tapwright.core.result import Screenshot
from tapwright.core.secrets import SecretStore
from tapwright.drivers._secret_boxes import tree_boxes
from tapwright.drivers.android import _adb, system
from tapwright.drivers.android._input import (
    ADB_IME,
    IGNORED_COMBOS,
    ime_broadcast_command,
    input_text_command,
    keycode,
    needs_ime,
    shell_quote,
)
from tapwright.drivers.android._picture import black_out, can_read_pictures, ocr_boxes
from tapwright.drivers.android._transient import TransientLog
from tapwright.drivers.android.hierarchy import Hierarchy, app_tree, parse_dump
from tapwright.drivers.android.locating import find
from tapwright.drivers.base import MouseButton
from tapwright.drivers.mobile import MobileDriver, field_length
from tapwright.errors import DriverError, ErrorCode
from tapwright.locator import Candidate

if TYPE_CHECKING:
    import adbutils

_IDLE = "could not get idle state"
_DELETES_PER_ROUND = 500  # key codes in one `input keyevent` command
_PACKAGE = re.compile(r"^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$")
_FOCUS = re.compile(r"(?:mCurrentFocus|mFocusedApp)=\S*\{[^}]*?\s([\w.]+)/")


class AndroidDriver(MobileDriver):
    """One Android device. Build it with :meth:`connect`.

    A snapshot is kept until an action changes the screen: reading the screen twice with
    nothing done in between costs one ``uiautomator dump`` (1-3 s on a real device).
    """

    kind = "android"
    scroll_hint = "android.swipe_up"

    def __init__(self, client: adbutils.AdbClient, serial: str, *, size: tuple[int, int] = (0, 0)) -> None:
        self.client = client
        self.device = client.device(serial)
        self.serial = serial
        self.size = size
        self._last: Hierarchy | None = None
        self._last_raw = b""  # the dump _last was parsed from
        self._dirty = True
        self.reused = False  # whether the latest snapshot() reused the previous dump
        self.dumps = 0
        self._recording: tuple[Any, str] | None = None
        self.scenario_started = False
        self.dump_retries = 3
        self._boxes: dict[tuple[int, str], tuple[UiTree, dict[str, Any]]] = {}
        self.on_close: Callable[[], Awaitable[None]] | None = None  # set by whoever leased the device
        self._adb_ime: bool | None = None  # ADBKeyBoard installed (types text `input text` cannot)
        self._clipper: bool | None = None  # the Clipper app installed (the other way to type such text)
        self.transient = TransientLog()  # toasts and snackbars of recent snapshots
        self.mask_secrets: SecretStore | None = None  # set by the platform: screenshots black out what shows one
        self._ocr_masks: bool | None = None  # whether OCR can read screenshots here (asked once)

    @classmethod
    async def connect(cls, serial: str | None = None, *, host: str = "127.0.0.1", port: int | None = None) -> AndroidDriver:
        """Attach to a device (see :func:`~tapwright.drivers.android._adb.choose_serial` for the order).

        Raises:
            DriverError: adb missing (with the install command), no device, unauthorized, offline.
        """
        client = _adb.client(host, port)
        await asyncio.to_thread(_adb.ensure_server, client)
        chosen = await asyncio.to_thread(_adb.choose_serial, client, serial)
        driver = cls(client, chosen)
        driver.size = await driver.screen_size()
        return driver

    # -- shell -------------------------------------------------------------------------

    async def shell(self, cmd: str, *, timeout: float = 30) -> str:
        """Run ``cmd`` in the device shell; its output (PTY line ends removed)."""
        out = await _adb.call(f"running `{cmd.split(' ', 1)[0]}` on {self.serial}", _adb.run_service, self.client,
                              self.serial, "shell:" + cmd, timeout)  # fmt: skip
        return out.decode("utf-8", "replace").replace("\r\n", "\n").rstrip("\n")

    async def exec_out(self, cmd: str, *, timeout: float = 30) -> bytes:
        """Raw output of ``cmd`` (``adb exec-out``)."""
        return await _adb.call(f"running `{cmd.split(' ', 1)[0]}` on {self.serial}", _adb.run_service, self.client,
                               self.serial, "exec:" + cmd, timeout)  # fmt: skip

    async def act(self, cmd: str) -> str:
        """Run a command that changes the screen (the kept snapshot is dropped)."""
        self._dirty = True
        return await self.shell(cmd)

    # -- screen --------------------------------------------------------------------------

    async def screen_size(self) -> tuple[int, int]:
        out = await self.shell("wm size")
        found = re.findall(r"(\d+)x(\d+)", out)
        if not found:
            return (1080, 1920)
        w, h = found[-1]  # "Override size" comes after "Physical size"
        return int(w), int(h)

    async def hierarchy(self, *, fresh: bool = False) -> Hierarchy:
        """The parsed screen; the previous one when nothing was done since (``self.reused`` says which)."""
        if self._last is not None and not self._dirty and not fresh:
            self.reused = True
            return self._last
        self.reused = False
        raw = b""
        for attempt in range(self.dump_retries):
            raw = await self.exec_out("uiautomator dump /dev/tty")
            if _IDLE not in raw.decode("utf-8", "replace"):
                break
            await asyncio.sleep(0.3 * (attempt + 1))
        else:
            raise DriverError(ErrorCode.TIMEOUT, f"uiautomator could not get an idle screen after {self.dump_retries} tries "
                              "(an animation or video keeps it busy): pause it, or act by coordinates from a screenshot")  # fmt: skip
        if self._last is not None and raw == self._last_raw:
            # A fresh dump, byte for byte the last one: the same screen, so the same parse (and the
            # locator's answers kept for that tree stay valid). Only the device was asked again.
            self._dirty = False
            self.dumps += 1
            self.transient.note(self._last.tree)
            return self._last
        text = raw.decode("utf-8", "replace")
        if "ERROR" in text[:200] and "<hierarchy" not in text:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"uiautomator dump failed: {text.strip()[:200]}")
        w, h = self.size
        rotated = (h, w) if w and h and re.search(r'rotation="[13]"', text[:400]) else (w, h)
        self._last = parse_dump(raw, screen=rotated if w and h else None)
        self._last_raw = raw
        self._dirty = False
        self.dumps += 1
        self.transient.note(self._last.tree)
        return self._last

    async def snapshot(self) -> UiTree:
        return (await self.hierarchy()).tree

    async def find(self, description: str) -> Candidate:
        return find(await self.snapshot(), description)

    def app_tree(self, tree: UiTree) -> UiTree:
        return app_tree(tree)

    async def mark(self) -> object:
        return self._last.tree if self._last is not None else None

    # -- actions ---------------------------------------------------------------------------

    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        self.check_point(x, y)
        if button == "right":
            await self.long_press(x, y)
            return
        cmd = f"input tap {round(x)} {round(y)}"
        await self.act("; ".join([cmd] * max(1, count)))

    async def long_press(self, x: float, y: float, duration_ms: int = 800) -> None:
        self.check_point(x, y)
        await self.act(f"input swipe {round(x)} {round(y)} {round(x)} {round(y)} {duration_ms}")

    async def type_text(self, text: str) -> None:
        # Line breaks and tabs are keys, not text `input text` can carry.
        for i, line in enumerate(re.split(r"(\r?\n|\t)", text)):
            if i % 2:
                await self.act("input keyevent " + ("61" if line == "\t" else "66"))
                continue
            if line and needs_ime(line) and await self._has_adb_ime():
                await self._type_with_ime(line)
                continue
            if line and needs_ime(line) and await self._has_clipper():
                await self._paste(line)
                continue
            for start in range(0, len(line), 400):  # long input commands get cut by the shell
                await self.act(input_text_command(line[start : start + 400]))

    async def _has_adb_ime(self) -> bool:
        """Whether ADBKeyBoard is installed (asked once per driver)."""
        if self._adb_ime is None:
            self._adb_ime = ADB_IME in (await self.shell("ime list -a -s")).split()
        return self._adb_ime

    async def _has_clipper(self) -> bool:
        """Whether the Clipper app is installed (sets the clipboard; asked once per driver)."""
        if self._clipper is None:
            self._clipper = await self.is_installed(system.CLIPPER)
        return self._clipper

    async def _paste(self, text: str) -> None:
        """Type ``text`` by putting it on the clipboard (Clipper) and pasting it (``KEYCODE_PASTE``); the
        clipboard is emptied afterwards, so the text (perhaps a secret) does not stay on it."""
        await system.set_clipboard(self, text)
        try:
            await self.act("input keyevent 279")
        finally:
            await system.set_clipboard(self, "")

    async def _type_with_ime(self, text: str) -> None:
        """Type ``text`` through ADBKeyBoard, switching to it and back to the input method in use before."""
        previous = (await self.shell("settings get secure default_input_method")).strip()
        if previous != ADB_IME:
            out = await self.shell(f"ime enable {ADB_IME}; ime set {ADB_IME}")
            if "selected" not in out:
                raise DriverError(ErrorCode.DRIVER_ERROR, f"could not switch to the ADBKeyBoard input method: {out.strip()[:200]}")
        try:
            for start in range(0, len(text), 300):  # a broadcast's command line stays short
                out = await self.act(ime_broadcast_command(text[start : start + 300]))
                if "Broadcast completed" not in out:
                    raise DriverError(ErrorCode.DRIVER_ERROR, f"the ADBKeyBoard broadcast failed: {out.strip()[:200]}")
        finally:
            if previous and previous != "null" and previous != ADB_IME:
                await self.shell(f"ime set {shell_quote(previous)}")

    async def press_key(self, key: str) -> None:
        if key.strip().lower() in IGNORED_COMBOS:
            return  # select-all has no key on a phone; clear_focused empties the field instead
        name = key.rsplit("+", 1)[-1] if "+" in key.strip("+") else key
        code = keycode(name)
        if code is not None:
            await self.act(f"input keyevent {code}")

    async def hide_keyboard(self) -> bool:
        """Hide the soft keyboard (Back, which dismisses it on the first press), then check that it went.

        Raises:
            DriverError: DRIVER_ERROR when it is still shown.
        """
        if not (await self.hierarchy()).keyboard_shown:
            return False
        await self.press_key("back")
        for _ in range(5):  # Back hides it at once on a device; the dump may lag a moment
            await asyncio.sleep(0.2)
            if not (await self.hierarchy(fresh=True)).keyboard_shown:
                return True
        raise DriverError(ErrorCode.DRIVER_ERROR, "pressed Back but the soft keyboard is still shown")

    async def close_keyboard_after_typing(self) -> None:
        if (await self.hierarchy()).keyboard_shown:
            await self.press_key("back")

    async def clear_focused(self) -> None:
        """Empty the focused field: move to its end and delete what it holds, reading it back after each round.

        The count comes from the field's exact length (spaces at its ends included); a value longer
        than one round of deletes takes several rounds.

        Raises:
            DriverError: DRIVER_ERROR when a round of deletes leaves the field no shorter.
        """
        left = field_length(await self.focused_field())
        while left:
            n = min(left + 2, _DELETES_PER_ROUND)  # two more: a cursor left short of the end costs nothing
            await self.act("input keyevent 123; input keyevent " + " ".join(["67"] * n))
            now = field_length(await self.focused_field())
            if now >= left:
                raise DriverError(ErrorCode.DRIVER_ERROR, f"could not clear the focused field: it still holds {now} "
                                  f"characters after {n} deletes (a read-only or custom field?)")  # fmt: skip
            left = now

    async def check_field(self, expected: str) -> None:
        """Read the focused field back after typing; raise when it does not hold exactly ``expected``.

        A password field shows only its length, so only the length is compared there. The message
        gives lengths, never the text: it may be a secret.

        Raises:
            DriverError: DRIVER_ERROR when no field has focus or its value differs.
        """
        field = await self.focused_field()
        if field is None:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"typed {len(expected)} characters but no text field has focus "
                              "afterwards: the text may have gone nowhere (tap the field first)")  # fmt: skip
        password = field.attr("type") == "password"
        length = field_length(field)
        if (length == len(expected)) if password else (field.value == expected):
            return
        what = field.attr("placeholder") or field.attr("content_desc") or field.ref
        differs = "holds" if length != len(expected) else "holds as many characters but not exactly"
        raise DriverError(ErrorCode.DRIVER_ERROR, f"the field {what!r} {differs} {length} characters after typing, "
                          f"not the {len(expected)} asked: it kept old text, or it limits, filters or reformats "
                          "what is typed (autocorrect, a mask, a length limit)")  # fmt: skip

    async def swipe(self, x1: int, y1: int, x2: int, y2: int, duration_ms: int = 300) -> None:
        w, h = self.size

        def clamp(v: int, hi: int) -> int:
            return max(0, min(int(v), max(0, hi - 1))) if hi else max(0, int(v))

        await self.act(f"input swipe {clamp(x1, w)} {clamp(y1, h)} {clamp(x2, w)} {clamp(y2, h)} {int(duration_ms)}")

    async def screenshot(self, path: str | None = None) -> Screenshot:
        png = await self.exec_out("screencap -p")
        if not png.startswith(b"\x89PNG"):
            raise DriverError(ErrorCode.DRIVER_ERROR, f"screencap did not return a PNG: {png[:120]!r}")
        if self.mask_secrets is not None and self.mask_secrets.values():
            boxes = tree_boxes(await self.snapshot(), self.mask_secrets)
            if self._ocr_masks is None:
                self._ocr_masks = await asyncio.to_thread(can_read_pictures)
            if self._ocr_masks:  # and what the picture itself shows: text no node carries
                boxes += await asyncio.to_thread(ocr_boxes, png, self.mask_secrets)
            if boxes:
                png = await asyncio.to_thread(black_out, png, boxes)
        if path is None:
            fd, path = tempfile.mkstemp(prefix="tapwright-android-", suffix=".png")
            os.close(fd)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        Path(path).write_bytes(png)
        w, h = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        return Screenshot(path=path, width=w, height=h)

    # -- apps and device -------------------------------------------------------------------

    async def foreground_package(self) -> str:
        """The app in front: ``dumpsys window`` focus, then ``dumpsys activity top``."""
        m = _FOCUS.search(await self.shell("dumpsys window"))
        if m:
            return m.group(1)
        tops = re.findall(r"ACTIVITY ([\w.]+)/", await self.shell("dumpsys activity top"))
        return tops[-1] if tops else ""

    async def is_installed(self, package: str) -> bool:
        return "package:" in await self.shell(f"pm path {shell_quote(package)}")

    async def launch(self, package: str, *, wait_s: float = 6.0) -> str:
        """Launch ``package`` and verify it reached the foreground; the status text.

        Raises:
            DriverError: INVALID_INPUT for a bad name, NAVIGATION_FAILED when not installed or not launched.
        """
        if not _PACKAGE.match(package):
            raise DriverError(ErrorCode.INVALID_INPUT, f"{package!r} is not an Android package name (like com.example.app)")
        if not await self.is_installed(package):
            raise DriverError(ErrorCode.NAVIGATION_FAILED, f"{package} is not installed on {self.serial}: install it "
                              f"(adb install app.apk) or check `adb shell pm list packages`")  # fmt: skip
        out = await self.act(f"monkey -p {package} -c android.intent.category.LAUNCHER 1")
        if "No activities found" in out or "aborted" in out:
            raise DriverError(ErrorCode.NAVIGATION_FAILED, f"{package} has no launcher activity: {out.strip()[:200]}")
        deadline = time.monotonic() + wait_s
        while time.monotonic() < deadline:
            if await self.foreground_package() == package:
                return "launched (foreground confirmed)"
            await asyncio.sleep(0.3)
        if (await self.shell(f"pidof {package}")).strip():
            return "launched (process running; foreground check inconclusive)"
        raise DriverError(ErrorCode.NAVIGATION_FAILED, f"{package} did not start (not in the foreground, no process)")

    async def force_stop(self, package: str) -> None:
        await self.act(f"am force-stop {shell_quote(package)}")

    async def clear_data(self, package: str) -> None:
        out = await self.act(f"pm clear {shell_quote(package)}")
        if "Success" not in out:
            raise DriverError(ErrorCode.DRIVER_ERROR, f"could not clear {package}'s data: {out.strip()[:200]}")

    async def wake_and_unlock(self) -> None:
        """Wake the screen and dismiss a keyguard without a PIN.

        Raises:
            DriverError: DRIVER_ERROR when a secure lock stays: unlock the device by hand.
        """
        await self.act("input keyevent 224; wm dismiss-keyguard")
        window = await self.shell("dumpsys window")
        if re.search(r"mShowingLockscreen=true|mDreamingLockscreen=true|isStatusBarKeyguard=true", window):
            raise DriverError(ErrorCode.DRIVER_ERROR, "the screen is locked with a PIN, pattern or password: unlock the "
                              "device by hand (or remove the lock on a test device)")  # fmt: skip

    async def device_info(self) -> dict[str, Any]:
        props = {"manufacturer": "ro.product.manufacturer", "model": "ro.product.model", "android": "ro.build.version.release",
                 "sdk": "ro.build.version.sdk", "abi": "ro.product.cpu.abi"}  # fmt: skip
        out = await self.shell("; ".join(f"getprop {p}" for p in props.values()))
        values = (out.split("\n") + [""] * len(props))[: len(props)]
        info: dict[str, Any] = {k: v.strip() for k, v in zip(props, values, strict=True)}
        w, h = self.size
        info.update({"serial": self.serial, "screen": f"{w}x{h}"})
        battery = re.search(r"level: (\d+)", await self.shell("dumpsys battery"))
        if battery:
            info["battery"] = int(battery.group(1))
        return info

    async def start_recording(self, remote: str = "/sdcard/tapwright-recording.mp4") -> None:
        if self._recording is not None:
            raise DriverError(ErrorCode.INVALID_INPUT, "a screen recording is already running: stop it first")
        conn = await _adb.call("starting screenrecord", _adb.open_service, self.client, self.serial,
                               f"shell:screenrecord {shell_quote(remote)}")  # fmt: skip
        self._recording = (conn, remote)

    async def stop_recording(self, local: str) -> str:
        if self._recording is None:
            raise DriverError(ErrorCode.INVALID_INPUT, "no screen recording is running: start one first")
        conn, remote = self._recording
        self._recording = None
        pid = (await self.shell("pidof screenrecord")).strip().split()
        if pid:
            await self.shell(f"kill -2 {pid[0]}")
        await asyncio.to_thread(conn.close)
        await asyncio.sleep(0.3)
        Path(local).parent.mkdir(parents=True, exist_ok=True)
        await _adb.call("pulling the recording", self.device.sync.pull, remote, local)
        return local

    async def aclose(self) -> None:
        if self._recording is not None:
            conn, _ = self._recording
            self._recording = None
            await asyncio.to_thread(conn.close)
        release, self.on_close = self.on_close, None
        if release is not None:
            await release()
