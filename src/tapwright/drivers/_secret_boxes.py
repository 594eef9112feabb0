"""Where a picture shows a secret: the boxes to black out before it is written (pure, no I/O).

Every platform masks the same way: an element of the screen's own tree (Android's
uiautomator dump, the desktop's accessibility tree) whose name, text, value or attributes
show a secret, in any spelling the redactor knows (encoded, split by invisible characters,
spaced out, re-cased, reversed), and any run of words read by OCR that does. Web pages are
masked in the page itself (:mod:`tapwright.drivers.web.masking`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tapwright.core.element import UiTree
from tapwright.core.secrets import SecretStore

Box = tuple[int, int, int, int]  # x, y, width, height in the picture's pixels
PAD = 3  # pixels around a box, for anti-aliased glyph edges


def tree_boxes(tree: UiTree, secrets: SecretStore) -> list[Box]:
    """The boxes of the elements that show a secret."""
    out: list[Box] = []
    for el in tree:
        if el.rect is None:
            continue
        texts = [el.name, el.text, el.value or "", *el.attrs.values()]
        if any(t and secrets.contains(t) for t in texts):
            r = el.rect
            out.append((int(r.x), int(r.y), int(r.width + 0.5), int(r.height + 0.5)))
    return out


def word_boxes(words: Sequence[tuple[str, Box]], secrets: SecretStore) -> list[Box]:
    """The boxes of the words (OCR, in reading order) that together show a secret."""
    text, starts = "", []
    for word, _ in words:
        starts.append(len(text))
        text += word + " "
    out: list[Box] = []
    for start, end in secrets.spans(text):
        out.extend(box for (word, box), at in zip(words, starts, strict=True)
                   if at < end and at + len(word) > start)  # fmt: skip
    return out


def padded(boxes: Iterable[Box], width: int, height: int) -> list[Box]:
    """``boxes`` grown by PAD on each side and clipped to a ``width`` x ``height`` picture (empty ones dropped)."""
    out = []
    for x, y, w, h in boxes:
        x0, y0 = max(0, x - PAD), max(0, y - PAD)
        x1, y1 = min(width, x + w + PAD), min(height, y + h + PAD)
        if x1 > x0 and y1 > y0:
            out.append((x0, y0, x1 - x0, y1 - y0))
    return out


def black_out(image: bytes, boxes: Sequence[Box], mime: str = "image/png") -> bytes:
    """``image`` with each box (grown by PAD, clipped to the picture) painted black, in its own format
    (``mime``: PNG, JPEG or WebP)."""
    import io

    from PIL import Image, ImageDraw

    with Image.open(io.BytesIO(image)) as img:
        pic = img.convert("RGB")
    draw = ImageDraw.Draw(pic)
    for x, y, w, h in padded(boxes, pic.width, pic.height):
        draw.rectangle((x, y, x + w - 1, y + h - 1), fill=(0, 0, 0))
    out = io.BytesIO()
    kind = {"image/jpeg": "JPEG", "image/webp": "WEBP"}.get(mime, "PNG")
    pic.save(out, format=kind, **({"quality": 85} if kind != "PNG" else {}))
    return out.getvalue()
