"""The Android demo scenarios pass through the real runner (`tapwright run examples/android-tests`):
the android runtime starts the simulated device itself (``app:`` names the simulator's app file
and no real device is configured), reports are written, and nothing is left running."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tapwright import Registry, platforms
from tapwright.platforms import EnvOptions, LaunchOptions
from tapwright.runner import run_suite

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "examples" / "android-tests"


def test_there_are_at_least_six_scenarios_in_three_formats() -> None:
    files = [p for p in SUITE.iterdir() if p.name != "_suite.yaml"]
    assert len(files) >= 6 and {p.suffix for p in files} >= {".yaml", ".md", ".feature"}
    assert yaml.safe_load((SUITE / "_suite.yaml").read_text("utf-8")) == {"platform": "android", "app": "examples/android-app/app.yaml"}


@pytest.mark.device  # the runtime starts the simulated device itself
async def test_the_demo_suite_passes_through_the_runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)
    result = await run_suite([SUITE], planner="rules", report_dir=tmp_path)
    outcomes = {s.name: s.status for s in result.scenarios}
    assert len(outcomes) >= 7 and set(outcomes.values()) == {"passed"}, outcomes
    assert (tmp_path / "report.html").is_file() and (tmp_path / "junit.xml").is_file()
    shots = list(tmp_path.rglob("*.webp"))
    assert shots, "each step's screenshot comes from the simulated device"
    # The device's PNG screencap is re-encoded to the report's WebP (small reports on every platform).
    assert all(p.read_bytes()[:4] == b"RIFF" and p.read_bytes()[8:12] == b"WEBP" for p in shots)


@pytest.mark.device
async def test_each_environment_gets_its_own_simulated_device_and_all_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)
    platform = platforms.get("android")
    runtime = platform.runtime(LaunchOptions())
    options = EnvOptions(settings={"app": "examples/android-app/app.yaml"})
    first, second = await runtime.open(options), await runtime.open(options)
    sims = list(runtime.simulators.values())  # type: ignore[attr-defined]
    try:
        assert len(sims) == 2 and first.driver.serial != second.driver.serial  # type: ignore[attr-defined]
        registry = Registry.default()
        await registry.call("android.click", {"target": "Forgot password?"}, first.ctx)
        assert (await registry.call("android.verify_text", {"text": "Reset your password"}, first.ctx)).ok
        assert not (await registry.call("android.verify_text", {"text": "Reset your password"}, second.ctx)).ok
    finally:
        await first.close()
        await second.close()
        await runtime.aclose()
    assert all(s.proc.poll() is not None for s in sims)
