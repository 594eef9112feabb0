"""Faults and bad input: each a stable code and a message saying what to do, nothing raised."""

from __future__ import annotations

import os
import time

import pytest
from android_support import APP, PACKAGE

from tapwright import Registry, ToolContext
from tapwright.drivers.android import _adb
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.errors import DriverError, ErrorCode
from tapwright.testing.android_sim import AdbServer, SimulatedDevice, free_port

pytestmark = pytest.mark.slow


async def test_a_dump_that_cannot_get_idle_is_retried_then_a_timeout(registry: Registry, sim, ctx, driver) -> None:
    sim.control("idle-fail 2")
    driver.invalidate()
    result = await registry.call("android.verify_element_visible", {"text": "Pocket Notes"}, ctx)
    assert result.ok, result.status_line()  # two failures, then the third try works
    sim.control("idle-fail 5")
    driver.invalidate()
    result = await registry.call("android.verify_element_visible", {"text": "Pocket Notes"}, ctx)
    assert result.code is ErrorCode.TIMEOUT and result.status_line().startswith("TIMEOUT: [TIMEOUT]")
    assert "idle" in result.error.message  # type: ignore[union-attr]
    sim.control("idle-fail 0")


async def test_a_truncated_dump_is_a_driver_error(registry: Registry, sim, ctx, driver) -> None:
    sim.control("truncate-dump 1")
    driver.invalidate()
    result = await registry.call("android.click", {"target": "Sign in button"}, ctx)
    assert result.code is ErrorCode.DRIVER_ERROR and "truncated" in result.error.message  # type: ignore[union-attr]
    assert (await registry.call("android.click", {"target": "Sign in button"}, ctx)).ok  # the next dump is whole


async def test_a_slow_dump_still_answers(registry: Registry, sim, ctx, driver) -> None:
    sim.control("slow-dump 0.5")
    driver.invalidate()
    started = time.monotonic()
    result = await registry.call("android.verify_element_visible", {"text": "Sign in"}, ctx)
    sim.control("slow-dump 0")
    assert result.ok and time.monotonic() - started >= 0.5


async def test_an_empty_tree_says_to_use_coordinates(registry: Registry, sim, ctx, driver) -> None:
    sim.control("empty on")
    try:
        driver.invalidate()
        result = await registry.call("android.click", {"target": "the Play button"}, ctx)
        assert result.code is ErrorCode.ELEMENT_NOT_FOUND and "tap_by_coordinates" in result.error.message  # type: ignore[union-attr]
    finally:
        sim.control("empty off")


async def test_a_screen_locked_with_a_pin_stops_the_scenario_with_advice(registry: Registry, sim, ctx) -> None:
    sim.control("secure-lock")
    result = await registry.call("android.start_testing_scenario", {"app_package": PACKAGE}, ctx)
    assert result.code is ErrorCode.DRIVER_ERROR and "unlock the device by hand" in result.error.message  # type: ignore[union-attr]
    sim.control("lock")  # a swipe-only keyguard: woken and dismissed by the tool
    result = await registry.call("android.start_testing_scenario", {"app_package": PACKAGE}, ctx)
    assert result.ok, result.status_line()


async def test_a_sleeping_screen_is_woken(registry: Registry, sim, ctx, driver) -> None:
    sim.control("sleep")
    assert "Asleep" in await driver.shell("dumpsys power")
    result = await registry.call("android.start_testing_scenario", {"app_package": PACKAGE}, ctx)
    assert result.ok and "Awake" in await driver.shell("dumpsys power")


async def test_a_device_that_goes_offline_mid_run_is_device_lost(adb_server: AdbServer, registry: Registry) -> None:
    with SimulatedDevice.start(APP, adb_server) as dev:
        driver = await AndroidDriver.connect(dev.serial, port=adb_server.port)
        ctx = ToolContext([driver])
        assert (await registry.call("android.get_screen_size", {}, ctx)).ok
        dev.control("offline")
        result = await registry.call("android.tap_by_coordinates", {"x": 10, "y": 10}, ctx)
        assert result.code is ErrorCode.DEVICE_LOST and result.status_line().startswith("ERROR: [DEVICE_LOST]")
        result = await registry.call("android.snapshot", {}, ctx)
        assert result.code is ErrorCode.DEVICE_LOST


async def test_device_choice(adb_server: AdbServer, sim, monkeypatch: pytest.MonkeyPatch) -> None:
    client = _adb.client(port=adb_server.port)
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)
    assert _adb.choose_serial(client) == sim.serial  # the first online device
    monkeypatch.setenv("ANDROID_SERIAL", sim.serial)
    assert _adb.choose_serial(client) == sim.serial
    with pytest.raises(DriverError) as info:
        _adb.choose_serial(client, "R58M00000XYZ")
    assert info.value.code is ErrorCode.DEVICE_LOST and sim.serial in info.value.message


async def test_no_device_attached_names_the_simulator_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)
    with AdbServer.start() as empty:
        with pytest.raises(DriverError) as info:
            await AndroidDriver.connect(port=empty.port)
        assert info.value.code is ErrorCode.DEVICE_LOST and "app:" in info.value.message


async def test_a_missing_adb_gives_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(DriverError) as info:
        await AndroidDriver.connect(port=free_port())
    assert info.value.code is ErrorCode.DRIVER_ERROR and "apt-get install -y adb" in info.value.message
    assert os.environ["PATH"] == "/nonexistent"
