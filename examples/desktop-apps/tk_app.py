#!/usr/bin/env python3
"""Acme Desk (Tk): the same app as gtk_app.py in Tk, which exposes no accessibility tree,
so tapwright reads it with OCR. Run with any Python that has tkinter:
python3 examples/desktop-apps/tk_app.py
"""

from __future__ import annotations

import sys
import tkinter as tk

USERS = {"alice": "wonderland"}
FOLDERS = ["Inbox", "Drafts", "Sent", "Archive", "Spam", "Receipts"]
LANGUAGES = ["English", "French", "German", "Spanish"]
FONT = ("DejaVu Sans", 11)


class App:
    def __init__(self, root: tk.Tk) -> None:
        self.root = root
        root.title("Acme Desk (Tk)")
        root.geometry("520x460+0+0")
        root.option_add("*Font", FONT)
        self.settings = {"notifications": False, "theme": "Light", "language": "English"}
        self.login = self._login()
        self.home = self._home()
        self.login.pack(fill="both", expand=True)

    def _login(self) -> tk.Frame:
        f = tk.Frame(self.root, padx=24, pady=20)
        tk.Label(f, text="Sign in to Acme", font=("DejaVu Sans", 15, "bold")).grid(row=0, column=0, columnspan=2, sticky="w", pady=(0, 14))
        tk.Label(f, text="Username").grid(row=1, column=0, sticky="w", pady=6)
        self.user = tk.Entry(f, width=26)
        self.user.grid(row=1, column=1, sticky="w", padx=12)
        tk.Label(f, text="Password").grid(row=2, column=0, sticky="w", pady=6)
        self.password = tk.Entry(f, width=26, show="*")
        self.password.grid(row=2, column=1, sticky="w", padx=12)
        self.password.bind("<Return>", lambda _e: self.sign_in())
        self.remember = tk.BooleanVar(value=False)
        tk.Checkbutton(f, text="Remember me", variable=self.remember).grid(row=3, column=0, columnspan=2, sticky="w", pady=6)
        tk.Button(f, text="Sign in", command=self.sign_in, padx=14).grid(row=4, column=0, sticky="w", pady=8)
        self.login_error = tk.Label(f, text="", fg="#a00000")
        self.login_error.grid(row=5, column=0, columnspan=2, sticky="w")
        return f

    def _home(self) -> tk.Frame:
        f = tk.Frame(self.root, padx=16, pady=14)
        self.welcome = tk.Label(f, text="", font=("DejaVu Sans", 13, "bold"))
        self.welcome.grid(row=0, column=0, columnspan=3, sticky="w")
        tk.Button(f, text="Settings", command=self.open_settings).grid(row=1, column=0, sticky="w", pady=8)
        tk.Button(f, text="Sign out", command=self.sign_out).grid(row=1, column=1, sticky="w", pady=8)
        tk.Label(f, text="Filter").grid(row=2, column=0, sticky="w")
        self.filter = tk.StringVar()
        self.filter.trace_add("write", lambda *_: self.refill())
        tk.Entry(f, textvariable=self.filter, width=24).grid(row=2, column=1, columnspan=2, sticky="w", pady=6)
        tk.Label(f, text="Folders").grid(row=3, column=0, sticky="w")
        self.folders = tk.Listbox(f, height=6, width=30, exportselection=False)
        self.folders.grid(row=4, column=0, columnspan=3, sticky="w", pady=4)
        self.folders.bind("<<ListboxSelect>>", self.on_select)
        self.refill()
        self.selected = tk.Label(f, text="No folder selected")
        self.selected.grid(row=5, column=0, columnspan=3, sticky="w")
        self.status = tk.Label(f, text="")
        self.status.grid(row=6, column=0, columnspan=3, sticky="w", pady=6)
        return f

    def refill(self) -> None:
        self.folders.delete(0, "end")
        for name in FOLDERS:
            if self.filter.get().lower() in name.lower():
                self.folders.insert("end", name)

    def on_select(self, _event: object) -> None:
        sel = self.folders.curselection()
        if sel:
            self.selected.config(text=f"Selected folder: {self.folders.get(sel[0])}")

    def sign_in(self) -> None:
        user, password = self.user.get(), self.password.get()
        if USERS.get(user) == password:
            self.welcome.config(text=f"Welcome, {user}")
            self.login_error.config(text="")
            self.login.pack_forget()
            self.home.pack(fill="both", expand=True)
        else:
            self.login_error.config(text="Invalid username or password")

    def sign_out(self) -> None:
        self.password.delete(0, "end")
        self.home.pack_forget()
        self.login.pack(fill="both", expand=True)

    def open_settings(self) -> None:
        top = tk.Toplevel(self.root, padx=16, pady=12)
        top.title("Settings")
        top.geometry("360x330+90+70")
        top.transient(self.root)
        tk.Label(top, text="Preferences", font=("DejaVu Sans", 12, "bold")).pack(anchor="w")
        notify = tk.BooleanVar(value=self.settings["notifications"])
        tk.Checkbutton(top, text="Enable notifications", variable=notify).pack(anchor="w", pady=4)
        tk.Label(top, text="Theme").pack(anchor="w")
        theme = tk.StringVar(value=self.settings["theme"])
        for name in ("Light", "Dark", "System"):
            tk.Radiobutton(top, text=name, value=name, variable=theme).pack(anchor="w")
        row = tk.Frame(top)
        row.pack(anchor="w", pady=8)
        tk.Label(row, text="Language").pack(side="left")
        language = tk.StringVar(value=self.settings["language"])
        tk.OptionMenu(row, language, *LANGUAGES).pack(side="left", padx=10)
        buttons = tk.Frame(top)
        buttons.pack(anchor="w", pady=10)

        def save() -> None:
            self.settings = {"notifications": notify.get(), "theme": theme.get(), "language": language.get()}
            s = self.settings
            self.status.config(text=f"Settings saved: notifications {'on' if s['notifications'] else 'off'}, "
                                    f"theme {s['theme']}, language {s['language']}")
            top.destroy()

        tk.Button(buttons, text="Cancel", command=top.destroy).pack(side="left")
        tk.Button(buttons, text="Save", command=save).pack(side="left", padx=10)


def main() -> int:
    root = tk.Tk()
    app = App(root)
    if "--home" in sys.argv or "--settings" in sys.argv:
        app.user.insert(0, "alice")
        app.password.insert(0, USERS["alice"])
        app.sign_in()
    if "--settings" in sys.argv:
        app.open_settings()
    root.mainloop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
