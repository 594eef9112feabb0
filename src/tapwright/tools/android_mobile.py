"""The mobile catalog as ``android.*`` tools: lifecycle, discovery, interaction, verification, media."""

from __future__ import annotations

import asyncio
import re
import tempfile
from pathlib import Path
from typing import Annotated

from annotated_types import Ge, Le, MaxLen

from tapwright.core.context import ToolContext
from tapwright.core.fence import FilePath
from tapwright.core.result import ToolResult, tapped_status, visible_status
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_common import (
    Coord,
    Distance,
    Duration,
    Package,
    Selector,
    Text,
    Typed,
    android_tool,
    matches,
    pick,
    snapshot_note,
    swipe_by,
    type_into,
    vanished,
)

# -- lifecycle ---------------------------------------------------------------------------


@android_tool([r"\bstart (the )?(test|testing) scenario\b"], timeout_ms=60_000, idempotent=False)  # a second call is refused (it is the first action only)
async def start_testing_scenario(driver: AndroidDriver, app_package: Package) -> ToolResult:
    """First action of a run: wake and unlock the screen, stop a stale instance, launch the app and verify it is in front.

    A second call in the same run is an error: go on with the next step instead.

    Args:
        app_package: The app's package name, e.g. com.example.shop.
    """
    if driver.scenario_started:
        raise ToolFailure(ErrorCode.INVALID_INPUT, "the scenario is already started and the app is on screen: "
                          "do not restart it, go on with the next step")  # fmt: skip
    await driver.wake_and_unlock()
    await driver.force_stop(app_package)
    status = await driver.launch(app_package)
    driver.scenario_started = True
    return ToolResult.success({"package": app_package, "status": status}, status=f"OK: {status}")


@android_tool([r"\b(launch|open|start) (the )?app\b"], timeout_ms=60_000, idempotent=True)
async def launch_app_by_package(driver: AndroidDriver, package_name: Package) -> ToolResult:
    """Launch an app mid-run (switch to Settings, come back to the app under test) and verify it is in front.

    Args:
        package_name: The app's package name.
    """
    status = await driver.launch(package_name)
    return ToolResult.success({"package": package_name, "status": status}, status=f"OK: {status}")


@android_tool([r"\bforce[- ]?stop\b"], idempotent=True)
async def force_stop_app(driver: AndroidDriver, package_name: Package) -> ToolResult:
    """Force-stop an app.

    Args:
        package_name: The app's package name.
    """
    await driver.force_stop(package_name)
    return ToolResult.success({"package": package_name}, status=f"OK: stopped {package_name}")


@android_tool([r"\bclear (the )?(app )?data\b"], idempotent=True, destructive=True)
async def clear_app_data(driver: AndroidDriver, package_name: Package) -> ToolResult:
    """Clear an app's data (as a fresh install has none).

    Args:
        package_name: The app's package name.
    """
    await driver.clear_data(package_name)
    return ToolResult.success({"package": package_name}, status=f"OK: cleared {package_name}")


# -- discovery ---------------------------------------------------------------------------


@android_tool([r"\bfind (ui )?elements?\b"], read_only=True)
async def find_ui_elements_by_text(driver: AndroidDriver, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Find elements whose text, content-desc or resource-id contains a fragment (case-insensitive); each with its tap centre.

    Args:
        text: The fragment to look for.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await matches(driver, text, selector_type)
    if not found:
        raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no element matches {text!r} (selector_type={selector_type}): try another word")
    return ToolResult.success({"matches": found, "snapshot": snapshot_note(driver)}, status=f"OK: {len(found)} match(es)")


@android_tool([r"\bscreen dump\b", r"\bui hierarchy\b"], read_only=True)
async def get_screen_dump(driver: AndroidDriver, max_chars: Annotated[int, Ge(500), Le(50_000)] = 2_000) -> ToolResult:
    """The screen's UI hierarchy, slimmed to the attributes that identify elements and capped. A last resort after find_ui_elements_by_text.

    Args:
        max_chars: Cap on the text returned.
    """
    h = await driver.hierarchy()
    lines = []
    for e in h.tree:
        if not (e.name or e.text) or e.rect is None:
            continue
        r = e.rect
        keys = " ".join(f'{k}="{v}"' for k, v in (("text", e.text), ("content-desc", e.attr("content_desc")),
                        ("resource-id", e.attr("resource_id").rsplit("/", 1)[-1])) if v)  # fmt: skip
        where = f"{e.attrs['window']} " if "window" in e.attrs else ""
        lines.append(f'<{where}{e.role} {keys} bounds="[{r.x:.0f},{r.y:.0f}][{r.x + r.width:.0f},{r.y + r.height:.0f}]"/>')
    text = "\n".join(lines)
    truncated = len(text) > max_chars
    return ToolResult.success({"dump": text[:max_chars] + ("\n… truncated" if truncated else ""), "truncated": truncated,
                               "package": h.package, "rotation": h.rotation, "keyboard_shown": h.keyboard_shown,
                               "snapshot": snapshot_note(driver)}, status=f"OK: {len(lines)} elements")  # fmt: skip


@android_tool([r"\bscreen size\b"], read_only=True)
async def get_screen_size(driver: AndroidDriver) -> ToolResult:
    """The screen size in pixels (``wm size``)."""
    w, h = driver.size = await driver.screen_size()
    return ToolResult.success({"width": w, "height": h}, status=f"OK: {w}x{h}")


@android_tool([r"\bdevice info(rmation)?\b"], read_only=True)
async def device_information(driver: AndroidDriver) -> ToolResult:
    """Manufacturer, model, Android version, SDK, screen, battery of the device."""
    info = await driver.device_info()
    return ToolResult.success(info, status=f"OK: {info.get('manufacturer', '')} {info.get('model', '')} Android {info.get('android', '')}")


# -- interaction -------------------------------------------------------------------------


@android_tool([r"\btap\b.*\b(text|containing|contains)\b"], idempotent=False, aliases=("tap",))
async def tap_text(driver: AndroidDriver, text: Text, selector_type: Selector = "any",
                   position: Annotated[int, Ge(0), Le(100)] | None = None) -> ToolResult:  # fmt: skip
    """Tap the element whose text, content-desc or resource-id contains ``text``; ``position`` picks among several.

    Several matches without a position tap the only exact one, or fail as AMBIGUOUS listing them.
    Also answers to ``android.tap`` (its former name). To tap what a description means ("the Sign in
    button"), use ``android.click``, the same action as on every platform.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
        position: Which match to tap (0 = first) when several match.
    """
    hit = await pick(driver, text, selector_type, position)
    await driver.click_at(hit["cx"], hit["cy"])
    return ToolResult.success({"x": hit["cx"], "y": hit["cy"], "value": hit["value"]}, status=tapped_status(hit["cx"], hit["cy"]))


@android_tool([r"\btap\b.*\bcoordinates?\b"], idempotent=False)
async def tap_by_coordinates(driver: AndroidDriver, x: Coord, y: Coord) -> ToolResult:
    """Tap at screen coordinates (when no selector finds the element).

    Args:
        x: The x-coordinate in pixels.
        y: The y-coordinate in pixels.
    """
    await driver.click_at(x, y)
    return ToolResult.success({"x": x, "y": y}, status=tapped_status(x, y))


@android_tool([r"\b(input|type|enter)\b.*\b(into|in)\b"], idempotent=True)  # taps, clears the field, types: a second call leaves the same text
async def input_text(driver: AndroidDriver, field_selector: Text, text: Typed, selector_type: Selector = "any") -> ToolResult:
    """Tap a field found like ``tap`` finds elements, type text into it, then hide the keyboard. Reports only the text's length.

    Args:
        field_selector: The fragment identifying the field (its hint, text, content-desc or resource-id).
        text: The text to type (ASCII; spaces and shell characters are typed literally).
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    hit = await pick(driver, field_selector, selector_type, None)
    element = (await driver.snapshot()).by_ref(hit["ref"])
    await type_into(driver, hit["cx"], hit["cy"], element, text, hide=True)
    return ToolResult.success({"text_length": len(text), "x": hit["cx"], "y": hit["cy"]}, status=f"OK: typed {len(text)} characters")


@android_tool([r"\b(go|navigate) back\b", r"\bpress back\b"], idempotent=False)
async def go_back(driver: AndroidDriver) -> ToolResult:
    """Press the Back key."""
    await driver.press_key("back")
    return ToolResult.success(None, status="OK: pressed back")


@android_tool([r"\bhide (the )?keyboard\b"], idempotent=True)  # presses Back only while the keyboard shows
async def hide_keyboard(driver: AndroidDriver) -> ToolResult:
    """Hide the soft keyboard (Back, which dismisses it on the first press), then check that it went."""
    if not (await driver.hierarchy()).keyboard_shown:
        return ToolResult.success({"was_shown": False}, status="OK: keyboard already hidden")
    await driver.press_key("back")
    for _ in range(5):  # Back hides it at once on a device; the dump may lag a moment
        await asyncio.sleep(0.2)
        if not (await driver.hierarchy(fresh=True)).keyboard_shown:
            return ToolResult.success({"was_shown": True}, status="OK: keyboard hidden")
    raise ToolFailure(ErrorCode.DRIVER_ERROR, "pressed Back but the soft keyboard is still shown")


@android_tool([r"\bswipe up\b", r"\bscroll down\b"], idempotent=False)
async def swipe_up(driver: AndroidDriver) -> ToolResult:
    """Swipe up about 60% of the screen height (reveals content below)."""
    h = (driver.size or await driver.screen_size())[1]
    return await swipe_by(driver, True, int(h * 0.6), 300)


@android_tool([r"\bswipe down\b", r"\bscroll up\b"], idempotent=False)
async def swipe_down(driver: AndroidDriver) -> ToolResult:
    """Swipe down about 60% of the screen height (reveals content above)."""
    h = (driver.size or await driver.screen_size())[1]
    return await swipe_by(driver, True, -int(h * 0.6), 300)


@android_tool([r"\bscroll vertically\b"], idempotent=False)
async def scroll_vertically(driver: AndroidDriver, distance: Distance = 1000, duration_ms: Duration = 300) -> ToolResult:
    """Scroll vertically: positive distance swipes up (content moves up), negative swipes down.

    Args:
        distance: Pixels to swipe.
        duration_ms: How long the swipe takes.
    """
    return await swipe_by(driver, True, distance, duration_ms)


@android_tool([r"\bscroll horizontally\b"], idempotent=False)
async def scroll_horizontally(driver: AndroidDriver, distance: Distance = 1000, duration_ms: Duration = 300) -> ToolResult:
    """Scroll horizontally: positive distance swipes left (content moves left), negative swipes right.

    Args:
        distance: Pixels to swipe.
        duration_ms: How long the swipe takes.
    """
    return await swipe_by(driver, False, distance, duration_ms)


# -- verification and timing -----------------------------------------------------------------


@android_tool([r"\bverify\b.*\bvisible\b"], read_only=True)
async def verify_element_visible(driver: AndroidDriver, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Confirm an element is on screen after an action.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await matches(driver, text, selector_type)
    if not found:
        if selector_type in ("any", "text") and (recent := vanished(driver, text)) is not None:
            return recent  # a toast or snackbar that has just gone
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{text!r} not on screen: try scrolling or waiting")
    return ToolResult.success({"matches": len(found), "snapshot": snapshot_note(driver)}, status=visible_status(len(found)))


@android_tool([r"\bverify\b.*\bnot visible\b"], read_only=True)
async def verify_element_not_visible(driver: AndroidDriver, text: Text, selector_type: Selector = "any") -> ToolResult:
    """Confirm a screen transition: the element expected to leave is gone.

    Args:
        text: The fragment identifying the element.
        selector_type: Which attribute to search: any, text, content-desc or resource-id.
    """
    found = await matches(driver, text, selector_type)
    if found:
        raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{text!r} is still visible ({len(found)} match(es))")
    return ToolResult.success({"matches": 0, "snapshot": snapshot_note(driver)}, status=f"OK: {text!r} is not visible (as expected)")


@android_tool([r"\bwait\b"], timeout_ms=15_000, read_only=True)
async def wait(driver: AndroidDriver, ms: Annotated[int, Ge(0), Le(60_000)] = 500) -> ToolResult:
    """Wait for animations or loading; bounded to 50..10,000 ms.

    Args:
        ms: Milliseconds to wait.
    """
    ms = max(50, min(10_000, ms))
    await asyncio.sleep(ms / 1000)
    driver.invalidate()  # the screen may have changed while waiting
    return ToolResult.success({"waited_ms": ms}, status=f"OK: waited {ms}ms")


def _slug(text: str) -> str:
    return re.sub(r"\s+", "-", re.sub(r"[^a-z0-9 ]", "", text.lower()).strip())[:60] or "screen"


_shots = {"n": 0}


@android_tool([r"\bscreenshot\b.*\bgoal\b", r"\btake (a )?screenshot\b"], read_only=True)
async def take_screenshot(driver: AndroidDriver, ctx: ToolContext, goal_name: Annotated[str, MaxLen(200)] = "screen", directory: FilePath | None = None) -> ToolResult:
    """Capture the screen to a PNG named after the goal; returns its path.

    Args:
        goal_name: What the screenshot shows; becomes the file name.
        directory: Where to save it (a temporary directory when omitted).
    """
    _shots["n"] += 1
    folder = ctx.files.folder(directory) if directory is not None else Path(tempfile.gettempdir())
    shot = await driver.screenshot(str(folder / f"{_shots['n']:03d}-{_slug(goal_name)}.png"))
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height}, screenshot=shot,
                      status=f"OK: {shot.path}")  # fmt: skip


@android_tool([r"\bstart (the )?(screen )?recording\b"], idempotent=False)
async def start_screen_recording(driver: AndroidDriver) -> ToolResult:
    """Start recording the screen (``screenrecord``) until stop_screen_recording."""
    await driver.start_recording()
    return ToolResult.success(None, status="OK: recording")


@android_tool([r"\bstop (the )?(screen )?recording\b"], idempotent=False)
async def stop_screen_recording(driver: AndroidDriver, ctx: ToolContext, path: FilePath | None = None) -> ToolResult:
    """Stop the screen recording and pull the video; returns its local path.

    Args:
        path: Where to save the MP4 (a temporary file when omitted).
    """
    local = str(ctx.files.writable(path, kind="video")) if path else str(Path(tempfile.mkdtemp(prefix="tapwright-rec-")) / "video.mp4")
    saved = await driver.stop_recording(local)
    return ToolResult.success({"path": saved, "bytes": Path(saved).stat().st_size}, status=f"OK: {saved}")
