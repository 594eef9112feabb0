"""The simulated device around the app: runtime permissions (``pm grant|revoke``, ``dumpsys package``),
deep links (``am start -a VIEW -d URI``), the clipboard behind the Clipper helper app
(``am broadcast -a clipper.set|get``) and transient UI (toasts, snackbars), with Android's answers."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from tapwright.testing.android_sim._widgets import plain_node

CLIPPER = "ca.zgrs.clipper"
# Permissions granted at install (never changeable with pm) and the runtime ("dangerous") ones this device knows.
INSTALL_PERMISSIONS = frozenset({"android.permission.INTERNET", "android.permission.ACCESS_NETWORK_STATE",
                                 "android.permission.VIBRATE", "android.permission.WAKE_LOCK"})  # fmt: skip
RUNTIME_PERMISSIONS = frozenset(f"android.permission.{p}" for p in (
    "CAMERA", "RECORD_AUDIO", "ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION", "ACCESS_BACKGROUND_LOCATION",
    "READ_CONTACTS", "WRITE_CONTACTS", "READ_CALENDAR", "WRITE_CALENDAR", "CALL_PHONE", "READ_PHONE_STATE",
    "SEND_SMS", "READ_SMS", "POST_NOTIFICATIONS", "READ_MEDIA_IMAGES", "READ_MEDIA_VIDEO", "READ_MEDIA_AUDIO",
    "READ_EXTERNAL_STORAGE", "WRITE_EXTERNAL_STORAGE", "BODY_SENSORS", "BLUETOOTH_CONNECT", "NEARBY_WIFI_DEVICES"))


def _exception(verb: str, kind: str, message: str) -> tuple[bytes, int]:
    """How ``pm`` reports a refused request (Android 11+): the exception and its message, exit 255."""
    return (f"Exception occurred while executing '{verb}':\njava.lang.{kind}: {message}\n"
            f"\tat com.android.server.pm.PackageManagerShellCommand.runGrantRevokePermission\n").encode(), 255  # fmt: skip


@dataclass
class Transient:
    text: str
    until: float  # monotonic deadline


class System:
    """Permissions of the app under test, the clipboard, and the toast or snackbar shown now."""

    def __init__(self, package: str, permissions: dict[str, bool]) -> None:
        self.package = package
        self.granted: dict[str, bool] = {_full(p): bool(g) for p, g in permissions.items()}  # runtime permissions asked for
        self.clipboard = ""
        self.toast: Transient | None = None
        self.snackbar: Transient | None = None

    # -- permissions ----------------------------------------------------------------------------

    def reset_permissions(self, permissions: dict[str, bool]) -> None:
        self.granted = {_full(p): bool(g) for p, g in permissions.items()}

    def grant_revoke(self, verb: str, package: str, permission: str, installed: bool) -> tuple[bytes, int, bool]:
        """``pm grant|revoke PACKAGE PERMISSION``: (output, exit code, whether a held runtime permission was revoked)."""
        if not installed:
            return (*_exception(verb, "IllegalArgumentException", f"Unknown package: {package}"), False)
        if permission not in RUNTIME_PERMISSIONS | INSTALL_PERMISSIONS:
            return (*_exception(verb, "IllegalArgumentException", f"Unknown permission: {permission}"), False)
        requested = self.granted if package == self.package else {}
        if permission in INSTALL_PERMISSIONS and package == self.package:
            return (*_exception(verb, "SecurityException", f"Permission {permission} requested by {package} is not a "
                                "changeable permission type"), False)  # fmt: skip
        if permission not in requested:
            return (*_exception(verb, "SecurityException", f"Package {package} has not requested permission {permission}"), False)
        held = requested[permission]
        requested[permission] = verb == "grant"
        return b"", 0, verb == "revoke" and held

    def dumpsys_package(self, package: str, version: str = "1.0") -> bytes:
        """The part of ``dumpsys package PACKAGE`` that lists its permissions."""
        requested = self.granted if package == self.package else {}
        lines = ["Packages:", f"  Package [{package}] (5b2e1f0):", "    userId=10187", f"    versionName={version}",
                 "    requested permissions:", "      android.permission.INTERNET"]  # fmt: skip
        lines += [f"      {p}" for p in requested]
        lines += ["    install permissions:", "      android.permission.INTERNET: granted=true",
                  "    User 0: ceDataInode=40961 installed=true hidden=false suspended=false stopped=false",
                  "      runtime permissions:"]  # fmt: skip
        lines += [f"        {p}: granted={'true' if g else 'false'}, flags=[ USER_SENSITIVE_WHEN_GRANTED|"
                  "USER_SENSITIVE_WHEN_DENIED]" for p, g in requested.items()]  # fmt: skip
        return ("\n".join(lines) + "\n").encode()

    # -- clipboard (Clipper) ----------------------------------------------------------------------

    def clipper(self, action: str, extras: dict[str, str], installed: bool) -> bytes:
        """``am broadcast -a clipper.set -e text T`` / ``clipper.get``, answered as Clipper's receiver does."""
        head = f"Broadcasting: Intent {{ act={action} flg=0x400000{' (has extras)' if extras else ''} }}\n"
        if not installed:
            return (head + "Broadcast completed: result=0\n").encode()  # no receiver for the action
        if action == "clipper.set":
            self.clipboard = extras.get("text", "")
            return (head + 'Broadcast completed: result=-1, data="Text is copied into clipboard."\n').encode()
        return (head + f'Broadcast completed: result=-1, data="{self.clipboard}"\n').encode()

    # -- transient UI -----------------------------------------------------------------------------

    def show(self, kind: str, text: str, ms: int) -> None:
        shown = Transient(text, time.monotonic() + ms / 1000)
        if kind == "toast":
            self.toast = shown
        else:
            self.snackbar = shown

    def current(self, kind: str) -> str | None:
        shown = self.toast if kind == "toast" else self.snackbar
        return shown.text if shown is not None and time.monotonic() < shown.until else None

    def toast_window(self, size: tuple[int, int]) -> ET.Element | None:
        """The toast's window as SystemUI draws it (Android 11+), or None when no toast is up."""
        text = self.current("toast")
        if text is None:
            return None
        w, h = size
        box = (w // 2 - 320, h - 360, w // 2 + 320, h - 240)
        win = ET.Element("node", plain_node("android.widget.LinearLayout", "com.android.systemui", box))
        ET.SubElement(win, "node", plain_node("android.widget.TextView", "com.android.systemui", box, text=text,
                                              rid="android:id/message"))  # fmt: skip
        return win

    def add_snackbar(self, win: ET.Element, size: tuple[int, int]) -> None:
        """Material's snackbar at the bottom of the app's window, while one is up."""
        text = self.current("snackbar")
        if text is not None:
            w, h = size
            ET.SubElement(win, "node", plain_node("android.widget.TextView", self.package, (48, h - 220, w - 48, h - 100),
                                                  text=text, rid=f"{self.package}:id/snackbar_text"))  # fmt: skip


def _full(permission: str) -> str:
    return permission if "." in permission else f"android.permission.{permission.upper()}"


def deep_link_target(links: dict[str, str], uri: str) -> str | None:
    """The screen a link opens: the longest ``deep_links`` key that is the URI or a prefix of it."""
    keys = sorted((k for k in links if uri == k or uri.startswith(k)), key=len, reverse=True)
    return links[keys[0]] if keys else None
