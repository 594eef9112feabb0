"""Starting simulated WebDriverAgents (processes, stopped by their PIDs).

The ios runtime starts one when ``app:`` names a simulator app file and no ``wda_url`` is given;
tests start them directly. The simulator is :mod:`tapwright.testing.wda_sim`, run as its own
process; nothing here imports it.

Example:
    with SimulatedWda.start("examples/ios-app/app.yaml") as wda:
        print(wda.url)             # http://127.0.0.1:PORT, what a WDA client connects to
        wda.control("offline")     # WDA goes away: the next call is DEVICE_LOST
    with SimulatedWda.start("examples/ios-app/app.yaml", appium="/wd/hub") as appium:
        print(appium.url)          # http://127.0.0.1:PORT/wd/hub, an Appium server (XCUITest) in front of it
"""

from __future__ import annotations

from pathlib import Path

from tapwright.platforms._sim_process import SimulatorProcess, app_key


class SimulatedWda(SimulatorProcess):
    """A simulated WebDriverAgent process."""

    module = "tapwright.testing.wda_sim"
    what = "the simulated WebDriverAgent"

    base = ""  # an Appium server's base path ("/wd/hub"); "" for WDA itself

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{self.base}"

    @classmethod
    def start(cls, app: str | Path, *, port: int = 0, appium: str | None = None) -> SimulatedWda:
        """Start the simulator playing ``app`` (on ``port``; a free one when 0); with ``appium`` (a base
        path, ``/wd/hub`` or ``/``) as an Appium server (XCUITest driver) under that path instead of WDA.

        Raises:
            RuntimeError: it did not start (the app file is bad, the port is taken).
        """
        sim = cls(*cls.spawn(app, port, *(("--appium", appium) if appium is not None else ())))
        sim.base = "/" + appium.strip("/") if appium and appium.strip("/") else ""
        return sim


def app_bundle(app: str | Path) -> str:
    """The bundle id an iOS app file plays (its ``bundle_id`` key).

    Raises:
        ValueError: the file has no ``bundle_id``.
    """
    return app_key(app, "bundle_id", "an iOS app file")


__all__ = ["SimulatedWda", "app_bundle"]
