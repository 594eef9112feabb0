"""Secrets shown inside pictures of a page (an image, a WebGL or bitmap canvas, a video frame, an embedded
document, a CSS background image), found by OCR and painted over in a screenshot.

:mod:`.masking` reads the text a page holds (text nodes, field values, 2D canvas text as it is drawn,
generated CSS content); text inside a picture is pixels only. So when a run has secrets, the screenshot's
regions that show a picture of the main frame (visible, at least :data:`MIN_W` x :data:`MIN_H` CSS pixels)
are read by Tesseract, and the words that show a secret (the same matching as every other place: any
encoding, folded, split over words) are painted black before the file is written. Nothing is read when the
page shows no such picture, or without secrets; OCR needs Tesseract and the desktop extra (numpy), which
``make`` installs, and is skipped without them (as on Android).

Not read: pictures inside iframes, and text smaller or fainter than Tesseract reads.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from tapwright.core.secrets import SecretStore
from tapwright.drivers._secret_boxes import Box, word_boxes

if TYPE_CHECKING:
    from playwright.async_api import Page

MIN_W, MIN_H = 40, 10  # CSS pixels: smaller pictures (icons) hold no readable secret
# The viewport rects of the main frame's visible pictures, in document order, and the page's scroll.
PICTURES_JS = """([minW, minH]) => {
  const out = [];
  const vw = innerWidth, vh = innerHeight;
  const keep = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < minW || r.height < minH || r.right <= 0 || r.bottom <= 0 || r.left >= vw || r.top >= vh) return;
    const s = getComputedStyle(el);
    if (s.visibility !== 'visible' || Number(s.opacity) === 0) return;
    out.push([r.left, r.top, r.width, r.height]);
  };
  for (const el of document.querySelectorAll('img, canvas, video, object, embed, svg image, picture, input[type=image]')) keep(el);
  for (const el of document.querySelectorAll('body *')) {
    const bg = getComputedStyle(el).backgroundImage;
    if (bg && bg !== 'none' && bg.indexOf('url(') >= 0) keep(el);
  }
  return {rects: out, width: innerWidth, scrollX, scrollY};
}"""


async def picture_regions(page: Page) -> dict[str, Any] | None:
    """Where the main frame shows pictures (see :data:`PICTURES_JS`), or None when it shows none."""
    found = await page.evaluate(PICTURES_JS, [MIN_W, MIN_H])
    return found if found and found.get("rects") else None


def can_read() -> bool:
    """Whether OCR can read pictures here (Tesseract and the desktop extra)."""
    from tapwright.drivers.android._picture import can_read_pictures

    return can_read_pictures()


def secret_boxes(image: bytes, regions: dict[str, Any], secrets: SecretStore, *, full_page: bool) -> list[Box]:
    """The boxes (image pixels) of the words OCR reads in ``regions`` of ``image`` that show a secret."""
    import numpy as np
    from PIL import Image

    from tapwright.drivers.desktop import _ocr

    with Image.open(io.BytesIO(image)) as img:
        gray = np.asarray(img.convert("L"))
    ratio = gray.shape[1] / max(float(regions["width"]), 1.0)  # image pixels per CSS pixel
    dx, dy = (regions["scrollX"], regions["scrollY"]) if full_page else (0.0, 0.0)
    boxes: list[Box] = []
    for left, top, width, height in regions["rects"]:
        x0, y0 = max(int((left + dx) * ratio), 0), max(int((top + dy) * ratio), 0)
        x1, y1 = min(int((left + dx + width) * ratio) + 1, gray.shape[1]), min(int((top + dy + height) * ratio) + 1, gray.shape[0])
        if x1 - x0 < 8 or y1 - y0 < 8:
            continue
        confident, faint = _ocr.read_words(np.ascontiguousarray(gray[y0:y1, x0:x1]), offset=(x0, y0), scale=2)
        for words in (confident, [*confident, *faint]):
            boxes += word_boxes([(w.text, (w.x, w.y, w.w, w.h)) for w in words], secrets)
    return boxes
