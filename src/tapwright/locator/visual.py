"""Visual words: naming the colour of a computed CSS colour, and element size."""

from __future__ import annotations

import colorsys
import re
from functools import lru_cache

from tapwright.core.element import Element
from tapwright.locator.vocab import COLOUR_WORDS

_RGB = re.compile(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)")
_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def _rgb(value: str) -> tuple[float, float, float] | None:
    """Parse "rgb(r, g, b)", "rgba(r, g, b, a)" or "#rrggbb"; None when missing or transparent."""
    value = value.strip().lower()
    m = _RGB.search(value)
    if m:
        alpha = m.group(4)
        if alpha is not None:
            a = float(alpha[:-1]) / 100 if alpha.endswith("%") else float(alpha)
            if a < 0.3:
                return None
        return float(m.group(1)), float(m.group(2)), float(m.group(3))
    h = _HEX.match(value)
    if h:
        digits = h.group(1)
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return float(int(digits[0:2], 16)), float(int(digits[2:4], 16)), float(int(digits[4:6], 16))
    return None


@lru_cache(maxsize=4096)
def colour_name(value: str) -> str | None:
    """The everyday name of a CSS colour ("rgb(13, 110, 253)" -> "blue"), or None if unknown/transparent.

    A plain colour word ("blue") is accepted as is, for drivers that report names.
    """
    word = value.strip().lower()
    if word in COLOUR_WORDS:
        return COLOUR_WORDS[word]
    rgb = _rgb(value)
    if rgb is None:
        return None
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    if v < 0.2:
        return "black"
    if s < 0.18:
        return "white" if v > 0.85 else "gray"
    hue = h * 360
    if hue < 15 or hue >= 345:
        return "red" if v > 0.45 else "brown"
    if hue < 42:
        return "orange" if v > 0.6 else "brown"
    if hue < 70:
        return "yellow"
    if hue < 165:
        return "green"
    if hue < 195:
        return "cyan"
    if hue < 255:
        return "blue"
    if hue < 290:
        return "purple"
    return "pink"


def element_colours(e: Element) -> tuple[str | None, str | None]:
    """(background colour name, text colour name) of an element."""
    return colour_name(e.attrs.get("background", "")), colour_name(e.attrs.get("color", ""))


def colour_match(e: Element, wanted: tuple[str, ...]) -> bool | None:
    """True if the element shows every wanted colour (background or text), False if it shows
    known other colours, None if its colours are unknown."""
    background, text = element_colours(e)
    if background is None and text is None:
        return None
    shown = {background, text}
    if "gray" in shown:
        shown.add("white")  # light grey backgrounds read as white to people
    return all(w in shown for w in wanted)


def area(e: Element) -> float:
    """The element's on-screen area (0 without a rect), or its font size squared for text."""
    if e.rect is not None and e.rect.area > 0:
        return e.rect.area
    try:
        return float(e.attrs.get("font_size", "0")) ** 2
    except ValueError:
        return 0.0
