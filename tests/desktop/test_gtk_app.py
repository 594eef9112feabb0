"""The GTK demo app under Xvfb, read through AT-SPI and driven through the desktop.* tools."""

from __future__ import annotations

import pytest

from tapwright.platforms.desktop import DesktopRuntime
from tapwright.testing.desktop import call_ok as call
from tapwright.testing.desktop import open_app

pytestmark = pytest.mark.slow


async def test_sign_in_settings_and_list_through_the_accessibility_tree(runtime: DesktopRuntime) -> None:
    env = await open_app(runtime, "gtk")
    try:
        ctx = env.ctx
        tree = await env.driver.snapshot()
        assert tree.source.startswith("atspi")
        user = next(e for e in tree if e.role == "textbox" and e.name == "Username")
        assert user.attrs["label"] == "Username" and user.rect is not None
        await call(ctx, "fill", target="Username field", text="alice")
        await call(ctx, "fill", target="Password field", text="wonderland")
        # The password's value never reaches the tree (AT-SPI "password text" is not read).
        tree = await env.driver.snapshot()
        assert next(e for e in tree if e.name == "Username" and e.role == "textbox").value == "alice"
        assert all("wonderland" not in (e.value or "") for e in tree)
        await call(ctx, "click", target="Sign in button")
        await call(ctx, "verify_text", text="Welcome, alice")

        await call(ctx, "click", target="Drafts")
        await call(ctx, "verify_text", text="Selected folder: Drafts")

        await call(ctx, "click", target="Settings button")
        await call(ctx, "wait_for_window", title="Settings")
        await call(ctx, "check", target="Enable notifications checkbox")
        await call(ctx, "verify_state", target="Enable notifications", state="checked")
        await call(ctx, "click", target="Dark radio button")
        await call(ctx, "verify_state", target="Dark radio button", state="checked")
        await call(ctx, "select", target="Language drop-down", option="French")
        await call(ctx, "click", target="Save button")
        await call(ctx, "verify_not_visible", target="Preferences")
        await call(ctx, "verify_text", text="Settings saved: notifications on, theme Dark, language French")
    finally:
        await env.close()


async def test_unicode_typing_and_key_combinations(runtime: DesktopRuntime) -> None:
    env = await open_app(runtime, "gtk", "home")
    try:
        text = "Zoë café — 東京 ✓"
        await call(env.ctx, "fill", target="Filter field", text=text)
        tree = await env.driver.snapshot()
        field = next(e for e in tree if e.role == "textbox" and e.attr("near") == "Filter")
        assert field.value == text
        await call(env.ctx, "press_key", key="Control+A")
        await call(env.ctx, "press_key", key="BackSpace")
        await call(env.ctx, "type_text", text="dra", x=field.rect.center_x, y=field.rect.center_y)  # type: ignore[union-attr]
        tree = await env.driver.snapshot()
        names = {e.name for e in tree if e.role == "listitem" and e.state.visible}
        assert names == {"Drafts"}, [(e.role, e.name, e.value, e.state) for e in tree]
    finally:
        await env.close()


async def test_windows_list_focus_move_and_close(runtime: DesktopRuntime) -> None:
    env = await open_app(runtime, "gtk", "settings")
    try:
        result = await call(env.ctx, "list_windows")
        titles = [w["title"] for w in result.data["windows"]]
        assert "Acme Desk (GTK)" in titles and "Settings" in titles
        await call(env.ctx, "move_window", title="Acme Desk (GTK)", x=300, y=200, width=600, height=500)
        moved = env.driver.window("Acme Desk (GTK)")
        assert (moved.rect.x, moved.rect.y, moved.rect.width, moved.rect.height) == (300, 200, 600, 500)
        await call(env.ctx, "focus_window", title="Acme Desk (GTK)")
        await call(env.ctx, "close_window", title="Settings")
        await call(env.ctx, "verify_not_visible", target="Preferences")
    finally:
        await env.close()


@pytest.mark.parametrize("screen", ["login", "home", "settings"])
async def test_the_dbus_reader_reads_what_libatspis_walk_reads(runtime: DesktopRuntime, screen: str) -> None:
    """The batched D-Bus reader (Cache.GetItems + pipelined calls, over jeepney's wire and over GLib)
    against libatspi's one-call walk: the same nodes in the same order, with the same roles, names,
    states, extents and labels."""
    env = await open_app(runtime, "gtk", screen)
    try:
        assert runtime.reader is not None
        pids = sorted(env.driver.app_pids())
        await env.driver.settle()
        runtime.reader.nodes(pids)  # an app's bridge may publish its cache only once something asked
        fast, _ = runtime.reader.nodes(pids)
        assert runtime.reader.last_via == "dbus"
        through_glib, _ = runtime.reader.nodes(pids, glib=True)
        assert runtime.reader.last_via == "dbus"
        walked, _ = runtime.reader.nodes(pids, walk=True)
        assert runtime.reader.last_via == "walk"
        keys = ("parent", "role", "name", "states", "rect", "labelled_by", "text")
        assert [{k: n.get(k) for k in keys} for n in fast] == [{k: n.get(k) for k in keys} for n in walked]
        assert fast == through_glib  # jeepney's wire and GLib's D-Bus read the same, to the last field
        assert len(fast) >= 10
    finally:
        await env.close()
