"""The AT-SPI reader, run as its own process: one JSON request per line on stdin, one answer per line.

Standalone on purpose (standard library + PyGObject only): libatspi binds to one accessibility bus
per process, found from the environment this process starts with, so each display gets its own
reader; and it can run under any Python that has PyGObject (the venv's, or Debian's python3-gi).

Requests: ``{"op": "ping"}``, ``{"op": "snapshot", "pids": [..] | null, "max_nodes": N}``,
``{"op": "pids"}``. Answers: ``{"ok": true, ...}`` or ``{"ok": false, "error": "..."}``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

try:
    import gi

    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi, GLib
except (ImportError, ValueError) as _exc:  # reported to the parent, which falls back to OCR
    Atspi = None
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
        for app, pid, _name in _apps():
            if wanted and pid not in wanted:
                continue
            for i in range(app.get_child_count()):
                win = app.get_child_at_index(i)
                if win is not None:
                    _walk(win, -1, pid, nodes, limit)
        return {"ok": True, "nodes": nodes, "ms": round((time.perf_counter() - started) * 1000, 1)}
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
