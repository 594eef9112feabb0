"""``desktop.*`` apps and windows: launch / close an app, wait for, focus, move and list windows, screenshot."""

from __future__ import annotations

from typing import Annotated, Any

from annotated_types import Ge, Le, MaxLen, MinLen

from tapwright.core.context import ToolContext
from tapwright.core.fence import FilePath
from tapwright.core.result import ToolResult
from tapwright.drivers.desktop import DesktopDriver
from tapwright.tools.desktop_common import Coord, TimeoutMs, Title, desktop_tool, example

Command = Annotated[str, MinLen(1), MaxLen(4000)]


@desktop_tool([r"\b(launch|start|open|run)\b.*\b(app|application|program)\b"],
              [example("Launch the GTK demo app", {"command": "/usr/bin/python3 examples/desktop-apps/gtk_app.py"},
                       {"pid": 4242, "window": {"title": "Acme Desk (GTK)"}})], timeout_ms=60_000, idempotent=False)  # fmt: skip
async def launch_app(driver: DesktopDriver, command: Command, window_title: Title | None = None,
                     wait_for_window: bool = True, timeout_ms: TimeoutMs = 20_000) -> dict[str, Any]:  # fmt: skip
    """Start an application on the display and wait for its first window.

    Fails with TIMEOUT (with the app's exit status and the tail of its stderr) when no window appears.

    Args:
        command: The command line (shell words; no shell features such as pipes).
        window_title: Wait for a window whose title contains this (any window of the app when omitted).
        wait_for_window: Wait for a window at all.
        timeout_ms: How long to wait for the window.
    """
    app, win = await driver.launch(command, wait_for_window=wait_for_window, title=window_title, timeout=timeout_ms / 1000)
    return {"pid": app.pid, "window": win.to_dict() if win else None}


@desktop_tool([r"\b(close|quit|exit)\b.*\b(app|application|program)\b"], [example("Close the app", {})], idempotent=False)
async def close_app(driver: DesktopDriver) -> dict[str, Any]:
    """Close the most recently launched app: ask its windows to close, then stop it by its PID."""
    return {"closed_pids": await driver.close_app()}


@desktop_tool([r"\bwait\b.*\bwindow\b"], [example("Wait for the Settings window", {"title": "Settings"})], read_only=True)
async def wait_for_window(driver: DesktopDriver, title: Title, timeout_ms: TimeoutMs = 10_000) -> dict[str, Any]:
    """Wait until a window whose title contains the given text is shown.

    Args:
        title: Part of the window's title (case-insensitive).
        timeout_ms: How long to wait.
    """
    return (await driver.wait_window(title=title, timeout=timeout_ms / 1000)).to_dict()


@desktop_tool([r"\b(focus|activate|switch to)\b.*\bwindow\b"], [example("Focus the Settings window", {"title": "Settings"})], idempotent=True)
async def focus_window(driver: DesktopDriver, title: Title | None = None) -> dict[str, Any]:
    """Raise a window and give it the keyboard focus.

    Args:
        title: Part of the window's title (the app's topmost window when omitted).
    """
    win = driver.window(title)
    driver.windows.focus(win.id)
    return win.to_dict()


@desktop_tool([r"\b(move|resize)\b.*\bwindow\b"], [example("Resize the window to 800x600", {"width": 800, "height": 600})], idempotent=True)
async def move_window(driver: DesktopDriver, title: Title | None = None, x: Coord | None = None, y: Coord | None = None,
                      width: Annotated[int, Ge(1), Le(16_384)] | None = None,
                      height: Annotated[int, Ge(1), Le(16_384)] | None = None) -> dict[str, Any]:  # fmt: skip
    """Move and / or resize a window (only the values given change).

    Args:
        title: Part of the window's title (the app's topmost window when omitted).
        x: New left edge.
        y: New top edge.
        width: New width.
        height: New height.
    """
    win = driver.window(title)
    driver.windows.move_resize(win.id, x, y, width, height)
    await driver.settle()
    return driver.window(win.title or None).to_dict()


@desktop_tool([r"\bclose\b.*\bwindow\b"], [example("Close the Settings window", {"title": "Settings"})], idempotent=False)
async def close_window(driver: DesktopDriver, title: Title | None = None) -> dict[str, Any]:
    """Close a window as its close button would (the app decides what happens).

    Args:
        title: Part of the window's title (the app's topmost window when omitted).
    """
    win = driver.window(title)
    driver.windows.close(win.id)
    return win.to_dict()


@desktop_tool([r"\b(list|which|what)\b.*\bwindows\b"], [example("List the windows", {})], read_only=True)
async def list_windows(driver: DesktopDriver) -> dict[str, Any]:
    """Every visible top-level window on the display: title, process id, position and size."""
    return {"windows": [w.to_dict() for w in driver.windows.visible()]}


@desktop_tool([r"\b(screenshot|capture|screen ?shot)\b"], [example("Take a screenshot", {"path": "out/screen.png"})], read_only=True)
async def screenshot(driver: DesktopDriver, ctx: ToolContext, path: FilePath | None = None) -> ToolResult:
    """Capture the whole screen as a PNG.

    Args:
        path: Where to write it (a temporary file when omitted).
    """
    out = str(ctx.files.writable(path)) if path is not None else None  # the fence first, then the device
    shot = await driver.screenshot(out)
    return ToolResult(ok=True, data={"path": shot.path, "width": shot.width, "height": shot.height}, screenshot=shot)
