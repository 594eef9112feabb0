"""A module imported when one of its attributes is first read, not when tapwright is imported.

Every CLI start builds the registry of every installed platform's tools; importing each
platform's client library there (Playwright, adbutils, httpx) costs a large part of the start
for libraries a run may never use. A driver names such a library through a ``LazyModule`` at
run time (``except adb.AdbError``, ``http.AsyncClient(...)``); the attribute access imports it
when a device is connected or an error matched, by which time it is needed anyway. Type checkers
see the real module (``if TYPE_CHECKING: import x as name``).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


class LazyModule:
    """A module imported when one of its attributes is first read."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return getattr(self._module, attr)
