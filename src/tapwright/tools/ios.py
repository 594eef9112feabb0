"""The ``ios.*`` pack: the mobile catalog under Android's names, the semantic tools, and the coordinate tools.

Every tool returns one ToolResult whose status line starts with one of the status prefixes
(``OK``, ``TAPPED: (x,y)``, ``VISIBLE: n match(es)``, ``NOT_VISIBLE``, ``NOT_FOUND``, ``AMBIGUOUS``,
``ERROR``, ``TIMEOUT``). Coordinates are points. The tools live in :mod:`tapwright.tools.ios_mobile`
and :mod:`tapwright.tools.ios_semantic`; importing them registers their manifests.
"""

from __future__ import annotations

from tapwright.drivers.ios.driver import IosDriver
from tapwright.registry.toolset import Toolset
from tapwright.tools import ios_mobile, ios_semantic
from tapwright.tools.coords import coordinate_tools
from tapwright.tools.ios_common import SPECS

OWN = ("verify_visible", "verify_not_visible")  # replaced by the keyboard-aware ones
_MODULES = (ios_mobile, ios_semantic)


def toolset() -> Toolset:
    """Every ``ios.*`` tool."""
    return Toolset("ios", [*coordinate_tools(IosDriver, category="ios", exclude=OWN), *SPECS],
                   "iPhones, iPads and iOS simulators through WebDriverAgent")  # fmt: skip
