"""Device lists (issue 17's lease model on Android): two simulated devices behind the real adb binary.

* A suite split over two devices: each scenario leases one, never two scenarios on a device at
  once, and scenarios beyond the free devices wait for one instead of failing.
* One device killed mid-run loses no scenario: the one it was running is retried once on the
  other device and marked with the lost device's serial, in the results and in JUnit.
* Every process started here (adb server, both devices) is gone afterwards, checked by PID.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

from tapwright.cli.run_cmd import _platform_settings
from tapwright.errors import UserError
from tapwright.planners.factory import make_planner
from tapwright.platforms import Runtimes
from tapwright.platforms._device_pool import parse_serials, read_serials
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.progress import NullProgress
from tapwright.runner.reports import write_reports
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.run import Runner, RunOptions
from tapwright.testing.android_sim import AdbServer, SimulatedDevice

APP = Path(__file__).resolve().parents[2] / "examples" / "android-app" / "app.yaml"


def _gone(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] == "Z"  # reaped by its Popen, or about to be
    except FileNotFoundError:
        return True


@pytest.fixture
def devices() -> Iterator[tuple[AdbServer, list[SimulatedDevice]]]:
    server = AdbServer.start()
    devs: list[SimulatedDevice] = []
    try:
        devs = [SimulatedDevice.start(APP, server) for _ in range(2)]
        yield server, devs
    finally:
        for dev in devs:
            dev.stop()
        server.stop()
        pids = [server.pid, *(d.pid for d in devs)]
        assert all(_gone(pid) for pid in pids), f"left running: {[p for p in pids if not _gone(p)]}"


def _suite(n: int) -> list[Scenario]:
    steps = ['I should see "Sign in to your notes"', "Wait 1 second", 'Type "ada@example.com" into the Email field',
             'Type "secret" into the Password field', 'Click the "Sign in" button', 'I should see "My notes"']  # fmt: skip
    return [Scenario(f"sign in {i}", [StepSpec(s) for s in steps], source="android/pool.yaml", line=i + 1,
                     platform="android", settings={"app": str(APP)}) for i in range(n)]  # fmt: skip


class _Watch(NullProgress):
    """Checks one scenario per device at a time; kills device ``kill`` during a scenario once ``after`` have finished."""

    def __init__(self, devs: list[SimulatedDevice], kill: int | None = None, after: int = 2) -> None:
        self.devs, self.kill, self.after = devs, kill, after
        self.done = 0
        self.busy: dict[str, set[str]] = {}
        self.overlaps: list[str] = []
        self.killed_during: str | None = None

    def step_finished(self, scenario: ScenarioResult, step: StepResult) -> None:
        if scenario.ran_on is None:
            return
        here = self.busy.setdefault(scenario.ran_on, set())
        here.add(scenario.name)
        if len(here) > 1:
            self.overlaps.append(f"{scenario.ran_on}: {sorted(here)}")
        victim = self.devs[self.kill] if self.kill is not None else None
        if victim is not None and self.killed_during is None and self.done >= self.after and scenario.ran_on == victim.serial:
            victim.proc.kill()  # the phone is unplugged: its process dies with a scenario in flight
            victim.proc.wait(5)
            self.killed_during = scenario.name

    def scenario_finished(self, scenario: ScenarioResult) -> None:
        self.done += 1
        if scenario.ran_on is not None:
            self.busy.get(scenario.ran_on, set()).discard(scenario.name)


async def _run(scenarios: list[Scenario], server: AdbServer, devs: list[SimulatedDevice], watch: _Watch,
               jobs: int) -> tuple[RunResult, dict[str, object]]:  # fmt: skip
    settings = {"android": {"devices": [d.serial for d in devs], "adb_port": server.port}}
    runtimes = Runtimes(settings=settings)
    planner = make_planner("rules")
    try:
        run = await Runner(planner, RunOptions(jobs=jobs, env_file=None, screenshots=False), progress=watch,
                           runtimes=runtimes).run(scenarios)  # fmt: skip
        return run, runtimes.status()
    finally:
        await runtimes.aclose()
        await planner.aclose()


def _failures(run: RunResult) -> list[tuple[str, str | None, list[str]]]:
    return [(s.name, s.failed_step.status_line if s.failed_step else s.message, s.lost) for s in run.scenarios if not s.ok]


@pytest.mark.slow
async def test_a_suite_splits_over_two_devices_and_waits_for_a_free_one(devices) -> None:
    server, devs = devices
    watch = _Watch(devs)
    run, status = await _run(_suite(5), server, devs, watch, jobs=4)  # more scenarios at once than devices
    assert run.ok, _failures(run)
    assert {s.ran_on for s in run.scenarios} == {d.serial for d in devs}  # both devices took work
    assert not watch.overlaps  # never two scenarios on one device
    assert status["device_waits"] >= 2  # the third and fourth scenario waited for a lease instead of failing
    assert all(not s.lost and s.attempts == 1 for s in run.scenarios)


@pytest.mark.slow
async def test_a_device_killed_mid_run_loses_no_scenario(devices, tmp_path: Path) -> None:
    server, devs = devices
    watch = _Watch(devs, kill=0)
    run, status = await _run(_suite(6), server, devs, watch, jobs=2)
    dead, alive = devs[0].serial, devs[1].serial
    assert watch.killed_during is not None and devs[0].proc.poll() is not None  # really killed mid-scenario
    assert run.ok, _failures(run)
    retried = [s for s in run.scenarios if s.lost]
    assert [s.name for s in retried] == [watch.killed_during]
    assert all(dead in why for s in retried for why in s.lost)
    assert all(s.ran_on == alive and s.status == "passed" and not s.previous for s in retried)  # not flaky
    assert sum(s.ran_on == alive for s in run.scenarios) >= 4  # the rest went to the device that stayed
    assert any(d["serial"] == dead and d["dead"] for d in status["devices"])  # type: ignore[attr-defined]
    write_reports(run, tmp_path)
    junit = (tmp_path / "junit.xml").read_text("utf-8")
    assert f'name="lost_environment" value="{dead}' in junit and f'name="ran_on" value="{alive}"' in junit


def test_serials_parse_from_lists_commas_and_files(tmp_path: Path) -> None:
    assert parse_serials(["emulator-5554", "127.0.0.1:5555, R58M12"]) == ["emulator-5554", "127.0.0.1:5555", "R58M12"]
    assert parse_serials("a b") == ["a", "b"] and parse_serials(None) == [] and parse_serials("") == []
    with pytest.raises(UserError, match="listed twice"):
        parse_serials("a,a")
    file = tmp_path / "devices.txt"
    file.write_text("# the farm\nemulator-5554\n\nR58M12  # the Samsung\n")
    assert read_serials(str(file)) == ["emulator-5554", "R58M12"]
    with pytest.raises(UserError, match="--devices"):
        read_serials(str(tmp_path / "nope.txt"))


def test_run_options_become_the_android_device_list(tmp_path: Path) -> None:
    file = tmp_path / "devices.txt"
    file.write_text("c\na\n")
    args = argparse.Namespace(settings=["android.devices=x"], device=["a", "b"], devices=str(file), jobs=2)
    assert _platform_settings(args)["android"]["devices"] == ["x", "a", "b", "c"]
    with pytest.raises(UserError, match="listed twice"):
        _platform_settings(argparse.Namespace(settings=[], device=["a", "a"], devices=None, jobs=1))


async def test_pools_naming_the_same_device_share_its_lease_and_a_bounded_wait_times_out() -> None:
    import asyncio

    from tapwright.errors import DriverError, ErrorCode
    from tapwright.platforms._lease_pool import LeasePool, Member

    async def launch(member: Member) -> object:
        return object()

    shared, other = Member("phone-a"), Member("phone-b")
    changed = asyncio.Condition()
    both = LeasePool([shared, other], launch=launch, changed=changed)
    only_a = LeasePool([shared], launch=launch, changed=changed, timeout_s=0.2)
    first = await only_a.lease()
    assert first is shared
    assert await both.lease() is other  # phone-a is held through the other list
    with pytest.raises(DriverError) as err:
        await only_a.lease()  # phone-a stays busy past the bound
    assert err.value.code is ErrorCode.TIMEOUT and "phone-a" in err.value.message
    waiting = asyncio.ensure_future(both.lease())
    await asyncio.sleep(0.05)
    assert not waiting.done()
    await only_a.release(first)  # freed in one list: the other list's waiter gets it
    assert await asyncio.wait_for(waiting, 5) is shared
    assert both.waits == 1
