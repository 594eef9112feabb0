"""Real-component fixtures for the desktop tests: one Xvfb with a D-Bus session bus, the AT-SPI bus
and the AT-SPI reader for the session, started here (nothing by hand) and stopped by PID."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from tapwright.drivers.desktop import DisplayOptions, DisplayStack
from tapwright.drivers.desktop._atspi import AtspiReader
from tapwright.platforms import LaunchOptions
from tapwright.platforms.desktop import DesktopRuntime


@pytest.fixture(scope="session")
def desktop_stack() -> Iterator[tuple[DisplayStack, AtspiReader]]:
    stack = DisplayStack.start(DisplayOptions(display="xvfb", size=(1280, 800)))
    try:
        reader = AtspiReader.start(stack.child_env())
    except BaseException:
        stack.close()
        raise
    yield stack, reader
    reader.close()
    stack.close()


@pytest.fixture
async def runtime(desktop_stack: tuple[DisplayStack, AtspiReader]) -> AsyncIterator[DesktopRuntime]:
    stack, reader = desktop_stack
    rt = DesktopRuntime(LaunchOptions(settings={"stack": stack, "reader": reader}))
    yield rt
    await rt.aclose()
