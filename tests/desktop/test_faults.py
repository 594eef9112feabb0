"""Bad input and faults: no X server, apps that never show a window or die, blank screens,
off-screen coordinates, and every process tapwright started gone after the run."""

from __future__ import annotations

import os
import sys

import pytest

from tapwright.drivers.desktop import DisplayOptions, DisplayStack
from tapwright.drivers.desktop._procs import group_members, pid_alive
from tapwright.errors import DriverError, ErrorCode
from tapwright.platforms import EnvOptions, LaunchOptions
from tapwright.platforms.desktop import DesktopRuntime
from tapwright.registry import Registry
from tapwright.testing.desktop import app_command, open_app

pytestmark = [pytest.mark.xserver]


def test_no_display_and_no_xvfb_names_the_install_command(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no Xvfb on this PATH
    with pytest.raises(DriverError) as info:
        DisplayStack.start(DisplayOptions(display="auto"))
    assert info.value.code is ErrorCode.DRIVER_ERROR
    assert "apt-get install -y xvfb" in info.value.message


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
def test_an_unreachable_display_is_a_driver_error() -> None:
    import gc

    from tapwright.drivers.desktop._x11 import XConnection

    with pytest.raises(DriverError) as info:
        XConnection.open(":987")
    assert info.value.code is ErrorCode.DRIVER_ERROR and ":987" in info.value.message
    del info
    gc.collect()  # python-xlib leaves a failed connection's sockets open: collect them here


async def test_an_app_that_exits_without_a_window_times_out_with_status_and_stderr(runtime: DesktopRuntime) -> None:
    script = "import sys; sys.stderr.write('cannot find config.ini\\n'); sys.exit(3)"
    with pytest.raises(DriverError) as info:
        await runtime.open(EnvOptions(settings={"app": [sys.executable, "-c", script], "app_timeout": 10}))
    assert info.value.code is ErrorCode.TIMEOUT
    assert "status 3" in info.value.message and "cannot find config.ini" in info.value.message


async def test_an_app_that_never_shows_a_window_times_out(runtime: DesktopRuntime) -> None:
    script = "import sys, time; print('starting', file=sys.stderr, flush=True); time.sleep(60)"
    with pytest.raises(DriverError) as info:
        await runtime.open(EnvOptions(settings={"app": [sys.executable, "-c", script], "app_timeout": 1.5}))
    assert info.value.code is ErrorCode.TIMEOUT
    assert "did not appear within 1.5 s" in info.value.message and "starting" in info.value.message
    assert all(not pid_alive(p) for p in runtime.started_pids[-1:])  # the windowless app was stopped


async def test_a_missing_program_is_invalid_input(runtime: DesktopRuntime) -> None:
    with pytest.raises(DriverError) as info:
        await runtime.open(EnvOptions(settings={"app": "/nonexistent/acme --fast"}))
    assert info.value.code is ErrorCode.INVALID_INPUT


async def test_an_app_dying_mid_scenario_gives_a_stable_code(runtime: DesktopRuntime) -> None:
    env = await open_app(runtime, "tk")
    try:
        app = env.driver.apps[0]
        os.kill(app.pid, 9)
        app.proc.popen.wait(timeout=10)
        result = await Registry.default().call("desktop.click", {"target": "Sign in button"}, env.ctx)
        assert not result.ok and result.error is not None
        assert result.error.code is ErrorCode.BROWSER_CRASHED
        assert "exited with status -9" in result.error.message
        # Evidence still works: the screenshot of a dead app's screen is taken.
        shot = await Registry.default().call("desktop.screenshot", {}, env.ctx)
        assert shot.ok
    finally:
        await env.close()


async def test_coordinates_off_the_screen_are_invalid_input(runtime: DesktopRuntime) -> None:
    env = await open_app(runtime, "tk")
    try:
        for x, y in ((1280, 10), (10, 800), (5000, 5000)):
            result = await Registry.default().call("desktop.click_at", {"x": x, "y": y}, env.ctx)
            assert result.error is not None and result.error.code is ErrorCode.INVALID_INPUT, (x, y)
        inside = await Registry.default().call("desktop.click_at", {"x": 1279, "y": 799}, env.ctx)
        assert inside.ok
    finally:
        await env.close()


async def test_ocr_that_reads_nothing_says_so(runtime: DesktopRuntime) -> None:
    blank = "import tkinter as t; r = t.Tk(); r.title('Blank'); r.geometry('300x200+0+0'); r.mainloop()"
    env = await runtime.open(EnvOptions(settings={"app": [sys.executable, "-c", blank]}))
    try:
        result = await Registry.default().call("desktop.locate", {"target": "Sign in button"}, env.ctx)
        assert result.error is not None and result.error.code is ErrorCode.ELEMENT_NOT_FOUND
        assert "OCR read nothing" in result.error.message
        click = await Registry.default().call("desktop.click", {"target": "Cancel button", "timeout_ms": 0}, env.ctx)
        assert click.error is not None and click.error.code is ErrorCode.ELEMENT_NOT_FOUND
        assert "OCR read nothing" in click.error.message
    finally:
        await env.close()


async def test_every_process_started_is_gone_after_the_run() -> None:
    runtime = DesktopRuntime(LaunchOptions(settings={"display": "xvfb", "display_size": "1024x700"}))
    env = await runtime.open(EnvOptions(settings={"app": app_command("gtk")}))
    tree = await env.driver.snapshot()
    assert tree.source.startswith("atspi") and (tree.width, tree.height) == (1024, 700)
    env2_app = env.driver.apps[0].pid
    await env.close()
    assert not pid_alive(env2_app)
    pids = list(runtime.started_pids)
    assert runtime.stack is not None
    labels = sorted(p.label for p in runtime.stack.procs)
    assert labels == ["a11y-bus", "dbus", "xvfb"]
    assert len(pids) >= 5  # Xvfb, dbus-daemon, the a11y bus launcher, the AT-SPI reader, the app
    helpers = [m for p in pids for m in group_members(p)]
    assert len(helpers) >= 4  # the launcher's own bus daemon and registry run in its group
    await runtime.aclose()
    alive = [p for p in pids + helpers if pid_alive(p)]
    assert alive == []
    assert all(group_members(p) == [] for p in pids)
