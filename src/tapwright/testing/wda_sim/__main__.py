"""Run a simulated WebDriverAgent: ``python -m tapwright.testing.wda_sim APP.yaml [--port N] [--appium BASE]``.

With ``--appium BASE`` it is an Appium server (XCUITest driver) at base path BASE (``/wd/hub``, ``/``)
in front of the simulated WDA, serving Appium's routes only.

Prints ``PORT <n>`` once listening. Reads control lines on stdin while it is open: ``offline``
(stop listening and drop every connection: WDA went away), ``slow-source SECONDS``, ``quit``.
A closed stdin does not stop it (it runs in the background and in CI); SIGTERM or SIGINT does.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading

from tapwright.testing.wda_sim._app import AppSpec
from tapwright.testing.wda_sim._device import Device
from tapwright.testing.wda_sim._server import Wda, make_server


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tapwright.testing.wda_sim")
    parser.add_argument("app", help="the iOS app YAML file")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--appium", metavar="BASE", help="serve as an Appium server under this base path (/wd/hub, /)")
    ns = parser.parse_args()
    wda = Wda(Device(AppSpec.load(ns.app)))
    server = make_server(wda, ns.host, ns.port, appium=ns.appium)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    threading.Thread(target=_control, args=(wda, server, stop), daemon=True).start()
    stop.wait()
    server.shutdown()
    server.server_close()


def _control(wda: Wda, server: object, stop: threading.Event) -> None:
    for line in sys.stdin:
        cmd, _, arg = line.strip().partition(" ")
        if cmd == "quit":
            stop.set()
            return
        if cmd == "offline":
            wda.offline = True
            server.shutdown()  # type: ignore[attr-defined]
            server.server_close()  # type: ignore[attr-defined]
        elif cmd == "slow-source":
            wda.source_delay = float(arg or 1)
        print(f"ACK {cmd}", flush=True)
    # stdin closed: keep serving until a signal stops the process


if __name__ == "__main__":
    main()
