"""State checks on iOS ("Wi-Fi should be enabled", "the Save button should be disabled"), planned by the rules
planner and run against the simulated WebDriverAgent; the same cases as on Android."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import yaml

from _support.mobile_states import BUTTONS, FIELDS, SWITCHES, hold_as_meant
from tapwright import Registry, ToolContext
from tapwright.drivers.ios.driver import IosDriver
from tapwright.platforms._ios_sim import SimulatedWda

BUNDLE = "com.tapwright.states"
APP = {
    "bundle_id": BUNDLE, "label": "States", "start": "settings",
    "device": {"model": "iPhone 15 (simulated)", "ios": "17.5", "size": [390, 844], "scale": 3},
    "screens": {"settings": {"nodes": [
        *({"type": "Switch", "label": label, "id": f"sw{i}", "checked": on, "enabled": usable}
          for i, (label, on, usable) in enumerate(SWITCHES)),
        *({"type": "Button", "label": label, "id": f"b{i}", "enabled": usable} for i, (label, usable) in enumerate(BUTTONS)),
        *({"type": "TextField", "placeholder": label, "id": f"f{i}", "enabled": usable} for i, (label, usable) in enumerate(FIELDS)),
    ]}},
}  # fmt: skip


@pytest.fixture
def states_wda(tmp_path: Path) -> Iterator[SimulatedWda]:
    app = tmp_path / "app.yaml"
    app.write_text(yaml.safe_dump(APP), "utf-8")
    with SimulatedWda.start(app) as sim:  # its own process, stopped by its PID
        yield sim


@pytest.fixture
async def sdriver(states_wda: SimulatedWda) -> AsyncIterator[IosDriver]:
    d = await IosDriver.connect(states_wda.url, bundle_id=BUNDLE)
    yield d
    await d.aclose()


async def test_states_hold_as_a_person_means_them(sdriver: IosDriver, registry: Registry) -> None:
    await hold_as_meant("ios", registry, ToolContext([sdriver]))
