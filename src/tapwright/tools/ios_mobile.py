"""``ios.*`` tools only iOS has, or has in its own way, under Android's names, arguments, status prefixes and error codes.

The scenario start, activating and terminating apps (with a foreground check), app state, the home
button, the screen dump, screen size and device information, back (the navigation bar's back button:
iOS has no Back key), screenshots and alerts. The rest of the mobile catalog (tapping and typing by
text, swipes, checks, waiting) is :mod:`tapwright.tools.mobile.catalog`.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Annotated

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.context import ToolContext
from tapwright.core.fence import FilePath
from tapwright.core.result import ToolResult
from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.wda import APP_STATES
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.ios_common import ios_tool, snapshot_note
from tapwright.tools.mobile.common import Package

ButtonName = Annotated[str, MinLen(1), MaxLen(200)]

# -- lifecycle ---------------------------------------------------------------------------


@ios_tool([r"\bstart (the )?(test|testing) scenario\b"], timeout_ms=60_000, idempotent=False)
async def start_testing_scenario(driver: IosDriver, app_package: Package) -> ToolResult:
    """First action of a run: stop a stale instance, launch the app and verify it is in front.

    A second call in the same run is an error: go on with the next step instead.

    Args:
        app_package: The app's bundle id, e.g. com.example.shop.
    """
    if driver.scenario_started:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "the scenario is already started and the app is on screen: "
                          "do not restart it, go on with the next step")  # fmt: skip
    await driver.terminate(app_package)
    status = await driver.launch(app_package)
    driver.scenario_started = True
    return ToolResult.success({"package": app_package, "status": status}, status=f"OK: {status}")


@ios_tool([r"\b(switch|go back|return) to (the )?app\b", r"\bactivate (the )?app\b"], timeout_ms=60_000, idempotent=True)
async def activate_app(driver: IosDriver, package_name: Package) -> ToolResult:
    """Bring a running app back to the front as it was left (launch it when it is not running), verified.

    Args:
        package_name: The app's bundle id.
    """
    status = await driver.launch(package_name, activate=True)
    return ToolResult.success({"package": package_name, "status": status}, status=f"OK: {status}")


@ios_tool([r"\bforce[- ]?stop\b", r"\b(terminate|close|quit) (the )?app\b"], idempotent=True)
async def force_stop_app(driver: IosDriver, package_name: Package) -> ToolResult:
    """Terminate an app.

    Args:
        package_name: The app's bundle id.
    """
    was_running = await driver.terminate(package_name)
    return ToolResult.success({"package": package_name, "was_running": was_running}, status=f"OK: stopped {package_name}")


@ios_tool([r"\bapp state\b"], read_only=True)
async def get_app_state(driver: IosDriver, package_name: Package) -> ToolResult:
    """Whether an app is not running, in the background or in front.

    Args:
        package_name: The app's bundle id.
    """
    state = await driver.app_state(package_name)
    words = APP_STATES.get(state, "unknown")
    return ToolResult.success({"package": package_name, "state": state, "description": words}, status=f"OK: {words}")


@ios_tool([r"\b(press|tap|go to) (the )?home( button| screen)?\b"], idempotent=True)
async def press_home(driver: IosDriver) -> ToolResult:
    """Press the Home button: the app goes to the background, the home screen shows."""
    await driver.home()
    return ToolResult.success(None, status="OK: pressed home")


# -- discovery ---------------------------------------------------------------------------


@ios_tool([r"\bscreen dump\b", r"\bui hierarchy\b", r"\bpage source\b"], read_only=True)
async def get_screen_dump(driver: IosDriver, max_chars: Annotated[int, Ge(500), Le(50_000)] = 2_000) -> ToolResult:
    """The screen's element tree, slimmed to what identifies elements and capped; says when WDA's depth limit cut it.

    Args:
        max_chars: Cap on the text returned.
    """
    page = await driver.page()
    lines = []
    for e in page.tree:
        if not (e.name or e.text) or e.rect is None:
            continue
        r = e.rect
        keys = " ".join(f'{k}="{v}"' for k, v in (("label", e.attr("content_desc")), ("value", e.text or e.value or ""),
                        ("identifier", e.attr("resource_id"))) if v)  # fmt: skip
        hidden = "" if e.state.visible else ' visible="false"'
        lines.append(f"<{e.attr('class').removeprefix('XCUIElementType')} {keys}{hidden} rect=\"{r.x:.0f},{r.y:.0f},{r.width:.0f},{r.height:.0f}\"/>")
    text = "\n".join(lines)
    truncated = len(text) > max_chars
    data = {"dump": text[:max_chars] + ("\n… truncated" if truncated else ""), "truncated": truncated, "app": page.app_name,
            "keyboard_shown": page.keyboard_shown, "alert": page.alert, "depth_limited": page.depth_limited,
            "snapshot": snapshot_note(driver)}  # fmt: skip
    if page.depth_limited:
        data["hint"] = page.depth_hint()
    return ToolResult.success(data, status=f"OK: {len(lines)} elements" + (" (cut at the depth limit)" if page.depth_limited else ""))


@ios_tool([r"\bscreen size\b"], read_only=True)
async def get_screen_size(driver: IosDriver) -> ToolResult:
    """The screen size in points (what taps use), and in pixels (what screenshots have): points times the scale."""
    w, h = await driver.screen_size()
    s = driver.scale
    data = {"width": w, "height": h, "scale": s, "pixel_width": round(w * s), "pixel_height": round(h * s)}
    return ToolResult.success(data, status=f"OK: {w}x{h} points ({round(w * s)}x{round(h * s)} pixels)")


@ios_tool([r"\bdevice info(rmation)?\b"], read_only=True)
async def device_information(driver: IosDriver) -> ToolResult:
    """The iOS version, device kind, screen and WebDriverAgent build."""
    status = await driver.client.status()
    w, h = driver.size
    info = {"os": (status.get("os") or {}).get("name", "iOS"), "version": (status.get("os") or {}).get("version", ""),
            "device": status.get("device", ""), "screen": f"{w}x{h}", "scale": driver.scale,
            "wda": (status.get("build") or {}).get("version", ""), "url": driver.client.url}  # fmt: skip
    return ToolResult.success(info, status=f"OK: {info['device']} iOS {info['version']}")


# -- interaction -------------------------------------------------------------------------


@ios_tool([r"\b(go|navigate) back\b", r"\bpress back\b"], idempotent=False)
async def go_back(driver: IosDriver) -> ToolResult:
    """Tap the navigation bar's back button (iOS has no Back key: a screen without one fails as ELEMENT_NOT_FOUND)."""
    name = await driver.go_back()
    return ToolResult.success({"button": name}, status=f"OK: pressed back ({name})")


# -- pictures -------------------------------------------------------------------------------


_shots = {"n": 0}


@ios_tool([r"\bscreenshot\b.*\bgoal\b", r"\btake (a )?screenshot\b"], read_only=True)
async def take_screenshot(driver: IosDriver, ctx: ToolContext, goal_name: Annotated[str, MaxLen(200)] = "screen",
                          directory: FilePath | None = None) -> ToolResult:  # fmt: skip
    """Capture the screen to a PNG named after the goal (pixels: points times the scale); returns its path.

    Args:
        goal_name: What the screenshot shows; becomes the file name.
        directory: Where to save it (a temporary directory when omitted).
    """
    _shots["n"] += 1
    slug = re.sub(r"\s+", "-", re.sub(r"[^a-z0-9 ]", "", goal_name.lower()).strip())[:60] or "screen"
    folder = ctx.files.folder(directory) if directory is not None else Path(tempfile.gettempdir())  # the file fence
    shot = await driver.screenshot(str(folder / f"{_shots['n']:03d}-{slug}.png"))
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height, "scale": driver.scale},
                      screenshot=shot, status=f"OK: {shot.path}")  # fmt: skip


# -- alerts --------------------------------------------------------------------------------------


@ios_tool([r"\b(read|get) (the )?alert\b"], read_only=True)
async def get_alert(driver: IosDriver) -> ToolResult:
    """The alert on screen: its text and its buttons (ELEMENT_NOT_FOUND when none is shown)."""
    text = await driver.client.alert_text()
    buttons = await driver.client.alert_buttons()
    return ToolResult.success({"text": text, "buttons": buttons}, status=f"OK: alert {text.splitlines()[0][:80]!r}")


@ios_tool([r"\baccept (the )?alert\b", r"\b(allow|ok) (the )?(alert|permission)\b"], idempotent=False)
async def accept_alert(driver: IosDriver) -> ToolResult:
    """Accept the alert on screen (its default button: OK, Allow)."""
    text = await driver.client.alert_text()
    await driver.client.alert_accept()
    driver.invalidate()
    return ToolResult.success({"text": text}, status="OK: alert accepted")


@ios_tool([r"\bdismiss (the )?alert\b", r"\b(cancel|deny) (the )?(alert|permission)\b"], idempotent=False)
async def dismiss_alert(driver: IosDriver) -> ToolResult:
    """Dismiss the alert on screen (its cancel button: Cancel, Don't Allow)."""
    text = await driver.client.alert_text()
    await driver.client.alert_dismiss()
    driver.invalidate()
    return ToolResult.success({"text": text}, status="OK: alert dismissed")


@ios_tool([r"\b(tap|press|click|choose)\b.*\bin (the )?alert\b"], idempotent=False)
async def tap_alert_button(driver: IosDriver, button: ButtonName) -> ToolResult:
    """Press the alert's button with this name (exactly as shown; ELEMENT_NOT_FOUND lists the buttons when none is).

    Args:
        button: The button's name, e.g. Allow Once.
    """
    buttons = await driver.client.alert_buttons()
    chosen = next((b for b in buttons if b == button), None) or next((b for b in buttons if b.casefold() == button.casefold()), None)
    if chosen is None:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"the alert has no button {button!r}; it has {buttons}",
                          data={"candidates": buttons})  # fmt: skip
    await driver.client.alert_accept(chosen)
    driver.invalidate()
    return ToolResult.success({"button": chosen}, status=f"OK: pressed {chosen!r}")
