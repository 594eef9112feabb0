"""``android.*`` tools only Android has, or has in its own way: the scenario start, app data, the screen dump,
device information, Back, screenshots and screen recordings (the rest of the mobile catalog is
:mod:`tapwright.tools.mobile.catalog`)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Annotated

from annotated_types import Ge, Le, MaxLen

from tapwright.core.context import ToolContext
from tapwright.core.fence import FilePath
from tapwright.core.result import ToolResult
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.android_common import Package, android_tool, snapshot_note

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


@android_tool([r"\b(go|navigate) back\b", r"\bpress back\b"], idempotent=False)
async def go_back(driver: AndroidDriver) -> ToolResult:
    """Press the Back key."""
    await driver.press_key("back")
    return ToolResult.success(None, status="OK: pressed back")


# -- pictures -------------------------------------------------------------------------------


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
