"""What a new user meets first: a device given as HOST:PORT that is not there, a simulated device
started in the background (no standard input), and `tapwright locate` given two descriptions."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from android_support import APP

from tapwright.drivers.android.driver import AndroidDriver
from tapwright.errors import DriverError, ErrorCode
from tapwright.testing.android_sim import AdbServer, SimulatedDevice, free_port

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.update(extra)
    return env


async def test_a_closed_host_port_is_device_lost_at_once_naming_what_adb_said(adb_server: AdbServer) -> None:
    closed = free_port()  # nothing listens there
    with pytest.raises(DriverError) as caught:
        await AndroidDriver.connect(f"127.0.0.1:{closed}", port=adb_server.port)
    assert caught.value.code is ErrorCode.DEVICE_LOST
    assert f"127.0.0.1:{closed}" in caught.value.message and "Connection refused" in caught.value.message
    assert f"127.0.0.1:{closed}" not in adb_server.run("devices")


async def test_a_device_given_as_host_port_is_connected_once_and_used(adb_server: AdbServer) -> None:
    with SimulatedDevice.start(APP, adb_server, connect=False) as sim:
        assert sim.serial not in adb_server.run("devices")
        driver = await AndroidDriver.connect(sim.serial, port=adb_server.port)
        try:
            assert driver.serial == sim.serial and driver.size == (1080, 2400)
            assert f"{sim.serial}\tdevice" in adb_server.run("devices")
        finally:
            await driver.aclose()


async def test_a_device_address_that_is_not_host_port_is_invalid_input(adb_server: AdbServer) -> None:
    with pytest.raises(DriverError) as caught:
        await AndroidDriver.connect("127.0.0.1:notaport", port=adb_server.port)
    assert caught.value.code is ErrorCode.INVALID_INPUT and "HOST:PORT" in caught.value.message


def test_the_cli_reports_device_lost_for_a_closed_port_without_a_traceback(adb_server: AdbServer) -> None:
    closed = free_port()
    done = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "snapshot", "--platform", "android", "--set",
                           f"device=127.0.0.1:{closed}"], capture_output=True, text=True, timeout=120,
                          env=_env(ANDROID_ADB_SERVER_PORT=str(adb_server.port)))  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "[DEVICE_LOST]" in done.stderr and "Connection refused" in done.stderr
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr


def test_the_simulated_device_serves_on_after_its_standard_input_closes(adb_server: AdbServer) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "tapwright.testing.android_sim", str(APP)], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())  # fmt: skip
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("PORT "), line + (proc.stderr.read() if proc.stderr else "")
        serial = f"127.0.0.1:{line.split()[1]}"
        time.sleep(1.0)  # long enough for the old device to have quit on its empty stdin
        assert proc.poll() is None, "the simulated device quit when its standard input closed"
        assert "connected to" in adb_server.run("connect", serial)
        assert adb_server.run("-s", serial, "shell", "getprop", "ro.build.version.sdk") == "34"
        adb_server.run("disconnect", serial)
        proc.send_signal(signal.SIGTERM)  # stopped by its PID, cleanly
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)
        for pipe in (proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()


def test_locate_refuses_two_descriptions_on_android_before_opening_a_device() -> None:
    done = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "locate", "--platform", "android", "Sign in button",
                           "Email field"], capture_output=True, text=True, timeout=60, env=_env())  # fmt: skip
    assert done.returncode == 2 and "locate takes one DESCRIPTION, got 2" in done.stderr
    assert "'Sign in button', 'Email field'" in done.stderr
