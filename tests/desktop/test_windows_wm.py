"""Window tools (list, wait for, focus, move / resize, close) against real windows, on a bare Xvfb and
under a real EWMH window manager (evilwm, started here and stopped by its PID).

With a window manager the requests go as EWMH client messages (``_NET_ACTIVE_WINDOW``,
``_NET_MOVERESIZE_WINDOW``, ``_NET_CLOSE_WINDOW``), which only a window manager carries out; on a
bare Xvfb they are done directly. Each test checks the effect on the X server, not the tool's answer.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from tapwright.drivers import _children
from tapwright.drivers.desktop import DisplayOptions, DisplayStack
from tapwright.drivers.desktop._atspi import AtspiReader
from tapwright.platforms import LaunchOptions
from tapwright.platforms.desktop import DesktopRuntime
from tapwright.testing.desktop import call_ok, open_app

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=["bare", "evilwm"])
def wm_stack(request: pytest.FixtureRequest) -> Iterator[tuple[DisplayStack, AtspiReader, str]]:
    """A display of its own (so the other tests keep a bare one), with evilwm on it or not."""
    stack = DisplayStack.start(DisplayOptions(display="xvfb", size=(1280, 800)))
    wm: subprocess.Popen[bytes] | None = None
    try:
        if request.param == "evilwm":
            exe = shutil.which("evilwm")
            assert exe, "evilwm is not installed (scripts/bootstrap.sh installs it)"
            wm = _children.popen([exe, "-fn", "fixed"], env=stack.child_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            from tapwright.drivers.desktop._x11 import XConnection

            conn = XConnection.open(stack.display)
            try:
                deadline = time.monotonic() + 15
                while conn.root_property_text("_NET_SUPPORTING_WM_CHECK") is None and wm.poll() is None:
                    assert time.monotonic() < deadline, "evilwm did not announce itself"
                    time.sleep(0.05)
            finally:
                conn.close()
            assert wm.poll() is None, f"evilwm exited: {wm.stderr.read() if wm.stderr else b''!r}"
        reader = AtspiReader.start(stack.child_env())
    except BaseException:
        stack.close()
        raise
    try:
        yield stack, reader, request.param
    finally:
        reader.close()
        if wm is not None:
            wm.terminate()
            try:
                wm.wait(timeout=10)
            except subprocess.TimeoutExpired:
                wm.kill()
                wm.wait(timeout=10)
            if wm.stderr is not None:
                wm.stderr.close()
        stack.close()
    if wm is not None:
        assert not os.path.exists(f"/proc/{wm.pid}") or _zombie(wm.pid), "evilwm was left running"


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


@pytest.fixture
async def wm_runtime(wm_stack: tuple[DisplayStack, AtspiReader, str]) -> AsyncIterator[tuple[DesktopRuntime, str]]:
    stack, reader, kind = wm_stack
    rt = DesktopRuntime(LaunchOptions(settings={"stack": stack, "reader": reader}))
    yield rt, kind
    await rt.aclose()


async def _until(check: Any, timeout: float = 10.0) -> Any:
    """Poll ``check()`` until it returns something true (the window manager acts asynchronously)."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got or time.monotonic() > deadline:
            return got
        await asyncio.sleep(0.05)


async def test_window_tools_act_on_real_windows(wm_runtime: tuple[DesktopRuntime, str]) -> None:
    runtime, kind = wm_runtime
    env = await open_app(runtime, "gtk", "settings")
    driver = env.driver
    try:
        assert driver.windows.has_wm() is (kind == "evilwm")
        # wait for + list
        waited = await call_ok(env.ctx, "wait_for_window", title="Settings", timeout_ms=10_000)
        listed = (await call_ok(env.ctx, "list_windows")).data["windows"]
        titles = {w["title"]: w for w in listed}
        assert {"Acme Desk (GTK)", "Settings"} <= set(titles)
        assert titles["Settings"]["id"] == waited.data["id"] and titles["Settings"]["pid"] in driver.app_pids()

        # focus: the main window takes the keyboard focus (and, with a WM, becomes _NET_ACTIVE_WINDOW)
        main = driver.window("Acme Desk (GTK)")
        await call_ok(env.ctx, "focus_window", title="Acme Desk (GTK)")

        def focused() -> bool:
            focus = driver.x.d.get_input_focus().focus
            fid = getattr(focus, "id", focus)
            if kind == "evilwm":
                active = driver.x.root.get_full_property(driver.x.atom("_NET_ACTIVE_WINDOW"), 0)
                return bool(active) and int(active.value[0]) == main.id
            return bool(fid == main.id)

        assert await _until(focused), "the main window did not get the focus"

        # move / resize: the X server reports the new geometry (a WM may add its border around it)
        await call_ok(env.ctx, "move_window", title="Acme Desk (GTK)", x=300, y=200, width=600, height=500)

        def geometry() -> tuple[float, float, float, float]:
            r = driver.window("Acme Desk (GTK)").rect
            return (r.x, r.y, r.width, r.height)

        border = 4 if kind == "evilwm" else 0
        ok = await _until(lambda: all(abs(a - b) <= border for a, b in zip(geometry(), (300, 200, 600, 500), strict=True)))
        assert ok, geometry()

        # close: the Settings window goes away, the app (and its main window) stays
        await call_ok(env.ctx, "close_window", title="Settings")
        assert await _until(lambda: not driver.windows.find(title="Settings")), "Settings is still open"
        assert driver.windows.find(title="Acme Desk (GTK)") and all(a.alive() for a in driver.apps)

        # closing the main window ends the app
        await call_ok(env.ctx, "close_window", title="Acme Desk (GTK)")
        assert await _until(lambda: not any(a.alive() for a in driver.apps)), "the app did not exit"
    finally:
        await env.close()
