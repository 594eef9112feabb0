"""``android.*`` tools for the device around the app: deep links, runtime permissions, the clipboard,
and toasts or snackbars that come and go (scrolling until something shows is in the mobile catalog,
:mod:`tapwright.tools.mobile.catalog`)."""

from __future__ import annotations

import asyncio
import time
from typing import Annotated

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.result import ToolResult, visible_status
from tapwright.drivers.android import system
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_common import Package, Text, android_tool, snapshot_note
from tapwright.tools.mobile.common import Clip

Uri = Annotated[str, MinLen(3), MaxLen(2000)]
Permission = Annotated[str, MinLen(2), MaxLen(200)]

# -- deep links ------------------------------------------------------------------------------


@android_tool([r"\b(open|follow|visit) (the )?(deep )?link\b", r"\bdeep ?link\b"], timeout_ms=30_000, idempotent=False,
              open_world=True)  # an https link with no app of its own opens in a browser, which loads it
async def open_deep_link(driver: AndroidDriver, uri: Uri, package: Package | None = None) -> ToolResult:
    """Open a URI (myapp://orders/42, https://shop.example/item/7) in the app that handles it, via the activity manager.

    Args:
        uri: The link, with its scheme.
        package: The app that must open it (it is then checked to be in front); any handler when omitted.
    """
    opened = await system.open_uri(driver, uri, package)
    return ToolResult.success(opened, status=f"OK: opened {uri} in {opened['opened_in'] or opened['foreground']}")


# -- runtime permissions ---------------------------------------------------------------------


@android_tool([r"\bgrant\b.*\bpermission\b", r"\ballow\b.*\bpermission\b"], idempotent=True)
async def grant_permission(driver: AndroidDriver, package: Package, permission: Permission) -> ToolResult:
    """Grant an app a runtime permission (pm grant), then check it holds it.

    Args:
        package: The app's package name.
        permission: CAMERA, ACCESS_FINE_LOCATION, POST_NOTIFICATIONS ... or a full name (android.permission.CAMERA).
    """
    state = await system.set_permission(driver, package, permission, grant=True)
    return ToolResult.success(state, status=f"OK: {state['permission']} granted to {package}")


@android_tool([r"\b(revoke|deny|remove)\b.*\bpermission\b"], idempotent=True)  # stops the app, as force_stop_app does: no data lost
async def revoke_permission(driver: AndroidDriver, package: Package, permission: Permission) -> ToolResult:
    """Revoke an app's runtime permission (pm revoke), then check it is gone. Android stops the app when it held it.

    Args:
        package: The app's package name.
        permission: CAMERA, ACCESS_FINE_LOCATION ... or a full name (android.permission.CAMERA).
    """
    state = await system.set_permission(driver, package, permission, grant=False)
    stopped = " (the app was stopped)" if state["app_stopped"] else ""
    return ToolResult.success(state, status=f"OK: {state['permission']} revoked from {package}{stopped}")


@android_tool([r"\b(check|has|verify)\b.*\bpermission\b"], read_only=True)
async def check_permission(driver: AndroidDriver, package: Package, permission: Permission,
                           expect_granted: bool | None = None) -> ToolResult:  # fmt: skip
    """Whether an app asks for a permission and holds it (dumpsys package); with expect_granted, a check that fails when it differs.

    Args:
        package: The app's package name.
        permission: CAMERA, ACCESS_FINE_LOCATION ... or a full name.
        expect_granted: The state the check expects (omit to only read it).
    """
    state = await system.permission_state(driver, package, permission)
    word = "granted" if state.granted else ("not granted" if state.requested else "not requested by the app")
    if expect_granted is not None and state.granted != expect_granted:
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"{state.permission} is {word} for {package}, expected "
                          f"{'granted' if expect_granted else 'not granted'}", data=state.to_dict())  # fmt: skip
    return ToolResult.success({**state.to_dict(), "package": package}, status=f"OK: {state.permission} {word}")


# -- clipboard ---------------------------------------------------------------------------------


@android_tool([r"\b(copy|put|set)\b.*\bclipboard\b"], idempotent=True)
async def set_clipboard(driver: AndroidDriver, text: Clip) -> ToolResult:
    """Put text on the device's clipboard (needs the Clipper helper app); paste it with press_key("paste"). Reports only its length.

    Args:
        text: The text (any Unicode).
    """
    done = await system.set_clipboard(driver, text)
    note = "" if done["read_back"] else " (not read back: Android 10+ hides the clipboard from background apps)"
    return ToolResult.success(done, status=f"OK: clipboard holds {len(text)} characters{note}")


@android_tool([r"\b(read|get|what is on)\b.*\bclipboard\b"], read_only=True)
async def get_clipboard(driver: AndroidDriver) -> ToolResult:
    """The text on the device's clipboard (needs the Clipper helper app; "" when empty or hidden by Android 10+)."""
    text = await system.get_clipboard(driver)
    return ToolResult.success({"text": text, "length": len(text)}, status=f"OK: clipboard holds {len(text)} characters")


# -- toasts and snackbars ------------------------------------------------------------------------------


@android_tool([r"\b(toast|snackbar)\b"], timeout_ms=30_000, read_only=True)
async def wait_for_toast(driver: AndroidDriver, text: Text, timeout_ms: Annotated[int, Ge(100), Le(20_000)] = 5_000) -> ToolResult:
    """Wait until a toast or snackbar showing the text appears (or was seen in the last seconds), reading the screen again and again.

    Args:
        text: Words of the message.
        timeout_ms: How long to keep looking.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        await driver.hierarchy(fresh=True)
        seen = driver.transient.find(text)
        if seen is not None:
            on = driver.transient.on_screen(seen)
            data = seen.to_dict(time.monotonic(), on_screen=on)
            gone = "" if on else f", gone now (seen {data['seen_s_ago']}s ago)"
            return ToolResult.success({**data, "snapshot": snapshot_note(driver)}, status=f"{visible_status(1)} ({seen.kind}{gone})")
        if time.monotonic() >= deadline:
            raise ToolFailure(ErrorCode.TIMEOUT, f"no toast or snackbar showing {text!r} within {timeout_ms} ms", waited=True)
        await asyncio.sleep(0.2)


@android_tool([r"\brecent (toasts|snackbars|messages)\b"], read_only=True)
async def recent_toasts(driver: AndroidDriver) -> ToolResult:
    """Toasts and snackbars seen on screen in the last seconds (by earlier snapshots), newest last, each with how long ago."""
    await driver.snapshot()
    now = time.monotonic()
    items = [s.to_dict(now, on_screen=driver.transient.on_screen(s)) for s in driver.transient.recent(now)]
    return ToolResult.success({"items": items, "keep_s": driver.transient.keep_s}, status=f"OK: {len(items)} recent")
