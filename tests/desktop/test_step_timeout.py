"""A step's own ``timeout:`` on the desktop, through the real runner: a GTK app on Xvfb (read through
AT-SPI) whose text changes by itself 1.5 s after it starts, and again 6 s after a click. The file's
``timeout: 0.3`` is too short for either; the step with its own wait passes and the next step is back
on the file's wait (the later change fails it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapwright.runner import run_suite

pytestmark = [pytest.mark.xserver, pytest.mark.slow]

APP = """import gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk

window = Gtk.Window(title="Late sync")
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
label = Gtk.Label(label="Syncing")
button = Gtk.Button(label="Sync again")
box.add(label)
box.add(button)
window.add(box)
GLib.timeout_add(1500, lambda: label.set_text("Sync complete") or False)
button.connect("clicked", lambda _b: GLib.timeout_add(6000, lambda: label.set_text("Second sync complete") or False))
window.connect("destroy", Gtk.main_quit)
window.set_default_size(420, 200)
window.show_all()
Gtk.main()
"""

CASE = """name: Late texts on the desktop
platform: desktop
app: /usr/bin/python3 {app}
window: Late sync
timeout: 0.3
steps:
  - text: I should see "Sync complete"
    timeout: 6
  - Click "Sync again"
  - I should see "Second sync complete"
"""


async def test_a_desktop_step_waits_its_own_timeout_and_the_next_the_files(
    tmp_path: Path, desktop_stack: tuple[object, object]
) -> None:
    stack, reader = desktop_stack
    (tmp_path / "late_app.py").write_text(APP, encoding="utf-8")
    (tmp_path / "late.yaml").write_text(CASE.format(app=tmp_path / "late_app.py"), encoding="utf-8")
    result = await run_suite([tmp_path / "late.yaml"], planner="rules", report_dir=None,
                             platform_settings={"desktop": {"stack": stack, "reader": reader}})  # fmt: skip
    (scenario,) = result.scenarios
    got = [f"{s.status} {s.error_code or ''}".strip() for s in scenario.steps]
    assert got == ["passed", "passed", "failed ASSERTION_FAILED"], [s.status_line for s in scenario.steps]
