"""``android.*`` tools only Android has: clearing an app's data and screen recordings (the rest of the mobile
catalog, the scenario start, the screen dump, Back and screenshots included, is :mod:`tapwright.tools.mobile.catalog`)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from tapwright.core.context import ToolContext
from tapwright.core.fence import FilePath
from tapwright.core.result import ToolResult
from tapwright.drivers.android.driver import AndroidDriver
from tapwright.tools.android_common import Package, android_tool

# -- lifecycle ---------------------------------------------------------------------------


@android_tool([r"\bclear (the )?(app )?data\b"], idempotent=True, destructive=True)
async def clear_app_data(driver: AndroidDriver, package_name: Package) -> ToolResult:
    """Clear an app's data (as a fresh install has none).

    Args:
        package_name: The app's package name.
    """
    await driver.clear_data(package_name)
    return ToolResult.success({"package": package_name}, status=f"OK: cleared {package_name}")


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
