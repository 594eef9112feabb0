"""Pure parsing of what pages print: prices with currencies, numbers, scores (no I/O)."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Symbol or code -> ISO 4217. "$" alone is read as USD; "kr" is ambiguous (SEK/NOK/DKK) and read as SEK.
_CURRENCIES: dict[str, str] = {
    "us$": "USD", "$": "USD", "usd": "USD", "€": "EUR", "eur": "EUR", "£": "GBP", "gbp": "GBP",
    "zł": "PLN", "zl": "PLN", "pln": "PLN", "¥": "JPY", "jpy": "JPY", "₹": "INR", "inr": "INR",
    "chf": "CHF", "sek": "SEK", "nok": "NOK", "dkk": "DKK", "kr": "SEK", "czk": "CZK", "kč": "CZK",
    "c$": "CAD", "ca$": "CAD", "cad": "CAD", "a$": "AUD", "au$": "AUD", "aud": "AUD",
}  # fmt: skip
_CURRENCY_RE = re.compile(
    r"(?<![a-z])(us\$|ca\$|au\$|c\$|a\$|usd|eur|gbp|pln|jpy|inr|chf|sek|nok|dkk|czk|cad|aud|zł|zl|kč|kr)(?![a-z])|([$€£¥₹])",
    re.IGNORECASE,
)
# A number as shops print it: 1 299,00 · 1.299 · 1,299.00 · 1'199.00 · 12,5 · 1299.-
_NUMBER_RE = re.compile(r"\d{1,3}(?:[ \u00a0\u202f.,'’]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d+)?")


@dataclass(frozen=True, slots=True)
class Price:
    """A parsed price: the amount and the ISO currency code (None when the page shows none)."""

    amount: float
    currency: str | None


def parse_number(text: str) -> float | None:
    """The first number in ``text``, with thousands separators and decimal comma understood.

    ``"1 299,00"`` -> 1299.0, ``"1.299"`` -> 1299.0, ``"1,299.00"`` -> 1299.0, ``"12,5"`` -> 12.5,
    ``"1.5"`` -> 1.5. Returns None when there is no number.
    """
    m = _NUMBER_RE.search(text)
    if m is None:
        return None
    raw = m.group(0)
    for sep in (" ", "\u00a0", "\u202f", "'", "’"):
        raw = raw.replace(sep, "")
    dots, commas = raw.count("."), raw.count(",")
    if dots and commas:
        # The later separator is the decimal one: 1.299,00 (EU) or 1,299.00 (US).
        raw = raw.replace(".", "").replace(",", ".") if raw.rfind(",") > raw.rfind(".") else raw.replace(",", "")
    elif commas:
        head, _, tail = raw.rpartition(",")
        grouped = (commas > 1 or len(tail) == 3) and head not in ("0", "")
        raw = raw.replace(",", "") if grouped else f"{head.replace(',', '')}.{tail}"
    elif dots:
        head, _, tail = raw.rpartition(".")
        grouped = (dots > 1 or len(tail) == 3) and head not in ("0", "")
        raw = raw.replace(".", "") if grouped else raw
    try:
        return float(raw)
    except ValueError:
        return None


def parse_price(text: str | None) -> Price | None:
    """A price from shop text: ``"1 299,00 zł"``, ``"$1,299.00"``, ``"1.299 €"``, ``"CHF 89.90"``.

    Returns None when the text holds no number. The currency is None when no symbol or code is present.
    """
    if not text:
        return None
    amount = parse_number(text)
    if amount is None:
        return None
    m = _CURRENCY_RE.search(text)
    currency = None
    if m is not None:
        currency = _CURRENCIES.get((m.group(1) or m.group(2)).lower())
    return Price(amount, currency)


_PLAIN_NUMBER_RE = re.compile(r"^[-+−]?\s?(?:\d{1,3}(?:[,\u00a0 ]\d{3})+|\d+)(?:\.\d+)?$")


def cell_value(text: str) -> str | int | float:
    """A table cell as JSON: plain numbers (``"1,204"``, ``"12.2"``, ``"-3"``) become numbers; the rest stays text.

    Only unambiguous forms are converted (a comma groups thousands; a dot is decimal), so a version
    such as ``1.2.3``, a time ``9:00`` or a code ``T-100`` stays a string.
    """
    t = text.strip()
    if not t or not (t[0].isdigit() or t[0] in "+-−") or not _PLAIN_NUMBER_RE.match(t):
        return text
    t = t.replace("−", "-").replace(",", "").replace("\u00a0", "").replace(" ", "")
    if "." in t:
        return float(t)
    value = int(t)
    return value if abs(value) < 2**53 else text


def parse_count(text: str | None) -> int | None:
    """An integer count from ``"128 points"``, ``"Likes: 4"``, ``"1,204 votes"``, ``"1.2k"``."""
    if not text:
        return None
    m = re.search(r"(\d+(?:[.,]\d+)?)\s*([kKmM])?\b", text)
    if m is None:
        return None
    number = m.group(1)
    if m.group(2):
        scale = 1000 if m.group(2).lower() == "k" else 1_000_000
        return round(float(number.replace(",", ".")) * scale)
    digits = re.match(r"\d{1,3}(?:[,.]\d{3})+", text[m.start():])
    return int(re.sub(r"[,.]", "", digits.group(0))) if digits else int(float(number.replace(",", ".")))
