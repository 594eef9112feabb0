"""The ``ios.*`` pack: the action catalog, the mobile catalog under Android's names, iOS's own tools, and the coordinate tools.

Every tool returns one ToolResult whose status line starts with one of the status prefixes
(``OK``, ``TAPPED: (x,y)``, ``VISIBLE: n match(es)``, ``NOT_VISIBLE``, ``NOT_FOUND``, ``AMBIGUOUS``,
``ERROR``, ``TIMEOUT``). Coordinates are points. The action catalog's actions (click, fill, clear,
press_key, scroll, verify_*) come from :mod:`tapwright.tools.actions` and the mobile catalog's from
:mod:`tapwright.tools.mobile`, both over :class:`~tapwright.tools.ios_seam.IosActions`; the tools only
iOS has (alerts, the home button, app state) live in :mod:`tapwright.tools.ios_mobile`.
"""

from __future__ import annotations

from tapwright.registry.toolset import Toolset
from tapwright.tools import ios_mobile
from tapwright.tools.ios_common import SPECS
from tapwright.tools.ios_seam import IosActions
from tapwright.tools.mobile import mobile_toolset

_MODULES = (ios_mobile,)


def toolset() -> Toolset:
    """Every ``ios.*`` tool."""
    return mobile_toolset(IosActions, SPECS, "iPhones, iPads and iOS simulators through WebDriverAgent")
