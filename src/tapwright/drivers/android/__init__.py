"""The Android driver: ADB + uiautomator through the adb server (adbutils).

:mod:`~tapwright.drivers.android.hierarchy` (the dump parser) is pure and imports no ADB
library; :mod:`~tapwright.drivers.android.driver` holds :class:`AndroidDriver`.
"""

from __future__ import annotations

import atexit
import os
from typing import Any

_runtime: Any = None


def provide(ctx: Any) -> None:
    """Offer an AndroidDriver to ``ctx``, leased on first use (one device per MCP client).

    Used by ``tapwright mcp --caps android``. The device comes from ``ANDROID_SERIAL`` or the
    usual choice; ``TAPWRIGHT_ANDROID_APP`` (a package, or a simulator app file) is launched.
    The lease ends when the client's context closes.
    """
    from tapwright.drivers.android.driver import AndroidDriver

    async def lease() -> AndroidDriver:
        global _runtime
        from tapwright.platforms.android import AndroidRuntime
        from tapwright.platforms.base import EnvOptions, LaunchOptions

        if _runtime is None:
            _runtime = AndroidRuntime(LaunchOptions())
            atexit.register(_shutdown)  # the MCP server has no run end: stop what the runtime started at exit
        settings = {"app": os.environ["TAPWRIGHT_ANDROID_APP"]} if os.environ.get("TAPWRIGHT_ANDROID_APP") else {}
        env = await _runtime.open(EnvOptions(settings=settings))
        driver = env.driver
        assert isinstance(driver, AndroidDriver)
        return driver

    ctx.provide(AndroidDriver, lease)


def _shutdown() -> None:
    """Stop the simulated devices and the private adb server a lease started (by their PIDs)."""
    runtime = _runtime
    if runtime is None:
        return
    for sim in list(runtime.simulators.values()):
        sim.stop()
    runtime.simulators.clear()
    server, runtime._server = runtime._server, None
    if server is not None:
        server.stop()
