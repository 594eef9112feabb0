#!/usr/bin/env python3
"""Acme Desk (GTK 3): a small accessible app for tapwright's desktop tests and demo.

A sign-in form (alice / wonderland), a home view with a list of folders and a filter box, and a
Settings dialog (a checkbox, radio buttons, a drop-down). Run with Debian's python3 + python3-gi
(or any Python with PyGObject):  /usr/bin/python3 examples/desktop-apps/gtk_app.py
"""

from __future__ import annotations

import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402

USERS = {"alice": "wonderland"}
FOLDERS = ["Inbox", "Drafts", "Sent", "Archive", "Spam", "Receipts"]


def _row(grid: Gtk.Grid, top: int, text: str, widget: Gtk.Widget) -> None:
    label = Gtk.Label.new_with_mnemonic(text)
    label.set_xalign(0)
    label.set_mnemonic_widget(widget)
    grid.attach(label, 0, top, 1, 1)
    grid.attach(widget, 1, top, 1, 1)


class SettingsDialog(Gtk.Dialog):
    def __init__(self, parent: Gtk.Window, app: AcmeWindow) -> None:
        super().__init__(title="Settings", transient_for=parent, modal=True)
        self.app = app
        self.set_default_size(360, 300)
        box = self.get_content_area()
        box.set_spacing(8)
        box.set_border_width(12)
        box.add(Gtk.Label(label="Preferences", xalign=0))
        self.notify_box = Gtk.CheckButton.new_with_mnemonic("Enable _notifications")
        self.notify_box.set_active(app.settings["notifications"])
        box.add(self.notify_box)
        box.add(Gtk.Label(label="Theme", xalign=0))
        self.radios: dict[str, Gtk.RadioButton] = {}
        group = None
        for theme in ("Light", "Dark", "System"):
            radio = Gtk.RadioButton.new_with_label_from_widget(group, theme)
            group = group or radio
            radio.set_active(theme == app.settings["theme"])
            self.radios[theme] = radio
            box.add(radio)
        grid = Gtk.Grid(column_spacing=8)
        self.language = Gtk.ComboBoxText()
        for lang in ("English", "French", "German", "Spanish"):
            self.language.append_text(lang)
        self.language.set_active(["English", "French", "German", "Spanish"].index(app.settings["language"]))
        _row(grid, 0, "_Language", self.language)
        box.add(grid)
        self.add_button("_Cancel", Gtk.ResponseType.CANCEL)
        self.add_button("_Save", Gtk.ResponseType.OK)
        self.connect("response", self.on_response)
        self.show_all()

    def on_response(self, _dialog: Gtk.Dialog, response: int) -> None:
        if response == Gtk.ResponseType.OK:
            theme = next(t for t, r in self.radios.items() if r.get_active())
            self.app.settings = {"notifications": self.notify_box.get_active(), "theme": theme,
                                 "language": self.language.get_active_text() or "English"}
            s = self.app.settings
            self.app.status.set_text(f"Settings saved: notifications {'on' if s['notifications'] else 'off'}, "
                                     f"theme {s['theme']}, language {s['language']}")
        self.destroy()


class AcmeWindow(Gtk.Window):
    def __init__(self) -> None:
        super().__init__(title="Acme Desk (GTK)")
        self.set_default_size(520, 460)
        self.move(0, 0)
        self.settings = {"notifications": False, "theme": "Light", "language": "English"}
        self.stack = Gtk.Stack()
        self.add(self.stack)
        self.stack.add_named(self._login(), "login")
        self.stack.add_named(self._home(), "home")
        self.connect("destroy", Gtk.main_quit)

    def _login(self) -> Gtk.Widget:
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=10, margin=24)
        title = Gtk.Label(xalign=0)
        title.set_markup("<big><b>Sign in to Acme</b></big>")
        box.add(title)
        grid = Gtk.Grid(column_spacing=12, row_spacing=10)
        self.user = Gtk.Entry(hexpand=True)
        self.password = Gtk.Entry(visibility=False)
        _row(grid, 0, "_Username", self.user)
        _row(grid, 1, "_Password", self.password)
        box.add(grid)
        self.remember = Gtk.CheckButton.new_with_mnemonic("_Remember me")
        box.add(self.remember)
        sign_in = Gtk.Button.new_with_mnemonic("_Sign in")
        sign_in.connect("clicked", self.on_sign_in)
        self.password.connect("activate", self.on_sign_in)
        box.add(sign_in)
        self.login_error = Gtk.Label(label="", xalign=0)
        box.add(self.login_error)
        return box

    def _home(self) -> Gtk.Widget:
        box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8, margin=16)
        self.welcome = Gtk.Label(xalign=0)
        box.add(self.welcome)
        bar = Gtk.Box(spacing=8)
        settings = Gtk.Button.new_with_mnemonic("S_ettings")
        settings.connect("clicked", lambda _b: SettingsDialog(self, self))
        sign_out = Gtk.Button.new_with_mnemonic("Sign _out")
        sign_out.connect("clicked", self.on_sign_out)
        bar.add(settings)
        bar.add(sign_out)
        box.add(bar)
        # An entry with no accessible name: its label is only placed beside it (tapwright names it from there).
        filt = Gtk.Box(spacing=8)
        filt.add(Gtk.Label(label="Filter"))
        self.filter = Gtk.Entry(hexpand=True)
        self.filter.connect("changed", lambda _e: self.folders.invalidate_filter())
        filt.add(self.filter)
        box.add(filt)
        box.add(Gtk.Label(label="Folders", xalign=0))
        self.folders = Gtk.ListBox()
        for name in FOLDERS:
            row = Gtk.ListBoxRow()
            row.add(Gtk.Label(label=name, xalign=0, margin=4))
            row.folder = name  # type: ignore[attr-defined]
            self.folders.add(row)
        self.folders.set_filter_func(lambda row: self.filter.get_text().lower() in row.folder.lower())
        self.folders.connect("row-selected", self.on_row)
        box.add(self.folders)
        self.selected = Gtk.Label(label="No folder selected", xalign=0)
        box.add(self.selected)
        self.status = Gtk.Label(label="", xalign=0)
        box.add(self.status)
        return box

    def on_sign_in(self, _widget: Gtk.Widget) -> None:
        user, password = self.user.get_text(), self.password.get_text()
        if USERS.get(user) == password:
            self.welcome.set_text(f"Welcome, {user}")
            self.login_error.set_text("")
            self.stack.set_visible_child_name("home")
        else:
            self.login_error.set_text("Invalid username or password")

    def on_sign_out(self, _widget: Gtk.Widget) -> None:
        self.password.set_text("")
        self.stack.set_visible_child_name("login")

    def on_row(self, _box: Gtk.ListBox, row: Gtk.ListBoxRow | None) -> None:
        if row is not None:
            self.selected.set_text(f"Selected folder: {row.folder}")  # type: ignore[attr-defined]


def main() -> int:
    win = AcmeWindow()
    win.show_all()
    if "--home" in sys.argv or "--settings" in sys.argv:
        win.user.set_text("alice")
        win.password.set_text(USERS["alice"])
        win.on_sign_in(win)
    if "--settings" in sys.argv:
        SettingsDialog(win, win)
    Gtk.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
