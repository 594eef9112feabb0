"""What the Android and iOS platform declarations share: the rules planner's vocabulary and the declaration itself.

A mobile platform names its driver, toolset and action seam by module (they are imported only when
used, so that declaring the platform needs neither adbutils nor httpx) and gives its runtime; the
rest is here.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
from abc import abstractmethod
from collections.abc import Awaitable, Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from tapwright.drivers.base import Driver
from tapwright.errors import DriverError, ErrorCode, UserError
from tapwright.plan.templates import Slot, Table
from tapwright.platforms._action_vocabulary import action_table, state_namer
from tapwright.platforms.base import LaunchOptions, Platform, Runtime

if TYPE_CHECKING:
    from tapwright.drivers.mobile import MobileDriver
    from tapwright.platforms._sim_process import SimulatorProcess
    from tapwright.registry.toolset import Toolset
    from tapwright.tools.actions import ActionSeam

# Verbs that are no catalog action on a phone, and the tool that does their job (ticking a switch is a tap).
_OWN: dict[str, tuple[str, tuple[str, ...]]] = {
    "check": ("click", ("target",)), "uncheck": ("click", ("target",)), "go_back": ("go_back", ()),
}  # fmt: skip


def _milliseconds(seconds: Any) -> Any:
    """A step's seconds as ``wait`` takes them (it bounds them to 50..10,000 ms)."""
    return round(float(seconds) * 1000) if isinstance(seconds, int | float) and seconds >= 0 else 500


def _amount(amount: Any) -> Any:
    """A step's scroll amount (pixels on Android, points on iOS); None (the tool's own) when it gives none."""
    return amount if isinstance(amount, int) and amount > 0 else None


def mobile_table(namespace: str, seam: type[ActionSeam[Any]]) -> Table:
    """The rules planner's verbs -> ``<namespace>.*`` tools: the catalog's actions the seam offers, and a phone's own."""
    table = action_table(namespace, seam, convert={"amount": _amount, "state": state_namer(namespace)})
    for verb, (tool, names) in _OWN.items():
        table[verb] = [{"tool": f"{namespace}.{tool}", "args": {n: Slot(n) for n in names}}]
    table["screenshot"] = [{"tool": f"{namespace}.take_screenshot", "args": {}}]
    table["wait"] = [{"tool": f"{namespace}.wait", "args": {"ms": Slot("seconds", _milliseconds)}}]
    table["double_click"] = "a touch screen has no double click: tap twice"
    table["hover"] = "a touch screen has no hover"
    return table


D = TypeVar("D", bound="MobileDriver")


class MobileRuntime(Runtime):
    """A phone platform's runtime: the simulators it started for environments, each stopped when its driver closes.

    Attributes:
        simulators: Each simulator while its environment is open (keyed by serial or PID).
    """

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self.simulators: dict[Hashable, SimulatorProcess] = {}

    @staticmethod
    def check_app_file(app: str) -> None:
        """Raises INVALID_INPUT when the simulator app file is missing."""
        if not Path(app).is_file():
            raise DriverError(ErrorCode.INVALID_INPUT, f"the simulator app file {app} does not exist")

    async def drive_simulator(self, key: Hashable, sim: SimulatorProcess, connect: Callable[[], Awaitable[D]]) -> D:
        """The driver ``connect`` gives for ``sim``; the simulator stops when the driver closes, or at once
        when connecting fails."""
        self.simulators[key] = sim

        async def release() -> None:
            self.simulators.pop(key, None)
            await asyncio.to_thread(sim.stop)

        try:
            driver = await connect()
        except BaseException:
            await release()
            raise
        driver.on_close = release  # closing the driver (env.close, or the MCP client's context) stops the simulator
        return driver

    async def aclose(self) -> None:
        for sim in list(self.simulators.values()):  # environments nobody closed
            await asyncio.to_thread(sim.stop)
        self.simulators.clear()


def _load(path: str) -> Any:
    """``module:name`` imported."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


class MobilePlatform(Platform):
    """A phone platform: its driver, toolset and seam named by ``module:name``, its runtime its own.

    Attributes:
        driver_path: The driver class (``tapwright.drivers.android.driver:AndroidDriver``).
        needs: The library the driver needs, named when it is missing.
        toolset_path: The function that builds the toolset.
        seam_path: The action seam class.
    """

    needs_cap: ClassVar[bool] = True
    driver_path: ClassVar[str]
    needs: ClassVar[str]
    toolset_path: ClassVar[str]
    seam_path: ClassVar[str]

    @property
    def driver_type(self) -> type[Driver]:
        if importlib.util.find_spec(self.needs) is None:  # the driver imports it on first use, not at import
            raise UserError(f"the {self.name} platform needs {self.needs} (pip install 'tapwright[{self.name}]')")
        try:
            driver: type[Driver] = _load(self.driver_path)
        except ImportError as exc:
            raise UserError(f"the {self.name} platform needs {self.needs} (pip install 'tapwright[{self.name}]'): {exc}") from exc
        return driver

    def toolset(self) -> Toolset:
        toolset: Toolset = _load(self.toolset_path)()
        return toolset

    @abstractmethod
    def runtime(self, options: LaunchOptions) -> Runtime: ...

    def vocabulary(self) -> Table:
        return mobile_table(self.name, self.action_seam())

    def action_seam(self) -> type[ActionSeam[Any]]:
        seam: type[ActionSeam[Any]] = _load(self.seam_path)
        return seam


__all__ = ["MobilePlatform", "MobileRuntime", "mobile_table"]
