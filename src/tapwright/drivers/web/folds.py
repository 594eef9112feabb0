"""A target inside a folded part of the page: the control that unfolds it is pressed first, and the result says so.

A field of a collapsed section ("in the Modify Ticket section, set the Milestone to ...") is in the page but not
drawn: an action on it would wait for it to be shown and fail. The part of the page that hides it (its outermost
ancestor not drawn, inside one that is) is unfolded by the one control the page marks as its opener, in this
order: the ``<summary>`` of a closed ``<details>``; a control whose ``aria-controls`` names the fold (or a container
of the target inside it) and that says it is collapsed (``aria-expanded="false"``) or is its tab; the tab that
labels a hidden tab panel; the control just before the fold that says it is collapsed; a heading (or a fieldset's
legend) just before the fold holding exactly one link or button and nothing else to press. Nothing else is ever
pressed: a fold no such control opens is left as it is, and the action fails as before (NOT_VISIBLE).

Pressed once; when the target is still not drawn after a short wait, the opener is pressed again (a toggle goes
back) and nothing is reported opened. The element the action ran on says ``opened``: the opener's words.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.targets import Target

# How long the target may take to be drawn once its fold is opened (an animated accordion).
SHOW_WAIT_S = 1.5

_OPENER_JS = """(el) => {
  const shown = (e) => {
    if (!e.isConnected) return false;
    // checkVisibility: the content of a closed <details> keeps its size but is not drawn.
    if (e.checkVisibility && !e.checkVisibility({visibilityProperty: true})) return false;
    const cs = getComputedStyle(e);
    if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const words = (e) => (e.innerText || e.textContent || e.getAttribute('aria-label') || e.title || '').trim().replace(/\\s+/g, ' ').slice(0, 80);
  if (shown(el) || !el.parentElement) return null;
  let fold = el;
  while (fold.parentElement && !shown(fold.parentElement)) fold = fold.parentElement;
  if (fold === el || !fold.parentElement || fold === document.body || fold === document.documentElement) return null;
  const answer = (c, how) => { c.setAttribute('data-tapwright-opener', '1'); return {how, words: words(c)}; };
  const closed = el.closest('details:not([open])');
  if (closed && closed.contains(fold)) {
    const summary = closed.querySelector(':scope > summary');
    if (summary && shown(summary)) return answer(summary, 'details');
  }
  const ids = new Set();
  for (let a = el; a && a !== fold.parentElement; a = a.parentElement) if (a.id) ids.add(a.id);
  if (ids.size) {
    for (const c of document.querySelectorAll('[aria-controls]')) {
      if (!shown(c)) continue;
      const named = (c.getAttribute('aria-controls') || '').split(/\\s+/).some((x) => ids.has(x));
      if (named && (c.getAttribute('aria-expanded') === 'false' || c.getAttribute('role') === 'tab')) return answer(c, 'controls');
    }
  }
  const panel = el.closest('[role=tabpanel]');
  if (panel && !shown(panel) && (panel === fold || fold.contains(panel))) {
    const by = (panel.getAttribute('aria-labelledby') || '').split(/\\s+/)[0];
    const tab = by ? document.getElementById(by) : null;
    if (tab && shown(tab) && tab.getAttribute('role') === 'tab') return answer(tab, 'tab');
  }
  const before = fold.previousElementSibling;
  if (!before || !shown(before)) return null;
  if (before.getAttribute('aria-expanded') === 'false') return answer(before, 'collapsed');
  const pressable = before.querySelectorAll('a[href], button, [role=button], summary, [aria-expanded]');
  const heading = /^(H[1-6]|LEGEND)$/.test(before.tagName) || before.getAttribute('role') === 'heading';
  if (pressable.length === 1 && shown(pressable[0])) {
    const only = pressable[0];
    if (only.getAttribute('aria-expanded') === 'false') return answer(only, 'collapsed');
    if (heading && only.getAttribute('aria-expanded') !== 'true') return answer(only, 'heading');
  }
  return null;
}"""

_SHOWN_JS = """(el) => {
  if (!el.isConnected) return false;
  if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) return false;
  const cs = getComputedStyle(el);
  if (cs.display === 'none' || cs.visibility === 'hidden') return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}"""


async def unfold(t: Target) -> dict[str, Any] | None:
    """Open the folded part of the page ``t`` is in (see the module doc); ``{"opened": words, "by": how}`` when it
    is drawn now, None when it needed no opening or no opener the page marks could show it."""
    if t.element is None or t.element.state.visible:
        return None
    try:
        found = await t.evaluate(_OPENER_JS)
    except pw.Error:
        return None
    if not found:
        return None
    try:
        opener = await t.frame.query_selector("[data-tapwright-opener]")
        if opener is None:
            return None
        await opener.evaluate("(e) => e.removeAttribute('data-tapwright-opener')")
        await opener.click(timeout=2000)
    except pw.Error:
        return None
    deadline = time.monotonic() + SHOW_WAIT_S
    while True:
        try:
            if await t.evaluate(_SHOWN_JS):
                return {"opened": found["words"], "by": found["how"]}
        except pw.Error:
            return None
        if time.monotonic() >= deadline:
            break
        await asyncio.sleep(0.05)
    try:  # not shown by it: a toggle goes back as it was
        await opener.click(timeout=2000)
    except pw.Error:
        pass
    return None
