"""Typed input values written the way people write them, converted to what the input needs.

``<input type=date>`` takes ``2024-03-14``; a test step says "03/14/2024" or "14 March
2024". :func:`convert` turns a spoken value into the input's wire format, or returns
None when it cannot read it (the caller then passes the text through unchanged, so the
browser's own error is what the user sees). Pure: no I/O, no Playwright.
"""

from __future__ import annotations

import re

_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
         ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"),
         ("november", "nov"), ("december", "dec")]
    )
    for m in names
}  # fmt: skip
_TIME = re.compile(r"^(\d{1,2})(?:[:.h](\d{2}))?(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?$", re.IGNORECASE)
_COLOURS = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
    "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080", "pink": "#ffc0cb", "gray": "#808080",
    "grey": "#808080", "brown": "#a52a2a", "cyan": "#00ffff", "magenta": "#ff00ff", "navy": "#000080",
    "teal": "#008080", "silver": "#c0c0c0", "gold": "#ffd700",
}  # fmt: skip


def _ymd(y: int, m: int, d: int) -> str | None:
    if not (1 <= m <= 12 and 1 <= d <= 31 and 0 < y < 10000):
        return None
    return f"{y:04d}-{m:02d}-{d:02d}"


def to_date(text: str) -> str | None:
    """``2024-03-14``, ``03/14/2024`` (US order; day first when the first number is over 12),
    ``14.03.2024``, ``14 March 2024``, ``March 14, 2024``, ``Mar 14 2024`` -> ``2024-03-14``."""
    t = text.strip().lower().replace(",", " ")
    m = re.match(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$", t)
    if m:
        return _ymd(int(m[1]), int(m[2]), int(m[3]))
    m = re.match(r"^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$", t)
    if m:
        a, b, y = int(m[1]), int(m[3]), int(m[4])
        if m[2] == "." or a > 12:  # 14.03.2024 and 14/03/2024 are day first
            return _ymd(y, b, a)
        return _ymd(y, a, b)
    words = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", t).split()
    nums = [int(w) for w in words if w.isdigit()]
    months = [_MONTHS[w.rstrip(".")] for w in words if w.rstrip(".") in _MONTHS]
    if len(months) == 1 and len(nums) == 2 and len(words) == 3:
        day, year = (nums[0], nums[1]) if nums[1] > 31 else (nums[1], nums[0])
        return _ymd(year, months[0], day)
    return None


def to_time(text: str) -> str | None:
    """``7:45 PM``, ``7:45pm``, ``8 PM``, ``19:45``, ``9.05 am`` -> ``19:45`` (``HH:MM[:SS]``)."""
    m = _TIME.match(text.strip())
    if not m:
        return None
    h, minute, sec = int(m[1]), int(m[2] or 0), m[3]
    half = (m[4] or "").replace(".", "").lower()
    if half and not 1 <= h <= 12:
        return None
    if half == "pm" and h != 12:
        h += 12
    elif half == "am" and h == 12:
        h = 0
    if not m[2] and not half:
        return None  # a bare number is not a time
    if h > 23 or minute > 59:
        return None
    return f"{h:02d}:{minute:02d}" + (f":{sec}" if sec else "")


def to_datetime(text: str) -> str | None:
    """A date and a time in one text (either order of the usual forms) -> ``2024-03-14T19:45``."""
    t = text.strip().replace("T", " ") if re.match(r"^\d{4}-\d{2}-\d{2}T", text.strip()) else text.strip()
    t = re.sub(r"\s+(at|@)\s+", " ", t, flags=re.IGNORECASE)
    m = re.search(r"(\d{1,2}(?:[:.]\d{2}){1,2}\s*(?:[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?)\s*$", t, re.IGNORECASE)
    if not m:
        return None
    date, time = to_date(t[: m.start()].strip(" ,")), to_time(m[1])
    return f"{date}T{time}" if date and time else None


def to_month(text: str) -> str | None:
    """``03/2027``, ``2027-03``, ``March 2027``, ``Mar 2027`` -> ``2027-03``."""
    t = text.strip().lower().replace(",", " ")
    m = re.match(r"^(\d{4})[-/.](\d{1,2})$", t)
    if m and 1 <= int(m[2]) <= 12:
        return f"{int(m[1]):04d}-{int(m[2]):02d}"
    m = re.match(r"^(\d{1,2})[-/.](\d{4}|\d{2})$", t)
    if m and 1 <= int(m[1]) <= 12:
        year = int(m[2]) + (2000 if len(m[2]) == 2 else 0)
        return f"{year:04d}-{int(m[1]):02d}"
    words = t.split()
    if len(words) == 2 and words[0].rstrip(".") in _MONTHS and words[1].isdigit():
        return f"{int(words[1]):04d}-{_MONTHS[words[0].rstrip('.')]:02d}"
    return None


def to_number(text: str, low: float | None = None, high: float | None = None) -> str | None:
    """``-3``, ``1,500``, ``40%`` (of the input's range when it has one) -> the number as text."""
    t = text.strip().replace(",", "").replace("\u2212", "-")
    percent = t.endswith("%")
    t = t.rstrip("%").strip()
    try:
        value = float(t)
    except ValueError:
        return None
    if percent:
        lo, hi = (low if low is not None else 0.0), (high if high is not None else 100.0)
        value = lo + (hi - lo) * value / 100
    return str(int(value)) if value == int(value) else f"{value:g}"


def to_colour(text: str) -> str | None:
    """``#ff8800``, ``#F80``, ``ff8800``, ``orange``, ``rgb(255, 136, 0)`` -> ``#ff8800``."""
    t = text.strip().lower()
    if t in _COLOURS:
        return _COLOURS[t]
    m = re.match(r"^#?([0-9a-f]{6}|[0-9a-f]{3})$", t)
    if m:
        h = m[1]
        return "#" + (h if len(h) == 6 else "".join(c * 2 for c in h))
    m = re.match(r"^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$", t)
    if m and all(int(g) < 256 for g in m.groups()):
        return "#" + "".join(f"{int(g):02x}" for g in m.groups())
    return None


def convert(kind: str, text: str, low: float | None = None, high: float | None = None) -> str | None:
    """The value an input of type ``kind`` needs for the spoken ``text``; None when it cannot be read.

    Args:
        kind: The input's type (``date``, ``time``, ``datetime-local``, ``month``, ``number``,
            ``range``, ``color``); other kinds return ``text`` unchanged.
        text: The value as the step wrote it.
        low: The input's minimum (for percentages of a range).
        high: The input's maximum.
    """
    if kind == "date":
        return to_date(text)
    if kind == "time":
        return to_time(text)
    if kind == "datetime-local":
        return to_datetime(text)
    if kind == "month":
        return to_month(text)
    if kind in ("number", "range"):
        return to_number(text, low, high)
    if kind == "color":
        return to_colour(text)
    return text
