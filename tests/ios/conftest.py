"""Real-component fixtures for the iOS tests: a simulated WebDriverAgent process playing the example app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tapwright.platforms._ios_sim import SimulatedWda

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "examples" / "ios-app" / "app.yaml"


@pytest.fixture
def wda_sim() -> Iterator[SimulatedWda]:
    """A fresh simulated WDA (its own process, stopped by its PID) playing examples/ios-app."""
    with SimulatedWda.start(APP) as sim:
        yield sim
