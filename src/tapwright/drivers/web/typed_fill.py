"""Filling a control of any kind with a value as a step writes it ("Set Volume to 40%").

``web.fill`` calls :func:`fill_value`: a ``<select>`` gets the option, a checkbox or
switch is ticked or cleared by on/off words, a date, time, month, number, range or
colour input gets the value converted by :mod:`tapwright.drivers.web.values`, and a
custom ARIA slider or spin button is moved with the arrow keys until it shows the value.
Everything else is filled as text.
"""

from __future__ import annotations

from typing import Any

from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.targets import QUIET_EDIT_JS, Target
from tapwright.drivers.web.values import convert, to_number
from tapwright.errors import ErrorCode, ToolFailure

_TEXT_INPUT = "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=button]), textarea"
KIND_JS = """(e) => ({tag: e.tagName, type: (e.getAttribute('type') || '').toLowerCase(),
  role: (e.getAttribute('role') || '').toLowerCase(),
  min: e.getAttribute('aria-valuemin') ?? e.getAttribute('min'), max: e.getAttribute('aria-valuemax') ?? e.getAttribute('max'),
  now: e.getAttribute('aria-valuenow'),
  popup: ['listbox', 'menu', 'true'].includes((e.getAttribute('aria-haspopup') || '').toLowerCase()), readonly: e.tagName === 'INPUT' && e.readOnly && !e.disabled,
  wraps: !['INPUT', 'TEXTAREA', 'SELECT'].includes(e.tagName) && !e.isContentEditable
    && ['combobox', 'searchbox', 'textbox'].includes((e.getAttribute('role') || '').toLowerCase())
    && e.querySelectorAll(""" + repr(_TEXT_INPUT) + """).length === 1})"""
_SET_JS = """(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true}));
  e.dispatchEvent(new Event('change', {bubbles: true})); return e.value; }"""
# A slider drawn as a div with the role, whose keyboard handler sits on a focusable part inside it (its track or
# thumb): when focusing the slider leaves the focus outside it, its first focusable descendant gets the keys.
_FOCUS_INSIDE_JS = """(e) => { if (e.contains(document.activeElement)) return;
  const inner = e.querySelector('[tabindex]:not([tabindex="-1"]), input, button'); if (inner) inner.focus(); }"""
# Whether a field still holds the focus its fill gave it, focusing it again when the page moved the focus away.
_FOCUSED_JS = """(e) => { const root = e.getRootNode(); if (root.activeElement !== e) e.focus();
  return root.activeElement === e; }"""
# A text field typed into in one call: the kept node is focused, what it holds selected, and the text inserted over
# the selection by the page's own editing command, as typing inserts it (the trusted ``input`` event of an edit, a
# step of the field's undo history, ``maxlength`` honoured). That command announces nothing (no ``beforeinput``, no
# ``textInput``), so it is used only where no script could hear those (QUIET_EDIT_JS); elsewhere the field is left
# focused and selected, ``{keys: true}``, and the text goes in through the browser's input channel as Playwright's
# fill sends it (``Keyboard.insert_text``), which announces it. The page's microtasks run before the DOM change
# counter is read (a framework's re-render scheduled by the input event), so the answer says whether the edit changed
# the page. Null, and nothing done, when the field cannot take the text at once (hidden, of no size, disabled,
# read-only, refusing the focus, an edit the command refused): Playwright's fill waits for it then.
INSERT_JS = f"""async (e, v) => {{
  const text = e.tagName === 'TEXTAREA' || (e.tagName === 'INPUT' && ['text', 'search', 'email', 'password', 'tel', 'url'].includes(e.type));
  const box = e.getBoundingClientRect();  // shown as Playwright's fill would wait for: a box of some size
  if (!text || !e.isConnected || e.disabled || e.readOnly || !(box.width > 0 && box.height > 0)
      || getComputedStyle(e).visibility !== 'visible') return null;
  const root = e.getRootNode();
  if (root.activeElement !== e) e.focus();
  if (root.activeElement !== e) return null;
  e.select();
  if (!({QUIET_EDIT_JS})(e)) return {{keys: true, focused: true, count: -1, doc: ''}};
  const done = v === '' || document.execCommand('insertText', false, v);  // '': the key that follows replaces it
  if (!done) return null;
  await null;
  const m = window.__twMut;
  const count = m ? m.get() : -1;
  if (e.isConnected && root.activeElement !== e) e.focus();  // its own input handler moved the focus (a key follows)
  return {{keys: false, focused: e.isConnected && root.activeElement === e, count, doc: m ? m.doc : ''}};
}}"""
_TYPED = frozenset({"date", "time", "datetime-local", "month", "number", "range", "color"})
_ON = frozenset({"on", "checked", "true", "yes", "ticked", "enabled", "selected"})
_OFF = frozenset({"off", "unchecked", "false", "no", "unticked", "disabled", "deselected"})
MAX_STEPS = 1000
_SETTLE_POLLS, _SETTLE_POLL_MS = 10, 30


def _float(raw: Any) -> float | None:
    try:
        return float(raw)
    except (TypeError, ValueError):
        return None


async def fill_value(t: Target, text: str, kind: dict[str, Any] | None = None) -> dict[str, Any]:
    """Put ``text`` into the resolved target the way its kind of control takes it (``kind``: what
    :data:`KIND_JS` said of it, when already asked)."""
    kind = kind if kind is not None else await t.evaluate(KIND_JS)
    tag, typ, role = kind["tag"], kind["type"], kind["role"]
    low, high = _float(kind["min"]), _float(kind["max"])
    if tag == "SELECT":
        try:
            chosen = await t.handle.select_option(label=text)
        except pw.Error:
            chosen = await t.handle.select_option(text)
        return {"selected": chosen}
    if typ in ("checkbox", "radio") or role in ("checkbox", "switch", "radio", "menuitemcheckbox"):
        word = text.strip().lower()
        if word not in _ON | _OFF:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"a {role or typ} is set to on or off, not {text!r}")
        await (t.handle.check() if word in _ON else t.handle.uncheck())
        return {"checked": word in _ON}
    if tag == "INPUT" and typ in _TYPED:
        value = convert(typ, text, low, high)
        if value is None:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"cannot read {text!r} as a {typ} value")
        if typ in ("range", "color"):
            got = await t.handle.evaluate(_SET_JS, value)
            return {"value": got}
        await t.handle.fill(value)
        return {"value": value}
    if role in ("slider", "spinbutton") and tag != "INPUT":
        return await _step_to(t, text, low, high, _float(kind["now"]))
    if kind["wraps"]:
        # A combobox drawn as a wrapper around its one text input (an autocomplete): the text goes into that input.
        if isinstance(t.handle, pw.Locator):
            await t.handle.locator(_TEXT_INPUT).fill(text)
        else:
            inner = await t.handle.query_selector(_TEXT_INPUT)
            if inner is None:
                raise ToolFailure(ErrorCode.NOT_INTERACTABLE, "the combobox's text input went away")
            await inner.fill(text)
        return {"text_length": len(text)}
    if tag in ("INPUT", "TEXTAREA"):
        return await type_text(t, text, typed=kind.get("typed"), tried="typed" in kind)
    await t.handle.fill(text)
    return {"text_length": len(text)}


def _whole(t: Target, text: str) -> bool:
    """Whether ``text`` is set at once with no last key typed (see :func:`type_text`)."""
    last = text[-1:]
    heard = t.element is None or t.element.attr("key_handlers") != "none"
    return t.again or not heard or not (last.isascii() and last.isprintable())


def at_once(t: Target, text: str) -> str | None:
    """The part of ``text`` that :data:`INSERT_JS` inserts at once into the kept node (all of it, or all but a
    last key the page may listen for); None when Playwright's fill is asked instead (a target no snapshot kept,
    one found again after a re-render, an empty value)."""
    if not t.selector or t.again or not text:
        return None
    return text if _whole(t, text) else text[:-1]


async def type_text(t: Target, text: str, *, typed: dict[str, Any] | None = None, tried: bool = False) -> dict[str, Any]:
    """Fill a text field as typing ends: all but the last character set at once, the last one typed as a key.

    A person's typing ends with a key released; a field that filters or validates on key events (``keyup``)
    and not on ``input`` reacts to that key only. A last character that is not one printable ASCII key (an
    accent, an emoji, an empty value) is set with the rest, and so is every character when no key handler of the
    page could hear the key (the snapshot says so: none on the field, what holds it, its document or window).

    The key goes through the keyboard to the field, which Playwright's fill focused, once one look in the page
    found the field still there and focused (focused again if the fill's own handlers moved the focus, as
    Playwright's ``type`` focuses before its keys): a second look-up of the element by Playwright would cost
    several times that. A field the page replaced on input (a framework drawing it anew with the value) is gone
    by then: STALE_REF, and the field found again (``t.again``) is given the whole text at once, since a key
    typed after it would land in a node that no longer exists.

    The text is inserted by the page's own editing command (:data:`INSERT_JS`: one call to the page), and by
    Playwright's fill when the field cannot take it at once. ``tried``: the caller already ran :data:`INSERT_JS`
    with :func:`at_once`'s text in a call of its own, which answered ``typed``.
    """
    last = text[-1:]
    whole = _whole(t, text)
    if not tried:
        head = at_once(t, text)
        typed = await _insert(t, head) if head is not None else None
    elif typed is not None:
        t.note_edit(typed)
    if typed is not None and typed["keys"] and (whole or last != text):
        # Focused and selected by the call, which left the text to the browser's input channel (a page that
        # hears an edit's announcement): inserted there, as Playwright's fill inserts it.
        await t.frame.page.keyboard.insert_text(text if whole else text[:-1])
        t.keyed = whole
    if whole:
        if typed is None:
            await t.handle.fill(text)
        return {"text_length": len(text)}
    t.edited = None  # the key may change the page again: its change is read as any edit's
    if typed is None:
        await t.handle.fill(text[:-1])
    if (typed or {}).get("focused") or (typed is None and t.selector and await t.evaluate(_FOCUSED_JS)):
        await t.frame.page.keyboard.type(last)
    elif isinstance(t.handle, pw.Locator):
        await t.handle.press_sequentially(last)
    else:
        await t.handle.type(last)
    return {"text_length": len(text)}


async def _insert(t: Target, text: str) -> dict[str, Any] | None:
    """:data:`INSERT_JS` on the kept node (the target's ``edited`` noted from its answer); None when it could not."""
    try:
        typed = await t.evaluate(INSERT_JS, text)
    except pw.Error:
        return None  # the node went away (a re-render): Playwright's fill finds it or says STALE_REF
    if not isinstance(typed, dict):
        return None
    t.note_edit(typed)
    return typed


async def _step_to(t: Target, text: str, low: float | None, high: float | None, now: float | None) -> dict[str, Any]:
    """A custom ARIA slider or spin button: arrow keys until ``aria-valuenow`` is the value."""
    raw = to_number(text, low, high)
    wanted = _float(raw)
    if wanted is None or now is None:
        raise ToolFailure(ErrorCode.INVALID_INPUT, f"cannot set this control to {text!r}: it takes a number")
    await t.handle.focus()
    await t.handle.evaluate(_FOCUS_INSIDE_JS)
    page = t.frame.page
    for _ in range(MAX_STEPS):
        if now == wanted:
            break
        up = now < wanted
        await page.keyboard.press("ArrowUp" if up else "ArrowDown")
        after = _float(await t.handle.get_attribute("aria-valuenow"))
        for _ in range(_SETTLE_POLLS):  # a framework may redraw the value a moment after the key (a loaded machine)
            if after != now:
                break
            await page.wait_for_timeout(_SETTLE_POLL_MS)
            after = _float(await t.handle.get_attribute("aria-valuenow"))
        stuck = after is None or after == now
        now = after
        if stuck or now is None or (now > wanted if up else now < wanted):
            break  # the control ignores the keys, or its step jumps past the value
    if now != wanted:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE, f"the control stopped at {now}, not {raw}")
    return {"value": raw}
