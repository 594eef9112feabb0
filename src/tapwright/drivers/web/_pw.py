"""``pw``: Playwright's async API, imported on first use rather than with tapwright.

Importing Playwright costs about half a second, and every CLI start loads the web tool
pack (even ``tapwright tools list``). The web driver therefore names Playwright only
through ``pw`` at run time (``except pw.Error``, ``pw.async_playwright()``); the
attribute access imports it when a browser is launched or an error is matched, by
which time it is loaded anyway. Type checkers see the real module.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any


class _LazyModule:
    """A module imported when one of its attributes is first read."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attr: str) -> Any:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return getattr(self._module, attr)


if TYPE_CHECKING:
    import playwright.async_api as pw
else:
    pw = _LazyModule("playwright.async_api")

__all__ = ["pw"]
