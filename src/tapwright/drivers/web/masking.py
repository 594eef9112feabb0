"""Which elements of a tab show a secret, in every frame, for screenshots to paint over.

Each frame lists its text pieces in document order (every text node, every form field's
value) with the element that holds each; Python, which alone knows the secrets (they are
never sent to the page), picks the pieces that show one and the frame marks their elements
(``data-tw-mask``) for Playwright's ``mask``. A secret is found:

* whole in one piece (in any encoding, or a long fragment of it: see :class:`SecretStore`);
* split across pieces (``<span>QUOKKA</span> <b>ZEBRA</b>``, one letter per element, a value
  across two block elements): when the frame's text, joined with or without a space between
  pieces, holds a secret no single piece shows, the shortest runs of pieces that hold it are
  masked, every element of the run.

Frames are searched one by one (iframes of any origin included); a frame that cannot be read
(it is navigating) is masked whole, through its ``<iframe>`` element in the parent frame. A
secret split between two frames is not found.
"""

from __future__ import annotations

import bisect
import contextlib
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tapwright.core.secrets import SecretStore
from tapwright.drivers.web._pw import pw

if TYPE_CHECKING:
    from playwright.async_api import Frame, Locator, Page

MARK = "data-tw-mask"
_MAX_PIECE = 20_000
# [element index, text] for every text node and form value, in document order; the elements are kept for marking.
COLLECT_JS = """() => {
  const els = []; const index = new Map(); const pieces = [];
  const idx = (el) => { let i = index.get(el); if (i === undefined) { i = els.length; els.push(el); index.set(el, i); } return i; };
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'TITLE']);
  const root = document.documentElement;
  if (!root) { window.__twMaskEls = els; return pieces; }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  let n = walker.currentNode;
  while (n) {
    if (n.nodeType === 3) {
      const parent = n.parentElement;
      if (parent && !skip.has(parent.tagName) && n.data) pieces.push([idx(parent), n.data.slice(0, %d)]);
    } else if (n instanceof HTMLInputElement || n instanceof HTMLTextAreaElement) {
      if (n.value) pieces.push([idx(n), n.value.slice(0, %d)]);
    }
    n = walker.nextNode();
  }
  window.__twMaskEls = els;
  return pieces;
}""" % (_MAX_PIECE, _MAX_PIECE)  # noqa: UP031 - braces of the JS body
MARK_JS = """(hits) => { const els = window.__twMaskEls || [];
  for (const i of hits) if (els[i]) els[i].setAttribute('data-tw-mask', ''); window.__twMaskEls = null; }"""
UNMARK_JS = """() => { for (const el of document.querySelectorAll('[data-tw-mask]')) el.removeAttribute('data-tw-mask'); }"""
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


def pick(store: SecretStore, pieces: list[tuple[int, str]]) -> set[int]:
    """The element indexes (of ``pieces``) to mask: see the module docstring. Pure."""
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


async def _mark_frame(frame: Frame, store: SecretStore) -> bool:
    pieces: list[Any] = await frame.evaluate(COLLECT_JS)
    hits = pick(store, [(int(p[0]), str(p[1])) for p in pieces])
    if hits:
        await frame.evaluate(MARK_JS, sorted(hits))
    return bool(hits)


async def mark_secrets(page: Page, store: SecretStore) -> Marked:
    """Mark what shows a secret in every frame of ``page``.

    Raises:
        playwright Error: the main frame could not be read (it is navigating): no screenshot
            may be taken unmasked, the caller fails it.
    """
    marked: list[Frame] = []
    try:
        for frame in page.frames:
            try:
                if await _mark_frame(frame, store):
                    marked.append(frame)
            except pw.Error:
                parent = frame.parent_frame
                if parent is None:
                    raise
                # A child frame that cannot be read now is painted over whole, through its <iframe>.
                element = await frame.frame_element()
                await element.evaluate(f"(el) => el.setAttribute('{MARK}', '')")
                if parent not in marked:
                    marked.append(parent)
    except BaseException:
        await Marked(marked).undo()
        raise
    return Marked(marked)
