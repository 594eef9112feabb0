"""The ``ios`` platform: iPhones, iPads and iOS simulators through WebDriverAgent, one WDA per environment.

Settings (test file keys or ``tapwright.open("ios", ...)``):

* ``wda_url``: the WebDriverAgent to drive (``http://127.0.0.1:8100``: a simulator on a Mac, a device
  through ``iproxy 8100 8100``, a cloud farm's WDA endpoint). Else the run's ``wda_url``, then the
  ``TAPWRIGHT_WDA_URL`` environment variable.
* ``app``: a bundle id (``com.example.shop``) launched afresh when the environment opens and
  verified in front; or a simulator app file (``examples/ios-app/app.yaml``): with no WDA URL
  configured, the runtime starts a simulated WebDriverAgent per environment playing that app.
* ``snapshot_max_depth``: WDA's ``snapshotMaxDepth`` for the session (deep React Native trees need
  more than the default 50; a tree cut by the limit is reported, never silently short).

One WDA serves one session at a time: environments on the same URL wait for each other.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any, ClassVar

from tapwright.core.context import ToolContext
from tapwright.errors import DriverError, ErrorCode, UserError
from tapwright.platforms._mobile import MobilePlatform, MobileRuntime
from tapwright.platforms.base import EnvOptions, LaunchOptions, PlatformEnv, Runtime


class IosRuntime(MobileRuntime):
    """Opens WDA sessions (one environment per WDA at a time); starts simulated WDAs for app files."""

    def __init__(self, options: LaunchOptions) -> None:
        super().__init__(options)
        self._busy: dict[str, asyncio.Lock] = {}

    def _url(self, own: dict[str, Any]) -> str | None:
        url = own.get("wda_url") or self.options.get("wda_url") or os.environ.get("TAPWRIGHT_WDA_URL")
        return str(url) if url else None

    def _depth(self, own: dict[str, Any]) -> int | None:
        depth = own.get("snapshot_max_depth", self.options.get("snapshot_max_depth"))
        if depth in (None, ""):
            return None
        try:
            value = int(depth)
        except (TypeError, ValueError):
            value = 0
        if value < 1:
            raise UserError(f"snapshot_max_depth must be a positive whole number, not {depth!r}")
        return value

    async def open(self, options: EnvOptions) -> PlatformEnv:
        own = options.settings
        app = own.get("app") or self.options.get("app")
        url = self._url(own)
        depth = self._depth(own)
        if url is None and app and str(app).endswith((".yaml", ".yml")):
            return await self._open_simulated(str(app), options, depth)
        if url is None:
            raise DriverError(ErrorCode.DEVICE_LOST, "no WebDriverAgent to drive: set wda_url (test file, --set "
                              "ios.wda_url=http://127.0.0.1:8100) or TAPWRIGHT_WDA_URL, or give app: a simulator app file")  # fmt: skip
        bundle = str(app) if app else None
        if bundle and bundle.endswith((".yaml", ".yml")):
            from tapwright.platforms._ios_sim import app_bundle

            bundle = app_bundle(bundle)
        lock = self._busy.setdefault(url, asyncio.Lock())
        await lock.acquire()
        try:
            driver = await self._connect(url, bundle, depth)
        except BaseException:
            lock.release()
            raise

        async def release() -> None:
            lock.release()

        driver.on_close = release
        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=driver.aclose, label=url)

    async def _connect(self, url: str, bundle: str | None, depth: int | None) -> Any:
        from tapwright.drivers.ios.driver import IosDriver

        driver = await IosDriver.connect(url, snapshot_max_depth=depth)
        try:
            if bundle:
                await driver.terminate(bundle)  # each scenario starts the app afresh
                await driver.launch(bundle)
                driver.scenario_started = True
        except BaseException:
            await driver.aclose()
            raise
        return driver

    async def _open_simulated(self, app: str, options: EnvOptions, depth: int | None) -> PlatformEnv:
        from tapwright.platforms._ios_sim import SimulatedWda, app_bundle

        self.check_app_file(app)
        sim = await asyncio.to_thread(SimulatedWda.start, app)
        driver = await self.drive_simulator(sim.pid, sim, lambda: self._connect(sim.url, app_bundle(app), depth))
        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=driver.aclose)

    def status(self) -> dict[str, Any]:
        busy = sorted(url for url, lock in self._busy.items() if lock.locked())
        return {"wda_in_use": busy, "simulators": len(self.simulators)} if self._busy or self.simulators else {}


class IosPlatform(MobilePlatform):
    """iPhones, iPads and iOS simulators through WebDriverAgent."""

    name: ClassVar[str] = "ios"
    description: ClassVar[str] = "Drive iPhones, iPads and iOS simulators through WebDriverAgent"
    option_keys: ClassVar[frozenset[str]] = frozenset({"wda_url", "app", "snapshot_max_depth", "timeout"})
    driver_path: ClassVar[str] = "tapwright.drivers.ios.driver:IosDriver"
    needs: ClassVar[str] = "httpx"
    toolset_path: ClassVar[str] = "tapwright.tools.ios:toolset"
    seam_path: ClassVar[str] = "tapwright.tools.ios_seam:IosActions"

    def runtime(self, options: LaunchOptions) -> Runtime:
        return IosRuntime(options)


platform = IosPlatform()
