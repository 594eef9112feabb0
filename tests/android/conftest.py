"""Real-component fixtures for the Android tests: a private adb server (real `adb` binary)
and a simulated device attached to it with `adb connect`, both stopped by PID."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from android_support import APP, PACKAGE

from tapwright import Registry, ToolContext
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.testing.android_sim import AdbServer, SimulatedDevice

_started: list[int] = []


@pytest.fixture(scope="session")
def adb_server() -> Iterator[AdbServer]:
    server = AdbServer.start()
    _started.append(server.pid)
    yield server
    server.stop()
    assert server.proc.poll() is not None, "the adb server outlived the tests"


@pytest.fixture(scope="module")
def sim(adb_server: AdbServer) -> Iterator[SimulatedDevice]:
    device = SimulatedDevice.start(APP, adb_server)
    _started.append(device.pid)
    yield device
    device.stop()
    assert device.proc.poll() is not None, "the simulated device outlived its tests"


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry.default()


@pytest.fixture
async def driver(sim: SimulatedDevice, adb_server: AdbServer) -> AsyncIterator[AndroidDriver]:
    d = await AndroidDriver.connect(sim.serial, port=adb_server.port)
    await d.shell(f"pm clear {PACKAGE}")  # every test starts from a freshly launched app
    await d.launch(PACKAGE)
    yield d
    await d.aclose()


@pytest.fixture
def ctx(driver: AndroidDriver) -> ToolContext:
    return ToolContext([driver])


def pytest_sessionfinish(session: pytest.Session) -> None:
    import os

    for pid in _started:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        except PermissionError:
            continue
        # Still there: a zombie is fine (reaped by Popen), a live process is a leak.
        with open(f"/proc/{pid}/stat") as fh:
            state = fh.read().split()[2]
        assert state == "Z", f"process {pid} started by the Android tests is still running"
