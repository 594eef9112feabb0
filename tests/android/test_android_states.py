"""State checks on Android ("Wi-Fi should be enabled", "the Save button should be disabled"), planned by the
rules planner and run on the simulated device through the real adb binary; the same cases as on iOS."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import yaml

from _support.mobile_states import BUTTONS, CASES, FIELDS, SWITCHES, outcomes
from tapwright import Registry, ToolContext
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.testing.android_sim import AdbServer, SimulatedDevice

pytestmark = pytest.mark.slow
PACKAGE = "com.tapwright.states"
APP = {
    "package": PACKAGE, "activity": ".MainActivity", "label": "States", "start": "settings",
    "device": {"model": "Pixel 8 (simulated)", "manufacturer": "Google", "android": "14", "sdk": 34,
               "size": [1080, 2400], "density": 420},
    "screens": {"settings": {"nodes": [
        *({"class": "Switch", "text": label, "id": f"sw{i}", "checked": on, "enabled": usable}
          for i, (label, on, usable) in enumerate(SWITCHES)),
        *({"class": "Button", "text": label, "id": f"b{i}", "enabled": usable} for i, (label, usable) in enumerate(BUTTONS)),
        *({"class": "EditText", "hint": label, "id": f"f{i}", "enabled": usable} for i, (label, usable) in enumerate(FIELDS)),
    ]}},
}  # fmt: skip


@pytest.fixture(scope="module")
def states_sim(adb_server: AdbServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatedDevice]:
    app = tmp_path_factory.mktemp("states") / "app.yaml"
    app.write_text(yaml.safe_dump(APP), "utf-8")
    device = SimulatedDevice.start(app, adb_server)
    yield device
    device.stop()  # by its own process, never by name
    assert device.proc.poll() is not None, "the simulated device outlived its tests"


@pytest.fixture
async def sdriver(states_sim: SimulatedDevice, adb_server: AdbServer) -> AsyncIterator[AndroidDriver]:
    d = await AndroidDriver.connect(states_sim.serial, port=adb_server.port)
    await d.launch(PACKAGE)
    yield d
    await d.aclose()


async def test_states_hold_as_a_person_means_them(sdriver: AndroidDriver, registry: Registry) -> None:
    got = await outcomes("android", registry, ToolContext([sdriver]))
    wrong = {step: line for step, (ok, line) in got.items() if ok is not CASES[step]}
    assert wrong == {}
    bluetooth = got["Bluetooth should be enabled"][1]
    assert "ASSERTION_FAILED" in bluetooth and "should be on" in bluetooth  # says how to check the setting alone
    assert "neither expands nor collapses" in got["The Cancel button should be expanded"][1]
