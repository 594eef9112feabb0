"""The Android platform's action seam: the mobile seam over an AndroidDriver (adb + uiautomator).

All of the seam is :class:`~tapwright.tools.mobile.seam.MobileActions`; Android adds the words of its
tools and the memory of toasts and snackbars that have just vanished (a check still sees one).
"""

from __future__ import annotations

import time
from typing import Any

from tapwright.drivers.android._input import shell_quote
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.tools.mobile.seam import STRONG, MobileActions, MobileWords, ScreenDump, Spot

_WORDS = MobileWords(
    fields="text, content-desc or resource-id", field_names="its hint, text, content-desc or resource-id",
    typing="ASCII; spaces and shell characters are typed literally; other text needs ADBKeyBoard or Clipper on the device",
    app_id="package name", unit="pixels", tap_note="when no selector finds the element",
    start_steps="wake and unlock the screen, stop a stale instance", stop_how="force-stop it",
    back_how="press the Back key", info_extra="manufacturer, model, android, sdk, abi, serial and battery",
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

    async def start_afresh(self, app: str) -> str:
        await self.driver.wake_and_unlock()
        await self.driver.force_stop(app)
        return await self.driver.launch(app)

    async def stop_app(self, app: str) -> bool:
        running = bool((await self.driver.shell(f"pidof {shell_quote(app)}")).strip())
        await self.driver.force_stop(app)
        return running

    async def screen_dump(self) -> ScreenDump:
        h = await self.driver.hierarchy()
        lines = []
        for e in h.tree:
            if not (e.name or e.text) or e.rect is None:
                continue
            r = e.rect
            keys = " ".join(f'{k}="{v}"' for k, v in (("text", e.text), ("content-desc", e.attr("content_desc")),
                            ("resource-id", e.attr("resource_id").rsplit("/", 1)[-1])) if v)  # fmt: skip
            where = f"{e.attrs['window']} " if "window" in e.attrs else ""
            lines.append(f'<{where}{e.role} {keys} bounds="[{r.x:.0f},{r.y:.0f}][{r.x + r.width:.0f},{r.y + r.height:.0f}]"/>')
        return ScreenDump(lines, h.package, h.keyboard_shown, {"rotation": h.rotation})

    async def device_info(self) -> dict[str, Any]:
        info = await self.driver.device_info()
        device = " ".join(v for v in (info.get("manufacturer"), info.get("model")) if v)
        return {"os": "Android", "version": info.get("android", ""), "device": device, **info}

    async def back(self) -> str:
        await self.driver.press_key("back")
        return "Back key"


__all__ = ["STRONG", "AndroidActions", "Spot"]
