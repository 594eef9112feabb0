"""Which elements of a tab show a secret, in every frame, for screenshots to paint over.

Each frame lists its text pieces in document order (every text node, every form field's
value) with the element that holds each; Python, which alone knows the secrets (they are
never sent to the page), picks the pieces that show one and the frame marks their elements
(``data-tw-mask``) for Playwright's ``mask`` (and paints them black itself, :data:`PAINT_JS`).
A secret is found:

* whole in one piece (in any encoding, or a long fragment of it: see :class:`SecretStore`);
* split across pieces (``<span>QUOKKA</span> <b>ZEBRA</b>``, one letter per element, a value
  across two block elements): when the frame's text, joined with or without a space between
  pieces, holds a secret no single piece shows, the shortest runs of pieces that hold it are
  masked, every element of the run.

Frames are searched one by one (iframes of any origin included), and then together: each
frame's pieces are put in its parent's at the place of its ``<iframe>`` element, so a secret
split between frames (half in the page, half in an iframe) is found and its pieces in both
frames are masked. A frame that cannot be read (it is navigating) is masked whole, through
its ``<iframe>`` element in the parent frame.

Text a page draws on a ``<canvas>`` with ``fillText`` / ``strokeText`` is recorded as it is
drawn (:data:`CANVAS_JS`, an init script of every context) and read as that canvas's pieces,
so a canvas that shows a secret is masked whole.

Text a style sheet generates on ``::before`` / ``::after`` (``content: "..."``, ``attr(...)``) is read
as Chromium computes it, a piece of the element that carries it.

Text inside a picture (an image, WebGL, a bitmap drawn on a canvas) is pixels only: it is read by OCR
of the screenshot (:mod:`._picture_text`). Not searched: CSS counters and quotes (``text-transform``
is read as written).
"""

from __future__ import annotations

import bisect
import contextlib
import re
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from tapwright.core.secrets import SecretStore
from tapwright.drivers.web._pw import pw

if TYPE_CHECKING:
    from playwright.async_api import Frame, Locator, Page

MARK = "data-tw-mask"
FRAME_MARK = "data-tw-frame"
_MAX_PIECE = 20_000
K = TypeVar("K", bound=Hashable)
# [element index, text] for every text node and form value, in document order; the elements are kept for marking.
# A child frame's <iframe> (tagged with FRAME_MARK beforehand) is [element index, null, its frame number].
COLLECT_JS = """() => {
  const els = []; const index = new Map(); const pieces = [];
  const idx = (el) => { let i = index.get(el); if (i === undefined) { i = els.length; els.push(el); index.set(el, i); } return i; };
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE']);
  const root = document.documentElement;
  if (!root) { window.__twMaskEls = els; return pieces; }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  // Text a style sheet generates (``content: "..."`` or ``attr(...)`` on ::before / ::after), as Chromium computes it.
  const generated = (el) => {
    for (const which of ['::before', '::after']) {
      const c = getComputedStyle(el, which).content;
      if (!c || c === 'none' || c === 'normal' || c.indexOf('"') < 0) continue;
      const parts = c.match(/"(?:[^"\\\\]|\\\\.)*"/g) || [];
      const text = parts.map((q) => q.slice(1, -1).replace(/\\\\(.)/g, '$1')).join('');
      if (text) pieces.push([idx(el), text.slice(0, %d)]);
    }
  };
  let n = walker.currentNode;
  while (n) {
    if (n.nodeType === 1 && !skip.has(n.tagName)) generated(n);
    if (n.nodeType === 3) {
      const parent = n.parentElement;
      if (parent && !skip.has(parent.tagName) && n.data) pieces.push([idx(parent), n.data.slice(0, %d)]);
    } else if (n instanceof HTMLInputElement || n instanceof HTMLTextAreaElement) {
      if (n.value) pieces.push([idx(n), n.value.slice(0, %d)]);
    } else if (n instanceof HTMLCanvasElement && typeof window.__twCanvasText === 'function') {
      for (const t of window.__twCanvasText(n)) pieces.push([idx(n), t.slice(0, %d)]);
    } else if (n.hasAttribute && n.hasAttribute('data-tw-frame')) {
      pieces.push([idx(n), null, Number(n.getAttribute('data-tw-frame'))]);
      n.removeAttribute('data-tw-frame');
    }
    n = walker.nextNode();
  }
  window.__twMaskEls = els;
  return pieces;
}""" % (_MAX_PIECE, _MAX_PIECE, _MAX_PIECE, _MAX_PIECE)  # noqa: UP031 - braces of the JS body
# Records the text drawn on each 2D canvas (last 500 strings per canvas), for COLLECT_JS.
CANVAS_JS = """(() => {
  const P = window.CanvasRenderingContext2D && CanvasRenderingContext2D.prototype;
  if (!P || window.__twCanvasText) return;
  const drawn = new WeakMap();
  Object.defineProperty(window, '__twCanvasText', {value: (c) => drawn.get(c) || []});
  for (const name of ['fillText', 'strokeText']) {
    const original = P[name];
    const wrapped = {[name](text, ...rest) {
      try {
        const canvas = this.canvas; let list = drawn.get(canvas);
        if (!list) { list = []; drawn.set(canvas, list); }
        list.push(String(text).slice(0, 2000));
        if (list.length > 500) list.splice(0, list.length - 500);
      } catch (e) { /* never break the page's drawing */ }
      return original.call(this, text, ...rest);
    }}[name];
    Object.defineProperty(P, name, {value: wrapped, writable: true, configurable: true, enumerable: true});
  }
})();"""
# The marked elements are also painted black by a style sheet of the frame, and the frame is given
# two animation frames to paint it before the capture: Playwright's ``mask`` adds its boxes and
# captures at once, and a cross-origin iframe (its own renderer) could be captured before it had
# painted them (under load, the secret showed in the picture). Either paint alone hides the text.
PAINT_CSS = ("[data-tw-mask], [data-tw-mask] * { color: #000 !important; -webkit-text-fill-color: #000 !important; "
             "background: #000 !important; text-shadow: none !important; caret-color: transparent !important; } "
             "canvas[data-tw-mask], iframe[data-tw-mask], img[data-tw-mask], video[data-tw-mask], svg[data-tw-mask], "
             "[data-tw-mask] canvas, [data-tw-mask] iframe, [data-tw-mask] img, [data-tw-mask] video, [data-tw-mask] svg "
             "{ visibility: hidden !important; }")
MARK_JS = """(hits) => { const els = window.__twMaskEls || [];
  for (const i of hits) if (els[i]) els[i].setAttribute('data-tw-mask', ''); window.__twMaskEls = null; }"""
PAINT_JS = """(css) => { let s = document.getElementById('tw-mask-paint');
  if (!s) { s = document.createElement('style'); s.id = 'tw-mask-paint'; s.textContent = css;
            (document.head || document.documentElement).appendChild(s); }
  return new Promise(done => { setTimeout(done, 1000);  // a tab in the background gets no animation frames
    requestAnimationFrame(() => requestAnimationFrame(() => done())); }); }"""
UNMARK_JS = """() => { for (const el of document.querySelectorAll('[data-tw-mask], [data-tw-frame]')) {
  el.removeAttribute('data-tw-mask'); el.removeAttribute('data-tw-frame'); }
  const s = document.getElementById('tw-mask-paint'); if (s) s.remove(); }"""
_SPACE = re.compile(r"\s+")


def _join(texts: list[str], sep: str) -> tuple[str, list[int]]:
    """The pieces as the page reads them (whitespace collapsed, ``sep`` between two pieces) and where each starts."""
    out: list[str] = []
    starts: list[int] = []
    size = 0
    for k, text in enumerate(texts):
        piece = _SPACE.sub(" ", text)
        if k and sep:
            out.append(sep)
            size += len(sep)
        if ((size and out[-1].endswith(" ")) or sep == " ") and piece.startswith(" "):
            piece = piece[1:]
        starts.append(size)
        out.append(piece)
        size += len(piece)
    return "".join(out), starts


def pick(store: SecretStore, pieces: list[tuple[K, str]]) -> set[K]:
    """The element keys (of ``pieces``) to mask: see the module docstring. Pure."""
    texts = [text for _, text in pieces]
    out = {pieces[i][0] for i, text in enumerate(texts) if len(text.strip()) >= 3 and store.contains(text)}
    for sep in ("", " "):
        joined, starts = _join(texts, sep)
        for a, b in store.spans(joined):
            k = max(bisect.bisect_right(starts, a) - 1, 0)
            while k < len(texts) and starts[k] < b:
                if texts[k].strip():
                    out.add(pieces[k][0])
                k += 1
    return out


@dataclass
class Marked:
    """The frames marked for one screenshot: what to pass as ``mask``, and how to undo the marks."""

    frames: list[Frame]

    def locators(self) -> list[Locator]:
        return [frame.locator(f"[{MARK}]") for frame in self.frames]

    async def undo(self) -> None:
        for frame in self.frames:
            with contextlib.suppress(pw.Error):
                await frame.evaluate(UNMARK_JS)


Piece = tuple[int, str | None, int]  # element index, text (None: a child frame's slot), child frame number


async def _collect(frame: Frame) -> list[Piece]:
    raw: list[Any] = await frame.evaluate(COLLECT_JS)
    return [(int(p[0]), None if p[1] is None else str(p[1]), int(p[2]) if len(p) > 2 else -1) for p in raw]


def _inline(pieces: dict[int, list[Piece]], number: int, seen: set[int]) -> list[tuple[tuple[int, int], str]]:
    """Frame ``number``'s text pieces keyed (frame, element), its child frames' put in at their slots."""
    seen.add(number)
    out: list[tuple[tuple[int, int], str]] = []
    for element, text, child in pieces.get(number, []):
        if text is not None:
            out.append(((number, element), text))
        elif child in pieces and child not in seen:
            out.extend(_inline(pieces, child, seen))
    return out


async def mark_secrets(page: Page, store: SecretStore) -> Marked:
    """Mark what shows a secret in every frame of ``page`` (and across frames).

    Raises:
        playwright Error: the main frame could not be read (it is navigating): no screenshot
            may be taken unmasked, the caller fails it.
    """
    frames = list(page.frames)
    number = {frame: k for k, frame in enumerate(frames)}
    marked: list[Frame] = []
    try:
        # Tag each child frame's <iframe> with its number, so its parent's pieces say where it sits.
        for frame in frames[1:]:
            with contextlib.suppress(pw.Error):
                element = await frame.frame_element()
                await element.evaluate(f"(el, k) => el.setAttribute('{FRAME_MARK}', String(k))", number[frame])
        pieces: dict[int, list[Piece]] = {}
        for frame in frames:
            try:
                pieces[number[frame]] = await _collect(frame)
            except pw.Error:
                parent = frame.parent_frame
                if parent is None:
                    raise
                # A child frame that cannot be read now is painted over whole, through its <iframe>.
                element = await frame.frame_element()
                await element.evaluate(f"(el) => el.setAttribute('{MARK}', '')")
                if parent not in marked:
                    marked.append(parent)
        hits: set[tuple[int, int]] = set()
        for k, frame_pieces in pieces.items():  # within each frame
            hits |= {(k, e) for e in pick(store, [(e, t) for e, t, _ in frame_pieces if t is not None])}
        if len(pieces) > 1 and 0 in pieces:  # across frames, each child in its place
            hits |= pick(store, _inline(pieces, 0, set()))
        for k in sorted({k for k, _ in hits}):
            frame = frames[k]
            await frame.evaluate(MARK_JS, sorted(e for f, e in hits if f == k))
            if frame not in marked:
                marked.append(frame)
        for frame in marked:  # painted in each frame before the capture (see PAINT_JS)
            await frame.evaluate(PAINT_JS, PAINT_CSS)
    except BaseException:
        await Marked(marked).undo()
        raise
    return Marked(marked)
