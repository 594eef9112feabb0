"""Drivers: the only place that talks to browsers, devices and displays."""

from tapwright.drivers.base import Driver, MouseButton
from tapwright.drivers.fake import FakeDriver, FakeEvent, demo_screen

__all__ = ["Driver", "FakeDriver", "FakeEvent", "MouseButton", "demo_screen"]
