"""The iOS platform's action seam: the mobile seam over an IosDriver (WebDriverAgent).

All of the seam is :class:`~tapwright.tools.mobile.seam.MobileActions`; iOS adds the words of its tools
(points, labels, identifiers), which of an element's fields a text search looks in (its name and value
too), and that a cell and its own caption count once. An element not found in a tree cut by WDA's depth
limit says to raise it (the driver's ``find``).
"""

from __future__ import annotations

from typing import ClassVar

from tapwright.core.element import Element
from tapwright.drivers.ios.driver import IosDriver
from tapwright.tools.mobile.seam import STRONG, MobileActions, MobileWords, Spot

_WORDS = MobileWords(
    fields="text, label or identifier", field_names="its placeholder, label or identifier",
    typing="any Unicode: iOS types it as given", app_id="bundle id (com.apple.Preferences for Settings)",
    unit="points", tap_note="a screenshot's pixels divided by the scale", scroll_distance=(400, 250),
    until_swipes=(30, 8), until_timeout_ms=60_000, until_fraction=0.6,
)  # fmt: skip


class IosActions(MobileActions):
    """The catalog over an IosDriver."""

    driver: IosDriver
    driver_type = IosDriver
    category = "ios"
    words = _WORDS
    skip_roles: ClassVar[frozenset[str]] = frozenset({"application", "navigation"})
    merge_captions = True

    @staticmethod
    def shown_text(e: Element) -> list[str]:
        return [v for v in (e.text, e.name, e.value or "") if v]  # a label shows as the name, a field's text as its value


__all__ = ["STRONG", "IosActions", "Spot"]
