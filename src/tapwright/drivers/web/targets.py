"""Turning a ``target`` argument into something Playwright can act on.

A target is one of: a snapshot ref (``e12``), an explicit selector (``css=...``,
``xpath=...``, ``role=button[name="Save"]``, ``text=...``, ``#id``, ``//div``), or a
plain-English description resolved by the semantic locator over a fresh snapshot.
Refs and descriptions resolve to the very DOM node the snapshot saw (kept in the
frame by the collector), reached through the ``tapwright`` selector engine: no query,
no extra round trip, and Playwright's own actionability checks and retries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tapwright.core.element import Element
from tapwright.drivers.web._pw import pw
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import ElementHandle, Frame, Locator

ENGINE = "tapwright"
# The lookup of a kept node (``<generation>:<index>`` or ``p<n>``) in a frame's main world, where the collector and
# PIN_JS keep them: the node as it was kept (gone from the page or not), or null.
_KEPT_JS = """(body) => {
  const p = /^p(\\d+)$/.exec(body);
  const m = p ? null : /^(\\d+):(\\d+)$/.exec(body);
  const snaps = p ? window.__twPins : m ? window.__twSnaps : null;
  const els = snaps instanceof Map ? snaps.get(Number(p ? p[1] : m[1])) : null;
  return (els ? els[p ? 0 : Number(m[2])] : null) || null;
}"""
_GONE = 'throw new Error("tapwright: the element no longer points at a live element")'
# The kept node, throwing when it has gone (mapped to STALE_REF). The engine below and :meth:`Target.evaluate` use it.
_NODE_JS = f"""(body) => {{
  const e = ({_KEPT_JS})(body);
  if (!e || !e.isConnected) {_GONE};
  return e;
}}"""
# The same, except that a kept node the page has replaced by a copy of itself (a framework redrawing the same
# control: the same tag, id, name and text, and the only such node on the page) stands for that copy.
_NODE_OR_COPY_JS = f"""(body) => {{
  const e = ({_KEPT_JS})(body);
  if (e && e.isConnected) return e;
  const text = (n) => (n.textContent || "").trim();
  const copies = e ? Array.from(document.getElementsByTagName(e.tagName)).filter((c) => c.id === e.id
    && c.getAttribute("name") === e.getAttribute("name") && text(c) === text(e)) : [];
  if (copies.length !== 1) {_GONE};
  return copies[0];
}}"""
# A selector engine (registered when the browser is launched) that finds a node the collector
# kept: ``tapwright=<generation>:<index>``. It runs in the page's main world, where the
# collector keeps them, and fails at once, as STALE_REF, when the node has gone since.
# ``tapwright=-`` (:data:`PROBE`) finds nothing and never fails: an internal query that readies the
# engine in a new document without showing up as a failed call in a Playwright trace.
# ``tapwright=p<n>`` finds the node a selector matched when it was pinned (:data:`PIN_JS`), the same way.
ENGINE_JS = f"""(() => {{
  const find = {_NODE_JS};
  const node = (body) => (String(body).trim() === "-" ? null : find(String(body).trim()));
  return {{ query: (root, body) => node(body), queryAll: (root, body) => {{ const n = node(body); return n ? [n] : []; }} }};
}})()"""


PROBE = f"{ENGINE}=-"


def node_selector(generation: int, index: int) -> str:
    """The selector of node ``index`` kept by collector call ``generation`` of a frame."""
    return f"{ENGINE}={generation}:{index}"


def pin_selector(pin: int) -> str:
    """The selector of the node pinned as ``pin`` by :data:`PIN_JS`."""
    return f"{ENGINE}=p{pin}"


# Run on the nodes a selector matches, in the same call that matches them (``locator.evaluate_all``): keeps the
# first in the frame's main world for the engine (``tapwright=p<n>``), and says how many matched, whether they are
# in the top frame (a selector may enter an iframe: its pin lives there) and whether the first could take a
# pointer action at that instant (shown, not disabled). An action then acts on that very node, and fails at once
# as STALE_REF when a framework has replaced it, instead of waiting for a node that never holds still.
PIN_JS = """(els) => {
  const w = window;
  let pins = w.__twPins;
  if (!(pins instanceof Map)) {
    pins = new Map();
    Object.defineProperty(w, "__twPins", { value: pins, configurable: true, writable: true, enumerable: false });
  }
  const id = (Number(w.__twPinGen) || 0) + 1;
  Object.defineProperty(w, "__twPinGen", { value: id, configurable: true, writable: true, enumerable: false });
  pins.set(id, els.slice(0, 1));
  for (const old of pins.keys()) { if (pins.size <= 16) break; pins.delete(old); }
  const e = els[0];
  const shown = !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility === "visible";
  const off = !!e && ((e.matches && e.matches(":disabled")) || e.getAttribute("aria-disabled") === "true");
  return { pin: id, count: els.length, top: w === w.top, actionable: shown && !off };
}"""


# Whether no script of the page could hear the announcement of an edit of ``e`` (a ``beforeinput`` or
# ``textInput`` listener, added either way, on the node, anything holding it across shadow roots, its document or
# window): observer.js keeps the listeners' targets. False when the page's listeners cannot be known.
QUIET_EDIT_JS = """(e) => {
  const heard = window.__twAnnounced;
  if (!(heard instanceof WeakSet)) return false;
  const hears = (t) => heard.has(t) || t.onbeforeinput != null;
  for (let n = e; n; n = n.parentNode || n.host) if (hears(n)) return false;
  return !hears(window);
}"""


@dataclass(slots=True)
class Target:
    """A resolved target: what to act on, and what the snapshot knew about it."""

    handle: ElementHandle | Locator
    frame: Frame
    element: Element | None = None
    score: float | None = None
    # The frame's DOM mutation counter when the element was found (-1 when unknown).
    mutations: int = -1
    doc: str = ""  # the document that counter belongs to
    ref: str = ""
    # The described words when they are only part of a longer text (a word in a paragraph): a pointer action
    # goes to their own box, not the middle of the text (see :func:`words_point`).
    words: str = ""
    # Found as a table's cell under its column heading: its own text is what it says (reading.read).
    as_cell: bool = False
    # Found afresh after the node it first resolved to was re-rendered away (see :mod:`tapwright.core.rerender`):
    # the action does not wait for it to hold still.
    again: bool = False
    # The node's own selector (``tapwright=<generation>:<index>``) when the target came from a snapshot, or
    # ``tapwright=p<n>`` when a selector's match was pinned.
    selector: str = ""
    # Whether the node could take a pointer action when it was found (a snapshot's or a pin's look): a target
    # found ``again`` skips Playwright's wait for it to hold still only then.
    actionable: bool = True
    # The frame's (document, DOM mutation counter) read in the page right after an edit made by tapwright's own
    # script (:func:`tapwright.drivers.web.typed_fill.type_text`): whether the edit changed the page, known at once.
    edited: tuple[str, int] | None = None
    # The action's last act put text in through the browser's input channel (``Keyboard.insert_text`` or a key):
    # the edit's ``input`` event bumps the page's counter, whose push comes ahead of the reply for most fills, so
    # no push means the change is reported pending rather than read (see ``ChangeWatch.changed``).
    keyed: bool = False

    def note_edit(self, answer: dict[str, Any]) -> None:
        """:attr:`edited` from the answer of tapwright's own edit in the page (its ``doc`` and ``count``), when
        the page's counter was read."""
        if int(answer.get("count", -1)) >= 0 and answer.get("doc"):
            self.edited = (str(answer["doc"]), int(answer["count"]))

    async def evaluate(self, js: str, arg: object = None) -> Any:
        """``js(element, arg)`` in the page, in one round trip.

        A Locator's ``evaluate`` takes three (find the element, evaluate, let the handle go); a node
        the snapshot kept (or a selector's pinned match) is looked up where it is kept, in the frame's
        main world, within one plain evaluate (Playwright's ``eval_on_selector`` would query from its
        own world and hand the node over: about 8 ms against 1.5 ms on a loaded machine). It fails at
        once (as STALE_REF) when the node has gone, as the locator's would.
        """
        if self.selector:
            body = self.selector.removeprefix(f"{ENGINE}=")
            call = "(node)" if arg is None else "(node, arg)"  # no argument stays undefined, as Playwright passes it
            return await self.frame.evaluate(
                f"([body, arg]) => {{ const node = ({_NODE_JS})(body); return ({js}){call}; }}", [body, arg])
        return await self.handle.evaluate(js, arg)

    async def evaluate_live(self, js: str) -> Any:
        """``js(element)`` in one round trip on the kept node, or on the one copy of it the page has drawn in its place
        since (a re-render: same tag, id, name and text); None for a target held by a Locator."""
        if not self.selector:
            return None
        body = self.selector.removeprefix(f"{ENGINE}=")
        return await self.frame.evaluate(f"(body) => {{ const node = ({_NODE_OR_COPY_JS})(body); return ({js})(node); }}",
                                         body)

    def describe(self) -> dict[str, object]:
        if self.element is None:
            return {"ref": self.ref} if self.ref else {}
        out: dict[str, object] = {"ref": self.element.ref, "role": self.element.role, "name": self.element.name}
        return out

    async def dispose(self) -> None:
        if isinstance(self.handle, pw.ElementHandle):
            try:
                await self.handle.dispose()
            except Exception:  # disposing a handle of a closed page is harmless
                pass


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_text(text: str, what: str) -> None:
    """INVALID_INPUT for NUL and other control characters (tab, newline and carriage return are fine).

    Typed as given they reach the page as garbage, and a target made of them can only time out.
    """
    bad = _CONTROL.search(text)
    if bad is not None:
        raise ToolFailure(ErrorCode.INVALID_INPUT,
                          f"the {what} holds the control character U+{ord(bad.group()):04X} at position {bad.start()}; "
                          "remove it (use web.press_key for keys such as Enter or Backspace)")


# The middle of the first place a text element shows ``words`` (case and spacing ignored), in viewport pixels.
_WORDS_BOX_JS = """(el, words) => {
  const want = words.toLowerCase().replace(/\\s+/g, ' ').trim();
  if (!want) return null;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let norm = '', map = [], last = ' ';
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (let k = 0; k < n.data.length; k++) {
      const ch = /\\s/.test(n.data[k]) ? ' ' : n.data[k].toLowerCase();
      if (ch === ' ' && last === ' ') continue;
      norm += ch; map.push([n, k]); last = ch;
    }
  }
  let at = -1;
  for (let i = norm.indexOf(want); i >= 0; i = norm.indexOf(want, i + 1)) {
    const before = i === 0 || !/[\\p{L}\\p{N}]/u.test(norm[i - 1]);
    const after = i + want.length >= norm.length || !/[\\p{L}\\p{N}]/u.test(norm[i + want.length]);
    if (before && after) { at = i; break; }
  }
  if (at < 0) return null;
  const [a, ak] = map[at], [b, bk] = map[at + want.length - 1];
  const range = document.createRange();
  range.setStart(a, ak); range.setEnd(b, bk + 1);
  const r = range.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? [r.x + r.width / 2, r.y + r.height / 2] : null;
}"""


async def words_point(t: Target) -> tuple[float, float] | None:
    """Where to point at ``t.words`` inside ``t`` (main frame only), or None to act on the whole element."""
    if not t.words or t.frame.parent_frame is not None:
        return None
    try:
        point = await t.handle.evaluate(_WORDS_BOX_JS, t.words)
    except pw.Error:
        return None
    return (float(point[0]), float(point[1])) if point else None
