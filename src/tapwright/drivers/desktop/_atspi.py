"""The accessibility tree over AT-SPI: a reader process per display, its nodes turned into Elements."""

from __future__ import annotations

import dataclasses
import json
import os
import select
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tapwright.core.element import Element, ElementState, Rect
from tapwright.drivers.desktop._procs import Proc, spawn
from tapwright.errors import DriverError, ErrorCode

_WORKER = Path(__file__).with_name("_atspi_worker.py")
_ANSWER_TIMEOUT = 10.0

# AT-SPI role names -> the roles the locator knows.
ROLES: dict[str, str] = {
    "push button": "button", "toggle button": "button", "button": "button", "check box": "checkbox",
    "radio button": "radio", "text": "textbox", "entry": "textbox", "password text": "textbox",
    "spin button": "spinbutton", "combo box": "combobox", "menu item": "menuitem",
    "check menu item": "menuitemcheckbox", "radio menu item": "menuitemradio", "menu": "menu", "menu bar": "menubar",
    "list": "list", "list box": "list", "list item": "listitem", "table cell": "cell", "table row": "row",
    "tree item": "treeitem", "table": "table", "tree table": "table", "tree": "tree", "label": "text",
    "static": "text", "paragraph": "text", "heading": "heading", "dialog": "dialog", "file chooser": "dialog",
    "alert": "alertdialog", "frame": "window", "window": "window", "page tab": "tab", "page tab list": "tablist",
    "slider": "slider", "link": "link", "image": "img", "icon": "img", "tool bar": "toolbar",
    "status bar": "status", "scroll bar": "scrollbar", "progress bar": "progressbar", "switch": "switch",
    "column header": "columnheader", "row header": "rowheader", "notification": "alert",
}  # fmt: skip
INTERACTIVE = frozenset({"button", "checkbox", "radio", "textbox", "spinbutton", "combobox", "menuitem",
                         "menuitemcheckbox", "menuitemradio", "listitem", "cell", "treeitem", "tab", "slider",
                         "link", "switch", "columnheader", "scrollbar", "row"})  # fmt: skip
_CONTEXT_ROLES = {"dialog": "dialog", "alertdialog": "alertdialog", "list": "list", "menu": "menu", "table": "table"}


def _worker_pythons() -> list[str]:
    """Interpreters to try for the reader: this one, then Debian's (python3-gi)."""
    found = [sys.executable]
    system = shutil.which("python3", path="/usr/bin:/bin")
    if system and os.path.realpath(system) != os.path.realpath(sys.executable):
        found.append(system)
    return found


class AtspiReader:
    """A running reader process (``_atspi_worker``) for one display's accessibility bus."""

    def __init__(self, proc: Proc, python: str) -> None:
        self.proc = proc
        self.python = python
        self._lock = threading.Lock()
        self.last_via = ""  # how the last snapshot was read: "dbus" (batched calls) or "walk" (libatspi)

    @classmethod
    def start(cls, env: Mapping[str, str]) -> AtspiReader:
        """Start a reader with the display's environment.

        Raises:
            DriverError: DRIVER_ERROR when no interpreter here has PyGObject with Atspi (the message
                says what to install).
        """
        problems = []
        for python in _worker_pythons():
            try:
                proc = spawn([python, "-u", str(_WORKER)], env=dict(env), label="atspi",
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)  # fmt: skip
            except OSError as exc:
                problems.append(f"{python}: {exc}")
                continue
            reader = cls(proc, python)
            try:
                hello = reader._read(_ANSWER_TIMEOUT)
            except DriverError as exc:
                reader.close()
                problems.append(f"{python}: {exc.message}")
                continue
            if hello.get("ok"):
                return reader
            reader.close()
            problems.append(f"{python}: {hello.get('error')}")
        raise DriverError(
            ErrorCode.DRIVER_ERROR,
            "no AT-SPI reader: " + "; ".join(problems)
            + " (install PyGObject<3.51 in the venv via `make install`, or Debian's python3-gi gir1.2-atspi-2.0)",
        )

    def _read(self, timeout: float) -> dict[str, Any]:
        out = self.proc.popen.stdout
        assert out is not None
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise DriverError(ErrorCode.TIMEOUT, f"the AT-SPI reader gave no answer in {timeout:.0f} s")
            ready, _, _ = select.select([out], [], [], min(left, 0.5))
            if ready:
                line = out.readline()
                if not line:
                    tail = self.proc.stderr_tail(400)
                    raise DriverError(ErrorCode.DRIVER_ERROR, "the AT-SPI reader exited" + (f": {tail}" if tail else ""))
                answer: dict[str, Any] = json.loads(line)
                return answer
            if not self.proc.alive():
                raise DriverError(ErrorCode.DRIVER_ERROR, f"the AT-SPI reader exited: {self.proc.stderr_tail(400)}")

    def request(self, payload: dict[str, Any], timeout: float = _ANSWER_TIMEOUT) -> dict[str, Any]:
        """Send one request and wait for its answer (thread-safe; blocking)."""
        with self._lock:
            stdin = self.proc.popen.stdin
            assert stdin is not None
            try:
                stdin.write((json.dumps(payload) + "\n").encode())
                stdin.flush()
            except (BrokenPipeError, OSError) as exc:
                raise DriverError(ErrorCode.DRIVER_ERROR, "the AT-SPI reader is gone", cause=repr(exc)) from exc
            answer = self._read(timeout)
        if not answer.get("ok"):
            raise DriverError(ErrorCode.DRIVER_ERROR, f"AT-SPI: {answer.get('error')}")
        return answer

    def nodes(self, pids: list[int] | None, max_nodes: int = 5000, *, walk: bool = False,
              glib: bool = False) -> tuple[list[dict[str, Any]], float]:  # fmt: skip
        """The raw nodes of the applications ``pids`` (all when None) and the reader's own time in ms.

        ``walk`` reads through libatspi one call at a time instead of batched D-Bus calls (slower;
        the benchmark's baseline); ``glib`` makes the batched calls through GLib's D-Bus instead of
        jeepney's (slower: the benchmark's other baseline).
        """
        answer = self.request({"op": "snapshot", "pids": pids, "max_nodes": max_nodes, "walk": walk, "glib": glib})
        self.last_via = str(answer.get("via", ""))
        return list(answer["nodes"]), float(answer.get("ms", 0.0))

    @property
    def pid(self) -> int:
        return self.proc.pid

    def close(self) -> None:
        stdin = self.proc.popen.stdin
        if stdin is not None:
            try:
                stdin.close()
            except OSError:
                pass
        self.proc.stop(grace=1.0)
        out = self.proc.popen.stdout
        if out is not None:
            out.close()


def _state(role: str, states: set[str]) -> ElementState:
    toggles = role in ("checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio")
    return ElementState(
        visible="showing" in states,
        enabled="enabled" in states or "sensitive" in states,
        checked=("checked" in states or "pressed" in states) if toggles else None,
        selected=("selected" in states) if role in ("listitem", "tab", "treeitem", "row", "cell", "option") else None,
        focused="focused" in states,
        editable="editable" in states and role in ("textbox", "spinbutton", "combobox"),
        expanded=("expanded" in states) if "expandable" in states else None,
    )


_NAMED_BY_CONTENT = frozenset({"listitem", "button", "cell", "treeitem", "tab", "menuitem", "link", "row"})


def to_elements(nodes: list[dict[str, Any]], first_ref: int = 1) -> list[Element]:
    """AT-SPI nodes (in tree order, each naming its parent's index) -> Elements with refs and contexts.

    A field's name comes from its label (AT-SPI's labelled-by relation) when it has none of its own;
    a combo box's accessible name is its chosen item, so that becomes its value; a list item or
    button without a name takes the text of the labels inside it (which are then left out).
    """
    elements: list[Element] = []
    refs: list[str | None] = []
    contexts: list[tuple[str, ...]] = []
    for node in nodes:
        parent = int(node.get("parent", -1))
        raw_role = str(node.get("role", ""))
        role = ROLES.get(raw_role, "generic")
        ctx = contexts[parent] if parent >= 0 else ()
        name = str(node.get("name", "")).strip()
        label = str(node.get("labelled_by", "")).strip()
        kind = _CONTEXT_ROLES.get(role)
        mine = (*ctx, f"{kind}:{name or label}") if kind else ctx
        if role == "window" and name:
            mine = (*ctx, f"window:{name}")
        contexts.append(mine)
        rect_raw = node.get("rect")
        rect = Rect(*map(float, rect_raw)) if rect_raw and rect_raw[2] > 0 and rect_raw[3] > 0 else None
        # Containers without a name or a role of their own (fillers, panels) and empty labels only add noise.
        if (role == "generic" or role == "text") and not name:
            refs.append(refs[parent] if parent >= 0 else None)
            continue
        attrs: dict[str, str] = {"atspi_role": raw_role}
        if raw_role == "password text":
            attrs["type"] = "password"
        for key in ("placeholder", "id", "description"):
            if node.get(key):
                attrs["title" if key == "description" else key] = str(node[key])
        states = set(node.get("states", ()))
        text = ""
        value = None
        if role == "text":
            text = name
        elif role in ("textbox", "spinbutton"):
            value = str(node.get("text", node.get("value", "")))
        elif role == "combobox":
            value, name = name, ""
        if label:
            attrs["label"] = label
            name = name or label
        ref = f"e{first_ref + len(elements)}"
        refs.append(ref)
        elements.append(
            Element(
                ref=ref, role=role, name=name, text=text, value=value, attrs=attrs, state=_state(role, states),
                rect=rect, parent=refs[parent] if parent >= 0 else None, context=ctx,
                interactive=role in INTERACTIVE or "focusable" in states,
            )
        )  # fmt: skip
    return _name_by_content(elements)


def _name_by_content(elements: list[Element]) -> list[Element]:
    by_ref = {e.ref: i for i, e in enumerate(elements)}
    gathered: dict[int, list[str]] = {}
    merged: set[int] = set()
    for i, e in enumerate(elements):
        if e.role != "text" or not e.name:
            continue
        up = e.parent
        while up is not None and up in by_ref:
            j = by_ref[up]
            owner = elements[j]
            if owner.role in _NAMED_BY_CONTENT and not owner.name:
                gathered.setdefault(j, []).append(e.name)
                merged.add(i)
                break
            if owner.role not in ("generic", "text"):
                break
            up = owner.parent
    out = []
    for i, e in enumerate(elements):
        if i in merged:
            continue
        if i in gathered:
            e = dataclasses.replace(e, name=" ".join(gathered[i]))
        out.append(e)
    return out
