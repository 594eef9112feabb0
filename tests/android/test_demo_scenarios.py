"""The Android demo scenarios pass on the simulated device the android runtime starts itself
(``app:`` names the simulator's app file and no real device is configured).

Until the runner reads ``platform:`` (coordinator's wiring), the steps are read here in the
simplest way and compiled by the offline rules planner into ``android.*`` calls.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tapwright import Registry, platforms
from tapwright.plan.executor import Executor
from tapwright.planners.rules import compile_step
from tapwright.platforms import EnvOptions, LaunchOptions

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "examples" / "android-tests"


def scenarios() -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for path in sorted(SUITE.glob("*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        if path.name != "_suite.yaml":
            assert data["platform"] == "android"
            out.append((path.stem, list(data["steps"])))
    for path in sorted(SUITE.glob("*.md")):
        text = path.read_text("utf-8")
        assert "platform: android" in text
        out.append((path.stem, re.findall(r"^\d+\.\s+(.*)$", text, re.M)))
    for path in sorted(SUITE.glob("*.feature")):
        for k, block in enumerate(path.read_text("utf-8").split("Scenario:")[1:]):
            steps = [m.group(2) for m in re.finditer(r"^\s*(Given|When|Then|And|But)\s+(.*)$", block, re.M)]
            out.append((f"{path.stem}-{k + 1}", [s[0].upper() + s[1:] for s in steps]))
    return out


SCENARIOS = scenarios()


def test_there_are_at_least_six_scenarios_in_three_formats() -> None:
    assert len(SCENARIOS) >= 6
    assert {p.suffix for p in SUITE.iterdir()} >= {".yaml", ".md", ".feature"}
    assert yaml.safe_load((SUITE / "_suite.yaml").read_text("utf-8")) == {"platform": "android", "app": "examples/android-app/app.yaml"}


@pytest.mark.parametrize(("name", "steps"), SCENARIOS, ids=[n for n, _ in SCENARIOS])
async def test_scenario_passes(name: str, steps: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)
    platform = platforms.get("android")
    runtime = platform.runtime(LaunchOptions())
    settings = platform.check_settings({"app": "examples/android-app/app.yaml"})
    env = await runtime.open(EnvOptions(settings=settings))
    sim_pid = None
    try:
        registry = Registry.default()
        for step in steps:
            trace = await Executor(registry, env.ctx).run(compile_step(step, "android"))
            assert trace.ok, f"{name}: {step!r}: {trace.render()}"
        shot = await env.screenshot(Path(f"/tmp/tapwright-android-{name}.png"))
        assert shot
    finally:
        server = getattr(runtime, "_server", None)
        await env.close()
        await runtime.aclose()
    assert server is not None and server.proc.poll() is not None  # the runtime's adb server is stopped by its PID
    del sim_pid


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
