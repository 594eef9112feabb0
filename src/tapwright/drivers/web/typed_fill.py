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
from tapwright.drivers.web.targets import Target
from tapwright.drivers.web.values import convert, to_number
from tapwright.errors import ErrorCode, ToolFailure

_TEXT_INPUT = "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=button]), textarea"
KIND_JS = """(e) => ({tag: e.tagName, type: (e.getAttribute('type') || '').toLowerCase(),
  role: (e.getAttribute('role') || '').toLowerCase(),
  min: e.getAttribute('aria-valuemin') ?? e.getAttribute('min'), max: e.getAttribute('aria-valuemax') ?? e.getAttribute('max'),
  now: e.getAttribute('aria-valuenow'), readonly: e.tagName === 'INPUT' && e.readOnly && !e.disabled,
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
        return await type_text(t, text)
    await t.handle.fill(text)
    return {"text_length": len(text)}


async def type_text(t: Target, text: str) -> dict[str, Any]:
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
    """
    last = text[-1:]
    heard = t.element is None or t.element.attr("key_handlers") != "none"
    if t.again or not heard or not (last.isascii() and last.isprintable()):
        await t.handle.fill(text)
        return {"text_length": len(text)}
    await t.handle.fill(text[:-1])
    if t.selector and await t.evaluate(_FOCUSED_JS):
        await t.frame.page.keyboard.type(last)
    elif isinstance(t.handle, pw.Locator):
        await t.handle.press_sequentially(last)
    else:
        await t.handle.type(last)
    return {"text_length": len(text)}


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
