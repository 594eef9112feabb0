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
import os
from typing import Any, ClassVar

from tapwright.core.context import ToolContext
from tapwright.drivers import _children
from tapwright.platforms._device_pool import DevicePool, parse_serials, read_serials
from tapwright.platforms._lease_pool import Member
from tapwright.platforms._mobile import MobilePlatform, MobileRuntime
from tapwright.platforms.base import EnvOptions, LaunchOptions, PlatformEnv, Runtime


class AndroidRuntime(MobileRuntime):
    """Leases devices to environments; starts simulated devices (and their adb server) when asked."""

    def __init__(self, options: LaunchOptions) -> None:
        super().__init__(options)
        self._lock = asyncio.Lock()
        self._server: Any = None  # tapwright.testing.android_sim.AdbServer, started on first simulated env
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

        self.check_app_file(app)
        async with self._lock:
            ended = None if self._server is None else _children.ended(self._server.proc)
            if self._server is not None and ended is not None:
                # The private adb server died (killed, crashed): its devices went with it; start another.
                dead, self._server = self._server, None
                self.server_restarts.append(f"the adb server on port {dead.port} (pid {dead.pid}) {ended}")
                await asyncio.to_thread(dead.stop)
            if self._server is None:
                self._server = await asyncio.to_thread(AdbServer.start)
        sim = await asyncio.to_thread(SimulatedDevice.start, app, self._server)
        port = self._server.port

        async def connect() -> AndroidDriver:
            driver = await AndroidDriver.connect(sim.serial, port=port)
            await driver.launch(app_package(app))
            driver.scenario_started = True
            return driver

        driver = await self.drive_simulator(sim.serial, sim, connect)
        driver.mask_secrets = options.secrets  # screenshots black out what shows a secret
        server = self._server

        async def lost() -> str | None:
            """The simulated device or its adb server died: the next environment starts both afresh."""
            if (ended := _children.ended(server.proc)) is not None:
                return f"the adb server on port {server.port} (pid {server.pid}) {ended}"
            if (ended := _children.ended(sim.proc)) is not None:
                return f"the simulated device {sim.serial} (pid {sim.pid}) {ended}"
            return None

        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver, closer=driver.aclose, lost=lost,
                           dead=lost)  # fmt: skip

    def status(self) -> dict[str, Any]:
        devices = [{"serial": m.name, "in_use": m.in_use, "leases": m.leases, "dead": m.dead} for m in self._members.values()]
        waits = sum(p.waits for p in self._pools.values())
        return {"devices": devices, "device_waits": waits} if devices else {}

    async def aclose(self) -> None:
        await super().aclose()
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


class AndroidPlatform(MobilePlatform):
    """Android phones, tablets and emulators through adb and uiautomator."""

    name: ClassVar[str] = "android"
    description: ClassVar[str] = "Drive Android devices and emulators through adb and uiautomator"
    option_keys: ClassVar[frozenset[str]] = frozenset({"device", "app", "timeout"})
    driver_path: ClassVar[str] = "tapwright.drivers.android.driver:AndroidDriver"
    needs: ClassVar[str] = "adbutils"
    toolset_path: ClassVar[str] = "tapwright.tools.android:toolset"
    seam_path: ClassVar[str] = "tapwright.tools.android_seam:AndroidActions"

    def runtime(self, options: LaunchOptions) -> Runtime:
        return AndroidRuntime(options)


platform = AndroidPlatform()
