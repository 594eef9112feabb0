"""The AT-SPI reader, run as its own process: one JSON request per line on stdin, one answer per line.

Standalone on purpose (standard library + PyGObject, and jeepney when importable): libatspi binds to one accessibility bus
per process, found from the environment this process starts with, so each display gets its own
reader; and it can run under any Python that has PyGObject (the venv's, or Debian's python3-gi).

Requests: ``{"op": "ping"}``, ``{"op": "snapshot", "pids": [..] | null, "max_nodes": N, "walk": false,
"glib": false}``, ``{"op": "pids"}``.

A snapshot reads each application over D-Bus directly (:class:`_Bus`): its whole object cache in one
``Cache.GetItems`` call (roles, names, states, parents), every child the cache lacks (rows of a tree
view) level by level, then the screen extents, labels, text and values of all showing nodes at once,
every call of a round in flight together. The calls go over jeepney's wire format (``_atspi_wire``),
or GLib's D-Bus when jeepney is missing or ``"glib": true``. ``"walk": true`` (or any D-Bus failure) uses libatspi's
one-call-at-a-time walk instead, which the benchmark keeps as its baseline. Answers: ``{"ok": true, ...}`` or ``{"ok": false, "error": "..."}``.
"""

from __future__ import annotations

import importlib
import json
import sys
import time
from typing import Any

try:
    import gi

    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi, Gio, GLib
except (ImportError, ValueError) as _exc:  # reported to the parent, which falls back to OCR
    Atspi = None
    Gio = None
    GLib = None
    _IMPORT_ERROR = f"{type(_exc).__name__}: {_exc}"
else:
    _IMPORT_ERROR = ""

# States worth carrying (AT-SPI state names, lower case).
_STATES = ("showing", "visible", "enabled", "sensitive", "focused", "checked", "selected", "editable",
           "expanded", "expandable", "pressed", "indeterminate", "modal", "multi_line", "focusable", "checkable")  # fmt: skip
_TEXT_ROLES = {"text", "entry", "password text", "terminal", "paragraph", "spin button", "editbar"}
_MAX_TEXT = 2000
# Roles whose name usually comes from a label beside them (GTK's mnemonic widget, Qt's buddy).
_LABELLED = {"text", "entry", "password text", "combo box", "spin button", "slider", "list", "list box", "table",
             "tree table", "check box", "radio button"}


def _labelled_by(acc: Any) -> str:
    for rel in acc.get_relation_set() or []:
        if rel.get_relation_type() == Atspi.RelationType.LABELLED_BY and rel.get_n_targets() > 0:
            target = rel.get_target(0)
            if target is not None:
                return str(target.get_name() or "")
    return ""


def _states(acc: Any) -> list[str]:
    have = acc.get_state_set()
    return [name for name in _STATES if have.contains(getattr(Atspi.StateType, name.upper()))]


def _node(acc: Any, parent: int, app_pid: int) -> dict[str, Any]:
    role = acc.get_role_name() or ""
    states = _states(acc)
    node: dict[str, Any] = {"parent": parent, "role": role, "name": "", "pid": app_pid, "states": states}
    if "showing" not in states and parent >= 0 and role not in ("menu", "window"):
        return node  # not on screen: the walk stops here, so nothing else is asked
    node["name"] = acc.get_name() or ""
    try:
        ext = acc.get_extents(Atspi.CoordType.SCREEN)
        node["rect"] = [ext.x, ext.y, ext.width, ext.height]
    except GLib.Error:
        node["rect"] = None
    if role in _LABELLED:
        try:
            label = _labelled_by(acc)
        except GLib.Error:
            label = ""
        if label and label != node["name"]:
            node["labelled_by"] = label
    _extras(acc, role, node)
    return node


def _extras(acc: Any, role: str, node: dict[str, Any]) -> None:
    """Text, value, description and attributes: asked only of the roles they matter for."""
    if role in _TEXT_ROLES and role != "password text":
        try:
            text = acc.get_text_iface()
            if text is not None:
                node["text"] = text.get_text(0, min(text.get_character_count(), _MAX_TEXT))
        except GLib.Error:
            pass
    if role in ("spin button", "slider", "progress bar", "scroll bar"):
        try:
            value = acc.get_value_iface()
            if value is not None:
                node["value"] = str(value.get_current_value())
        except GLib.Error:
            pass
    if role in _TEXT_ROLES or role in ("push button", "toggle button", "image", "icon"):
        # Descriptions and attributes (placeholder, id) matter for fields and icon buttons; asking
        # every node would add two round trips each.
        try:
            desc = acc.get_description() or ""
            if desc:
                node["description"] = desc
            attrs = acc.get_attributes() or {}
            if attrs.get("placeholder-text"):
                node["placeholder"] = attrs["placeholder-text"]
            if attrs.get("id"):
                node["id"] = attrs["id"]
        except GLib.Error:
            pass


def _walk(acc: Any, parent: int, app_pid: int, out: list[dict[str, Any]], limit: int) -> None:
    if len(out) >= limit:
        return
    node = _node(acc, parent, app_pid)
    # A subtree that is not showing (a hidden notebook page, a closed menu) is not on screen.
    if "showing" not in node["states"] and parent >= 0 and node["role"] not in ("menu", "window"):
        return
    me = len(out)
    out.append(node)
    try:
        count = acc.get_child_count()
    except GLib.Error:
        return
    for i in range(min(count, limit)):
        try:
            child = acc.get_child_at_index(i)
        except GLib.Error:
            continue
        if child is not None:
            _walk(child, me, app_pid, out, limit)


def _apps() -> list[tuple[Any, int, str]]:
    desktop = Atspi.get_desktop(0)
    out = []
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is None:
            continue
        try:
            out.append((app, app.get_process_id(), app.get_name() or ""))
        except GLib.Error:
            continue
    return out


_ACC = "org.a11y.atspi.Accessible"
_PROPS = "org.freedesktop.DBus.Properties"
_ROOT = "/org/a11y/atspi/accessible/root"
_CALL_MS = 5000
_DESCRIBED = _TEXT_ROLES | {"push button", "toggle button", "image", "icon"}
# Roles that hold no accessible children of their own in GTK and Qt (a container is asked for its children).
_LEAVES = frozenset({"label", "push button", "toggle button", "check box", "radio button", "text", "entry",
                     "password text", "icon", "image", "separator", "scroll bar", "spin button", "slider",
                     "progress bar", "link", "static", "heading", "paragraph", "check menu item", "radio menu item", "table cell"})  # fmt: skip


class _Batch:
    """D-Bus calls sent together and collected together: one round of waiting instead of one per call."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.loop = GLib.MainLoop()
        self.pending = 0
        self.results: dict[Any, Any] = {}
        self.flags = Gio.DBusCallFlags.NONE

    def _done(self, conn: Any, res: Any, key: Any) -> None:
        try:
            self.results[key] = conn.call_finish(res).unpack()
        except GLib.Error as exc:
            self.results[key] = exc
        self.pending -= 1
        if self.pending == 0:
            self.loop.quit()

    def add(self, key: Any, dest: str | None, path: str, iface: str, method: str, sig: str = "", body: tuple[Any, ...] = ()) -> None:
        self.pending += 1
        args = GLib.Variant(f"({sig})", body) if sig else None
        self.conn.call(dest, path, iface, method, args, None, self.flags, _CALL_MS, None, self._done, key)

    def run(self) -> dict[Any, Any]:
        """Wait for every call added; {key: unpacked reply tuple or GLib.Error}."""
        if self.pending:
            self.loop.run()
        out, self.results = self.results, {}
        return out


def _ok(value: Any) -> bool:
    return value is not None and not isinstance(value, Exception)


def _wire_batch(address: str) -> Any:
    """jeepney's batch (``_atspi_wire``, beside this file) when jeepney is importable, else None."""
    try:
        wire = importlib.import_module("_atspi_wire")
        return wire.WireBatch(address, timeout=_CALL_MS / 1000)
    except ImportError:
        return None


class _Bus:
    """The accessibility bus, read over D-Bus directly (see the module's docstring)."""

    def __init__(self, glib_only: bool = False) -> None:
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        reply = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None, None,
                                  Gio.DBusCallFlags.NONE, _CALL_MS, None)  # fmt: skip
        address = reply.unpack()[0]
        wire = None if glib_only else _wire_batch(address)
        if wire is None:
            flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
            wire = _Batch(Gio.DBusConnection.new_for_address_sync(address, flags, None, None))
        self.batch: Any = wire
        self.state_bits = {name: int(getattr(Atspi.StateType, name.upper())) for name in _STATES}
        self.showing = int(Atspi.StateType.SHOWING)
        self.labelled_by = int(Atspi.RelationType.LABELLED_BY)
        self.role_names: dict[int, str] = {}

    def apps(self) -> list[tuple[str, int]]:
        """(bus name, pid) of every application on the bus."""
        b = self.batch
        b.add(0, "org.a11y.atspi.Registry", _ROOT, _ACC, "GetChildren")
        found = [name for name, _path in b.run()[0][0]]
        for name in found:
            b.add(name, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                  "GetConnectionUnixProcessID", "s", (name,))  # fmt: skip
        pids = b.run()
        return [(name, int(pids[name][0])) for name in found if _ok(pids[name])]

    def _role(self, number: int) -> str:
        if number not in self.role_names:
            self.role_names[number] = Atspi.role_get_name(Atspi.Role(number)) or ""
        return self.role_names[number]

    def _bits(self, words: Any) -> int:
        return int(words[0]) | (int(words[1]) << 32) if len(words) > 1 else int(words[0])

    def snapshot(self, bus: str, pid: int, limit: int) -> list[dict[str, Any]]:
        """The showing nodes of one application, in tree order (raises GLib.Error when it cannot)."""
        b = self.batch
        b.add(0, bus, "/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems")
        reply = b.run()[0]
        if not _ok(reply):
            raise reply
        info: dict[str, dict[str, Any]] = {}
        kids: dict[str, list[tuple[int, str]]] = {}
        for (_b, path), _app, (_pb, parent), index, count, ifaces, name, role, desc, states in reply[0]:
            info[path] = {"role": self._role(role), "name": name, "desc": desc, "bits": self._bits(states),
                          "count": count, "ifaces": ifaces}  # fmt: skip
            if path != _ROOT:
                kids.setdefault(parent, []).append((index, path))
        self._fill(bus, info, kids, limit)
        return self._nodes(bus, pid, info, kids, limit)

    def _fill(self, bus: str, info: dict[str, dict[str, Any]], kids: dict[str, list[tuple[int, str]]], limit: int) -> None:
        """Ask for the children the cache lacks (GTK leaves tree view rows out of it), level by level."""
        b = self.batch
        # The cache's child counts can be stale too (a list box filled after start shows none), so every
        # showing container is asked; leaves by role only when the cache says they have children.
        need = [p for p, i in info.items() if i["bits"] >> self.showing & 1
                and (i["role"] not in _LEAVES or i["count"] > len(kids.get(p, ())))]  # fmt: skip
        while need and len(info) < limit:
            for p in need:
                b.add(p, bus, p, _ACC, "GetChildren")
            got = b.run()
            new: list[str] = []
            for p in need:
                if _ok(got[p]):
                    kids[p] = [(i, child) for i, (_b, child) in enumerate(got[p][0])]
                    new += [child for _i, child in kids[p] if child not in info][: max(0, limit - len(info) - len(new))]
            for p in new:
                b.add((p, 0), bus, p, _ACC, "GetRoleName")
                b.add((p, 1), bus, p, _ACC, "GetState")
                b.add((p, 2), bus, p, _PROPS, "GetAll", "s", (_ACC,))
                b.add((p, 3), bus, p, _ACC, "GetInterfaces")
            got = b.run()
            for p in new:
                role, states, props, ifaces = (got[(p, k)] for k in range(4))
                props = props[0] if _ok(props) else {}
                info[p] = {"role": role[0] if _ok(role) else "", "name": props.get("Name", ""),
                           "desc": props.get("Description", ""), "bits": self._bits(states[0]) if _ok(states) else 0,
                           "count": int(props.get("ChildCount", 0)), "ifaces": ifaces[0] if _ok(ifaces) else []}  # fmt: skip
            need = [p for p in new if info[p]["count"] > 0 and info[p]["bits"] >> self.showing & 1]

    def _order(self, info: dict[str, dict[str, Any]], kids: dict[str, list[tuple[int, str]]], limit: int) -> list[tuple[str, int]]:
        """(path, parent's index) in tree order; a subtree that is not showing is left out, as by the walk."""
        order: list[tuple[str, int]] = []
        stack = [(p, -1) for _i, p in sorted(kids.get(_ROOT, []), reverse=True)]
        seen: set[str] = set()
        while stack and len(order) < limit:
            path, parent = stack.pop()
            me = info.get(path)
            if me is None or path in seen:
                continue
            seen.add(path)
            if not me["bits"] >> self.showing & 1 and parent >= 0 and me["role"] not in ("menu", "window"):
                continue
            order.append((path, parent))
            stack += [(p, len(order) - 1) for _i, p in sorted(kids.get(path, []), reverse=True)]
        return order

    def _ask(self, bus: str, info: dict[str, dict[str, Any]], order: list[tuple[str, int]]) -> dict[Any, Any]:
        """Extents, label relations, text, values and attributes of every node, in one round."""
        b = self.batch
        for path, _parent in order:
            role, ifaces = info[path]["role"], info[path]["ifaces"]
            if "org.a11y.atspi.Component" in ifaces:
                b.add((path, "rect"), bus, path, "org.a11y.atspi.Component", "GetExtents", "u", (0,))
            named = bool(info[path]["name"])
            # A check box or radio button with a name of its own needs no label beside it.
            if role in _LABELLED and not (named and role in ("check box", "radio button")):
                b.add((path, "rel"), bus, path, _ACC, "GetRelationSet")
            if role in _TEXT_ROLES and role != "password text" and "org.a11y.atspi.Text" in ifaces:
                b.add((path, "text"), bus, path, "org.a11y.atspi.Text", "GetText", "ii", (0, -1))
            if role in ("spin button", "slider", "progress bar", "scroll bar") and "org.a11y.atspi.Value" in ifaces:
                b.add((path, "value"), bus, path, _PROPS, "Get", "ss", ("org.a11y.atspi.Value", "CurrentValue"))
            if role in _TEXT_ROLES or (not named and role in ("push button", "toggle button", "image", "icon")):
                b.add((path, "attrs"), bus, path, _ACC, "GetAttributes")
        got: dict[Any, Any] = b.run()
        # A label's name: from the cache when it is there, else asked (all at once).
        for path, _parent in order:
            rel: Any = got.get((path, "rel"))
            for kind, targets in rel[0] if _ok(rel) else ():
                if kind == self.labelled_by and targets:
                    got[(path, "label")] = targets[0][1]
                    if targets[0][1] not in info:
                        b.add(targets[0][1], bus, targets[0][1], _PROPS, "Get", "ss", (_ACC, "Name"))
                    break
        got.update({key: str(v[0]) for key, v in b.run().items() if _ok(v)})
        return got

    def _nodes(self, bus: str, pid: int, info: dict[str, dict[str, Any]], kids: dict[str, list[tuple[int, str]]],
               limit: int) -> list[dict[str, Any]]:  # fmt: skip
        order = self._order(info, kids, limit)
        got = self._ask(bus, info, order)
        nodes = []
        for path, parent in order:
            me = info[path]
            node: dict[str, Any] = {"parent": parent, "role": me["role"], "name": me["name"], "pid": pid,
                                    "states": [n for n, bit in self.state_bits.items() if me["bits"] >> bit & 1]}  # fmt: skip
            rect: Any = got.get((path, "rect"))
            node["rect"] = list(rect[0]) if _ok(rect) else None
            target: Any = got.get((path, "label"))
            label = (info[target]["name"] if target in info else got.get(target, "")) if target else ""
            if label and label != me["name"]:
                node["labelled_by"] = label
            _more(node, me, got, path)
            nodes.append(node)
        return nodes


def _more(node: dict[str, Any], me: dict[str, Any], got: dict[Any, Any], path: str) -> None:
    text: Any = got.get((path, "text"))
    if _ok(text):
        node["text"] = str(text[0])[:_MAX_TEXT]
    value: Any = got.get((path, "value"))
    if _ok(value):
        node["value"] = str(value[0])
    if me["desc"] and me["role"] in _DESCRIBED:
        node["description"] = me["desc"]
    attrs: Any = got.get((path, "attrs"))
    if _ok(attrs):
        if attrs[0].get("placeholder-text"):
            node["placeholder"] = attrs[0]["placeholder-text"]
        if attrs[0].get("id"):
            node["id"] = attrs[0]["id"]


_bus: dict[bool, _Bus] = {}


def _fast_snapshot(wanted: set[int], limit: int, glib_only: bool = False) -> list[dict[str, Any]]:
    if glib_only not in _bus:
        _bus[glib_only] = _Bus(glib_only)
    bus = _bus[glib_only]
    nodes: list[dict[str, Any]] = []
    for name, pid in bus.apps():
        if wanted and pid not in wanted:
            continue
        offset = len(nodes)
        for node in bus.snapshot(name, pid, limit - offset):
            if node["parent"] >= 0:
                node["parent"] += offset
            nodes.append(node)
    return nodes


def handle(request: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op")
    if op == "ping":
        return {"ok": True, "pid": __import__("os").getpid()}
    if op == "pids":
        return {"ok": True, "apps": [{"pid": pid, "name": name} for _, pid, name in _apps()]}
    if op == "snapshot":
        started = time.perf_counter()
        wanted = set(request.get("pids") or [])
        limit = int(request.get("max_nodes", 5000))
        nodes: list[dict[str, Any]] = []
        if not request.get("walk"):
            try:
                nodes = _fast_snapshot(wanted, limit, bool(request.get("glib")))
                return {"ok": True, "nodes": nodes, "ms": round((time.perf_counter() - started) * 1000, 1), "via": "dbus"}
            # An app without the Cache interface or with an older cache layout (Qt 5 sends children
            # lists, not counts), a bus that went away: walk instead.
            except (GLib.Error, OSError, ValueError, TypeError, KeyError, IndexError) as exc:
                sys.stderr.write(f"AT-SPI over D-Bus failed, walking with libatspi: {exc}\n")
                _bus.clear()
                nodes = []
        for app, pid, _name in _apps():
            if wanted and pid not in wanted:
                continue
            for i in range(app.get_child_count()):
                win = app.get_child_at_index(i)
                if win is not None:
                    _walk(win, -1, pid, nodes, limit)
        return {"ok": True, "nodes": nodes, "ms": round((time.perf_counter() - started) * 1000, 1), "via": "walk"}
    return {"ok": False, "error": f"unknown op {op!r}"}


def main() -> int:
    if Atspi is None:
        print(json.dumps({"ok": False, "error": f"PyGObject with Atspi is not importable: {_IMPORT_ERROR}"}), flush=True)
        return 2
    Atspi.init()
    print(json.dumps({"ok": True, "ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = handle(json.loads(line))
        except Exception as exc:  # a request must never kill the reader; the parent gets the error
            answer = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
