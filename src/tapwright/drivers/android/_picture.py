"""Blacking out boxes of a device screenshot (what shows a secret) before it is written."""

from __future__ import annotations

import io
import shutil

from tapwright.core.secrets import SecretStore
from tapwright.drivers._secret_boxes import Box, black_out, word_boxes

__all__ = ["black_out", "can_read_pictures", "ocr_boxes"]


def can_read_pictures() -> bool:
    """Whether OCR can read a screenshot here: Tesseract (the binary or its library) and the desktop extra's numpy / scipy."""
    try:
        from tapwright.drivers.desktop import _crops, _ocr  # noqa: F401  (numpy, scipy)
    except ImportError:
        return False
    return shutil.which("tesseract") is not None or _crops.reader() is not None


def ocr_boxes(png: bytes, secrets: SecretStore) -> list[Box]:
    """The boxes of the words OCR reads in ``png`` that show a secret (also words read with low confidence):
    text the app paints that no node of the uiautomator dump carries (a canvas, a WebView, an image).

    Raises:
        DriverError: Tesseract failed or hung (the picture is then not written).
    """
    import numpy as np
    from PIL import Image

    from tapwright.drivers.desktop import _ocr

    with Image.open(io.BytesIO(png)) as img:
        gray = np.asarray(img.convert("L"))
    boxes: list[Box] = []
    for words in _ocr.read_words(gray, scale=1):  # a phone's text is large: no upscaling
        boxes += word_boxes([(w.text, (w.x, w.y, w.w, w.h)) for w in words], secrets)
    return boxes
