"""Why an element refused an action, and what to try: turns a bare NOT_INTERACTABLE into advice.

Run after Playwright gave up on an element (covered, disabled, hidden ...). One probe in
the page reads the element's state and hit-tests its centre; the answer names the
covering element, or says disabled, read-only, zero size, outside the viewport or a
visually hidden input, each with what to do instead.
"""

from __future__ import annotations

from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.targets import Target
from tapwright.errors import ErrorCode, ToolFailure

_PROBE_TIMEOUT_MS = 1_000
PROBE_JS = """(el) => {
  const clean = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const who = (e) => {
    const tag = e.tagName.toLowerCase();
    const id = e.id ? '#' + e.id : '';
    const cls = typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
    const role = e.getAttribute('role') ? ` role=${e.getAttribute('role')}` : '';
    const text = clean(e.getAttribute('aria-label') || e.innerText || '').slice(0, 40);
    return `<${tag}${id}${cls}${role}>` + (text ? ` "${text}"` : '');
  };
  const out = [];
  const cs = getComputedStyle(el);
  const isToggle = el.tagName === 'INPUT' && /^(checkbox|radio)$/i.test(el.type);
  if (el.disabled || el.getAttribute('aria-disabled') === 'true' || (el.closest && el.closest('fieldset:disabled')))
    out.push(['disabled', 'it is disabled', 'do what enables it first (fill the required fields, tick the consent box) or wait until it is enabled']);
  if (el.readOnly || el.getAttribute('aria-readonly') === 'true')
    out.push(['read-only', 'it is read-only', 'it cannot be typed into; look for an Edit button or the editable field next to it']);
  let r = el.getBoundingClientRect();
  const tiny = r.width <= 2 || r.height <= 2 || parseFloat(cs.opacity) < 0.05;
  if (isToggle && tiny) {
    const label = el.labels && el.labels[0] ? clean(el.labels[0].innerText).slice(0, 40) : '';
    out.push(['hidden input', 'it is a visually hidden <input> under a styled control',
      'use check/uncheck (they click its label' + (label ? ` "${label}"` : '') + ' and verify), or click the visible control']);
  } else if (r.width === 0 || r.height === 0) {
    out.push(['zero size', `it has no size (${Math.round(r.width)}x${Math.round(r.height)} px)`,
      'act on the visible element that draws it (its label, its wrapper) or wait until it is rendered']);
  }
  if (cs.visibility === 'hidden' || cs.display === 'none')
    out.push(['hidden', 'it is hidden by CSS', 'open whatever reveals it first (a menu, a tab, an accordion)']);
  if (!out.length && r.width > 0 && r.height > 0) {
    el.scrollIntoView({block: 'center', inline: 'center'});
    r = el.getBoundingClientRect();
    const x = r.x + r.width / 2, y = r.y + r.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
      out.push(['outside viewport', `it is outside the viewport (centre at ${Math.round(x)},${Math.round(y)}; viewport ${innerWidth}x${innerHeight})`,
        'scroll it into view or scroll its container first']);
    } else {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== el && !el.contains(hit) && !(el.labels && Array.from(el.labels).some((l) => l.contains(hit)))) {
        const DLG = 'dialog, [role=dialog], [role=alertdialog], [aria-modal=true]';
        const dialog = hit.closest(DLG) || hit.querySelector(DLG);
        const why = dialog && !dialog.contains(el) ? `a dialog covers it: ${who(dialog)} (hit ${who(hit)})` : `${who(hit)} covers it`;
        out.push(['covered', why, dialog && !dialog.contains(el) ? 'close or answer the dialog first'
          : 'wait for that element to go away, close it, or act on it if it is the visible control']);
      }
    }
  }
  return out;
}"""


async def explain(target: Target, failure: ToolFailure) -> ToolFailure:
    """``failure`` with why the element refused the action and what to try (itself when the probe finds nothing)."""
    try:
        reasons = await target.handle.evaluate(PROBE_JS, timeout=_PROBE_TIMEOUT_MS) \
            if isinstance(target.handle, pw.Locator) else await target.handle.evaluate(PROBE_JS)
    except pw.Error:
        return failure  # the element went away meanwhile: the original failure says enough
    if not reasons:
        return failure
    action = failure.message.split(":", 1)[0] if ":" in failure.message else "act"
    why = "; ".join(r[1] for r in reasons)
    tries = "; ".join(r[2] for r in reasons)
    code = ErrorCode.NOT_INTERACTABLE if failure.code is ErrorCode.TIMEOUT else failure.code
    out = ToolFailure(code, f"{action}: not possible, {why}. Try: {tries}", cause=failure.cause,
                      data={"reasons": [r[0] for r in reasons]})
    return out


# What the page says went wrong: live regions and alerts, error-styled texts, and fields the
# user touched that are invalid (`:user-invalid`: a field never typed into is not reported).
MESSAGES_JS = """(limit) => {
  const clean = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const cs = getComputedStyle(e);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && parseFloat(cs.opacity) > 0.05;
  };
  const out = [];
  const add = (text) => {
    text = clean(text).slice(0, 160);
    // A lone required-field star ("*" in red) is no message.
    if (/[\\p{L}\\p{N}]/u.test(text) && !out.includes(text) && out.length < limit) out.push(text);
  };
  const CONTROL = 'button, a, input, select, textarea, label, option, [role=button], [role=link], [role=menuitem], [role=tab]';
  const ERR = /(^|[-_ ])(error|errors|invalid|danger|alert|failure|failed|errorlist|help-block)([-_ ]|$)/i;
  for (const e of document.querySelectorAll('[role=alert], [role=alertdialog], [aria-live=assertive], [class]')) {
    if (e.closest('script, style, template, noscript')) continue;
    const byRole = e.matches('[role=alert], [role=alertdialog], [aria-live=assertive]');
    const cls = typeof e.className === 'string' ? e.className : '';
    if (!byRole && !ERR.test(cls)) continue;
    if (e.matches(CONTROL) || e.closest('button, a[href], [role=button]')) continue;  // a red "Delete" button is no message
    if (!shown(e)) continue;
    const text = clean(e.innerText);
    if (text && text.length <= 300 && !e.querySelector('input, select, textarea')) add(text);
  }
  let fields = [];
  try { fields = Array.from(document.querySelectorAll(':user-invalid, [aria-invalid=true]')); } catch (err) {
    fields = Array.from(document.querySelectorAll('[aria-invalid=true]'));
  }
  for (const f of fields) {
    if (!shown(f)) continue;
    const name = clean((f.labels && f.labels[0] && f.labels[0].innerText) || f.getAttribute('aria-label') || f.name || '')
      .replace(/[\\s*:]+$/, '');  // "Name *:" reads as "Name"
    const why = clean(f.validationMessage || '');
    if (why) add(name ? `${name}: ${why}` : why);
  }
  return out;
}"""
MAX_MESSAGES = 5


async def page_messages(page: pw.Page) -> list[str]:
    """Error and alert texts the page shows now (at most MAX_MESSAGES), for a failed check's message."""
    try:
        found = await page.main_frame.evaluate(MESSAGES_JS, MAX_MESSAGES)
    except pw.Error:
        return []
    return [str(m) for m in found][:MAX_MESSAGES] if isinstance(found, list) else []


async def with_page_messages(message: str, page: pw.Page) -> str:
    """``message`` followed by what the page says went wrong, when it says anything."""
    said = await page_messages(page)
    if not said:
        return message
    return message + "; the page shows: " + "; ".join(repr(m) for m in said)
