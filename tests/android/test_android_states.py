"""State checks on Android ("Wi-Fi should be enabled", "the Save button should be disabled"), planned by the
rules planner and run on the simulated device through the real adb binary; the same cases as on iOS."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from android_support import PIXEL, app_device

from _support.mobile_states import BUTTONS, FIELDS, SWITCHES, hold_as_meant
from tapwright import Registry, ToolContext
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.testing.android_sim import AdbServer, SimulatedDevice

pytestmark = pytest.mark.slow
PACKAGE = "com.tapwright.states"
APP = {
    "package": PACKAGE, "activity": ".MainActivity", "label": "States", "start": "settings",
    "device": PIXEL,
    "screens": {"settings": {"nodes": [
        *({"class": "Switch", "text": label, "id": f"sw{i}", "checked": on, "enabled": usable}
          for i, (label, on, usable) in enumerate(SWITCHES)),
        *({"class": "Button", "text": label, "id": f"b{i}", "enabled": usable} for i, (label, usable) in enumerate(BUTTONS)),
        *({"class": "EditText", "hint": label, "id": f"f{i}", "enabled": usable} for i, (label, usable) in enumerate(FIELDS)),
    ]}},
}  # fmt: skip


@pytest.fixture(scope="module")
def states_sim(adb_server: AdbServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatedDevice]:
    with app_device(adb_server, tmp_path_factory.mktemp("states"), APP) as device:
        yield device


@pytest.fixture
async def sdriver(states_sim: SimulatedDevice, adb_server: AdbServer) -> AsyncIterator[AndroidDriver]:
    d = await AndroidDriver.connect(states_sim.serial, port=adb_server.port)
    await d.launch(PACKAGE)
    yield d
    await d.aclose()


async def test_states_hold_as_a_person_means_them(sdriver: AndroidDriver, registry: Registry) -> None:
    await hold_as_meant("android", registry, ToolContext([sdriver]))
