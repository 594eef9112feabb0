"""Widgets that are not what their HTML says: custom dropdowns and visually hidden checkboxes.

Each acts as a person would (open the list, click the option; click the label of a
hidden checkbox) with Playwright's real mouse, then checks that the choice took and
fails when it did not, so a widget that ignored the action never passes silently.
Code editors live in :mod:`~tapwright.drivers.web.editors`.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from tapwright.drivers.web import press
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.icon_words import with_icons
from tapwright.drivers.web.targets import Target
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from tapwright.drivers.web.session import WebSession

_POLL_S = 0.05
_VERIFY_S = 1.5

# What kind of choosing widget an element is.
KIND_JS = """(el) => {
  const role = (el.getAttribute('role') || '').trim().split(/\\s+/)[0].toLowerCase();
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 2 && r.height > 2 && (!e.checkVisibility || e.checkVisibility({visibilityProperty: true})); };
  // A hidden native <select> is worked through the widget drawn in its place (a dropdown widget over it).
  if (el.tagName === 'SELECT') return shown(el) ? {kind: 'select'} : {kind: 'custom', editable: false, expanded: false};
  if (role === 'listbox') return {kind: 'listbox'};
  if (role === 'radiogroup' || (el.tagName === 'FIELDSET' && el.querySelector('input[type=radio], [role=radio]'))) return {kind: 'radios'};
  // A date, time, number, range or colour input is "picked" by typing the value it takes.
  // So is a field with a <datalist> of suggestions: the browser draws that list, the page cannot click it.
  if (el.tagName === 'INPUT' && role !== 'combobox' && (el.list
      || /^(date|time|datetime-local|month|week|number|range|color)$/i.test(el.type))) return {kind: 'typed'};
  const editable = (el.tagName === 'INPUT' && !/^(checkbox|radio|button|submit|reset|file|image|range|color)$/i.test(el.type))
    || el.tagName === 'TEXTAREA' || el.isContentEditable;
  return {kind: 'custom', editable, expanded: el.getAttribute('aria-expanded') === 'true'};
}"""

# The visible options a dropdown shows now: inside the list it controls when it names one, else anywhere
# (lists are often rendered in a portal at the end of <body>); with no option roles at all, the items that
# appeared when it was opened (``seen``: what was visible before, from SEEN_JS), nearest the opener first.
# An item that cannot be chosen (aria-disabled, or a live message such as "No results found") is no option.
_OPTIONS_JS = """
  const OPT = '[role=option], [role=menuitem], [role=menuitemradio], [role=treeitem]';
  const clean = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (!e.checkVisibility || e.checkVisibility({visibilityProperty: true})); };
  const choosable = (o) => !o.closest('[aria-disabled=true]') && !o.matches('[role=alert], [role=status], [aria-live]:not([aria-live=off])');
  function lists(el) {
    const out = [];
    for (const attr of ['aria-controls', 'aria-owns']) {
      for (const id of (el.getAttribute(attr) || '').split(/\\s+/)) {
        const l = id && document.getElementById(id);
        if (l) out.push(l);
      }
    }
    return out;
  }
  // Single-line texts that became visible since ``seen`` was taken, outside the widget itself: the list it
  // opened. Of a chain of boxes holding the same text, the outermost (the item, not the words in it).
  // Where the widget is drawn: its own box, or (a hidden <select>) its nearest visible wrapper's.
  function boxOf(el) {
    let base = el.getBoundingClientRect();
    for (let p = el.parentElement; base.height <= 2 && p; p = p.parentElement) base = p.getBoundingClientRect();
    return base;
  }
  function appeared(el, seen) {
    const here = boxOf(el);
    const out = [];
    for (const o of document.body.querySelectorAll('*')) {
      if (seen.has(o) || o.contains(el) || o.matches('input, textarea, select, script, style')) continue;
      const text = (o.innerText || '').trim();
      if (!text || text.includes('\\n') || !shown(o)) continue;
      const up = o.parentElement;
      if (up && !seen.has(up) && !up.contains(el) && clean(up.innerText) === clean(text)) continue;
      out.push(o);
    }
    const far = (o) => { const r = o.getBoundingClientRect();
      return Math.hypot(r.x + r.width / 2 - here.x - here.width / 2, r.y + r.height / 2 - here.y - here.height / 2); };
    return out.map((o) => [o, far(o)]).sort((a, b) => a[1] - b[1]).map(([o]) => o);
  }
  function repeated(p, el) {
    const CTL = 'input, select, textarea, button, a[href], [role=button], [role=checkbox]';
    let best = [];
    for (const c of [p, ...p.querySelectorAll('*')]) {
      if (c.contains(el) || el.contains(c) || c.children.length < 2 || !shown(c)) continue;
      const kids = Array.from(c.children);
      const items = kids.filter((o) => o.tagName === kids[0].tagName && shown(o) && clean(o.innerText) && !o.querySelector(CTL) && !o.matches(CTL));
      if (items.length >= 2 && items.length === kids.filter(shown).length && items.length > best.length) best = items;
    }
    return best;
  }
  function options(el, seen) {
    let found = [];
    for (const l of lists(el)) found.push(...l.querySelectorAll(OPT));
    found = found.filter(shown);
    // Options anywhere on the page: only those the click made appear (a menu item shown before it, in a toolbar
    // or another open menu, is not this widget's list).
    if (!found.length) found = Array.from(document.querySelectorAll(OPT)).filter((o) => shown(o) && !(seen && seen.has(o)));
    if (!found.length && seen) found = appeared(el, seen);
    // A home-made list with no roles: the items of the visible list beside the toggle, <li>s or else
    // the repeated plain items of a list drawn next to it (a group of like siblings holding text only).
    for (let p = el.parentElement, i = 0; !found.length && p && i < 2; p = p.parentElement, i++) {
      found = Array.from(p.querySelectorAll('li')).filter((o) => shown(o) && !o.contains(el) && !el.contains(o));
      if (!found.length) found = repeated(p, el);
    }
    if (el.getAttribute('role') === 'listbox' || el.tagName === 'UL') found = found.filter((o) => el.contains(o));
    return found.filter(choosable);
  }
  const CONTROLS = 'input, select, textarea, button, [role=combobox]';
  function wrapper(el) {
    const base = boxOf(el);
    let root = null;
    for (let p = el.parentElement, i = 0; p && i < 4 && p !== document.body; p = p.parentElement, i++) {
      const r = p.getBoundingClientRect();
      if (r.height > Math.max(base.height * 2, base.height + 16) || p.querySelectorAll(CONTROLS).length > 3) break;
      root = p;
    }
    return root;
  }
  // (a number times: "1.5×" is written "1.5x" as often as not)
  const norm = (s) => clean(s).normalize('NFKC').toLowerCase().replace(/(\\d)\\s*[x\\u00d7](?![a-z])/g, '$1x');
  function best(opts, want) {
    const w = norm(want);
    const named = opts.map((o) => [o, norm(o.getAttribute('aria-label') || o.innerText || o.textContent)]);
    return (named.find(([, t]) => t === w) || named.find(([, t]) => t.startsWith(w)) || named.find(([, t]) => t.includes(w)) || [null])[0];
  }
"""
# What is visible now, to tell later what a click made appear (a list with no option roles).
SEEN_JS = """(el) => {
  const seen = new WeakSet();
  for (const o of document.body.querySelectorAll('*')) {
    const r = o.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && (!o.checkVisibility || o.checkVisibility({visibilityProperty: true}))) seen.add(o);
  }
  return seen;
}"""
FIND_OPTION_JS = "(el, [want, seen]) => {" + _OPTIONS_JS + """
  const opts = options(el, seen);
  const hit = best(opts, want);
  return hit ? hit : opts.length;
}"""
# What the widget shows as chosen now: its value or text, an associated native <select>'s label, its selected options.
SHOWN_JS = "(el, typed) => {" + _OPTIONS_JS + """
  const out = [];
  // A value tapwright typed itself to filter the list is no sign of a choice while the list is still open
  // (a search box that kept the text, its option never taken); once the list has closed, it is.
  const mine = typed && 'value' in el && norm(el.value) === norm(typed) && options(el, null).length > 0;
  if ('value' in el && typeof el.value === 'string' && !mine) out.push(el.value);
  out.push(el.innerText || el.textContent || '');
  // The widget's own wrapper (a control that shows the choice beside an emptied input): the outermost box
  // around it, a few levels up, that keeps to the control's own row (a form section is taller) and wraps
  // this one control only (a form section would hold other options' text).
  const root = wrapper(el);
  // Its open list's options are no choice: only the text outside them counts (a list drawn inside the wrapper).
  if (root) {
    const parts = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const p = n.parentElement;
      if (p && !p.closest(OPT + ', [role=listbox], select, label') && shown(p)) parts.push(n.data);
    }
    out.push(parts.join(' '));
  }
  // The hidden native <select> behind it (a dropdown widget drawn over it).
  for (let p = el.parentElement, i = 0; p && i < 4; p = p.parentElement, i++) {
    const sels = p.querySelectorAll('select');
    if (sels.length > 1) break;
    if (sels.length === 1) { out.push(Array.from(sels[0].selectedOptions, (o) => o.label).join(', ')); break; }
  }
  for (const o of lists(el)) for (const x of o.querySelectorAll('[aria-selected=true]')) out.push(x.innerText || '');
  if (el.getAttribute('role') === 'listbox') for (const x of el.querySelectorAll('[aria-selected=true]')) out.push(x.innerText || '');
  return out.map(clean).filter(Boolean);
}"""


# The control a label-like element names (the locator may hand over the caption, not the control):
# the element that points at it with aria-labelledby, its <label for>, or the one control beside it.
CONTROL_FOR_JS = """(el, [typing, depth]) => {
  const CTL = 'select, input:not([type=hidden]), textarea, button, [role=combobox], [role=listbox], [role=button], [contenteditable=true]';
  if (el.matches(CTL) || el.closest(CTL)) return null;
  const inside = el.querySelectorAll(CTL);
  if (inside.length === 1) return inside[0];  // "From [input]": a line holding its one field
  if (el.id) {
    const by = document.querySelector(`[aria-labelledby~="${CSS.escape(el.id)}"]`);
    if (by) return by;
  }
  if (el.tagName === 'LABEL' && el.control) return el.control;
  // For typing, a control named by words of its own that are not this caption's is another caption's control
  // ("Request content type" beside the "Request body" heading): the caption's field is further on in its section.
  const norm = (t) => (t || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  const caption = norm(el.textContent);
  const ownName = (c) => norm(c.getAttribute('aria-label') || (c.labels && c.labels.length ? c.labels[0].textContent : ''));
  const mine = (c) => !typing || !ownName(c) || ownName(c) === caption;
  // What takes typing (a select too: "Enter Norway as the Country" picks it); buttons beside a field do not.
  const TYPED = 'select, textarea, [role=textbox], [role=searchbox], [role=combobox], [role=spinbutton], '
    + '[contenteditable=true], input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=button])'
    + ':not([type=submit]):not([type=reset]):not([type=image]):not([type=file])';
  for (let p = el.parentElement, i = 0; p && i < depth; p = p.parentElement, i++) {
    const ctls = Array.from(p.querySelectorAll(typing ? TYPED : CTL)).filter(mine);
    if (ctls.length === 1) return ctls[0];
    if (ctls.length > 1) return null;
  }
  return null;
}"""


# A caption drawn as a clickable (it opens the field's own menu), not a dropdown's opener: no popup attributes, no
# control tag, and a field that takes a value right under it or right after it on its line.
CAPTION_OVER_FIELD_JS = """(el, field) => {
  if (el.matches('button, a, input, select, textarea, [aria-haspopup], [aria-expanded], [role=combobox]')) return false;
  const c = el.getBoundingClientRect(), f = field.getBoundingClientRect();
  const under = f.top >= c.bottom - 4 && f.top - c.bottom <= 40 && f.left < c.right && f.right > c.left;
  const after = Math.abs((f.top + f.bottom) / 2 - (c.top + c.bottom) / 2) <= Math.max(c.height, f.height) / 2
    && f.left >= c.right - 2 && f.left - c.right <= 60;
  return under || after;
}"""


async def control_for(target: Target, *, typing: bool = False, depth: int = 0) -> Target:
    """``target`` itself, or the control it labels when it is only a caption (``Country`` above a dropdown); with
    ``typing``, the one field that takes text (the text area under a "Request body" heading, not the select
    beside the heading)."""
    found = (await target.handle.evaluate_handle(CONTROL_FOR_JS, [typing, depth or (3 if typing else 2)])).as_element()
    if found is None:
        return target
    return Target(found, target.frame, ref=target.ref)


# What a person clicks to open the dropdown: the element itself, the visible stand-in of a hidden
# <select>, or the part of the same widget drawn over it (a link or box over the widget's focus input).
# The stand-in of a hidden element is the visible opener that names it (aria-controls, aria-owns,
# aria-labelledby, aria-describedby pointing at it or at each other), else, in its nearest wrapper that
# holds one, the opener or box drawn to be clicked (a hand pointer) next to it in the page's order (a widget
# is drawn right before or after its <select>).
OPENER_JS = """(el) => {
  const OPENERS = '[role=combobox], [aria-haspopup]:not([aria-haspopup=false]), [role=button], button, input[type=button], a';
  const shown = (e) => { const r = e.getBoundingClientRect();
    return r.width > 2 && r.height > 2 && (!e.checkVisibility || e.checkVisibility({visibilityProperty: true})); };
  // Drawn to be clicked: a hand pointer of its own (not one inherited from a clickable box around it).
  const clickable = (e) => getComputedStyle(e).cursor === 'pointer'
    && !(e.parentElement && getComputedStyle(e.parentElement).cursor === 'pointer');
  const links = (e) => ['aria-controls', 'aria-owns', 'aria-labelledby', 'aria-describedby']
    .flatMap((a) => (e.getAttribute(a) || '').split(/\\s+/)).filter(Boolean);
  let target = el;
  if (!shown(el)) {
    const named = el.id ? Array.from(document.querySelectorAll(OPENERS)).find((x) => x !== el && shown(x) && links(x).includes(el.id)) : null;
    if (named) target = named;
    for (let p = el.parentElement, i = 0; !named && p && i < 3; p = p.parentElement, i++) {
      const all = Array.from(p.querySelectorAll('*'));
      const at = all.indexOf(el);
      const near = all.filter((x) => x !== el && (x.matches(OPENERS) || clickable(x)) && shown(x))
        .map((x) => [x, Math.abs(all.indexOf(x) - at)]).sort((u, v) => u[1] - v[1]);
      if (near.length) { target = near[0][0]; break; }
    }
  }
  target.scrollIntoView({block: 'center', inline: 'center'});
  const b = target.getBoundingClientRect();
  const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
  if (hit && hit !== target && !target.contains(hit)) {
    let common = target.parentElement;
    for (let i = 0; common && i < 3 && !common.contains(hit); i++) common = common.parentElement;
    if (common && common.contains(hit)) return hit.closest(OPENERS) || hit;
  }
  return target;
}"""


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


async def choose(target: Target, option: str, timeout_ms: float) -> dict[str, Any]:
    """Choose ``option`` in a custom dropdown (ARIA combobox, listbox, menu button): open, pick, verify."""
    handle = target.handle
    page = target.frame.page
    seen = None
    async with mapped("select"):
        info = await handle.evaluate(KIND_JS)
        deadline = time.monotonic() + timeout_ms / 1000
        if info["kind"] == "custom" and not info["expanded"]:
            opener = (await handle.evaluate_handle(OPENER_JS)).as_element()
            seen = await handle.evaluate_handle(SEEN_JS)  # what is visible before: the list is what appears
            await (opener or handle).click()
            if info["editable"] and await handle.get_attribute("aria-expanded") == "false":
                # A typing box that a click only focuses (its list opens from a caret drawn beside it, or from the
                # keys): Alt+Down opens an ARIA combobox's list without choosing anything.
                await handle.press("Alt+ArrowDown")
        try:
            hit = await _find_option(target, option, seen, min(deadline, time.monotonic() + 0.6))
            typing = False
            if hit is None and info["kind"] == "custom":
                # Not in the list (yet): type to filter when the widget takes typing, else wait for it to render.
                typing = info["editable"] or await page.evaluate(
                    "() => { const a = document.activeElement; return !!a && (a.tagName === 'INPUT' || a.tagName === 'TEXTAREA'); }")
                if typing:
                    if info["editable"]:
                        await handle.fill("")
                    await page.keyboard.type(option)
                hit = await _find_option(target, option, seen, deadline)
            if hit is None:
                raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND,
                                  f"no option {option!r} in the dropdown (it shows {await _listed(target, seen)})")
        finally:
            if seen is not None:
                await seen.dispose()
        label = " ".join((await hit.inner_text()).split())
        await hit.click()
        await hit.dispose()
    shown = await _verify(target, label or option, option if typing else "")
    return {"selected": [label or option], "widget": info["kind"], "shows": shown}


async def _find_option(target: Target, option: str, seen: Any, deadline: float) -> Any:
    while True:
        found = await target.handle.evaluate_handle(FIND_OPTION_JS, [option, seen])
        element = found.as_element() if found is not None else None
        if element is not None:
            return element
        if found is not None:
            await found.dispose()
        if time.monotonic() >= deadline:
            return None
        await asyncio.sleep(_POLL_S)


async def _listed(target: Target, seen: Any = None) -> str:
    try:
        texts = await target.handle.evaluate(
            "(el, seen) => {" + _OPTIONS_JS + " return options(el, seen).slice(0, 8).map((o) => clean(o.innerText)); }", seen)
    except pw.Error:
        return "no options"
    return ", ".join(repr(t) for t in texts) if texts else "no options"


async def _verify(target: Target, label: str, typed: str = "") -> str:
    """Wait until the widget shows ``label`` as chosen; fail (the choice did not take) when it never does.

    ``typed``: the text typed into the widget to filter its list, which alone proves no choice."""
    want = _norm(label)
    deadline = time.monotonic() + _VERIFY_S
    shown: list[str] = []
    while True:
        try:
            shown = await target.handle.evaluate(SHOWN_JS, typed)
        except pw.Error:
            shown = []  # the widget re-rendered: look once more
        if any(want == _norm(s) or want in _norm(s) for s in shown):
            return next(s for s in shown if want in _norm(s))[:200]
        if time.monotonic() >= deadline:
            break
        await asyncio.sleep(_POLL_S)
    now = shown[0][:120] if shown else "nothing"
    raise ToolFailure(ErrorCode.NOT_INTERACTABLE,
                      f"clicked the option {label!r} but the dropdown does not show it as chosen (it shows {now!r}); "
                      "try opening it and clicking the option by its text")


# An option of a list that takes several choices (a multi-select drop-down's option): ticked or not as its
# aria-selected says; a tick selects it, an untick takes it out (a single-choice list's option is chosen, not ticked).
_PICKED = ("(e) => e.getAttribute('role') === 'option' && e.hasAttribute('aria-selected') && "
           "!!e.closest('[aria-multiselectable=true]')")

# A checkbox, radio or switch: its state, and whether its real control is visually hidden or covered
# (then returns the element a person clicks instead: its label, or the visible control on top).
CHECK_JS = with_icons(("""(el) => {
  const isInput = el.tagName === 'INPUT' && /^(checkbox|radio)$/i.test(el.type);
  const aria = el.hasAttribute('aria-checked') || el.hasAttribute('aria-pressed');
  const option = !aria && (PICKED)(el);
  const state = () => isInput ? el.checked : aria
    ? (el.getAttribute('aria-checked') === 'true' || el.getAttribute('aria-pressed') === 'true')
    : option ? el.getAttribute('aria-selected') === 'true' : twIcons().tickBox(el) === 'c';
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  const clipped = (cs.clip && cs.clip !== 'auto' && /rect\\(0(px)?,? 0(px)?/.test(cs.clip)) || (cs.clipPath && /inset\\(50%\\)|circle\\(0/.test(cs.clipPath));
  let hidden = r.width <= 2 || r.height <= 2 || parseFloat(cs.opacity) < 0.05 || clipped || cs.visibility === 'hidden'
    || cs.display === 'none';
  if (!hidden) {
    el.scrollIntoView({block: 'center', inline: 'center'});
    const b = el.getBoundingClientRect();
    const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    hidden = !!hit && hit !== el && !el.contains(hit) && !(el.labels && Array.from(el.labels).some((l) => l.contains(hit)));
  }
  return {isInput, checked: state(), hidden, ariaChecked: el.hasAttribute('aria-checked')};
}""").replace("PICKED", _PICKED))
PROXY_JS = """(el) => {
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 2 && r.height > 2; };
  for (const l of Array.from(el.labels || [])) if (shown(l)) return l;
  const label = el.closest('label');
  if (label && shown(label)) return label;
  const byId = el.id && document.querySelector(`[for="${CSS.escape(el.id)}"]`);
  if (byId && shown(byId)) return byId;
  // The styled control drawn over it, or the nearest visible wrapper of the input.
  let p = el.parentElement;
  for (let i = 0; p && i < 4; i++, p = p.parentElement) if (shown(p)) return p;
  return null;
}"""
STATE_JS = with_icons(("""(el) => el.tagName === 'INPUT' ? el.checked
  : el.hasAttribute('aria-checked') || el.hasAttribute('aria-pressed')
    ? (el.getAttribute('aria-checked') === 'true' || el.getAttribute('aria-pressed') === 'true')
    : (PICKED)(el) ? el.getAttribute('aria-selected') === 'true' : twIcons().tickBox(el) === 'c'""").replace("PICKED", _PICKED))


# What a tick acts on: the element when it has a checked state; the control a label is for; an option of a list that
# takes several (_PICKED); else the one tick box of the row, list item, option or card it sits in ("Uncheck Bobby": the
# box in Bobby's row; "tick Atlas" in a drop-down whose options draw a tick box each). None: nothing.
# A tick box drawn without an input (a box icon, icons.js ``tickBox``) counts when its icon says its state; of a box
# and the icon inside it that both read so, the outer one.
CHECKABLE_JS = with_icons(("""(el) => {
  const icons = twIcons();
  const drawn = (e) => { const st = icons.tickBox(e); return st === 'c' || st === 'u'; };
  const picked = PICKED;
  const checkable = (e) => (e.tagName === 'INPUT' && /^(checkbox|radio)$/i.test(e.type))
    || e.hasAttribute('aria-checked') || e.hasAttribute('aria-pressed') || drawn(e) || picked(e);
  const outer = (e) => { let p = e; while (p.parentElement && drawn(p.parentElement)) p = p.parentElement; return p; };
  if (checkable(el)) return drawn(el) ? outer(el) : el;
  if (el.tagName === 'LABEL' && el.control && checkable(el.control)) return el.control;
  const option = el.closest('[role=option]');
  if (option && picked(option)) return option;
  const box = el.closest('tr,[role=row],li,[role=listitem],[role=option],article,[role=article]');
  if (!box) return null;
  const inside = Array.from(box.querySelectorAll('input[type=checkbox],input[type=radio],[role=checkbox],[role=switch],[role=radio]'));
  if (inside.length === 0) {
    const boxes = Array.from(box.querySelectorAll('*')).filter(drawn);
    const tops = boxes.filter((e) => !boxes.some((o) => o !== e && o.contains(e)));
    return tops.length === 1 ? tops[0] : null;
  }
  return inside.length === 1 ? inside[0] : null;
}""").replace("PICKED", _PICKED))


# CHECK_JS of the element when it is what a tick acts on itself (CHECKABLE_JS answers the element), else null: the
# common case asked in one call to the page on a kept node.
_SELF_CHECK_JS = f"(el) => (({CHECKABLE_JS})(el) === el ? ({CHECK_JS})(el) : null)"


async def set_checked(target: Target, checked: bool, *, session: WebSession | None = None) -> dict[str, Any]:
    """Tick or untick; a visually hidden input is ticked through its label or visible control, then re-read.
    With the ``session``, a tick box that has held still since the look that found it is pressed at once
    (:mod:`~tapwright.drivers.web.press`).

    Raises:
        ToolFailure: NOT_INTERACTABLE when the element has no checked state and no one tick box stands for it
            (never a silent "already unchecked" for a text).
    """
    info = None
    if target.selector:  # a kept node: is it the tick box itself, and in what state (one call)
        async with mapped("check" if checked else "uncheck"):
            info = await target.evaluate(_SELF_CHECK_JS)
    handle: Any = target.handle
    if info is None:
        async with mapped("check" if checked else "uncheck"):
            box = (await target.handle.evaluate_handle(CHECKABLE_JS)).as_element()
        if box is None:
            raise ToolFailure(ErrorCode.NOT_INTERACTABLE,
                              f"{_said(target)} cannot be {'ticked' if checked else 'unticked'}: it is no checkbox, radio "
                              "or switch, and no single one belongs to it; name the checkbox")  # fmt: skip
        handle = box
        async with mapped("check" if checked else "uncheck"):
            info = await handle.evaluate(CHECK_JS)
    return await _tick(target, handle, info, checked, session)


async def _tick(target: Target, handle: Any, info: dict[str, Any], checked: bool,
                session: WebSession | None) -> dict[str, Any]:  # fmt: skip
    """:func:`set_checked` once the tick box (``handle``: the target's own, or the box found for it) and its state
    (``info``: CHECK_JS) are known."""
    own = handle is target.handle and bool(target.selector)

    async def state() -> bool:  # on the target's kept node in one call, else through the box's handle
        return bool(await (target.evaluate(STATE_JS) if own else handle.evaluate(STATE_JS)))

    async with mapped("check" if checked else "uncheck"):
        if info["checked"] == checked:
            return {"checked": checked, "was": checked}
        if not info["hidden"] and (info["isInput"] or info["ariaChecked"]):
            # Pressed at once when it has held still since the look (its state read back below), else Playwright's.
            quick = session is not None and own and (checked or (target.element is not None and target.element.role != "radio"))
            still = await press.settled_point(target) if quick else None  # (a radio is not unticked by a press)
            if session is None or still is None or not (await press.pressed(session, target, still)).reached:
                await (handle.check() if checked else handle.uncheck())
                return {"checked": checked, "was": not checked}
            via = ""
        elif not info["hidden"]:
            # A toggle whose state is aria-pressed, or a tick box drawn with an icon: Playwright's check() reads
            # only inputs and aria-checked, so it is clicked and its state read back below.
            await handle.click()
            via = "it (its state is aria-pressed or its icon)"
        else:
            via = await click_proxy(handle)
    deadline = time.monotonic() + _VERIFY_S
    while True:
        async with mapped("check"):
            now = await state()
        if now == checked:
            return {"checked": checked, "was": not checked, **({"via": via} if via else {})}
        if time.monotonic() >= deadline:
            raise ToolFailure(ErrorCode.NOT_INTERACTABLE,
                              f"clicked {via or 'it'} but it stayed {'unchecked' if checked else 'checked'}")
        await asyncio.sleep(_POLL_S)


async def click_proxy(handle: Any) -> str:
    """Click the visible label or control that draws a visually hidden tick box; says which it clicked."""
    proxy = (await handle.evaluate_handle(PROXY_JS)).as_element()
    if proxy is None:
        raise ToolFailure(ErrorCode.NOT_INTERACTABLE,
                          "the checkbox is a visually hidden input with no visible label or control to click; "
                          "describe the visible switch or label instead")
    text = " ".join((await proxy.inner_text()).split())[:80]
    await proxy.click()
    await proxy.dispose()
    return f"label {text!r}" if text else "its visible control"


def _said(target: Target) -> str:
    e = target.element
    return f"{e.role} {(e.name or e.text)[:40]!r}" if e is not None else "the element"


# The radio button of a group whose label is ``want`` (whitespace and case aside), else the labels there are.
_RADIO_JS = """(el, want) => {
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim().toLowerCase();
  const label = (r) => (r.labels && r.labels.length ? r.labels[0].innerText : '') || r.getAttribute('aria-label')
    || (r.closest('label') ? r.closest('label').innerText : '') || r.innerText || r.value || '';
  const radios = Array.from(el.querySelectorAll('input[type=radio], [role=radio]'));
  return radios.find((r) => norm(label(r)) === norm(want)) || radios.map((r) => norm(label(r))).join(', ');
}"""


async def choose_radio(target: Target, option: str) -> dict[str, Any]:
    """Choose ``option`` in a group of radio buttons: the one labelled so is ticked (and checked to be on).

    Raises:
        ToolFailure: ELEMENT_NOT_FOUND naming the labels there are when none is ``option``.
    """
    async with mapped("select"):
        found = await target.handle.evaluate_handle(_RADIO_JS, option)
        radio = found.as_element()
        if radio is None:
            labels = await found.json_value()
            raise ToolFailure(ErrorCode.ELEMENT_NOT_FOUND, f"no radio button {option!r} in the group (it has {labels or 'none'})")
    out = await set_checked(Target(radio, target.frame, ref=target.ref), True)
    return {"selected": [option], "widget": "radios", **out}
