"""A click pressed at once on a node that has held still since the look that found it.

Playwright's click waits, before it presses, for the node to keep the same box over two animation
frames (about 33 ms on a 60 Hz page, whatever the page does) so that a moving node is not missed.
tapwright has already measured the node once, in the look that found it. When, in one call in the
page, that node

- is enabled (not ``:disabled``, not under ``aria-disabled="true"`` or ``inert``) and visible,
- lies wholly inside the viewport (no scrolling needed),
- has the very box the look measured,
- is not moved by any running animation or transition (its own, an ancestor's or a descendant's),
- sits in a document whose DOM has not changed for :data:`STILL_MS` (a few frames: what a script
  would have changed to move it), or, changed less long ago (the last step's effect), does not change
  until a whole frame (:data:`FRAME_MS`) has passed since the change: the node's box is then read the same
  at the look and after that frame, two reads of one box a frame apart as in Playwright's own check,
- is one box (not an inline node holding other boxes or running over lines, whose first box is where
  Playwright presses it), and
- is what is drawn at its middle (the hit test Playwright makes),

it is pressed there at once (:meth:`Mouse.click`: the same trusted move, press and release
Playwright's click sends). Between that look and the press, a guard set up by the same call stands
in front of the page's handlers: when the press lands on something else (the page moved in the
millisecond between), the press and the click it would make are stopped before any handler of the
page hears them, and Playwright's click, which waits and says what covers the node, is used instead.
Anything else (a node in an iframe, a double or right click, a node found by a selector) takes
Playwright's click as before.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tapwright.drivers.web._pw import pw

if TYPE_CHECKING:
    from tapwright.drivers.web.session import WebSession
    from tapwright.drivers.web.targets import Target

_POLL_S = 0.01  # how often a read of the guard held back by a navigation is looked at
STILL_MS = 50  # three frames at 60 Hz: longer than Playwright's two-frame wait for a node to hold still
FRAME_MS = 17  # a frame at 60 Hz: a DOM changed less than STILL_MS ago is pressed once it has held still this long

# ``want``: the box the look measured ([x, y, width, height], viewport pixels to a tenth), STILL_MS and FRAME_MS.
# Returns the point to press, with the guard armed, or null (then Playwright's click).
_SETTLED_JS = """async (el, want) => {
  const m = window.__twMut;
  if (!m || typeof m.still !== 'function' || !el.isConnected) return null;
  const quiet = m.still();
  if (quiet < want[4]) {
    // Changed a moment ago (the last step's effect): pressed once a whole frame has passed without a change since;
    // a page that changes again meanwhile, or a timer that comes late (a throttled tab), is left to Playwright's click.
    const since = performance.now();
    for (let rest = want[5] - quiet; rest > 0; rest = want[5] - m.still()) {
      const before = m.still();
      await new Promise((done) => setTimeout(done, rest + 1));
      if (m.still() < before || performance.now() - since > want[4]) return null;  // changed again, or late
    }
    if (!el.isConnected) return null;
  }
  if ((el.matches && el.matches(':disabled')) || el.closest('[aria-disabled="true"], [inert]')) return null;
  const r = el.getBoundingClientRect();
  const view = document.documentElement;
  const w = view.clientWidth || innerWidth, h = view.clientHeight || innerHeight;
  if (!(r.width > 0 && r.height > 0) || r.left < 0 || r.top < 0 || r.right > w || r.bottom > h) return null;
  const off = (a, b) => Math.abs(a - b) > 0.11;
  if (off(r.x, want[0]) || off(r.y, want[1]) || off(r.width, want[2]) || off(r.height, want[3])) return null;
  const cs = getComputedStyle(el);
  if (cs.visibility !== 'visible' || cs.display === 'contents') return null;
  // Playwright presses the middle of the node's first box: a box of its own, but one per child box and line of an
  // inline node (a radio inside a span of text is its first). Only an inline node of text on one line is pressed here.
  if (cs.display === 'inline' && (el.firstElementChild || el.getClientRects().length !== 1)) return null;
  const chain = new Set();
  for (let n = el; n; n = n.parentNode || n.host) chain.add(n);
  for (const a of document.getAnimations()) {
    const t = a.effect && a.effect.target;
    if (t && (a.playState === 'running' || a.playState === 'pending') && (chain.has(t) || el.contains(t))) return null;
  }
  const x = r.x + r.width / 2, y = r.y + r.height / 2;
  const root = el.getRootNode();
  const at = (typeof root.elementFromPoint === 'function' ? root : document).elementFromPoint(x, y);
  if (!at || !(at === el || el.contains(at))) return null;
  const old = window.__twPress;
  if (old) old.disarm();
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'];
  let verdict = null;
  const guard = (e) => {
    if (!e.isTrusted) return;
    if (verdict === null) verdict = e.composedPath().includes(el);
    if (verdict) { press.disarm(); return; }
    e.stopImmediatePropagation();
    e.preventDefault();
    if (e.type === 'click') press.disarm();
  };
  // What the press sets off that leaves the document, known in the page once its handlers ran: a navigation begun
  // (the Navigation API's event, at once for a script's), a form submitted or a link followed (planned for later).
  const seen = { leaving: false, click: null, submit: null };
  const note = (e) => { if (e.type === 'click' ? e.isTrusted : true) seen[e.type] = e; };
  const leave = (e) => { if (!e.destination.sameDocument && e.downloadRequest == null) seen.leaving = true; };
  const nav = window.navigation && typeof window.navigation.addEventListener === 'function' ? window.navigation : null;
  const press = {
    missed: () => verdict === false,
    disarm: () => { for (const t of types) window.removeEventListener(t, guard, true); },
    leaving: () => {
      window.removeEventListener('click', note, true);
      window.removeEventListener('submit', note, true);
      if (nav) nav.removeEventListener('navigate', leave);
      const here = (t) => !t || ['_self', '_top', '_parent'].includes(t.toLowerCase());  // (the top frame only)
      const s = seen.submit;
      if (s && !s.defaultPrevented) {
        const f = s.target, by = s.submitter;
        const method = ((by && by.getAttribute('formmethod')) || f.getAttribute('method') || '').toLowerCase();
        if (method !== 'dialog' && here((by && by.getAttribute('formtarget')) || f.getAttribute('target') || '')) return true;
      }
      const c = seen.click;
      const link = c && !c.defaultPrevented ? c.composedPath().find((n) => n instanceof Element && n.matches('a[href], area[href]')) : null;
      if (link && !link.hasAttribute('download') && here(link.getAttribute('target') || '')) {
        const to = new URL(link.href, document.baseURI), at = new URL(location.href);
        const same = to.href.split('#')[0] === at.href.split('#')[0] && to.hash !== '';
        if (!same && to.protocol !== 'javascript:' && to.href !== at.href) return true;
      }
      return seen.leaving;
    },
  };
  for (const t of types) window.addEventListener(t, guard, true);
  window.addEventListener('click', note, true);
  window.addEventListener('submit', note, true);
  if (nav) nav.addEventListener('navigate', leave);
  Object.defineProperty(window, '__twPress', { value: press, configurable: true, writable: true, enumerable: false });
  return [x, y];
}"""

# After the press: the guard taken down; whether it stopped the press, the document, its lost clicks, and whether the
# press is taking the page to another document.
_PRESSED_JS = """() => {
  const p = window.__twPress, m = window.__twMut;
  if (p) p.disarm();
  return [p ? p.missed() : false, m ? m.doc : null, m ? m.lost() : 0, p ? p.leaving() : false];
}"""


async def settled_point(t: Target) -> tuple[float, float] | None:
    """Where to press ``t`` at once (the guard armed), or None when Playwright's click must wait for it."""
    rect = t.element.rect if t.element is not None else None
    if rect is None or not t.selector or t.again or t.frame.parent_frame is not None:
        return None
    try:
        point = await t.evaluate(_SETTLED_JS, [rect.x, rect.y, rect.width, rect.height, STILL_MS, FRAME_MS])
    except pw.Error:
        return None  # gone or replaced: Playwright's click says so
    return (float(point[0]), float(point[1])) if point else None


async def pressed(session: WebSession, t: Target, point: tuple[float, float]) -> Pressed:
    """Press at ``point`` (armed by :func:`settled_point`) and say how it went.

    A press that began a navigation waits for it to commit or end, at most the action timeout, as
    Playwright's click waits for the navigations it scheduled (``still_loading`` when it has not); such a
    press reached its node (the guard stops a missed press before any handler could begin one). The
    browser's word of a navigation may come late on a loaded machine, so the call that reads the guard
    (taking it down, with the document's count of lost clicks) also says whether the press is leaving the
    document: a navigation begun, a form submitted or a link followed that no handler prevented.
    """
    page, watch = t.frame.page, session.watch
    requested, commits, announced = watch.requested, watch.commits, watch.announcements

    def began() -> bool:
        return watch.requested != requested or watch.announcements != announced or watch.pending(page)

    await page.mouse.click(*point)
    await asyncio.sleep(0)  # observer.js's word of a navigation, read off the pipe with the click's reply
    doc, lost, leaving = None, 0, False
    if not began():
        # Playwright holds a call to a document that is being left until the next one commits: the read is not
        # waited for once the browser says a navigation began.
        read = asyncio.ensure_future(page.evaluate(_PRESSED_JS))
        read.add_done_callback(_quiet)
        while not read.done() and not began():
            await asyncio.wait({read}, timeout=_POLL_S)
        if read.done():
            try:
                missed, doc, lost, leaving = read.result()
            except pw.Error:
                missed, leaving = False, True  # the document the guard stood in is going or gone: a navigation
            if missed:
                return Pressed(reached=False)
            await asyncio.sleep(0)  # a navigation the click began may be said ahead of this read's reply
    if began() or leaving:
        committed = await watch.committed_since(page, requested, commits, session.action_timeout_ms / 1000)
        # Not committed, and in flight or not even requested yet (one that ended uncommitted was a download or a 204).
        loading = not committed and (watch.pending(page) or watch.requested == requested)
        return Pressed(reached=True, still_loading=loading)
    return Pressed(reached=True, doc=str(doc) if doc else None, lost=int(lost or 0))


def _quiet(read: asyncio.Future[object]) -> None:
    """A read left behind by a navigation: its error (the document went) is nobody's."""
    if not read.cancelled():
        read.exception()


@dataclass(frozen=True, slots=True)
class Pressed:
    """How a press went: whether it reached the node, whether the navigation it began is still loading, and the
    document's count of lost clicks (a press the page redrew the node under before the release)."""

    reached: bool
    still_loading: bool = False
    doc: str | None = None
    lost: int = 0
