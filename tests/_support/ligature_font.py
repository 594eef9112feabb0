"""A small real ligature icon font, built with fontTools when a test page asks for it.

Icon fonts of web apps draw a word (``delete``, ``arrow_upward``) as one glyph about 1 em wide through the
OpenType ``liga`` feature. This font does the same for a few words: every lowercase letter, digit and the
underscore has a plain 0.6 em box glyph, and each word of ``ICON_WORDS`` is substituted by one 1 em glyph.
A word it has no ligature for is drawn letter by letter, as such a font draws any other text.
"""

from __future__ import annotations

import functools
import io
import string

ICON_WORDS = ("arrow_upward", "priority_high", "delete", "more_vert", "check_circle", "add")
_UPM = 1000
_NAMES = {**{c: c for c in string.ascii_lowercase}, "_": "underscore",
          **dict(zip(string.digits, ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
                     strict=True))}  # fmt: skip


def _box(width: int, inset: int) -> object:
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    pen = TTGlyphPen(None)
    pen.moveTo((inset, 0))
    pen.lineTo((inset, 700))
    pen.lineTo((width - inset, 700))
    pen.lineTo((width - inset, 0))
    pen.closePath()
    return pen.glyph()


@functools.cache
def ligature_font() -> bytes:
    """The font as TrueType bytes (built once per process)."""
    from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    icons = [f"icon_{w}" for w in ICON_WORDS]
    order = [".notdef", "space", *_NAMES.values(), *icons]
    fb = FontBuilder(_UPM, isTTF=True)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({ord(" "): "space", **{ord(c): n for c, n in _NAMES.items()}})
    glyphs = {".notdef": _box(600, 50), "space": TTGlyphPen(None).glyph()}
    glyphs.update({n: _box(600, 80) for n in _NAMES.values()})
    glyphs.update({n: _box(1000, 100) for n in icons})
    fb.setupGlyf(glyphs)
    metrics = {".notdef": (600, 50), "space": (300, 0), **dict.fromkeys(_NAMES.values(), (600, 80)),
               **dict.fromkeys(icons, (1000, 100))}  # fmt: skip
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Test Ligature Icons", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    subs = "\n".join(f"  sub {' '.join(_NAMES[c] for c in w)} by icon_{w};" for w in ICON_WORDS)
    addOpenTypeFeaturesFromString(fb.font, f"languagesystem DFLT dflt;\nfeature liga {{\n{subs}\n}} liga;\n")
    out = io.BytesIO()
    fb.save(out)
    return out.getvalue()
