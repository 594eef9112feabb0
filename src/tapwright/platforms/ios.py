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
* ``appium_url``: an Appium server (XCUITest driver) instead of WDA, with its base path
  (``http://127.0.0.1:4723`` for Appium 2, ``http://127.0.0.1:4723/wd/hub`` Appium 1 style). Else the
  run's, then ``TAPWRIGHT_APPIUM_URL``. A ``wda_url`` that turns out to be an Appium server (told by
  its ``/status``) is driven through Appium too.
* ``udid``, ``session_id``, ``capabilities``: through Appium, the device (``appium:udid``), a running
  session to attach to instead of creating one (left open afterwards), and more W3C capabilities
  (a mapping, or its JSON text; bare names get ``appium:``).

One WDA serves one session at a time: environments on the same URL wait for each other.
"""

from __future__ import annotations

import asyncio
import json
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

    def _appium(self, own: dict[str, Any]) -> dict[str, Any] | None:
        """How to reach the device through Appium (``connect``'s keyword arguments); None for WDA itself."""
        url = own.get("appium_url") or self.options.get("appium_url") or os.environ.get("TAPWRIGHT_APPIUM_URL")
        extra = {k: own.get(k, self.options.get(k)) for k in ("udid", "session_id", "capabilities")}
        if not url:
            named = sorted(k for k, v in extra.items() if v not in (None, ""))
            if named and self._url(own) is None:
                raise UserError(f"{', '.join(named)} need an Appium server: set appium_url (http://127.0.0.1:4723)")
            return {**_appium_extra(extra), "server": "auto"} if named else None
        return {"url": str(url), "server": "appium", **_appium_extra(extra)}

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
        appium = self._appium(own)
        url = appium.pop("url", None) if appium else None
        url = url or self._url(own)
        depth = self._depth(own)
        if url is None and app and str(app).endswith((".yaml", ".yml")):
            return await self._open_simulated(str(app), options, depth)
        if url is None:
            raise DriverError(ErrorCode.DEVICE_LOST, "no WebDriverAgent to drive: set wda_url (test file, --set "
                              "ios.wda_url=http://127.0.0.1:8100) or TAPWRIGHT_WDA_URL, or appium_url for an Appium "
                              "server, or give app: a simulator app file")  # fmt: skip
        bundle = str(app) if app else None
        if bundle and bundle.endswith((".yaml", ".yml")):
            from tapwright.platforms._ios_sim import app_bundle

            bundle = app_bundle(bundle)
        lock = self._busy.setdefault(url, asyncio.Lock())
        await lock.acquire()
        try:
            driver = await self._connect(url, bundle, depth, appium)
        except BaseException:
            lock.release()
            raise

        async def release() -> None:
            lock.release()

        driver.on_close = release
        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=driver.aclose,
                           label=driver.client.url)  # without credentials

    async def _connect(self, url: str, bundle: str | None, depth: int | None, appium: dict[str, Any] | None = None) -> Any:
        from tapwright.drivers.ios.driver import IosDriver

        driver = await IosDriver.connect(url, snapshot_max_depth=depth, **(appium or {}))
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


def _appium_extra(extra: dict[str, Any]) -> dict[str, Any]:
    """``udid``, ``session_id`` and ``capabilities`` as ``IosDriver.connect`` takes them.

    Raises:
        UserError: ``capabilities`` is neither a mapping nor JSON text of one.
    """
    out: dict[str, Any] = {k: str(extra[k]) for k in ("udid", "session_id") if extra.get(k) not in (None, "")}
    caps = extra.get("capabilities")
    if isinstance(caps, str) and caps.strip():
        try:
            caps = json.loads(caps)
        except ValueError:
            caps = None
        if not isinstance(caps, dict):
            raise UserError(f"capabilities must be a mapping or its JSON text, not {extra['capabilities']!r}")
    if isinstance(caps, dict) and caps:
        out["capabilities"] = dict(caps)
    elif caps not in (None, "", {}):
        raise UserError(f"capabilities must be a mapping or its JSON text, not {caps!r}")
    return out


class IosPlatform(MobilePlatform):
    """iPhones, iPads and iOS simulators through WebDriverAgent."""

    name: ClassVar[str] = "ios"
    description: ClassVar[str] = "Drive iPhones, iPads and iOS simulators through WebDriverAgent"
    option_keys: ClassVar[frozenset[str]] = frozenset({"wda_url", "appium_url", "udid", "session_id", "capabilities", "app",
                                                       "snapshot_max_depth", "timeout"})  # fmt: skip
    driver_path: ClassVar[str] = "tapwright.drivers.ios.driver:IosDriver"
    needs: ClassVar[str] = "httpx"
    toolset_path: ClassVar[str] = "tapwright.tools.ios:toolset"
    seam_path: ClassVar[str] = "tapwright.tools.ios_seam:IosActions"

    def runtime(self, options: LaunchOptions) -> Runtime:
        return IosRuntime(options)


platform = IosPlatform()
