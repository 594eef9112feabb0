"""Top-level windows: list, find by title or process, focus, move / resize, close.

With a window manager (EWMH ``_NET_SUPPORTING_WM_CHECK`` on the root), requests go through it
(``_NET_ACTIVE_WINDOW``, ``_NET_MOVERESIZE_WINDOW``, ``_NET_CLOSE_WINDOW``); on a bare Xvfb there
is none, so windows are raised, focused, configured and sent ``WM_DELETE_WINDOW`` directly (ICCCM).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from Xlib import X, Xatom, error
from Xlib.ext import res
from Xlib.protocol import event

from tapwright.core.element import Rect
from tapwright.drivers.desktop._x11 import XConnection
from tapwright.drivers.desktop.errors import map_x_error


@dataclass(frozen=True, slots=True)
class WindowInfo:
    """One top-level window.

    Attributes:
        id: The X window id.
        title: ``_NET_WM_NAME`` (UTF-8) or ``WM_NAME``.
        pid: ``_NET_WM_PID`` (0 when the client does not set it).
        rect: Where it is on the screen.
        wm_class: The instance and class names joined by a dot.
        override_redirect: A popup (menu, drop-down list, tooltip) rather than a managed window.
    """

    id: int
    title: str
    pid: int
    rect: Rect
    wm_class: str = ""
    override_redirect: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "pid": self.pid, "wm_class": self.wm_class, **self.rect.to_dict()}


class Windows:
    """Window operations over one X connection."""

    def __init__(self, conn: XConnection) -> None:
        self.conn = conn

    def _text(self, win: Any, name: str) -> str:
        prop = win.get_full_property(self.conn.atom(name), X.AnyPropertyType)
        if prop is None or prop.value is None:
            return ""
        value = prop.value
        return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)

    def has_wm(self) -> bool:
        with map_x_error("look for a window manager"):
            prop = self.conn.root.get_full_property(self.conn.atom("_NET_SUPPORTING_WM_CHECK"), Xatom.WINDOW)
        return prop is not None and bool(prop.value)

    def _info(self, win: Any) -> WindowInfo | None:
        try:
            attrs = win.get_attributes()
            if attrs.map_state != X.IsViewable:
                return None
            geom = win.get_geometry()
            pos = win.translate_coords(self.conn.root, 0, 0)
            title = self._text(win, "_NET_WM_NAME") or self._text(win, "WM_NAME")
            pid_prop = win.get_full_property(self.conn.atom("_NET_WM_PID"), Xatom.CARDINAL)
            cls = win.get_wm_class()
        except error.BadWindow:
            return None  # closed while listing
        pid = int(pid_prop.value[0]) if pid_prop is not None and len(pid_prop.value) else self._client_pid(int(win.id))
        rect = Rect(-pos.x, -pos.y, geom.width, geom.height)
        return WindowInfo(int(win.id), title, pid, rect, ".".join(cls) if cls else "", bool(attrs.override_redirect))

    def _client_pid(self, wid: int) -> int:
        """The PID of the client owning ``wid``, from the X-Resource extension (for apps, like Tk,
        that do not set ``_NET_WM_PID``); 0 when the server cannot tell."""
        if not self.conn.d.has_extension("X-Resource"):
            return 0
        try:
            reply = self.conn.d.res_query_client_ids([{"client": wid, "mask": res.LocalClientPIDMask}])
        except error.XError:
            return 0
        for item in reply.ids:
            if item.spec.mask == res.LocalClientPIDMask and len(item.value):
                return int(item.value[0])
        return 0

    def visible(self, *, popups: bool = False) -> list[WindowInfo]:
        """Visible top-level windows, bottom to top (popups such as open menus only when asked)."""
        with map_x_error("list windows"):
            client_list = self.conn.root.get_full_property(self.conn.atom("_NET_CLIENT_LIST_STACKING"), Xatom.WINDOW)
            if client_list is not None and client_list.value is not None and len(client_list.value) and not popups:
                wins = [self.conn.d.create_resource_object("window", w) for w in client_list.value]
            else:
                wins = self.conn.root.query_tree().children
            out = []
            for win in wins:
                info = self._info(win)
                if info is None or (info.override_redirect and not popups):
                    continue
                if not info.override_redirect and not info.title and not info.wm_class:
                    continue  # unnamed helper windows (input-only, leaders)
                out.append(info)
            return out

    def find(self, *, title: str | None = None, pid: int | None = None, pids: set[int] | None = None) -> list[WindowInfo]:
        """Windows whose title contains ``title`` (case-insensitive) and / or whose process is ``pid``."""
        wanted = {pid} if pid else set()
        wanted |= pids or set()
        found = []
        for info in self.visible():
            if title is not None and title.casefold() not in info.title.casefold():
                continue
            if wanted and info.pid not in wanted:
                continue
            found.append(info)
        return found

    def _window(self, wid: int) -> Any:
        return self.conn.d.create_resource_object("window", wid)

    def _client_message(self, wid: int, atom: str, data: list[int]) -> None:
        msg = event.ClientMessage(window=self._window(wid), client_type=self.conn.atom(atom), data=(32, [*data, 0, 0, 0, 0][:5]))
        self.conn.root.send_event(msg, event_mask=X.SubstructureRedirectMask | X.SubstructureNotifyMask)

    def focus(self, wid: int) -> None:
        """Raise the window and give it the keyboard focus."""
        with map_x_error("focus the window"):
            if self.has_wm():
                self._client_message(wid, "_NET_ACTIVE_WINDOW", [2, X.CurrentTime, 0])
            else:
                win = self._window(wid)
                win.configure(stack_mode=X.Above)
                win.set_input_focus(X.RevertToParent, X.CurrentTime)
            self.conn.d.sync()

    def move_resize(self, wid: int, x: int | None = None, y: int | None = None, width: int | None = None, height: int | None = None) -> None:
        """Move and / or resize the window (only the given values change)."""
        changes = {k: int(v) for k, v in {"x": x, "y": y, "width": width, "height": height}.items() if v is not None}
        with map_x_error("move or resize the window"):
            if self.has_wm():
                flags = sum(1 << (8 + i) for i, k in enumerate(("x", "y", "width", "height")) if k in changes)
                vals = [changes.get(k, 0) for k in ("x", "y", "width", "height")]
                # Gravity NorthWest (1); source 2, a pager acting for the user (some window managers,
                # evilwm among them, ignore requests from applications).
                self._client_message(wid, "_NET_MOVERESIZE_WINDOW", [flags | 1 | 2 << 12, *vals])
            else:
                self._window(wid).configure(**changes)
            self.conn.d.sync()

    def close(self, wid: int) -> None:
        """Ask the window to close (as its close button would); kill its client if it cannot be asked."""
        with map_x_error("close the window"):
            if self.has_wm():
                self._client_message(wid, "_NET_CLOSE_WINDOW", [X.CurrentTime, 2])
            else:
                win = self._window(wid)
                protocols = win.get_wm_protocols() or []
                delete = self.conn.atom("WM_DELETE_WINDOW")
                if delete in protocols:
                    msg = event.ClientMessage(window=win, client_type=self.conn.atom("WM_PROTOCOLS"),
                                              data=(32, [delete, X.CurrentTime, 0, 0, 0]))  # fmt: skip
                    win.send_event(msg)
                else:
                    win.kill_client()
            self.conn.d.sync()
