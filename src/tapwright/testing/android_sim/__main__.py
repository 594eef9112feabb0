"""Run a simulated device: ``python -m tapwright.testing.android_sim APP.yaml [--port N]``.

Prints ``PORT <n>`` once listening. Reads control lines on stdin: ``offline`` (drop every
connection and stop listening), ``idle-fail N``, ``truncate-dump N``, ``slow-dump SECONDS``,
``lock``, ``secure-lock``, ``sleep``, ``empty on|off``, ``install PACKAGE`` / ``uninstall PACKAGE``
(e.g. ``com.android.adbkeyboard``, the ADBKeyBoard input method), ``quit``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

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
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        cmd, _, arg = line.strip().partition(" ")
        if cmd == "quit":
            break
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
        print(f"ACK {cmd}", flush=True)
    server.close()


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
