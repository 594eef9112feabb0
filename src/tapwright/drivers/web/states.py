"""Checking an element's state (checked, enabled, focused ...) on a WebSession, as a web-first assertion."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Literal

from tapwright.core.targets import is_ref, is_selector
from tapwright.core.toggles import toggle_claim, toggle_reason
from tapwright.drivers.web import actions
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.checks import verify
from tapwright.drivers.web.errors import map_error
from tapwright.drivers.web.icon_words import with_icons
from tapwright.drivers.web.session import WebSession
from tapwright.drivers.web.targets import Target
from tapwright.errors import ErrorCode, ToolFailure

State = Literal["checked", "unchecked", "enabled", "disabled", "visible", "hidden", "focused", "editable",
                "readonly", "expanded", "collapsed", "selected"]  # fmt: skip

# Every state of the live node in one round trip, read the way the snapshot reads it
# (native properties first, then ARIA). ``null`` means the element has no such state.
_STATES_JS = with_icons("""(el) => {
  const aria = (n) => el.getAttribute(n);
  const tri = (v) => (v === "true" ? true : v === "false" ? false : null);
  const tag = el.tagName;
  const type = (el.type || "").toLowerCase();
  let checked = null;
  if (tag === "INPUT" && (type === "checkbox" || type === "radio")) checked = el.checked;
  else checked = tri(aria("aria-checked")) ?? tri(aria("aria-pressed"));
  if (checked === null) { const box = twIcons().tickBox(el); if (box) checked = box === "c"; }  // a drawn tick box
  const disabled = el.matches(":disabled") || !!el.closest("[aria-disabled=true]");
  const readonly = el.readOnly === true || aria("aria-readonly") === "true";
  const textInput = (tag === "INPUT" && !["checkbox", "radio", "button", "submit", "reset", "image", "file", "range",
    "color", "hidden"].includes(type)) || tag === "TEXTAREA";
  const field = textInput || tag === "SELECT" || el.isContentEditable;
  let expanded = tri(aria("aria-expanded"));
  if (expanded === null && tag === "SUMMARY" && el.parentElement && el.parentElement.tagName === "DETAILS") {
    expanded = el.parentElement.open;
  }
  if (expanded === null && tag === "DETAILS") expanded = el.open;
  let selected = tag === "OPTION" ? el.selected : tri(aria("aria-selected"));
  if (selected === null && aria("aria-current") && aria("aria-current") !== "false") selected = true;
  if (selected === null) {
    // Drawn as chosen only by a class word (a tab strip whose current tab is "active"): among siblings of its kind
    // (it, or the item around it), the ones marked so are selected and the rest are not.
    const MARK = /(^|[-_\\s])(active|selected|current)($|[-_\\s])/i;
    for (let e = el, i = 0; e && e.parentElement && i < 3 && selected === null; e = e.parentElement, i++) {
      const sibs = Array.from(e.parentElement.children).filter((x) => x.tagName === e.tagName);
      if (sibs.length < 2) continue;
      const marked = sibs.filter((x) => MARK.test(x.getAttribute("class") || ""));
      if (marked.length && marked.length < sibs.length) selected = marked.includes(e);
    }
  }
  let active = document.activeElement;
  while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
  const r = el.getBoundingClientRect();
  const visible = r.width > 0 && r.height > 0 && (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true);
  return { checked, disabled, readonly, field, editable: field && !disabled && !readonly, expanded, selected,
           focused: el === active, visible };
}""")

# state -> (the property it reads, the value it wants)
_WANT: dict[str, tuple[str, bool]] = {
    "checked": ("checked", True), "unchecked": ("checked", False), "enabled": ("disabled", False),
    "disabled": ("disabled", True), "visible": ("visible", True), "hidden": ("visible", False),
    "focused": ("focused", True), "editable": ("editable", True), "readonly": ("readonly", True),
    "expanded": ("expanded", True), "collapsed": ("expanded", False), "selected": ("selected", True),
}  # fmt: skip


async def _read(session: WebSession, target: str) -> dict[str, Any] | None:
    """The element's states and what it is, or None when no element matches now."""
    try:
        resolved = await session.resolve(target, wait=False)
    except ToolFailure as exc:
        if exc.code in (ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.STALE_REF):
            return None
        raise
    try:
        states: dict[str, Any] = await resolved.evaluate(_STATES_JS)
    except pw.Error as exc:
        err = map_error(exc, "read the state")
        if err.code is ErrorCode.STALE_REF:
            return None  # the node went away between finding and reading: read again next poll
        raise err from None
    finally:
        await resolved.dispose()
    return {"states": states, "element": resolved.describe()}


def _holds(states: dict[str, Any], state: str) -> bool:
    both = toggle_claim(state, states.get("checked"), bool(states.get("disabled")))
    if both is not None:
        return both  # "enabled" said of a switch: on and usable (tapwright.core.toggles)
    key, want = _WANT[state]
    value = states.get(key)
    if key == "selected" and value is None:
        value = states.get("checked")  # "the Free plan should be selected": a radio or tick box is selected when checked
    if key == "readonly":
        return bool(states.get("field")) and bool(value) == want
    return value is not None and bool(value) == want


async def _as_toggle(session: WebSession, target: str) -> dict[str, Any] | None:
    """What a description names as a thing that is on or off: "Strictly necessary cookies should be on" found a
    line of text holding those words, which is never on; the switch or tick box the words name is meant (the words
    read with a toggle's kind). None when no control with an on/off state matches them, or the target is a ref or a
    selector (which says exactly what to read)."""
    if is_ref(target) or is_selector(target):
        return None
    info = await _read(session, f"{target} toggle")
    return info if info is not None and info["states"].get("checked") is not None else None


async def verify_state(session: WebSession, target: str, state: str) -> dict[str, Any]:
    """Wait until ``target`` is in ``state`` (up to the action timeout), else ASSERTION_FAILED.

    ``hidden`` also holds when no element matches at all, as Playwright's ``to_be_hidden``.
    """
    if state not in _WANT:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"unknown state {state!r}; one of {', '.join(_WANT)}")
    seen: dict[str, Any] = {}

    async def check() -> dict[str, Any] | None:
        info = await _read(session, target)
        if info is not None and _WANT[state][0] == "checked" and info["states"].get("checked") is None:
            info = await _as_toggle(session, target) or info
        seen["info"] = info
        if info is None:
            return {"state": state, "present": False} if state == "hidden" else None
        if not _holds(info["states"], state):
            return None
        return {"state": state, **info["element"]}

    async def failure() -> str:
        info = seen.get("info")
        if info is None:
            return f"no element matches {target!r}, so it cannot be {state}"
        key, _ = _WANT[state]
        states = info["states"]
        if key in ("checked", "expanded", "selected") and states.get(key) is None and \
                not (key == "selected" and states.get("checked") is not None):
            return f"{target!r} is not {state}: it has no {key} state"
        if state == "readonly" and not states.get("field"):
            return f"{target!r} is not readonly: it is not a form field"
        if toggle_claim(state, states.get("checked"), bool(states.get("disabled"))) is not None:
            return f"{target!r} is not {state}: " + toggle_reason(state, bool(states["checked"]), bool(states.get("disabled")))
        now = [name for name in _WANT if _holds(states, name)]
        return f"{target!r} is not {state}; it is {', '.join(now) or 'in no known state'}"

    return dict(await verify(check, session.action_timeout_ms, failure, session))


# The element that carries the expanded state for a description that found a section's header: the element
# itself, the toggle around it, or the one toggle inside it (a heading holding its accordion button).
_TOGGLE_JS = """(el) => {
  const has = (e) => e.hasAttribute('aria-expanded') || e.tagName === 'SUMMARY' || e.tagName === 'DETAILS';
  if (has(el)) return el;
  const up = el.closest('[aria-expanded], summary');
  if (up) return up;
  const inner = el.querySelectorAll('[aria-expanded], summary');
  return inner.length === 1 ? inner[0] : el;
}"""
_SETTLE_S = 1.5


# A control that opens a popup list or menu (a select drawn as a combobox, a button with aria-haspopup).
_OPENS_POPUP_JS = """(e) => (e.getAttribute('role') || '').toLowerCase() === 'combobox'
  || ['listbox', 'menu', 'true', 'tree', 'grid', 'dialog'].includes((e.getAttribute('aria-haspopup') || '').toLowerCase())"""
_ESCAPE_SETTLE_S = 0.5


async def _escaped(toggle: Any) -> bool:
    """Fold the popup ``toggle`` opened with Escape, as people close a list they opened (clicking its field again
    may pick an option or keep it open): True when it then says it is collapsed. Only for a control that opens a
    popup; anything else is left to its click."""
    if not await toggle.evaluate(_OPENS_POPUP_JS):
        return False
    await toggle.focus()
    await toggle.press("Escape")
    deadline = time.monotonic() + _ESCAPE_SETTLE_S
    while True:
        now = (await toggle.evaluate(_STATES_JS))["expanded"]
        if now is not None and not now:
            return True
        if time.monotonic() >= deadline:
            return False
        await asyncio.sleep(0.05)


async def set_expanded(session: WebSession, target: str, expanded: bool) -> dict[str, Any]:
    """Expand (or collapse) a section: a click on its header only when it is not that way already.

    A header that says whether it is open (``aria-expanded``, ``<details>``) is clicked only when
    needed and checked afterwards; one that does not is clicked, as a person would.
    """

    async def act(t: Target) -> dict[str, Any]:
        toggle = (await t.handle.evaluate_handle(_TOGGLE_JS)).as_element()
        if toggle is None:
            raise ToolFailure(ErrorCode.STALE_REF, f"{target!r} went away before it could be expanded")
        try:
            before = (await toggle.evaluate(_STATES_JS))["expanded"]
            if before is not None and bool(before) == expanded:
                return {"expanded": expanded, "was": expanded}
            if before and not expanded and await _escaped(toggle):
                return {"expanded": False, "was": True, "by": "Escape"}
            click_on = toggle
            if await toggle.evaluate("(e) => e.tagName === 'DETAILS'"):
                click_on = await toggle.query_selector("summary") or toggle
            await click_on.click()
            if before is None:
                return {"expanded": None, "clicked": True}
            deadline = time.monotonic() + _SETTLE_S
            while True:
                now = (await toggle.evaluate(_STATES_JS))["expanded"]
                if now is not None and bool(now) == expanded:
                    return {"expanded": expanded, "was": bool(before)}
                if time.monotonic() >= deadline:
                    state = "expanded" if now else "collapsed"
                    raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"clicked {target!r} but it stayed {state}")
                await asyncio.sleep(0.05)
        finally:
            await toggle.dispose()

    return await actions.perform(session, target, "expand" if expanded else "collapse", act, each=True)
