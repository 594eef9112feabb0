"""The ``ios.*`` pack: the mobile catalog under Android's names, the semantic tools, and the coordinate tools.

Every tool returns one ToolResult whose status line starts with one of the status prefixes
(``OK``, ``TAPPED: (x,y)``, ``VISIBLE: n match(es)``, ``NOT_VISIBLE``, ``NOT_FOUND``, ``AMBIGUOUS``,
``ERROR``, ``TIMEOUT``). Coordinates are points. The catalog's actions (click, fill, clear,
press_key, scroll, verify_*) come from :mod:`tapwright.tools.actions` over
:class:`~tapwright.tools.ios_seam.IosActions`; the mobile catalog lives in
:mod:`tapwright.tools.ios_mobile` and :mod:`tapwright.tools.ios_semantic`.
"""

from __future__ import annotations

from tapwright.drivers.ios.driver import IosDriver
from tapwright.registry.toolset import Toolset
from tapwright.tools import ios_mobile, ios_semantic
from tapwright.tools.actions import action_tools
from tapwright.tools.coords import coordinate_tools
from tapwright.tools.ios_common import SPECS
from tapwright.tools.ios_seam import IosActions

OWN = ("verify_visible", "verify_not_visible", "press_key")  # catalog actions on iOS (keyboard-aware checks)
_MODULES = (ios_mobile, ios_semantic)


def toolset() -> Toolset:
    """Every ``ios.*`` tool: the coordinate tools, the catalog's actions over :class:`IosActions`, the mobile catalog."""
    shared = coordinate_tools(IosDriver, category="ios", exclude=OWN)
    return Toolset("ios", [*shared, *action_tools(IosActions), *SPECS],
                   "iPhones, iPads and iOS simulators through WebDriverAgent")  # fmt: skip
