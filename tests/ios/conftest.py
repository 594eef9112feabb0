"""Real-component fixtures for the iOS tests: a simulated WebDriverAgent process playing the example app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tapwright.platforms._ios_sim import SimulatedWda

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "examples" / "ios-app" / "app.yaml"


@pytest.fixture(autouse=True, scope="session")
def _ios_entry_point(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The ios platform's entry point, also in a checkout whose installed metadata predates it.

    ``pip install -e .`` (scripts/bootstrap.sh reruns it when pyproject.toml changes) records the
    entry point; until then a metadata folder naming it is put on ``sys.path`` for this session,
    which is what the installed metadata says once reinstalled.
    """
    import sys
    from importlib.metadata import entry_points

    if any(ep.name == "ios" for ep in entry_points(group="tapwright.platforms")):
        yield
        return
    folder = tmp_path_factory.mktemp("ios-entry-point")
    info = folder / "tapwright_ios_entry_point-0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tapwright-ios-entry-point\nVersion: 0.0\n")
    (info / "entry_points.txt").write_text("[tapwright.platforms]\nios = tapwright.platforms.ios:platform\n")
    sys.path.append(str(folder))
    from tapwright.platforms import _registry

    _registry._loaded = None  # found again, with ios
    try:
        yield
    finally:
        sys.path.remove(str(folder))
        _registry._loaded = None


@pytest.fixture
def wda_sim() -> Iterator[SimulatedWda]:
    """A fresh simulated WDA (its own process, stopped by its PID) playing examples/ios-app."""
    with SimulatedWda.start(APP) as sim:
        yield sim


@pytest.fixture
def registry():  # type: ignore[no-untyped-def]
    """The ios toolset alone (the platform's entry point is not needed to test its tools)."""
    from tapwright import Registry
    from tapwright.tools.ios import toolset

    return Registry([toolset()])


@pytest.fixture
async def driver(wda_sim: SimulatedWda):  # type: ignore[no-untyped-def]
    from tapwright.drivers.ios.driver import IosDriver

    d = await IosDriver.connect(wda_sim.url, bundle_id="com.tapwright.notes")
    yield d
    await d.aclose()


@pytest.fixture
def ctx(driver):  # type: ignore[no-untyped-def]
    from tapwright import ToolContext

    return ToolContext([driver])
