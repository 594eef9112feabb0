"""The X display and the buses applications need: ``$DISPLAY`` or an own Xvfb, a D-Bus session bus,
and the AT-SPI accessibility bus, each started only when absent and stopped by PID on close.

Example:
    stack = DisplayStack.start(DisplayOptions(size=(1280, 800)))
    env = stack.child_env()          # DISPLAY, DBUS_SESSION_BUS_ADDRESS for apps
    ...
    stack.close()                    # stops what it started, newest first
"""

from __future__ import annotations

import contextlib
import os
import select
import shutil
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path

from tapwright.drivers.desktop._procs import Proc, spawn
from tapwright.errors import DriverError, ErrorCode

INSTALL_HINT = "sudo apt-get install -y xvfb"
_LAUNCHER_PATHS = (
    "/usr/libexec/at-spi-bus-launcher",
    "/usr/lib/at-spi2-core/at-spi-bus-launcher",
    "/usr/lib/x86_64-linux-gnu/at-spi2-core/at-spi-bus-launcher",
    "/usr/lib/aarch64-linux-gnu/at-spi2-core/at-spi-bus-launcher",
)
_START_TIMEOUT = 15.0


@dataclass(slots=True)
class DisplayOptions:
    """How to get a display.

    Attributes:
        display: ``"auto"`` ($DISPLAY when set, else an own Xvfb), ``"xvfb"`` (always an own Xvfb)
            or a display name such as ``":0"``.
        size: Width and height of an own Xvfb screen.
        accessibility: Start the D-Bus session bus and the AT-SPI bus when absent.
    """

    display: str = "auto"
    size: tuple[int, int] = (1280, 800)
    accessibility: bool = True


def _read_line(fd: int, timeout: float, what: str, proc: Proc) -> str:
    """Read one line a starting process writes to ``fd`` (its display number or bus address)."""
    buf = b""
    deadline = time.monotonic() + timeout
    while b"\n" not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        ready, _, _ = select.select([fd], [], [], min(left, 0.2))
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            buf += chunk
        elif not proc.alive():
            break
    os.close(fd)
    if b"\n" not in buf:
        tail = proc.stderr_tail(600)
        status = f"exited with status {proc.returncode}" if not proc.alive() else f"gave no answer in {timeout:.0f} s"
        proc.stop()
        raise DriverError(ErrorCode.DRIVER_ERROR, f"{what} {status}" + (f": {tail}" if tail else ""))
    return buf.split(b"\n", 1)[0].decode().strip()


@dataclass(slots=True)
class DisplayStack:
    """A display plus buses, and the processes started to provide them (stopped by :meth:`close`)."""

    display: str
    bus_address: str | None = None
    procs: list[Proc] = field(default_factory=list)
    own_xvfb: bool = False

    @classmethod
    def start(cls, options: DisplayOptions | None = None) -> DisplayStack:
        """Find or start the display, then the buses.

        Raises:
            DriverError: DRIVER_ERROR when there is no display and Xvfb is not installed (the message
                has the install command), or when Xvfb / the buses fail to start.
        """
        options = options or DisplayOptions()
        stack = cls(display="")
        try:
            stack._display(options)
            if options.accessibility:
                stack._buses()
        except BaseException:
            stack.close()
            raise
        return stack

    def _display(self, options: DisplayOptions) -> None:
        wanted = options.display
        current = os.environ.get("DISPLAY", "")
        if wanted not in ("auto", "xvfb"):
            self.display = wanted
            return
        if wanted == "auto" and current:
            self.display = current
            self.bus_address = os.environ.get("DBUS_SESSION_BUS_ADDRESS") or None
            return
        xvfb = shutil.which("Xvfb")
        if xvfb is None:
            why = "$DISPLAY is not set and " if wanted == "auto" else ""
            raise DriverError(
                ErrorCode.DRIVER_ERROR,
                f"no X display: {why}Xvfb is not installed; install it with: {INSTALL_HINT} "
                "(or set DISPLAY to a running X server)",
            )
        width, height = options.size
        if not (200 <= width <= 8192 and 200 <= height <= 8192):
            raise DriverError(ErrorCode.INVALID_INPUT, f"display size {width}x{height} is outside 200..8192")
        read_fd, write_fd = os.pipe()
        try:
            proc = spawn(
                [xvfb, "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp",
                 "-noreset", "+extension", "XTEST", "+extension", "RANDR"],
                label="xvfb", pass_fds=(write_fd,),
            )  # fmt: skip
        finally:
            os.close(write_fd)
        self.procs.append(proc)
        self.own_xvfb = True
        number = _read_line(read_fd, _START_TIMEOUT, "Xvfb", proc)
        self.display = f":{number}"

    def _buses(self) -> None:
        if self.bus_address is None:
            dbus = shutil.which("dbus-daemon")
            if dbus is None:
                return  # no accessibility tree without a bus: snapshots fall back to OCR
            read_fd, write_fd = os.pipe()
            try:
                proc = spawn([dbus, "--session", "--nofork", f"--print-address={write_fd}"],
                             env=self._base_env(), label="dbus", pass_fds=(write_fd,))  # fmt: skip
            finally:
                os.close(write_fd)
            self.procs.append(proc)
            self.bus_address = _read_line(read_fd, _START_TIMEOUT, "dbus-daemon", proc)
        if self.own_xvfb or not _root_has_a11y_bus(self.display):
            launcher = next((p for p in _LAUNCHER_PATHS if Path(p).is_file()), None)
            if launcher is None:
                return
            proc = spawn([launcher, "--launch-immediately"], env=self.child_env(), label="a11y-bus")
            self.procs.append(proc)
            deadline = time.monotonic() + _START_TIMEOUT
            while time.monotonic() < deadline and proc.alive() and not _root_has_a11y_bus(self.display):
                time.sleep(0.05)

    def _base_env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE")}
        env["DISPLAY"] = self.display
        env["GDK_BACKEND"] = "x11"
        env["QT_QPA_PLATFORM"] = "xcb"
        env["QT_LINUX_ACCESSIBILITY_ALWAYS_ON"] = "1"
        env["QT_ACCESSIBILITY"] = "1"
        return env

    def child_env(self) -> dict[str, str]:
        """The environment an application (or the AT-SPI reader) is started with."""
        env = self._base_env()
        if self.bus_address:
            env["DBUS_SESSION_BUS_ADDRESS"] = self.bus_address
        env.setdefault("GTK_A11Y", "atk")
        return env

    @property
    def pids(self) -> list[int]:
        """PIDs of the processes this stack started."""
        return [p.pid for p in self.procs]

    def gone(self) -> str | None:
        """Why the X server is gone (its Xvfb exited, or nothing answers on the display's socket), or None.

        Cheap enough to ask before every action: a process poll, or one local socket connect.
        """
        for proc in self.procs:
            if proc.label == "xvfb" and not proc.alive():
                return f"the X server {self.display} (Xvfb, pid {proc.pid}) exited with status {proc.returncode}"
        if self.own_xvfb:
            return None
        return display_unreachable(self.display)

    def close(self) -> None:
        """Stop what was started, newest first (buses before the display)."""
        while self.procs:
            self.procs.pop().stop()


def display_unreachable(display: str) -> str | None:
    """Why the local X server of ``display`` (``:N``) does not answer, or None (also for remote displays,
    which are not probed here: their failures show as lost connections)."""
    host, _, rest = display.rpartition(":")
    number = rest.split(".")[0]
    if host not in ("", "unix") or not number.isdigit():
        return None
    path = f"/tmp/.X11-unix/X{number}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(1.0)
        with contextlib.suppress(OSError):
            sock.connect(path)
            return None
    # An abstract-namespace socket (Linux) serves the display when the file is missing.
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(1.0)
        with contextlib.suppress(OSError):
            sock.connect("\0" + path)
            return None
    return f"the X server {display} does not answer (nothing listens on {path})"


def _root_has_a11y_bus(display: str) -> bool:
    """Whether the display's root window carries the AT_SPI_BUS property (an AT-SPI bus serves it)."""
    from tapwright.drivers.desktop._x11 import XConnection

    try:
        conn = XConnection.open(display)
    except DriverError:
        return False
    try:
        return conn.root_property_text("AT_SPI_BUS") is not None
    finally:
        conn.close()
