"""Starting simulated Android devices and private adb servers (processes, stopped by their PIDs).

The android runtime starts them when ``app:`` names a simulator app file; tests use them
through :mod:`tapwright.testing.android_sim`. The device itself is that package, run as its
own process; nothing here imports it.

A simulated device is what the real ``adb`` attaches with ``adb connect 127.0.0.1:PORT``.

The device runs as its own process (``python -m tapwright.testing.android_sim app.yaml``)
and speaks the ADB device protocol over TCP: the connection handshake, streams, the
``shell:`` and ``exec:`` services and ``sync:`` for file transfer. It plays the app
described by a small YAML file (see :mod:`tapwright.testing.android_sim._app`).

Example:
    with AdbServer.start() as server, SimulatedDevice.start("examples/android-app/app.yaml", server) as dev:
        print(dev.serial)   # 127.0.0.1:PORT, listed by `adb -P server.port devices`
        dev.control("idle-fail 2")   # the next two dumps fail with "could not get idle state"
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from pathlib import Path

from tapwright.drivers import _children
from tapwright.platforms._sim_process import SimulatorProcess, app_key


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_listening(port: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
        time.sleep(0.05)
    return False


class AdbServer:
    """A private adb server (``adb -P PORT nodaemon server``) owned by this process and stopped by its PID."""

    def __init__(self, proc: subprocess.Popen[bytes], port: int, adb: str) -> None:
        self.proc, self.port, self.adb = proc, port, adb

    @property
    def pid(self) -> int:
        return self.proc.pid

    @classmethod
    def start(cls, port: int | None = None, adb: str | None = None) -> AdbServer:
        """Start the server on ``port`` (a free one when omitted).

        Raises:
            FileNotFoundError: no ``adb`` binary on PATH.
            RuntimeError: the server did not start listening.
        """
        exe = adb or shutil.which("adb")
        if exe is None:
            raise FileNotFoundError("adb is not installed (Debian/Ubuntu: sudo apt-get install -y adb)")
        port = port or free_port()
        proc = _children.popen([exe, "-P", str(port), "nodaemon", "server"], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        server = cls(proc, port, exe)
        if not _wait_listening(port, 15):
            server.stop()
            raise RuntimeError(f"adb server did not start on port {port}")
        return server

    def run(self, *args: str, timeout: float = 20) -> str:
        """Run an ``adb -P PORT ...`` client command; its output.

        Raises:
            RuntimeError: this server has stopped (an adb client would start a stray server of its own).
        """
        if self.proc.poll() is not None:
            raise RuntimeError(f"the adb server on port {self.port} has stopped")
        done = subprocess.run([self.adb, "-P", str(self.port), *args], capture_output=True, text=True, timeout=timeout,
                              check=False)  # fmt: skip
        out = (done.stdout + done.stderr).strip()
        if "daemon started successfully" in out:
            # This server died just before the call, so the client started a daemon on the port (in a
            # session of its own, outliving us): stop it through the adb protocol, as its owner.
            subprocess.run([self.adb, "-P", str(self.port), "kill-server"], capture_output=True, timeout=timeout,
                           check=False)  # fmt: skip
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        _children.forget(self.proc)

    def __enter__(self) -> AdbServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class SimulatedDevice(SimulatorProcess):
    """A simulated device process, attached to an adb server with ``adb connect``."""

    module = "tapwright.testing.android_sim"
    what = "the simulated device"

    def __init__(self, proc: subprocess.Popen[str], port: int, server: AdbServer | None) -> None:
        super().__init__(proc, port)
        self.server = server

    @property
    def serial(self) -> str:
        return f"127.0.0.1:{self.port}"

    @classmethod
    def start(cls, app: str | Path, server: AdbServer | None = None, *, connect: bool = True,
              port: int = 0) -> SimulatedDevice:  # fmt: skip
        """Start the device playing ``app`` (on ``port``: a device plugged in again keeps its serial)
        and (when a server is given) ``adb connect`` it."""
        dev = cls(*cls.spawn(app, port), server)
        if server is not None and connect:
            out = ""
            for _ in range(50):
                out = server.run("connect", dev.serial)
                if "connected to" in out and "device" in server.run("-s", dev.serial, "get-state"):
                    break
                time.sleep(0.1)
            else:
                dev.stop()
                raise RuntimeError(f"adb could not attach the simulated device: {out}")
        return dev

    def _ask_to_quit(self) -> float:
        """``adb disconnect`` it first, then ask the device to quit (a control line) and give it 3 s."""
        with contextlib.suppress(Exception):
            assert self.proc.stdin is not None
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
        return 3

    def stop(self) -> None:
        if self.server is not None and self.server.proc.poll() is None:
            with contextlib.suppress(Exception):
                self.server.run("disconnect", self.serial, timeout=5)
        super().stop()


def app_package(app: str | Path) -> str:
    """The package an app file plays (its ``package`` key).

    Raises:
        ValueError: the file has no ``package``.
    """
    return app_key(app, "package")


__all__ = ["AdbServer", "SimulatedDevice", "app_package", "free_port"]
