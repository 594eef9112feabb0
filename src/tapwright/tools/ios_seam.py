"""The iOS platform's action seam: the mobile seam over an IosDriver (WebDriverAgent).

All of the seam is :class:`~tapwright.tools.mobile.seam.MobileActions`; iOS adds the words of its tools
(points, labels, identifiers), which of an element's fields a text search looks in (its name and value
too), and that a cell and its own caption count once. An element not found in a tree cut by WDA's depth
limit says to raise it (the driver's ``find``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tapwright.core.element import Element
from tapwright.drivers.ios.driver import IosDriver
from tapwright.tools.mobile.seam import STRONG, MobileActions, MobileWords, ScreenDump, Spot

_WORDS = MobileWords(
    fields="text, label or identifier", field_names="its placeholder, label or identifier",
    typing="any Unicode: iOS types it as given", app_id="bundle id (com.apple.Preferences for Settings)",
    unit="points", tap_note="a screenshot's pixels divided by the scale", scroll_distance=(400, 250),
    until_swipes=(30, 8), until_timeout_ms=60_000, until_fraction=0.6, stop_how="terminate it",
    back_how="tap the navigation bar's back button (iOS has no Back key: a screen without one fails as ELEMENT_NOT_FOUND)",
    info_extra="scale, the WebDriverAgent build (wda) and its url",
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

    async def start_afresh(self, app: str) -> str:
        await self.driver.terminate(app)
        return await self.driver.launch(app)

    async def stop_app(self, app: str) -> bool:
        return await self.driver.terminate(app)

    async def screen_dump(self) -> ScreenDump:
        page = await self.driver.page()
        lines = []
        for e in page.tree:
            if not (e.name or e.text) or e.rect is None:
                continue
            r = e.rect
            keys = " ".join(f'{k}="{v}"' for k, v in (("label", e.attr("content_desc")), ("value", e.text or e.value or ""),
                            ("identifier", e.attr("resource_id"))) if v)  # fmt: skip
            hidden = "" if e.state.visible else ' visible="false"'
            lines.append(f"<{e.attr('class').removeprefix('XCUIElementType')} {keys}{hidden} rect=\"{r.x:.0f},{r.y:.0f},{r.width:.0f},{r.height:.0f}\"/>")
        extra: dict[str, Any] = {"alert": page.alert, "depth_limited": page.depth_limited}
        if page.depth_limited:
            extra["hint"] = page.depth_hint()
        return ScreenDump(lines, page.app_name, page.keyboard_shown, extra, " (cut at the depth limit)" if page.depth_limited else "")

    def scale(self) -> float:
        return self.driver.scale

    async def device_info(self) -> dict[str, Any]:
        client = self.driver.client
        status = await client.status()
        w, h = self.driver.size
        os_info, caps = status.get("os") or {}, client.capabilities  # through Appium: the session's capabilities say
        server = "wda" if client.server == "WebDriverAgent" else client.server.lower()
        return {"os": os_info.get("name") or caps.get("platformName") or "iOS",
                "version": os_info.get("version") or str(caps.get("platformVersion") or ""),
                "device": status.get("device") or str(caps.get("deviceName") or caps.get("udid") or ""),
                "screen": f"{w}x{h}", "scale": self.driver.scale, server: (status.get("build") or {}).get("version", ""),
                "url": client.url}  # fmt: skip

    async def back(self) -> str:
        return await self.driver.go_back()

    async def quick_pick(self, text: str, selector: str, position: int | None) -> dict[str, Any] | None:
        """A tap by identifier (``selector_type="resource-id"``) decided by WDA's own find, without the page source.

        The same rules as :meth:`pick` over what :meth:`IosDriver.by_identifier` answers: the one visible
        match, or the only exact one among several. Anything else (no match, several and no single exact
        one, a position asked) is left to :meth:`pick` over the page source, which says why with its hints.
        """
        if position is not None:
            return None
        found = await self._by_identifier(text, selector)
        if found is None:
            return None
        exact = [h for h in found if h["value"].casefold() == text.casefold()]
        if len(found) == 1:
            return found[0]
        # A caption merged into its control has the control's value: merging never makes a single exact match.
        return exact[0] if len(exact) == 1 else None

    async def quick_matches(self, text: str, selector: str) -> list[dict[str, Any]] | None:
        """:meth:`matches` by identifier from WDA's own find, when it finds none or one (two may be a control
        and its own caption, which the page source counts once)."""
        found = await self._by_identifier(text, selector)
        return found if found is not None and len(found) <= 1 else None

    async def _by_identifier(self, text: str, selector: str) -> list[dict[str, Any]] | None:
        if selector != "resource-id":
            return None
        hits = await self.driver.by_identifier(text)
        if hits is None:
            return None
        return [h for h in hits if h["visible"] and h["role"] not in self.skip_roles]


__all__ = ["STRONG", "IosActions", "Spot"]
