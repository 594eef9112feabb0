"""One mobile layer for Android and iOS: the mobile seam, the mobile catalog, and a platform's toolset.

* :mod:`~tapwright.tools.mobile.seam`: :class:`MobileActions`, the action seam over a
  :class:`~tapwright.drivers.mobile.MobileDriver`; a platform subclasses it with its driver type,
  its :class:`MobileWords` and the few things that truly differ.
* :mod:`~tapwright.tools.mobile.catalog`: the tools both platforms have (tap_text, input_text, swipes,
  scroll_until_visible, checks by text, wait ...), each written once.
* :mod:`~tapwright.tools.mobile.common`: argument types, text matching, typing into a field, swiping,
  and :class:`MobileToolbox`, which collects the tools one platform alone has.

A mobile platform's toolset is :func:`mobile_toolset`: the coordinate tools, the action catalog's
actions and the mobile catalog over its seam, and its own tools.
"""

from __future__ import annotations

from tapwright.registry.spec import ToolSpec
from tapwright.registry.toolset import Toolset
from tapwright.tools.actions import action_tools
from tapwright.tools.coords import coordinate_tools
from tapwright.tools.mobile.catalog import MOBILE_TOOLS, mobile_tools
from tapwright.tools.mobile.common import MobileToolbox
from tapwright.tools.mobile.seam import MobileActions, MobileWords

# Coordinate tools a mobile platform does not take: its catalog actions check and press keys its own way.
OWN = ("verify_visible", "verify_not_visible", "press_key")


def mobile_toolset(seam_type: type[MobileActions], own: list[ToolSpec], description: str) -> Toolset:
    """Every tool of one mobile platform: coordinate tools, catalog actions, the mobile catalog, then ``own``."""
    kind = seam_type.driver_type.kind
    shared = coordinate_tools(seam_type.driver_type, category=kind, exclude=OWN)
    return Toolset(kind, [*shared, *action_tools(seam_type), *mobile_tools(seam_type), *own], description)


__all__ = ["MOBILE_TOOLS", "OWN", "MobileActions", "MobileToolbox", "MobileWords", "mobile_tools", "mobile_toolset"]
