"""The Tk demo app (no accessibility tree) under Xvfb, read by OCR and driven through the desktop.* tools."""

from __future__ import annotations

import pytest

from tapwright.platforms.desktop import DesktopRuntime
from tapwright.testing.desktop import call_ok as call
from tapwright.testing.desktop import open_app

pytestmark = pytest.mark.slow


async def test_sign_in_list_and_settings_through_ocr(runtime: DesktopRuntime) -> None:
    env = await open_app(runtime, "tk")
    try:
        ctx = env.ctx
        tree = await env.driver.snapshot()
        assert tree.source == "ocr"
        fields = {e.name: e for e in tree if e.role == "textbox"}
        assert set(fields) == {"Username", "Password"}
        await call(ctx, "fill", target="Username field", text="alice")
        await call(ctx, "fill", target="Password field", text="wonderland")
        tree = await env.driver.snapshot()
        assert next(e for e in tree if e.role == "textbox" and e.name == "Username").value == "alice"
        await call(ctx, "click", target="Sign in button")
        await call(ctx, "verify_text", text="Welcome, alice")
        await call(ctx, "click", target="Archive")
        await call(ctx, "verify_text", text="Selected folder: Archive")

        await call(ctx, "click", target="Settings button")
        await call(ctx, "wait_for_window", title="Settings")
        await call(ctx, "check", target="Enable notifications")
        await call(ctx, "verify_state", target="Enable notifications", state="checked")
        await call(ctx, "click", target="System radio button")
        await call(ctx, "verify_state", target="System radio button", state="checked")
        await call(ctx, "select", target="Language dropdown", option="German")
        await call(ctx, "verify_text", text="German", target="Language dropdown")
        await call(ctx, "click", target="Save button")
        await call(ctx, "verify_text", text="Settings saved: notifications on, theme System, language German")
    finally:
        await env.close()


async def test_wrong_password_shows_the_error(runtime: DesktopRuntime) -> None:
    env = await open_app(runtime, "tk")
    try:
        await call(env.ctx, "fill", target="Username field", text="alice")
        await call(env.ctx, "fill", target="Password field", text="nope")
        await call(env.ctx, "press_key", key="Enter")
        await call(env.ctx, "verify_text", text="Invalid username or password")
        await call(env.ctx, "verify_not_visible", target="Welcome, alice")
    finally:
        await env.close()
