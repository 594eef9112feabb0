"""The ``fake.*`` pack: the coordinate tools over the in-memory FakeDriver (no browser)."""

from __future__ import annotations

from tapwright.drivers.fake import FakeDriver
from tapwright.registry.toolset import Toolset
from tapwright.tools.coords import coordinate_tools


def toolset() -> Toolset:
    return Toolset("fake", coordinate_tools(FakeDriver, category="fake", timeout_ms=5_000), "Tools over an in-memory fake screen")
