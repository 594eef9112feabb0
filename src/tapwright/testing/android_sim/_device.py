"""The simulated device: its shell, its files, the app in front, and injected faults."""

from __future__ import annotations

import asyncio
import shlex
import struct
import time
import xml.etree.ElementTree as ET
from collections.abc import Awaitable, Callable
from typing import Any

from tapwright.drivers.android.hierarchy import parse_bounds
from tapwright.testing.android_sim._app import LAUNCHER, AppSpec, AppState
from tapwright.testing.android_sim._draw import draw_png
from tapwright.testing.android_sim._files import serve_sync
from tapwright.testing.android_sim._system import CLIPPER, System, deep_link_target
from tapwright.testing.android_sim._widgets import KEYBOARD_HEIGHT, keyboard_window, plain_node
from tapwright.testing.android_sim._wire import Stream

_KEYCODES = {"KEYCODE_HOME": 3, "KEYCODE_BACK": 4, "KEYCODE_POWER": 26, "KEYCODE_ENTER": 66, "KEYCODE_DEL": 67,
             "KEYCODE_MENU": 82, "KEYCODE_WAKEUP": 224, "KEYCODE_SLEEP": 223, "KEYCODE_TAB": 61,
             "KEYCODE_ESCAPE": 111}  # fmt: skip
LATIN_IME = "com.android.inputmethod.latin/.LatinIME"
ADB_IME = "com.android.adbkeyboard/.AdbIME"  # ADBKeyBoard (github.com/senzhk/ADBKeyBoard), when installed
_OPERATORS = {";", "&&", "||", "|", "&", ">", ">>", "<", "(", ")"}
Handler = Callable[[list[str]], Awaitable[tuple[bytes, int]]]


class Device:
    """Everything the device answers; one instance per simulator process."""

    def __init__(self, spec: AppSpec) -> None:
        self.spec = spec
        self.app = AppState(spec)
        self.files: dict[str, bytes] = {}
        self.running = False
        self.foreground = LAUNCHER
        self.awake = not spec.faults.get("asleep", False)
        self.locked = bool(spec.faults.get("locked", False))
        self.secure = bool(spec.faults.get("secure_lock", False))
        self.idle_failures = int(spec.faults.get("idle_fail", 0))
        self.truncated_dumps = int(spec.faults.get("truncate_dump", 0))
        self.dump_delay = float(spec.faults.get("slow_dump", 0.0))
        self.empty = bool(spec.faults.get("empty", False))
        self.recording: str | None = None
        self.log: list[str] = []
        self.pid = 4242
        self.system = System(spec.package, spec.permissions)
        self.ime = LATIN_IME  # settings secure default_input_method
        self.enabled_imes = {LATIN_IME}
        self.handlers: dict[str, Handler] = {
            "uiautomator": self._uiautomator, "input": self._input, "wm": self._wm, "getprop": self._getprop,
            "dumpsys": self._dumpsys, "pidof": self._pidof, "screencap": self._screencap, "am": self._am,
            "monkey": self._monkey, "pm": self._pm, "cat": self._cat, "rm": self._rm, "echo": self._echo,
            "screenrecord": self._screenrecord, "kill": self._kill, "sleep": self._sleep, "true": self._true,
            "settings": self._settings, "svc": self._true, "ime": self._ime, "cmd": self._cmd, "ls": self._ls, "id": self._id,
        }  # fmt: skip

    # -- services ---------------------------------------------------------------------

    async def service(self, stream: Stream, name: str) -> None:
        kind, _, rest = name.partition(":")
        if kind in ("shell", "exec") or kind.startswith("shell,"):
            out = await self.run(rest)
            if kind != "exec":
                out = out.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")  # a shell: stream has a PTY
            if out:
                await stream.write(out)
        elif kind == "sync":
            await serve_sync(stream, self.files)
        # anything else (reverse:, tcpip:, root: ...): closed at once, as a device without it does

    async def run(self, line: str) -> bytes:
        """Run a command line as the device shell would, without ever running what is quoted."""
        self.log.append(line)
        try:
            lex = shlex.shlex(line, posix=True, punctuation_chars=";&|<>()")
            lex.whitespace_split = True
            tokens = list(lex)
        except ValueError:
            return b"/system/bin/sh: syntax error: unmatched quote\n"
        out = bytearray()
        code = 0
        argv: list[str] = []
        redirect: str | None = None
        pending_op = ";"
        for tok in [*tokens, ";"]:
            if tok in _OPERATORS and tok not in (">", ">>"):
                if argv and (pending_op == ";" or (pending_op == "&&" and code == 0) or (pending_op == "||" and code)):
                    argv = ["".join(str(code) if a == "$?" else a.replace("$?", str(code))) for a in argv]
                    chunk, code = await self._exec(argv)
                    if redirect:
                        self.files[redirect] = chunk
                    else:
                        out += chunk
                argv, redirect, pending_op = [], None, tok
            elif tok in (">", ">>"):
                redirect = ""
            elif redirect == "":
                redirect = tok
            else:
                argv.append(tok)
        return bytes(out)

    async def _exec(self, argv: list[str]) -> tuple[bytes, int]:
        self.files["/data/local/tmp/commands.log"] = self.files.get("/data/local/tmp/commands.log", b"") + (
            " ".join(argv).encode() + b"\n"
        )
        name = argv[0].rsplit("/", 1)[-1]
        handler = self.handlers.get(name)
        if handler is None:
            return f"/system/bin/sh: {name}: inaccessible or not found\n".encode(), 127
        return await handler(argv[1:])

    # -- screen -----------------------------------------------------------------------

    def dump_xml(self) -> bytes:
        w, h = self.spec.size
        hierarchy = ET.Element("hierarchy", {"rotation": "0"})
        if self.empty and self.foreground == self.spec.package:
            ET.SubElement(hierarchy, "node", plain_node("android.view.SurfaceView", self.spec.package, (0, 0, w, h)))
        elif self.locked or not self.awake:
            win = ET.SubElement(hierarchy, "node", plain_node("android.widget.FrameLayout", "com.android.systemui", (0, 0, w, h)))
            ET.SubElement(win, "node", plain_node("android.widget.TextView", "com.android.systemui", (0, h // 3, w, h // 3 + 120),
                                              text="Swipe up to unlock", rid="com.android.systemui:id/keyguard_indication_text"))  # fmt: skip
        elif self.foreground == self.spec.package:
            win = self.app.shifted()
            if self.app.message:
                ET.SubElement(win, "node", plain_node("android.widget.TextView", self.spec.package, (48, h - 420, w - 48, h - 320),
                                                  text=self.app.message, rid=f"{self.spec.package}:id/message"))  # fmt: skip
            self.system.add_snackbar(win, (w, h))
            hierarchy.append(win)
            if self.app.keyboard:
                hierarchy.append(keyboard_window(w, h))
        else:
            win = ET.SubElement(hierarchy, "node", plain_node("android.widget.FrameLayout", LAUNCHER, (0, 0, w, h)))
            ET.SubElement(win, "node", plain_node("android.widget.TextView", LAUNCHER, (60, 300, 300, 560), text=self.spec.label,
                                              desc=self.spec.label, clickable=True))  # fmt: skip
        toast = self.system.toast_window((w, h)) if self.awake and not self.locked else None
        if toast is not None:
            hierarchy.append(toast)
        body = ET.tostring(hierarchy, encoding="unicode")
        return ("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>" + body).encode()

    def tap(self, x: int, y: int) -> None:
        if self.locked or not self.awake:
            return
        _w, h = self.spec.size
        if self.foreground != self.spec.package:
            if 60 <= x <= 300 and 300 <= y <= 560:
                self._launch()
            return
        if self.app.keyboard and y >= h - KEYBOARD_HEIGHT:
            return  # a key: the simulated keyboard types nothing (tests use `input text`)
        el = self.app.node_at(x, y)
        if el is None:
            return
        rule = self.app.screen.rules.get(id(el), {})
        if "EditText" in el.get("class", ""):
            for other in self.app.screen.root.iter("node"):
                other.set("focused", "false")
            el.set("focused", "true")
            self.app.keyboard = True
            return
        if el.get("checkable") == "true" and el.get("enabled") != "false":
            el.set("checked", "false" if el.get("checked") == "true" else "true")
        if el.get("enabled") == "false":
            return
        for kind in ("toast", "snackbar"):
            if rule.get(kind):
                self.system.show(kind, str(rule[kind]), int(rule.get("toast_ms", 2000)))
        target = rule.get("go")
        if target:
            need: dict[str, Any] = rule.get("require") or {}
            if all(self.app.field_value(k) == str(v) for k, v in need.items()):
                self.app.go(str(target))
            else:
                self.app.message = str(rule.get("otherwise", "Check the fields and try again"))

    def _launch(self) -> None:
        if not self.running:
            self.app.reset()
            self.running = True
            self.pid += 7
        self.foreground = self.spec.package

    # -- commands -----------------------------------------------------------------------

    async def _uiautomator(self, args: list[str]) -> tuple[bytes, int]:
        if not args or args[0] != "dump":
            return b"Usage: uiautomator <subcommand> [options]\n", 1
        if self.dump_delay:
            await asyncio.sleep(self.dump_delay)
        if self.idle_failures > 0:
            self.idle_failures -= 1
            return b"ERROR: could not get idle state.\n", 1
        target = next((a for a in args[1:] if not a.startswith("-")), "/sdcard/window_dump.xml")
        xml = self.dump_xml()
        if self.truncated_dumps > 0:
            self.truncated_dumps -= 1
            xml = xml[: len(xml) // 2]
        if target == "/dev/tty":
            return xml + b"UI hierchary dumped to: /dev/tty\n", 0
        self.files[target] = xml
        return f"UI hierchary dumped to: {target}\n".encode(), 0

    async def _input(self, args: list[str]) -> tuple[bytes, int]:
        if args and args[0] in ("touchscreen", "keyboard"):
            args = args[1:]
        if not args:
            return b"Usage: input [<source>] <command> [<arg>...]\n", 1
        cmd, rest = args[0], args[1:]
        try:
            if cmd == "tap" and len(rest) >= 2:
                self.tap(int(float(rest[0])), int(float(rest[1])))
            elif cmd == "swipe" and len(rest) >= 4:
                self._swipe(*(int(float(v)) for v in rest[:4]))
            elif cmd == "text" and rest:
                self._type(" ".join(rest).replace("%s", " "))
            elif cmd == "keyevent" and rest:
                for key in rest:
                    if key != "--longpress":
                        self._key(int(key) if key.isdigit() else _KEYCODES.get(key, -1))
            else:
                return f"Error: Unknown command: {cmd}\n".encode(), 1
        except ValueError as exc:
            return f"Error: {exc}\n".encode(), 1
        return b"", 0

    def _swipe(self, x1: int, y1: int, x2: int, y2: int) -> None:
        if self.locked and not self.secure and y1 - y2 > 200:
            self.locked = False
            return
        if self.foreground == self.spec.package and self.app.screen.scroll:
            h = self.spec.size[1]
            most = max(0, self.app.content_bottom() - h + 200)
            self.app.offset = max(0, min(most, self.app.offset + (y1 - y2)))

    def _type(self, text: str) -> None:
        el = self.app.focused() if self.foreground == self.spec.package else None
        if el is None:
            return
        old = el.get("text", "")
        if old == el.get("hint"):
            old = ""
        limit = self.app.screen.rules.get(id(el), {}).get("max_length")
        el.set("text", (old + text)[: int(limit)] if limit is not None else old + text)

    def _key(self, code: int) -> None:
        if code in (224, 82) or (code == 26 and not self.awake):
            self.awake = True
        elif code in (223, 26):
            self.awake = False
            self.locked = True
        elif self.foreground != self.spec.package:
            return
        elif (code == 4 and not self.app.back()) or code == 3:
            self.foreground = LAUNCHER
        elif code == 279 and self.app.focused() is not None:
            self._type(self.system.clipboard)  # KEYCODE_PASTE
        elif code == 67 and (el := self.app.focused()) is not None and el.get("text") != el.get("hint"):
            el.set("text", el.get("text", "")[:-1])
        elif code == 66 and (el := self.app.focused()) is not None:
            submit = self.app.screen.rules.get(id(el), {}).get("submit")
            for node in self.app.screen.root.iter("node"):
                if submit and (node.get("resource-id") or "").endswith("/" + str(submit)) and (r := parse_bounds(node.get("bounds", ""))):
                    self.app.keyboard = False
                    self.tap(r.center_x, r.center_y - self.app.offset)
                    break

    async def _wm(self, args: list[str]) -> tuple[bytes, int]:
        w, h = self.spec.size
        if args[:1] == ["size"]:
            return f"Physical size: {w}x{h}\n".encode(), 0
        if args[:1] == ["density"]:
            return f"Physical density: {self.spec.device.get('density', 420)}\n".encode(), 0
        if args[:1] == ["dismiss-keyguard"]:
            if not self.secure:
                self.locked = False
            return b"", 0
        return b"usage: wm [size|density|dismiss-keyguard]\n", 1

    def props(self) -> dict[str, str]:
        d = self.spec.device
        return {
            "ro.product.model": str(d.get("model", "Tapwright Simulated Phone")),
            "ro.product.manufacturer": str(d.get("manufacturer", "tapwright")),
            "ro.product.brand": str(d.get("brand", "tapwright")), "ro.product.name": "tapwright_sim",
            "ro.build.version.release": str(d.get("android", "14")), "ro.build.version.sdk": str(d.get("sdk", 34)),
            "ro.product.cpu.abi": "x86_64", "ro.serialno": "TAPWRIGHTSIM", "ro.kernel.qemu": "0",
            "sys.boot_completed": "1",
        }  # fmt: skip

    async def _getprop(self, args: list[str]) -> tuple[bytes, int]:
        props = self.props()
        if args:
            return (props.get(args[0], "") + "\n").encode(), 0
        return "".join(f"[{k}]: [{v}]\n" for k, v in sorted(props.items())).encode(), 0

    async def _dumpsys(self, args: list[str]) -> tuple[bytes, int]:
        fg = self.foreground
        act = self.spec.activity if fg == self.spec.package else ".Launcher"
        what = args[0] if args else ""
        if what == "window":
            focus = f"Window{{5e1f2a u0 {fg}/{fg}{act}}}" if self.awake else "null"
            text = (f"  mCurrentFocus={focus}\n  mFocusedApp=ActivityRecord{{7c3d u0 {fg}/{act} t12}}\n"
                    f"  mShowingLockscreen={_b(self.locked)} mShowingDream=false\n  mDreamingLockscreen={_b(self.locked)}\n")  # fmt: skip
            return text.encode(), 0
        if what == "activity" and args[1:2] == ["top"]:
            return f"TASK {fg} id=12\n  ACTIVITY {fg}/{act} 1d2e3f pid={self.pid}\n".encode(), 0
        if what == "power":
            return f"  mWakefulness={'Awake' if self.awake else 'Asleep'}\n".encode(), 0
        if what == "input_method":
            return f"  mInputShown={_b(self.app.keyboard and fg == self.spec.package)}\n".encode(), 0
        if what == "package" and len(args) > 1:
            if not self.installed(args[1]):
                return f"Unable to find package: {args[1]}\n".encode(), 0
            return self.system.dumpsys_package(args[1]), 0
        if what == "battery":
            return b"  level: 87\n  status: 2\n", 0
        return f"Can't find service: {what}\n".encode(), 0

    async def _pidof(self, args: list[str]) -> tuple[bytes, int]:
        if args and args[0] == self.spec.package and self.running:
            return f"{self.pid}\n".encode(), 0
        if args and args[0] == "screenrecord" and self.recording:
            return b"5151\n", 0
        return b"", 1

    async def _screencap(self, args: list[str]) -> tuple[bytes, int]:
        shows_app = self.awake and not self.locked and not self.empty and self.foreground == self.spec.package
        painted = self.app.screen.painted if shows_app and not self.app.offset else ()
        png = draw_png(self.dump_xml(), self.spec.size, awake=self.awake, painted=painted)
        target = next((a for a in args if not a.startswith("-")), None)
        if target:
            self.files[target] = png
            return b"", 0
        return png, 0

    def installed(self, package: str) -> bool:
        return package in (self.spec.package, LAUNCHER, *self.spec.installed)

    async def _am(self, args: list[str]) -> tuple[bytes, int]:
        if args[:1] == ["broadcast"]:
            return self._broadcast(args[1:]), 0
        if args[:1] == ["force-stop"] and len(args) > 1:
            if args[1] == self.spec.package:
                self.running = False
                if self.foreground == self.spec.package:
                    self.foreground = LAUNCHER
            return b"", 0
        if args[:1] == ["start"] and "-d" in args:
            return self._view(args)
        if args[:1] == ["start"]:
            comp = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == "-n"), "")
            pkg = comp.split("/", 1)[0]
            if not self.installed(pkg):
                return f"Error: Activity class {{{comp}}} does not exist.\n".encode(), 1
            if pkg == self.spec.package:
                self._launch()
            else:
                self.foreground = pkg
            return f"Starting: Intent {{ cmp={comp} }}\n".encode(), 0
        return b"", 0

    def _view(self, args: list[str]) -> tuple[bytes, int]:
        """``am start [-W] -a android.intent.action.VIEW -d URI [-p PACKAGE]``: a deep link into the app."""
        opt = {a: args[i + 1] for i, a in enumerate(args[:-1]) if a in ("-a", "-d", "-p")}
        uri, pkg = opt.get("-d", ""), opt.get("-p")
        screen = deep_link_target(self.spec.deep_links, uri)
        intent = f"act={opt.get('-a', '')} dat={uri}" + (f" pkg={pkg}" if pkg else "")
        if screen is None or screen not in self.spec.screens or (pkg and pkg != self.spec.package):
            return (f"Starting: Intent {{ {intent} }}\nError: Activity not started, unable to resolve Intent "
                    f"{{ {intent} flg=0x10000000 }}\n").encode(), 1  # fmt: skip
        state = "WARM" if self.running else "COLD"
        self._launch()
        self.app.go(screen)
        out = f"Starting: Intent {{ {intent} }}\n"
        if "-W" in args:
            out += (f"Status: ok\nLaunchState: {state}\nActivity: {self.spec.package}/{self.spec.activity}\n"
                    "TotalTime: 184\nWaitTime: 190\nComplete\n")  # fmt: skip
        return out.encode(), 0

    async def _monkey(self, args: list[str]) -> tuple[bytes, int]:
        pkg = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == "-p"), "")
        if not self.installed(pkg):
            return b"** No activities found to run, monkey aborted.\n", 252
        if pkg == self.spec.package:
            self._launch()
        else:
            self.foreground = pkg
        return b"  bash arg: -p\n  bash arg: " + pkg.encode() + b"\nEvents injected: 1\n", 0

    async def _pm(self, args: list[str]) -> tuple[bytes, int]:
        if args[:1] in (["grant"], ["revoke"]) and len(args) > 2:
            out, code, revoked = self.system.grant_revoke(args[0], args[1], args[2], self.installed(args[1]))
            if revoked and args[1] == self.spec.package:  # Android kills an app whose runtime permission is revoked
                self.running = False
                if self.foreground == self.spec.package:
                    self.foreground = LAUNCHER
            return out, code
        if args[:1] == ["clear"] and len(args) > 1:
            if not self.installed(args[1]):
                return b"Failed\n", 1
            if args[1] == self.spec.package:
                self.running = False
                self.app.reset()
                self.system.reset_permissions(self.spec.permissions)  # clearing data resets runtime grants too
                if self.foreground == self.spec.package:
                    self.foreground = LAUNCHER
            return b"Success\n", 0
        if args[:1] == ["path"] and len(args) > 1:
            if self.installed(args[1]):
                return f"package:/data/app/{args[1]}-1/base.apk\n".encode(), 0
            return b"", 1
        if args[:2] == ["list", "packages"]:
            return "".join(f"package:{p}\n" for p in (self.spec.package, LAUNCHER, *self.spec.installed)).encode(), 0
        return b"", 0

    async def _cat(self, args: list[str]) -> tuple[bytes, int]:
        out = bytearray()
        for path in args:
            if path not in self.files:
                return bytes(out) + f"cat: {path}: No such file or directory\n".encode(), 1
            out += self.files[path]
        return bytes(out), 0

    async def _rm(self, args: list[str]) -> tuple[bytes, int]:
        for path in args:
            self.files.pop(path, None)
        return b"", 0

    async def _echo(self, args: list[str]) -> tuple[bytes, int]:
        return (" ".join(args) + "\n").encode(), 0

    async def _screenrecord(self, args: list[str]) -> tuple[bytes, int]:
        target = next((a for a in args if not a.startswith("-") and a.endswith(".mp4")), "/sdcard/video.mp4")
        self.recording = target
        started = time.monotonic()
        try:
            while self.recording == target:
                await asyncio.sleep(0.05)
        finally:
            frames = max(1, int((time.monotonic() - started) * 10))
            # An ISO base-media header and a frame count: enough for a file a report can link to.
            self.files[target] = struct.pack(">I4s4sI", 20, b"ftyp", b"isom", 512) + b"mp41" + struct.pack(">I", frames)
            self.recording = None
        return b"", 0

    async def _kill(self, args: list[str]) -> tuple[bytes, int]:
        if "5151" in args and self.recording:
            self.recording = None
            await asyncio.sleep(0.1)
            return b"", 0
        return b"kill: no such process\n", 1

    async def _sleep(self, args: list[str]) -> tuple[bytes, int]:
        await asyncio.sleep(min(float(args[0]) if args else 0.0, 5.0))
        return b"", 0

    async def _true(self, args: list[str]) -> tuple[bytes, int]:
        return b"", 0

    async def _settings(self, args: list[str]) -> tuple[bytes, int]:
        if args[:3] == ["get", "secure", "default_input_method"]:
            return f"{self.ime}\n".encode(), 0
        return b"null\n" if args[:1] == ["get"] else b"", 0

    def imes(self) -> list[str]:
        """Every installed input method (ADBKeyBoard when its package is installed)."""
        return [LATIN_IME, *([ADB_IME] if self.installed(ADB_IME.split("/")[0]) else [])]

    async def _ime(self, args: list[str]) -> tuple[bytes, int]:
        """``ime list [-a] [-s]``, ``ime enable ID``, ``ime set ID``, as Android's ime command answers them."""
        if args[:1] == ["list"]:
            shown = [i for i in self.imes() if "-a" in args or i in self.enabled_imes]
            if "-s" in args:
                return "".join(f"{i}\n" for i in shown).encode(), 0
            return "".join(f"{i}:\n  mId={i}\n" for i in shown).encode(), 0
        if args[:1] in (["enable"], ["set"]) and len(args) > 1:
            ime = args[1]
            if ime not in self.imes():
                return f"Unknown input method {ime} cannot be {args[0]}d for user #0\n".encode(), 255
            self.enabled_imes.add(ime)
            if args[0] == "set":
                self.ime = ime
                return f"Input method {ime} selected for user #0\n".encode(), 0
            return f"Input method {ime}: now enabled for user #0\n".encode(), 0
        return b"Usage: ime <command>\n", 1

    def _broadcast(self, args: list[str]) -> bytes:
        """``am broadcast -a ADB_INPUT_B64 --es msg BASE64`` (and ``ADB_INPUT_TEXT``): ADBKeyBoard types
        into the focused field, when it is the current input method."""
        import base64
        import binascii

        action = next((args[i + 1] for i, a in enumerate(args[:-1]) if a == "-a"), "")
        extras = {args[i + 1]: args[i + 2] for i, a in enumerate(args[:-2]) if a in ("--es", "-e")}
        if action in ("clipper.set", "clipper.get"):
            return self.system.clipper(action, extras, self.installed(CLIPPER))
        head = f"Broadcasting: Intent {{ act={action} flg=0x400000 (has extras) }}\n".encode()
        if self.ime == ADB_IME and action in ("ADB_INPUT_B64", "ADB_INPUT_TEXT") and "msg" in extras:
            msg = extras["msg"]
            if action == "ADB_INPUT_B64":
                try:
                    msg = base64.b64decode(msg, validate=True).decode("utf-8")
                except (binascii.Error, UnicodeDecodeError):
                    msg = ""
            self._type(msg)
        return head + b"Broadcast completed: result=0\n"

    async def _cmd(self, args: list[str]) -> tuple[bytes, int]:
        return b"", 0

    async def _ls(self, args: list[str]) -> tuple[bytes, int]:
        prefix = (args[-1].rstrip("/") + "/") if args else "/"
        return "".join(p[len(prefix) :] + "\n" for p in sorted(self.files) if p.startswith(prefix)).encode(), 0

    async def _id(self, args: list[str]) -> tuple[bytes, int]:
        return b"uid=2000(shell) gid=2000(shell)\n", 0


def _b(v: bool) -> str:
    return "true" if v else "false"
