"""``pw``: Playwright's async API, imported on first use rather than with tapwright.

Importing Playwright costs about half a second, and every CLI start loads the web tool
pack (even ``tapwright tools list``). The web driver therefore names Playwright only
through ``pw`` at run time (``except pw.Error``, ``pw.async_playwright()``); the
attribute access imports it when a browser is launched or an error is matched, by
which time it is loaded anyway. Type checkers see the real module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tapwright.core.lazy_module import LazyModule

if TYPE_CHECKING:
    import playwright.async_api as pw
else:
    pw = LazyModule("playwright.async_api")

__all__ = ["pw"]
