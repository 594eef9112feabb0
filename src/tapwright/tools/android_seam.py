"""The Android platform's action seam: the mobile seam over an AndroidDriver (adb + uiautomator).

All of the seam is :class:`~tapwright.tools.mobile.seam.MobileActions`; Android adds the words of its
tools and the memory of toasts and snackbars that have just vanished (a check still sees one).
"""

from __future__ import annotations

import time
from typing import Any

from tapwright.drivers.android.driver import AndroidDriver
from tapwright.tools.mobile.seam import STRONG, MobileActions, MobileWords, Spot

_WORDS = MobileWords(
    fields="text, content-desc or resource-id", field_names="its hint, text, content-desc or resource-id",
    typing="ASCII; spaces and shell characters are typed literally; other text needs ADBKeyBoard or Clipper on the device",
    app_id="package name", unit="pixels", tap_note="when no selector finds the element",
)  # fmt: skip


class AndroidActions(MobileActions):
    """The catalog over an AndroidDriver."""

    driver: AndroidDriver
    driver_type = AndroidDriver
    category = "android"
    words = _WORDS

    def recent(self, text: str) -> dict[str, Any] | None:
        """A toast or snackbar showing ``text`` that a recent snapshot saw and the screen no longer shows."""
        seen = self.driver.transient.find(text)
        if seen is None or self.driver.transient.on_screen(seen):
            return None
        return {"matches": 1, "transient": seen.to_dict(time.monotonic(), on_screen=False), "snapshot": self.driver.snapshot_note()}


__all__ = ["STRONG", "AndroidActions", "Spot"]
