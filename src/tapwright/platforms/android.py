"""The ``android`` platform: devices through the adb server, one device leased per environment.

Settings (test file keys or ``tapwright.open("android", ...)``):

* ``device``: a serial (``emulator-5554``, ``R58M...``, ``192.168.1.5:5555``); else
  ``ANDROID_SERIAL``, an emulator, the first online device.
* ``app``: a package name (``com.example.shop``) launched when the environment opens and
  verified in front; or a simulator app file (``examples/android-app/app.yaml``): when no
  real device is configured (no ``device`` setting, no ``ANDROID_SERIAL``), the runtime
  starts a private adb server and one simulated device per environment playing that app.

Launch settings: ``adb_port`` (the adb server's port; default ``ANDROID_ADB_SERVER_PORT`` or 5037).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any, ClassVar

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver
from tapwright.errors import DriverError, ErrorCode, PlanError, UserError
from tapwright.plan.templates import Slot, Table
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime
from tapwright.registry.toolset import Toolset

_ARGS: dict[str, tuple[str, ...]] = {
    "click": ("target",), "check": ("target",), "uncheck": ("target",), "fill": ("text", "target"),
    "verify_visible": ("target",), "verify_not_visible": ("target",), "verify_text": ("text",),
    "press_key": ("key",), "go_back": (),
}  # fmt: skip
_TOOL = {"check": "click", "uncheck": "click"}


def _checked(state: Any) -> bool:
    """A state word as android.verify_checked takes it; other states have no check on Android yet."""
    if state in ("checked", "ticked", "on", "selected"):
        return True
    if state in ("unchecked", "unticked", "off"):
        return False
    raise PlanError(ErrorCode.PLAN_INVALID, f"android.verify_checked cannot check whether an element is {state}; "
                    "it checks checked / unchecked (on / off)")  # fmt: skip


def _pixels(amount: Any) -> Any:
    return amount if isinstance(amount, int) and amount > 0 else None


def android_table() -> Table:
    """The rules planner's verbs -> ``android.*`` tools."""
    table: Table = {}
    for verb, names in _ARGS.items():
        table[verb] = [{"tool": f"android.{_TOOL.get(verb, verb)}", "args": {n: Slot(n) for n in names}}]
    table["screenshot"] = [{"tool": "android.take_screenshot", "args": {}}]
    table["scroll"] = [{"tool": "android.scroll", "args": {"direction": Slot("direction"), "amount": Slot("amount", _pixels)}}]
    table["verify_state"] = [{"tool": "android.verify_checked", "args": {"target": Slot("target"), "checked": Slot("state", _checked)}}]
    table["double_click"] = "a touch screen has no double click: tap twice"
    table["hover"] = "a touch screen has no hover"
    return table


class AndroidRuntime(Runtime):
    """Leases devices to environments; starts simulated devices (and their adb server) when asked."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self._leased: set[str] = set()
        self._lock = asyncio.Lock()
        self._server: Any = None  # tapwright.testing.android_sim.AdbServer, started on first simulated env
        self.simulators: dict[str, Any] = {}  # serial -> SimulatedDevice, while its environment is open

    def _is_sim(self, app: str | None, device: str | None) -> bool:
        return bool(app) and str(app).endswith((".yaml", ".yml")) and not device and not os.environ.get("ANDROID_SERIAL")

    async def open(self, options: EnvOptions) -> PlatformEnv:
        from tapwright.drivers.android.driver import AndroidDriver

        run, own = self.options.settings, options.settings
        app = own.get("app") or run.get("app")
        device = own.get("device") or run.get("device")
        sim: Any = None
        port = run.get("adb_port")
        if self._is_sim(app, device):
            from tapwright.platforms._android_sim import AdbServer, SimulatedDevice

            if not Path(str(app)).is_file():
                raise DriverError(ErrorCode.INVALID_INPUT, f"the simulator app file {app} does not exist")
            async with self._lock:
                if self._server is None:
                    self._server = await asyncio.to_thread(AdbServer.start)
            sim = await asyncio.to_thread(SimulatedDevice.start, str(app), self._server)
            device, port = sim.serial, self._server.port
            self.simulators[sim.serial] = sim
        try:
            async with self._lock:
                driver = await AndroidDriver.connect(device, port=port) if device else await self._lease(port)
                self._leased.add(driver.serial)
            if app and sim is None:
                await driver.wake_and_unlock()
                await driver.launch(str(app))
                driver.scenario_started = True
            elif sim is not None:
                from tapwright.platforms._android_sim import app_package

                await driver.launch(app_package(str(app)))
                driver.scenario_started = True
        except BaseException:
            if sim is not None:
                self.simulators.pop(sim.serial, None)
                await asyncio.to_thread(sim.stop)
            raise

        async def release() -> None:
            self._leased.discard(driver.serial)
            if sim is not None:
                self.simulators.pop(sim.serial, None)
                await asyncio.to_thread(sim.stop)

        driver.on_close = release  # closing the driver (env.close, or the MCP client's context) frees the lease
        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=driver.aclose)

    async def _lease(self, port: int | None) -> Any:
        """The first online device no other environment holds."""
        from tapwright.drivers.android import _adb
        from tapwright.drivers.android.driver import AndroidDriver

        client = _adb.client(port=port)
        await asyncio.to_thread(_adb.ensure_server, client)
        rows = await asyncio.to_thread(client.list)
        free = [d.serial for d in rows if d.state == "device" and d.serial not in self._leased]
        if rows and not free and any(d.state == "device" for d in rows):
            raise DriverError(ErrorCode.DEVICE_LOST, "every attached device is in use by another environment: attach "
                              "another device or run fewer scenarios at once (-j 1)")  # fmt: skip
        return await AndroidDriver.connect(free[0] if free else None, port=port)

    async def aclose(self) -> None:
        for sim in list(self.simulators.values()):  # environments nobody closed
            await asyncio.to_thread(sim.stop)
        self.simulators.clear()
        if self._server is not None:
            server, self._server = self._server, None
            await asyncio.to_thread(server.stop)


class AndroidPlatform(Platform):
    """Android phones, tablets and emulators through adb and uiautomator."""

    name: ClassVar[str] = "android"
    description: ClassVar[str] = "Drive Android devices and emulators through adb and uiautomator"
    option_keys: ClassVar[frozenset[str]] = frozenset({"device", "app"})
    needs_cap: ClassVar[bool] = True

    @property
    def driver_type(self) -> type[Driver]:
        try:
            from tapwright.drivers.android.driver import AndroidDriver
        except ImportError as exc:
            raise UserError(f"the android platform needs adbutils (pip install 'tapwright[android]'): {exc}") from exc
        return AndroidDriver

    def toolset(self) -> Toolset:
        from tapwright.tools.android import toolset

        return toolset()

    def runtime(self, options: LaunchOptions) -> Runtime:
        return AndroidRuntime(options)

    def vocabulary(self) -> Table:
        return android_table()


platform = AndroidPlatform()
