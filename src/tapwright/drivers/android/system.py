"""The device around the app: deep links, runtime permissions and the clipboard, through shell commands.

Each function runs the commands a person would type after ``adb shell`` and reads the outcome
back (the app in front after a link, the permission's state after a grant, the clipboard after
setting it), so a result says what is true on the device, not what was asked.
"""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass
from typing import Any, Protocol

from tapwright.drivers.android._input import shell_quote
from tapwright.errors import DriverError, ErrorCode


class AndroidDriver(Protocol):
    """What these functions need of the Android driver (a Protocol: the driver module imports this one)."""

    serial: str

    async def shell(self, cmd: str, *, timeout: float = 30) -> str: ...

    async def act(self, cmd: str) -> str: ...

    async def foreground_package(self) -> str: ...

    async def is_installed(self, package: str) -> bool: ...


_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$")
_PERMISSION = re.compile(r"^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)*$")
_PACKAGE = re.compile(r"^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$")
_ACTIVITY = re.compile(r"^Activity: ([\w.]+)/", re.MULTILINE)

# Clipper (github.com/majido/clipper): an app whose broadcast receiver sets and reads the clipboard,
# since stock Android has no shell command for it.
CLIPPER = "ca.zgrs.clipper"
NO_CLIPPER = (f"the clipboard needs the Clipper helper app ({CLIPPER}, github.com/majido/clipper): install it "
              "(adb install clipper.apk); stock Android has no shell command that sets or reads the clipboard")  # fmt: skip
_DATA = re.compile(r'Broadcast completed: result=(-?\d+)(?:, data="(.*)")?\s*$', re.DOTALL)


def _check_package(package: str) -> None:
    if not _PACKAGE.match(package):
        raise DriverError(ErrorCode.INVALID_INPUT, f"{package!r} is not an Android package name (like com.example.app)")


# -- deep links ------------------------------------------------------------------------------


async def open_uri(
    driver: AndroidDriver, uri: str, package: str | None = None, *, wait_s: float = 6.0
) -> dict[str, Any]:
    """Open ``uri`` with the activity manager (``am start -W -a android.intent.action.VIEW -d URI``).

    With ``package`` the link is opened in that app only, and that app must come to the front.

    Raises:
        DriverError: INVALID_INPUT for a malformed URI or package; NAVIGATION_FAILED when no app
            handles the link, the package is not installed, or the app did not come to the front.
    """
    if not _URI.match(uri) or len(uri) > 2000:
        raise DriverError(
            ErrorCode.INVALID_INPUT,
            f"{uri!r} is not a URI with a scheme (like myapp://orders/42 or https://example.com/x)",
        )
    cmd = f"am start -W -a android.intent.action.VIEW -d {shell_quote(uri)}"
    if package:
        _check_package(package)
        if not await driver.is_installed(package):
            raise DriverError(ErrorCode.NAVIGATION_FAILED, f"{package} is not installed on {driver.serial}")
        cmd += f" -p {shell_quote(package)}"
    out = await driver.act(cmd)
    error = next((line for line in out.splitlines() if line.startswith(("Error", "Exception"))), None)
    if error is not None or ("Status: ok" not in out and "Activity:" not in out):
        why = error or out.strip()[-200:] or "no answer"
        raise DriverError(ErrorCode.NAVIGATION_FAILED, f"no app opened {uri!r}" + (f" in {package}" if package else "")
                          + f": {why[:300]} (is the link declared in the app's intent filters?)")  # fmt: skip
    m = _ACTIVITY.search(out)
    opened = m.group(1) if m else ""
    deadline = time.monotonic() + wait_s
    front = await driver.foreground_package()
    while package and front != package and time.monotonic() < deadline:
        await asyncio.sleep(0.3)
        front = await driver.foreground_package()
    if package and front != package:
        raise DriverError(
            ErrorCode.NAVIGATION_FAILED, f"{uri!r} was sent to {package}, but {front or 'nothing'} is in front"
        )
    return {"uri": uri, "opened_in": opened or front, "foreground": front}


# -- runtime permissions -------------------------------------------------------------------------


def permission_name(permission: str) -> str:
    """``CAMERA`` / ``camera`` -> ``android.permission.CAMERA``; a dotted name is kept.

    Raises:
        DriverError: INVALID_INPUT for a name with characters no permission has.
    """
    name = permission.strip()
    if not _PERMISSION.match(name):
        raise DriverError(
            ErrorCode.INVALID_INPUT,
            f"{permission!r} is not a permission name (like CAMERA or android.permission.CAMERA)",
        )
    return name if "." in name else f"android.permission.{name.upper()}"


@dataclass(frozen=True, slots=True)
class PermissionState:
    """A permission as ``dumpsys package`` shows it for one app."""

    permission: str
    requested: bool  # the app's manifest asks for it
    granted: bool
    runtime: bool  # granted by the user at run time (else at install: not changeable)

    def to_dict(self) -> dict[str, Any]:
        return {
            "permission": self.permission,
            "requested": self.requested,
            "granted": self.granted,
            "runtime": self.runtime,
        }


async def permission_state(driver: AndroidDriver, package: str, permission: str) -> PermissionState:
    """Whether ``package`` asks for ``permission`` and holds it.

    Raises:
        DriverError: INVALID_INPUT for a bad name or a package that is not installed.
    """
    _check_package(package)
    name = permission_name(permission)
    if not await driver.is_installed(package):
        raise DriverError(ErrorCode.INVALID_INPUT, f"{package} is not installed on {driver.serial}")
    out = await driver.shell(f"dumpsys package {shell_quote(package)}")
    return parse_permission(out, name)


def parse_permission(dumpsys: str, name: str) -> PermissionState:
    """The state of ``name`` in ``dumpsys package`` output (runtime grants win over install-time ones)."""
    section = ""
    requested = False
    found: dict[str, bool] = {}
    for line in dumpsys.splitlines():
        stripped = line.strip()
        if stripped.endswith("permissions:"):
            section = stripped[: -len("permissions:")].strip()  # requested, install, runtime
            continue
        if section == "requested" and stripped.split(":", 1)[0] == name:
            requested = True
        m = re.match(rf"^{re.escape(name)}: granted=(true|false)", stripped)
        if m and section in ("install", "runtime"):
            found.setdefault(section, m.group(1) == "true")  # the first user's (user 0, the one adb acts for)
    runtime = "runtime" in found
    granted = found.get("runtime", found.get("install", False))
    return PermissionState(name, requested or bool(found), granted, runtime or not found)


async def set_permission(driver: AndroidDriver, package: str, permission: str, grant: bool) -> dict[str, Any]:
    """``pm grant`` / ``pm revoke`` a runtime permission, then read its state back.

    Android stops an app whose runtime permission is revoked; ``app_stopped`` says whether it was.

    Raises:
        DriverError: INVALID_INPUT for an unknown package or permission, one the app does not ask
            for, or one granted at install (not changeable); DRIVER_ERROR when the state read back
            differs from the one asked.
    """
    before = await permission_state(driver, package, permission)
    name = before.permission
    running = bool((await driver.shell(f"pidof {shell_quote(package)}")).strip())
    verb = "grant" if grant else "revoke"
    out = await driver.act(f"pm {verb} {shell_quote(package)} {shell_quote(name)}")
    if "Exception" in out or out.startswith(("Error", "Security")):
        reason = next((line.strip() for line in out.splitlines() if "Exception:" in line), out.strip().splitlines()[-1])
        raise DriverError(
            ErrorCode.INVALID_INPUT, f"cannot {verb} {name} for {package}: {reason.split(': ', 1)[-1][:300]}"
        )
    after = await permission_state(driver, package, name)
    if after.granted != grant:
        raise DriverError(ErrorCode.DRIVER_ERROR, f"`pm {verb}` answered but {name} is still "
                          f"{'granted' if after.granted else 'not granted'} for {package}")  # fmt: skip
    stopped = running and not (await driver.shell(f"pidof {shell_quote(package)}")).strip()
    return {**after.to_dict(), "package": package, "changed": before.granted != after.granted, "app_stopped": stopped}


# -- clipboard ---------------------------------------------------------------------------------


async def _clipper(driver: AndroidDriver, command: str) -> tuple[int, str | None]:
    if not await driver.is_installed(CLIPPER):
        raise DriverError(ErrorCode.DRIVER_ERROR, NO_CLIPPER)
    out = (await driver.shell(command)).strip()
    m = _DATA.search(out)
    if m is None:
        raise DriverError(ErrorCode.DRIVER_ERROR, f"the Clipper broadcast gave no result: {out[-200:]}")
    return int(m.group(1)), m.group(2)


async def set_clipboard(driver: AndroidDriver, text: str) -> dict[str, Any]:
    """Put ``text`` on the clipboard (Clipper's ``clipper.set``), then read it back where Android lets it.

    Raises:
        DriverError: DRIVER_ERROR without Clipper, when the broadcast reached no receiver, or when
            the clipboard read back holds other text.
    """
    code, data = await _clipper(driver, f"am broadcast -a clipper.set -e text {shell_quote(text)}")
    if code != -1 or data is None:
        raise DriverError(ErrorCode.DRIVER_ERROR, f"Clipper did not take the text (result={code}): start it once "
                          f"(adb shell am start -n {CLIPPER}/.Main) so its receiver runs")  # fmt: skip
    back = await get_clipboard(driver)
    if back == text:
        return {"length": len(text), "read_back": True}
    if back == "":
        # Android 10+ lets only the app in front (or the input method) read the clipboard.
        return {"length": len(text), "read_back": False}
    raise DriverError(ErrorCode.DRIVER_ERROR, f"the clipboard holds {len(back)} characters after setting {len(text)}: "
                      "another app changed it, or Clipper could not set it")  # fmt: skip


async def get_clipboard(driver: AndroidDriver) -> str:
    """The clipboard's text (Clipper's ``clipper.get``); "" when it is empty or Android hides it from Clipper.

    Raises:
        DriverError: DRIVER_ERROR without Clipper.
    """
    code, data = await _clipper(driver, "am broadcast -a clipper.get")
    return data if code == -1 and data is not None else ""
