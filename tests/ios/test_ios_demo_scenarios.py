"""The iOS demo scenarios pass through the real runner (`tapwright run examples/ios-tests`): the ios
runtime starts a simulated WebDriverAgent per environment itself (``app:`` names the simulator's app
file and no WDA URL is configured), reports are written, and nothing is left running."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tapwright import Registry, platforms
from tapwright.platforms import EnvOptions, LaunchOptions
from tapwright.runner import run_suite
from tapwright.tools.ios import toolset

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "examples" / "ios-tests"


def test_the_suite_has_the_android_suites_cases_in_three_formats() -> None:
    files = [p for p in SUITE.iterdir() if p.name != "_suite.yaml"]
    assert len(files) >= 6 and {p.suffix for p in files} >= {".yaml", ".md", ".feature"}
    assert yaml.safe_load((SUITE / "_suite.yaml").read_text("utf-8")) == {"platform": "ios", "app": "examples/ios-app/app.yaml"}
    # the same plain-English steps as the Android suite, where the apps are the same
    for name in ("sign-in.yaml", "note-detail.yaml", "long-list.yaml"):
        ios = yaml.safe_load((SUITE / name).read_text("utf-8"))["steps"]
        android = yaml.safe_load((ROOT / "examples" / "android-tests" / name).read_text("utf-8"))["steps"]
        assert ios == android, name


async def test_the_demo_suite_passes_through_the_runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("TAPWRIGHT_WDA_URL", raising=False)
    result = await run_suite([SUITE], planner="rules", report_dir=tmp_path)
    outcomes = {s.name: s.status for s in result.scenarios}
    assert len(outcomes) >= 8 and set(outcomes.values()) == {"passed"}, outcomes
    assert (tmp_path / "report.html").is_file() and (tmp_path / "junit.xml").is_file()
    shots = list(tmp_path.rglob("*.webp"))
    assert shots and all(p.read_bytes()[8:12] == b"WEBP" for p in shots)


async def test_each_environment_gets_its_own_simulated_wda_and_all_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("TAPWRIGHT_WDA_URL", raising=False)
    runtime = platforms.get("ios").runtime(LaunchOptions())
    options = EnvOptions(settings={"app": "examples/ios-app/app.yaml"})
    first, second = await runtime.open(options), await runtime.open(options)
    sims = list(runtime.simulators.values())  # type: ignore[attr-defined]
    try:
        assert len(sims) == 2
        registry = Registry([toolset()])
        assert (await registry.call("ios.click", {"target": "Forgot password?"}, first.ctx)).ok
        assert (await registry.call("ios.verify_text", {"text": "Send reset link"}, first.ctx)).ok
        assert not (await registry.call("ios.verify_text", {"text": "Send reset link"}, second.ctx)).ok
    finally:
        await first.close()
        await second.close()
        await runtime.aclose()
    assert all(s.proc.poll() is not None for s in sims)


async def test_a_wda_url_is_driven_and_one_environment_holds_it_at_a_time(wda_sim) -> None:  # type: ignore[no-untyped-def]
    import asyncio

    runtime = platforms.get("ios").runtime(LaunchOptions(settings={"wda_url": wda_sim.url}))
    env = await runtime.open(EnvOptions(settings={"app": "com.tapwright.notes", "snapshot_max_depth": 60}))
    try:
        assert env.label == wda_sim.url and env.driver.max_depth == 60  # type: ignore[attr-defined]
        waiting = asyncio.ensure_future(runtime.open(EnvOptions(settings={"app": "com.tapwright.notes"})))
        await asyncio.sleep(0.3)
        assert not waiting.done()  # the second scenario waits for the WDA
    finally:
        await env.close()
    second = await waiting
    await second.close()
    await runtime.aclose()


async def test_settings_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from tapwright.errors import DriverError, ErrorCode, UserError

    monkeypatch.delenv("TAPWRIGHT_WDA_URL", raising=False)
    platform = platforms.get("ios")
    with pytest.raises(UserError):
        platform.check_settings({"device": "x"})
    runtime = platform.runtime(LaunchOptions())
    with pytest.raises(DriverError) as none:
        await runtime.open(EnvOptions(settings={"app": "com.example.app"}))
    assert none.value.code is ErrorCode.DEVICE_LOST and "wda_url" in none.value.message
    with pytest.raises(UserError):
        await runtime.open(EnvOptions(settings={"wda_url": "http://127.0.0.1:9", "snapshot_max_depth": "deep"}))
