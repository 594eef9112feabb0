"""The ``android`` platform: devices through the adb server, one device leased per environment.

Settings (test file keys or ``tapwright.open("android", ...)``):

* ``device``: a serial (``emulator-5554``, ``R58M...``, ``192.168.1.5:5555``), or several
  (a list, or serials separated by commas): the scenario leases one of them. Else the run's
  ``devices``, then ``ANDROID_SERIAL``, then every online device attached when the first
  environment opens (emulators first).
* ``app``: a package name (``com.example.shop``) started cold (force-stopped, launched) when the
  environment opens and verified in front; or a simulator app file (``examples/android-app/app.yaml``):
  when no device is configured (no ``device`` / ``devices`` setting, no ``ANDROID_SERIAL``), the
  runtime starts a private adb server and one simulated device per environment playing that app;
  with devices given, the app file's package is started on the leased device.

Launch settings: ``adb_port`` (the adb server's port; default ``ANDROID_ADB_SERVER_PORT`` or 5037),
``devices`` (serials to lease, like ``device``; ``tapwright run --device``), ``devices_file`` (a file
of serials, one a line), ``lease_timeout`` (seconds a scenario waits for a free device; it waits
as long as it takes without it).

Every device list is a :class:`~tapwright.platforms._device_pool.DevicePool`: a scenario waits while
every device is busy; a device lost under a scenario is taken out of the pool, named in the report,
and the scenario is retried once on another device.
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
from tapwright.platforms._device_pool import DevicePool, parse_serials, read_serials
from tapwright.platforms._lease_pool import Member
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime
from tapwright.registry.toolset import Toolset

if TYPE_CHECKING:
    from tapwright.tools.actions import ActionSeam

# Verbs that are no catalog action on Android, and the tool that does their job (ticking is a tap).
_OWN: dict[str, tuple[str, tuple[str, ...]]] = {
    "check": ("click", ("target",)), "uncheck": ("click", ("target",)), "go_back": ("go_back", ()),
}


def _checked(state: Any) -> bool:
    """A state word as android.verify_checked takes it; other states have no check on Android yet."""
    if state in ("checked", "ticked", "on", "selected"):
        return True
    if state in ("unchecked", "unticked", "off"):
        return False
    raise PlanError(ErrorCode.PLAN_INVALID, f"android.verify_checked cannot check whether an element is {state}; "
                    "it checks checked / unchecked (on / off)")  # fmt: skip


def _milliseconds(seconds: Any) -> Any:
    """A step's seconds as android.wait takes them (it bounds them to 50..10,000 ms)."""
    return round(float(seconds) * 1000) if isinstance(seconds, int | float) and seconds >= 0 else 500


def _pixels(amount: Any) -> Any:
    return amount if isinstance(amount, int) and amount > 0 else None


def android_table() -> Table:
    """The rules planner's verbs -> ``android.*`` tools: the catalog's actions Android offers, and its own."""
    from tapwright.tools.android_seam import AndroidActions

    table = action_table("android", AndroidActions, convert={"amount": _pixels})
    for verb, (tool, names) in _OWN.items():
        table[verb] = [{"tool": f"android.{tool}", "args": {n: Slot(n) for n in names}}]
    table["screenshot"] = [{"tool": "android.take_screenshot", "args": {}}]
    table["wait"] = [{"tool": "android.wait", "args": {"ms": Slot("seconds", _milliseconds)}}]
    table["verify_state"] = [{"tool": "android.verify_checked", "args": {"target": Slot("target"), "checked": Slot("state", _checked)}}]
    table["double_click"] = "a touch screen has no double click: tap twice"
    table["hover"] = "a touch screen has no hover"
    return table


class AndroidRuntime(Runtime):
    """Leases devices to environments; starts simulated devices (and their adb server) when asked."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self._lock = asyncio.Lock()
        self._server: Any = None  # tapwright.testing.android_sim.AdbServer, started on first simulated env
        self.simulators: dict[str, Any] = {}  # serial -> SimulatedDevice, while its environment is open
        self.server_restarts: list[str] = []  # why each earlier private adb server was replaced
        self._members: dict[str, Member] = {}  # serial -> lease state, shared by every pool naming it
        self._pools: dict[tuple[str, ...] | None, DevicePool] = {}
        self._changed = asyncio.Condition()

    def _serials(self, own: dict[str, Any]) -> list[str]:
        """The devices this environment may lease: its own ``device``, the run's, ``ANDROID_SERIAL`` (empty: any)."""
        serials = parse_serials(own.get("device"), what="device")
        if serials:
            return serials
        get = self.options.get
        serials = parse_serials(get("devices"), what="devices") + parse_serials(get("device"), what="device")
        if get("devices_file"):
            serials += [s for s in read_serials(str(get("devices_file"))) if s not in serials]
        return serials or parse_serials(os.environ.get("ANDROID_SERIAL"), what="ANDROID_SERIAL")

    async def open(self, options: EnvOptions) -> PlatformEnv:
        run, own = self.options.settings, options.settings
        app = own.get("app") or run.get("app")
        port = run.get("adb_port")
        serials = self._serials(own)
        if not serials and app and str(app).endswith((".yaml", ".yml")):
            return await self._open_simulated(str(app), options)
        pool = await self._pool(tuple(serials) or None, port)

        async def open_on(member: Member) -> PlatformEnv:
            from tapwright.drivers.android.driver import AndroidDriver

            driver = await AndroidDriver.connect(member.name, port=port)
            try:
                await self._start_app(driver, app)
            except BaseException:
                await driver.aclose()
                raise
            driver.mask_secrets = options.secrets  # screenshots black out what shows a secret
            return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=driver.aclose)

        return await pool.open_env(open_on)

    async def _pool(self, serials: tuple[str, ...] | None, port: int | None) -> DevicePool:
        """The pool of ``serials`` (None: every online device, listed once)."""
        async with self._lock:
            pool = self._pools.get(serials)
            if pool is None:
                names = list(serials) if serials is not None else await asyncio.to_thread(_online, port)
                members = [self._members.setdefault(s, Member(s, 1)) for s in names]
                timeout = self.options.get("lease_timeout")
                pool = DevicePool(members, port=port, changed=self._changed,
                                  timeout_s=float(timeout) if timeout not in (None, "") else None)  # fmt: skip
                self._pools[serials] = pool
            return pool

    async def _start_app(self, driver: Any, app: Any) -> None:
        """Start ``app`` cold on a leased device (a simulator app file: its package)."""
        if not app:
            return
        package = str(app)
        if package.endswith((".yaml", ".yml")):
            from tapwright.platforms._android_sim import app_package

            package = app_package(package)
        await driver.wake_and_unlock()
        if await driver.is_installed(package):
            await driver.force_stop(package)  # each scenario starts the app afresh, as Maestro's launchApp does
        await driver.launch(package)
        driver.scenario_started = True

    async def _open_simulated(self, app: str, options: EnvOptions) -> PlatformEnv:
        """A simulated device of its own playing ``app`` (stopped when the environment closes)."""
        from tapwright.drivers.android.driver import AndroidDriver
        from tapwright.platforms._android_sim import AdbServer, SimulatedDevice, app_package

        if not Path(app).is_file():
            raise DriverError(ErrorCode.INVALID_INPUT, f"the simulator app file {app} does not exist")
        async with self._lock:
            if self._server is not None and self._server.proc.poll() is not None:
                # The private adb server died (killed, crashed): its devices went with it; start another.
                dead, self._server = self._server, None
                self.server_restarts.append(f"the adb server on port {dead.port} (pid {dead.pid}) exited with status {dead.proc.poll()}")
                await asyncio.to_thread(dead.stop)
            if self._server is None:
                self._server = await asyncio.to_thread(AdbServer.start)
        sim = await asyncio.to_thread(SimulatedDevice.start, app, self._server)
        self.simulators[sim.serial] = sim
        try:
            driver = await AndroidDriver.connect(sim.serial, port=self._server.port)
            await driver.launch(app_package(app))
            driver.scenario_started = True
        except BaseException:
            self.simulators.pop(sim.serial, None)
            await asyncio.to_thread(sim.stop)
            raise

        async def release() -> None:
            self.simulators.pop(sim.serial, None)
            await asyncio.to_thread(sim.stop)

        driver.on_close = release  # closing the driver (env.close, or the MCP client's context) stops the device
        driver.mask_secrets = options.secrets  # screenshots black out what shows a secret
        server = self._server

        async def lost() -> str | None:
            """The simulated device or its adb server died: the next environment starts both afresh."""
            if server.proc.poll() is not None:
                return f"the adb server on port {server.port} (pid {server.pid}) exited with status {server.proc.poll()}"
            if sim.proc.poll() is not None:
                return f"the simulated device {sim.serial} (pid {sim.pid}) exited with status {sim.proc.poll()}"
            return None

        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=driver.aclose, lost=lost,
                           dead=lost)  # fmt: skip

    def status(self) -> dict[str, Any]:
        devices = [{"serial": m.name, "in_use": m.in_use, "leases": m.leases, "dead": m.dead} for m in self._members.values()]
        waits = sum(p.waits for p in self._pools.values())
        return {"devices": devices, "device_waits": waits} if devices else {}

    async def aclose(self) -> None:
        for sim in list(self.simulators.values()):  # environments nobody closed
            await asyncio.to_thread(sim.stop)
        self.simulators.clear()
        if self._server is not None:
            server, self._server = self._server, None
            await asyncio.to_thread(server.stop)


def _online(port: int | None) -> list[str]:
    """Every online device (emulators first); the driver's DEVICE_LOST advice when there is none."""
    from tapwright.drivers.android import _adb

    client = _adb.client(port=port)
    _adb.ensure_server(client)
    _adb.choose_serial(client)  # no usable device: the error that says what to do (after one offline restart)
    online = [d.serial for d in client.list() if d.state == "device"]
    return sorted(online, key=lambda s: not s.startswith("emulator-"))


class AndroidPlatform(Platform):
    """Android phones, tablets and emulators through adb and uiautomator."""

    name: ClassVar[str] = "android"
    description: ClassVar[str] = "Drive Android devices and emulators through adb and uiautomator"
    option_keys: ClassVar[frozenset[str]] = frozenset({"device", "app"})
    needs_cap: ClassVar[bool] = True

    @property
    def driver_type(self) -> type[Driver]:
        from tapwright.drivers.android.driver import AndroidDriver

        if importlib.util.find_spec("adbutils") is None:  # the driver imports it on first use, not here
            raise UserError("the android platform needs adbutils (pip install 'tapwright[android]')")
        return AndroidDriver

    def toolset(self) -> Toolset:
        from tapwright.tools.android import toolset

        return toolset()

    def runtime(self, options: LaunchOptions) -> Runtime:
        return AndroidRuntime(options)

    def vocabulary(self) -> Table:
        return android_table()

    def action_seam(self) -> type[ActionSeam[Any]]:
        from tapwright.tools.android_seam import AndroidActions

        return AndroidActions


platform = AndroidPlatform()
