"""A simulated Android device that speaks the ADB device protocol, for tests and demos.

Run it with ``python -m tapwright.testing.android_sim app.yaml``; from Python, start it (and a
private adb server) with :class:`SimulatedDevice` / :class:`AdbServer`:

Example:
    with AdbServer.start() as server, SimulatedDevice.start("examples/android-app/app.yaml", server) as dev:
        print(dev.serial)   # 127.0.0.1:PORT, listed by `adb -P server.port devices`
        dev.control("idle-fail 2")   # the next two dumps fail with "could not get idle state"
"""

from tapwright.platforms._android_sim import AdbServer, SimulatedDevice, app_package, free_port

__all__ = ["AdbServer", "SimulatedDevice", "app_package", "free_port"]
