"""The ``fake`` platform: an in-memory screen (no browser, no device), for tests and dry runs."""

from __future__ import annotations

from typing import ClassVar

from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver
from tapwright.drivers.fake import FakeDriver
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime
from tapwright.registry.toolset import Toolset


class FakeRuntime(Runtime):
    """Each environment gets its own fake screen (``screen:`` a UiTree JSON file, else the demo login screen)."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options

    async def open(self, options: EnvOptions) -> PlatformEnv:
        screen = options.settings.get("screen") or self.options.settings.get("screen")
        driver = FakeDriver.from_file(str(screen)) if screen else FakeDriver()
        return PlatformEnv(ToolContext([driver], secrets=options.secrets), driver)


class FakePlatform(Platform):
    """The in-memory fake screen."""

    name: ClassVar[str] = "fake"
    description: ClassVar[str] = "the in-memory fake screen (try tapwright without a browser)"
    option_keys: ClassVar[frozenset[str]] = frozenset({"screen"})

    @property
    def driver_type(self) -> type[Driver]:
        return FakeDriver

    def toolset(self) -> Toolset:
        from tapwright.tools.fake import toolset

        return toolset()

    def runtime(self, options: LaunchOptions) -> Runtime:
        return FakeRuntime(options)


platform = FakePlatform()
