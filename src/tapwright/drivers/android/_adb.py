"""The adb connection: device choice, shell / exec-out / pull, and the one error-mapping table."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from tapwright.core.lazy_module import LazyModule
from tapwright.errors import DriverError, ErrorCode

if TYPE_CHECKING:
    import adbutils
else:
    adbutils = LazyModule("adbutils")  # imported when a device is first asked for, not with the tool pack

T = TypeVar("T")
INSTALL_HINT = "install adb (Debian/Ubuntu: sudo apt-get install -y adb; macOS: brew install android-platform-tools)"


@cache
def _errors() -> tuple[tuple[type[BaseException], str, ErrorCode, str], ...]:
    """The one table: (library exception type, text in its message) -> (code, what to do). First match wins."""
    return (
        (adbutils.AdbTimeout, "", ErrorCode.TIMEOUT, "the device did not answer in time"),
        (adbutils.AdbError, "unauthorized", ErrorCode.DRIVER_ERROR,
         "the device is unauthorized: unlock it and accept the 'Allow USB debugging' prompt"),
        (adbutils.AdbError, "offline", ErrorCode.DEVICE_LOST, "the device went offline: reconnect it (adb reconnect)"),
        (adbutils.AdbError, "not found", ErrorCode.DEVICE_LOST, "the device is gone: reconnect it and check `adb devices`"),
        (adbutils.AdbError, "closed", ErrorCode.DEVICE_LOST, "the connection to the device closed"),
        (adbutils.AdbError, "", ErrorCode.DRIVER_ERROR, "adb reported an error"),
        (ConnectionRefusedError, "", ErrorCode.DEVICE_LOST,
         "no adb server is listening (it stopped, or was never started): start one with `adb start-server`"),
        (ConnectionError, "", ErrorCode.DEVICE_LOST, "the connection to the device was lost"),
        (TimeoutError, "", ErrorCode.TIMEOUT, "the device did not answer in time"),
        (OSError, "", ErrorCode.DEVICE_LOST, "the connection to the device failed"),
    )  # fmt: skip


def map_error(exc: BaseException, doing: str) -> DriverError:
    """The DriverError for a library exception (the original kept as cause)."""
    text = str(exc)
    for kind, needle, code, advice in _errors():
        if isinstance(exc, kind) and needle in text.lower():
            return DriverError(code, f"{doing}: {advice} ({text[:200]})", cause=f"{type(exc).__name__}: {text[:500]}")
    return DriverError(ErrorCode.DRIVER_ERROR, f"{doing}: {text[:200]}", cause=f"{type(exc).__name__}: {text[:500]}")


def client(host: str = "127.0.0.1", port: int | None = None) -> adbutils.AdbClient:
    """A client of the adb server (``ANDROID_ADB_SERVER_PORT`` or 5037)."""
    port = port or int(os.environ.get("ANDROID_ADB_SERVER_PORT", "5037"))
    return adbutils.AdbClient(host=host, port=port, socket_timeout=30)


def _listening(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def ensure_server(c: adbutils.AdbClient) -> None:
    """Start the adb server when none listens on the client's port (needs the adb binary).

    Checked here, before adbutils connects: adbutils would otherwise start a server with its
    own bundled binary on the default port, whatever port was asked for.

    Raises:
        DriverError: DRIVER_ERROR naming the install command when adb is missing.
    """
    if _listening(c.host, c.port):
        return
    exe = shutil.which("adb")
    if exe is None:
        raise DriverError(ErrorCode.DRIVER_ERROR, f"adb is not installed and no adb server listens on port {c.port}: {INSTALL_HINT}")
    # `adb start-server` daemonises the server, as the adb client itself does: it serves the user's machine.
    subprocess.run([exe, "-P", str(c.port), "start-server"], capture_output=True, timeout=30, check=False)
    if not _listening(c.host, c.port):
        raise DriverError(ErrorCode.DRIVER_ERROR, f"could not start an adb server on port {c.port} ({exe} start-server)")


def choose_serial(c: adbutils.AdbClient, wanted: str | None = None, *, restarted: bool = False, connected: bool = False) -> str:
    """The device to use: ``wanted``, then ``ANDROID_SERIAL``, then an emulator, then the first online one.

    Offline devices trigger one server restart (``adb reconnect offline``). A ``HOST:PORT`` not yet
    attached is connected once (``adb connect``); when adb cannot reach it, that is DEVICE_LOST at once.

    Raises:
        DriverError: DEVICE_LOST when no usable device is attached (the message lists what is).
    """
    wanted = wanted or os.environ.get("ANDROID_SERIAL") or None
    try:
        rows = [(d.serial, d.state) for d in c.list()]
    except (adbutils.AdbError, OSError) as exc:
        raise map_error(exc, "listing devices") from exc
    states = dict(rows)
    if any(s == "offline" for s in states.values()) and not restarted:
        try:
            _reconnect_offline(c)
        except (adbutils.AdbError, OSError):
            pass
        return choose_serial(c, wanted, restarted=True, connected=connected)
    listed = ", ".join(f"{s} ({st})" for s, st in rows) or "none"
    if wanted:
        if wanted not in states and ":" in wanted and not connected:
            reply = connect(c, wanted)
            return _connected_serial(c, wanted, reply)
        state = states.get(wanted)
        if state == "device":
            return wanted
        if state == "unauthorized":
            raise DriverError(ErrorCode.DRIVER_ERROR, f"device {wanted} is unauthorized: unlock it and accept the 'Allow USB debugging' prompt")
        raise DriverError(ErrorCode.DEVICE_LOST, f"device {wanted} is {state or 'not attached'}; attached: {listed}")
    online = [s for s, st in rows if st == "device"]
    if not online:
        if any(st == "unauthorized" for _, st in rows):
            raise DriverError(ErrorCode.DRIVER_ERROR, f"no authorized device ({listed}): accept the 'Allow USB debugging' prompt on the device")
        raise DriverError(ErrorCode.DEVICE_LOST, f"no Android device is attached ({listed}): connect one or start an emulator, "
                          "or set `app:` to an app file to use the simulated device")  # fmt: skip
    emulators = [s for s in online if s.startswith("emulator-")]
    return str((emulators or online)[0])


def connect(c: adbutils.AdbClient, address: str) -> str:
    """``adb connect ADDRESS`` once; adb's reply.

    Raises:
        DriverError: INVALID_INPUT for an address that is not ``HOST:PORT``; DEVICE_LOST when adb
            could not reach it (nothing listens there, or the host does not answer).
    """
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise DriverError(ErrorCode.INVALID_INPUT, f"device {address!r} is not HOST:PORT (e.g. 192.168.1.5:5555)")
    try:
        reply = str(c.connect(address, timeout=10))
    except (adbutils.AdbError, OSError) as exc:
        raise map_error(exc, f"connecting to {address}") from exc
    if not reply.startswith(("connected to", "already connected")):
        raise DriverError(ErrorCode.DEVICE_LOST, f"adb could not connect to {address}: {reply.strip()[:200]} (is the device's "
                          "adb over TCP enabled on that port? `adb tcpip 5555` on a USB-attached device turns it on)")  # fmt: skip
    return reply


def _connected_serial(c: adbutils.AdbClient, wanted: str, reply: str) -> str:
    """``wanted`` once adb has connected it: a device that is offline just after connecting gets a few seconds."""
    deadline = time.monotonic() + 5
    while True:
        try:
            return choose_serial(c, wanted, restarted=True, connected=True)
        except DriverError as exc:
            if exc.code is not ErrorCode.DEVICE_LOST or time.monotonic() > deadline:
                raise DriverError(exc.code, f"{exc.message} (adb said: {reply.strip()[:120]})") from exc
        time.sleep(0.2)


def _reconnect_offline(c: adbutils.AdbClient) -> None:
    with c.make_connection(timeout=10) as conn:
        conn.send_command("host:reconnect-offline")
        conn.check_okay()


async def call(doing: str, func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """Run a blocking adbutils call in a thread, mapping its errors."""
    try:
        return await asyncio.to_thread(func, *args, **kwargs)
    except DriverError:
        raise
    except (adbutils.AdbError, OSError, EOFError) as exc:
        raise map_error(exc, doing) from exc


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("the adb server closed the connection")
        buf += chunk
    return buf


def _request(sock: socket.socket, command: str) -> None:
    data = command.encode("utf-8")
    sock.sendall(b"%04x" % len(data) + data)
    status = _recv_exact(sock, 4)
    if status == b"OKAY":
        return
    if status == b"FAIL":
        message = _recv_exact(sock, int(_recv_exact(sock, 4), 16)).decode("utf-8", "replace")
        raise adbutils.AdbError(message)
    raise adbutils.AdbError(f"unexpected reply from the adb server: {status!r}")


def open_service(c: adbutils.AdbClient, serial: str, service: str, timeout: float = 30) -> socket.socket:
    """A socket connected to ``service`` (``shell:...``, ``exec:...``) on ``serial``; closed on failure.

    The host protocol is spoken directly here (a length-prefixed request, OKAY or FAIL): adbutils
    spends ~10 ms setting up each connection and leaves the socket open when the device is gone.
    """
    sock = socket.create_connection((c.host, c.port), timeout=timeout)
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        _request(sock, f"host:transport:{serial}")
        _request(sock, service)
    except BaseException:
        sock.close()
        raise
    return sock


def run_service(c: adbutils.AdbClient, serial: str, service: str, timeout: float = 30) -> bytes:
    """Everything ``service`` writes until it closes (``exec:`` output is binary-safe, like ``adb exec-out``)."""
    sock = open_service(c, serial, service, timeout)
    chunks = []
    try:
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    finally:
        sock.close()
    return b"".join(chunks)
