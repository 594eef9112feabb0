"""Run a simulated device: ``python -m tapwright.testing.android_sim APP.yaml [--port N]``.

Prints ``PORT <n>`` once listening, then serves until SIGTERM, SIGINT or a ``quit`` line: a closed
or empty standard input (``&`` in a shell, a CI step, ``< /dev/null``) only ends the control lines,
so the device runs in the background. Reads control lines on stdin: ``offline`` (drop every
connection and stop listening), ``idle-fail N``, ``truncate-dump N``, ``slow-dump SECONDS``,
``lock``, ``secure-lock``, ``sleep``, ``empty on|off``, ``install PACKAGE`` / ``uninstall PACKAGE``
(e.g. ``com.android.adbkeyboard``, the ADBKeyBoard input method), ``quit``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
import threading

from tapwright.testing.android_sim._app import AppSpec
from tapwright.testing.android_sim._device import Device
from tapwright.testing.android_sim._wire import Connection


async def serve(app: str, host: str, port: int) -> None:
    device = Device(AppSpec.load(app))
    props = device.props()
    banner = (f"device::ro.product.name={props['ro.product.name']};ro.product.model={props['ro.product.model'].replace(' ', '_')};"
              "ro.product.device=tapwright_sim;")  # fmt: skip
    conns: set[Connection] = set()

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(reader, writer, banner, device.service)
        conns.add(conn)
        try:
            await conn.serve()
        finally:
            conns.discard(conn)

    server = await asyncio.start_server(accept, host, port)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows' default loop
            loop.add_signal_handler(sig, stop.set)
    control = asyncio.ensure_future(_control(device, server, conns))
    await asyncio.wait([control, asyncio.ensure_future(stop.wait())], return_when=asyncio.FIRST_COMPLETED)
    server.close()
    for c in list(conns):
        c.writer.close()


def _read_lines(loop: asyncio.AbstractEventLoop, lines: asyncio.Queue[str]) -> None:
    """Pass stdin's lines to the loop ("" at its end). Runs in a daemon thread: a signal may end the
    process while it waits on a pipe nobody writes to, and nothing has to wait for it."""
    while True:
        try:
            line = sys.stdin.readline() if sys.stdin is not None else ""
        except (OSError, ValueError):
            line = ""
        loop.call_soon_threadsafe(lines.put_nowait, line)
        if not line:
            return


async def _control(device: Device, server: asyncio.Server, conns: set[Connection]) -> None:
    """Apply control lines from stdin until ``quit``; at the end of stdin, serve on (returns only on ``quit``)."""
    lines: asyncio.Queue[str] = asyncio.Queue()
    threading.Thread(target=_read_lines, args=(asyncio.get_running_loop(), lines), daemon=True).start()
    while True:
        line = await lines.get()
        if not line:
            await asyncio.Event().wait()  # no more control lines: the device keeps serving until a signal
        cmd, _, arg = line.strip().partition(" ")
        if cmd == "quit":
            return
        if cmd == "offline":
            server.close()
            for c in list(conns):
                c.writer.close()
        elif cmd == "idle-fail":
            device.idle_failures = int(arg or 1)
        elif cmd == "truncate-dump":
            device.truncated_dumps = int(arg or 1)
        elif cmd == "slow-dump":
            device.dump_delay = float(arg or 1)
        elif cmd in ("lock", "secure-lock"):
            device.locked, device.secure = True, cmd == "secure-lock"
        elif cmd == "sleep":
            device.awake, device.locked = False, True
        elif cmd == "install":
            device.spec.installed.append(arg)
        elif cmd == "uninstall":
            device.spec.installed[:] = [p for p in device.spec.installed if p != arg]
        elif cmd == "empty":
            device.empty = arg != "off"
        with contextlib.suppress(OSError, ValueError):  # nobody reads the acknowledgements any more
            print(f"ACK {cmd}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tapwright.testing.android_sim")
    parser.add_argument("app", help="the app YAML file")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    ns = parser.parse_args()
    try:
        asyncio.run(serve(ns.app, ns.host, ns.port))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
