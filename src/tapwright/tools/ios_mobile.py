"""``ios.*`` tools only iOS has: activating an app (with a foreground check), app state, deep links, the
clipboard, the home button and alerts. The rest of the mobile catalog (the scenario start, stopping an app, the
screen dump, screen size, device information, back, screenshots, tapping and typing by text, swipes, checks,
waiting) is :mod:`tapwright.tools.mobile.catalog`, under Android's names, arguments, status prefixes and error codes.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import MaxLen, MinLen

from tapwright.core.result import ToolResult
from tapwright.drivers.ios.driver import IosDriver
from tapwright.drivers.ios.wda import APP_STATES
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.ios_common import ios_tool
from tapwright.tools.mobile.common import Clip, Package

ButtonName = Annotated[str, MinLen(1), MaxLen(200)]
Uri = Annotated[str, MinLen(3), MaxLen(2000)]

# -- lifecycle ---------------------------------------------------------------------------


@ios_tool([r"\b(switch|go back|return) to (the )?app\b", r"\bactivate (the )?app\b"], timeout_ms=60_000, idempotent=True)
async def activate_app(driver: IosDriver, package_name: Package) -> ToolResult:
    """Bring a running app back to the front as it was left (launch it when it is not running), verified.

    Args:
        package_name: The app's bundle id.
    """
    status = await driver.launch(package_name, activate=True)
    return ToolResult.success({"package": package_name, "status": status}, status=f"OK: {status}")


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


@ios_tool([r"\b(open|follow|visit) (the )?(deep )?link\b", r"\bdeep ?link\b"], timeout_ms=30_000, idempotent=False,
          open_world=True)  # a universal link with no app of its own opens in Safari, which loads it
async def open_deep_link(driver: IosDriver, uri: Uri, package: Package | None = None) -> ToolResult:
    """Open a link (myapp://orders/42, https://shop.example/item/7) in the app that handles it, through WebDriverAgent's /url.

    Args:
        uri: The link, with its scheme.
        package: The app (bundle id) that must open it (it is then checked to be in front); any handler when omitted.
    """
    opened = await driver.open_url(uri, package)
    return ToolResult.success(opened, status=f"OK: opened {uri} in {opened['opened_in'] or opened['foreground']}")


# -- clipboard ---------------------------------------------------------------------------


@ios_tool([r"\b(copy|put|set)\b.*\bclipboard\b"], idempotent=True)
async def set_clipboard(driver: IosDriver, text: Clip) -> ToolResult:
    """Put text on the device's pasteboard (WebDriverAgent's /wda/setPasteboard) and read it back. Reports only its length.

    Args:
        text: The text (any Unicode).
    """
    done = await driver.set_clipboard(text)
    note = "" if done["read_back"] else " (not read back: a device may show the pasteboard only to the app in front)"
    return ToolResult.success(done, status=f"OK: clipboard holds {len(text)} characters{note}")


@ios_tool([r"\b(read|get|what is on)\b.*\bclipboard\b"], read_only=True)
async def get_clipboard(driver: IosDriver) -> ToolResult:
    """The text on the device's pasteboard (WebDriverAgent's /wda/getPasteboard; "" when empty)."""
    text = await driver.get_clipboard()
    return ToolResult.success({"text": text, "length": len(text)}, status=f"OK: clipboard holds {len(text)} characters")


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
