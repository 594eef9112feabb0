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
import importlib.util
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver
from tapwright.errors import DriverError, ErrorCode, PlanError, UserError
from tapwright.plan.templates import Slot, Table
from tapwright.platforms._action_vocabulary import action_table
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime
from tapwright.registry.toolset import Toolset

if TYPE_CHECKING:
    from tapwright.tools.actions import ActionSeam

# Verbs that are no catalog action on iOS, and the tool that does their job (ticking a switch is a tap).
_OWN: dict[str, tuple[str, tuple[str, ...]]] = {
    "check": ("click", ("target",)), "uncheck": ("click", ("target",)), "go_back": ("go_back", ()),
}


def _checked(state: Any) -> bool:
    if state in ("checked", "ticked", "on", "selected"):
        return True
    if state in ("unchecked", "unticked", "off"):
        return False
    raise PlanError(ErrorCode.PLAN_INVALID, f"ios.verify_checked cannot check whether an element is {state}; "
                    "it checks on / off")  # fmt: skip


def _milliseconds(seconds: Any) -> Any:
    return round(float(seconds) * 1000) if isinstance(seconds, int | float) and seconds >= 0 else 500


def _points(amount: Any) -> Any:
    return amount if isinstance(amount, int) and amount > 0 else None


def ios_table() -> Table:
    """The rules planner's verbs -> ``ios.*`` tools: the catalog's actions iOS offers, and its own (as Android's)."""
    from tapwright.tools.ios_seam import IosActions

    table = action_table("ios", IosActions, convert={"amount": _points})
    for verb, (tool, names) in _OWN.items():
        table[verb] = [{"tool": f"ios.{tool}", "args": {n: Slot(n) for n in names}}]
    table["screenshot"] = [{"tool": "ios.take_screenshot", "args": {}}]
    table["wait"] = [{"tool": "ios.wait", "args": {"ms": Slot("seconds", _milliseconds)}}]
    table["verify_state"] = [{"tool": "ios.verify_checked", "args": {"target": Slot("target"), "checked": Slot("state", _checked)}}]
    table["double_click"] = "a touch screen has no double click: tap twice"
    table["hover"] = "a touch screen has no hover"
    return table


class IosRuntime(Runtime):
    """Opens WDA sessions (one environment per WDA at a time); starts simulated WDAs for app files."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self._busy: dict[str, asyncio.Lock] = {}
        self.simulators: dict[int, Any] = {}  # pid -> SimulatedWda, while its environment is open

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

        if not Path(app).is_file():
            raise DriverError(ErrorCode.INVALID_INPUT, f"the simulator app file {app} does not exist")
        sim = await asyncio.to_thread(SimulatedWda.start, app)
        self.simulators[sim.pid] = sim
        try:
            driver = await self._connect(sim.url, app_bundle(app), depth)
        except BaseException:
            self.simulators.pop(sim.pid, None)
            await asyncio.to_thread(sim.stop)
            raise

        async def release() -> None:
            self.simulators.pop(sim.pid, None)
            await asyncio.to_thread(sim.stop)

        driver.on_close = release
        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=driver.aclose)

    def status(self) -> dict[str, Any]:
        busy = sorted(url for url, lock in self._busy.items() if lock.locked())
        return {"wda_in_use": busy, "simulators": len(self.simulators)} if self._busy or self.simulators else {}

    async def aclose(self) -> None:
        for sim in list(self.simulators.values()):
            await asyncio.to_thread(sim.stop)
        self.simulators.clear()


class IosPlatform(Platform):
    """iPhones, iPads and iOS simulators through WebDriverAgent."""

    name: ClassVar[str] = "ios"
    description: ClassVar[str] = "Drive iPhones, iPads and iOS simulators through WebDriverAgent"
    option_keys: ClassVar[frozenset[str]] = frozenset({"wda_url", "app", "snapshot_max_depth"})
    needs_cap: ClassVar[bool] = True

    @property
    def driver_type(self) -> type[Driver]:
        from tapwright.drivers.ios.driver import IosDriver

        if importlib.util.find_spec("httpx") is None:  # the WDA client imports it on first use, not here
            raise UserError("the ios platform needs httpx (pip install 'tapwright[ios]')")
        return IosDriver

    def toolset(self) -> Toolset:
        from tapwright.tools.ios import toolset

        return toolset()

    def runtime(self, options: LaunchOptions) -> Runtime:
        return IosRuntime(options)

    def vocabulary(self) -> Table:
        return ios_table()

    def action_seam(self) -> type[ActionSeam[Any]]:
        from tapwright.tools.ios_seam import IosActions

        return IosActions


platform = IosPlatform()
