"""How a secret can look once it leaves our hands, for the redactor (pure, no I/O).

A browser, a URL, an HTML page or a JSON document may write any character of a
secret its own way: percent-encoded in either case, ``+`` for a space, a named or
numeric HTML entity, a JSON escape. :func:`secret_pattern` matches the secret
character by character with every such spelling allowed at each position, so a
mixed spelling (Chromium leaves ``!`` as is and writes ``%20`` for a space) is found
too. :func:`fragments` lists the runs of a long secret that are redacted on their own,
for a value cut short by a text cap.
"""

from __future__ import annotations

import base64
import html
import json
import re
import unicodedata
import urllib.parse

FRAGMENT = 12  # a run of this many characters of a longer secret is redacted wherever it appears
_ENTITIES = {"&": ("&amp;",), "<": ("&lt;",), ">": ("&gt;",), '"': ("&quot;",), "'": ("&apos;",)}
_JSON_ESCAPES = {'"': '\\"', "\\": "\\\\", "/": "\\/", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b",
                 "\f": "\\f"}


def _hex_ci(number: int, width: int) -> str:
    """``number`` in hex as a regex matching either case."""
    return "".join(f"[{c}{c.upper()}]" if c.isalpha() else c for c in f"{number:0{width}x}")


def _char_pattern(ch: str) -> str:
    """Every way ``ch`` can be written, as one regex group."""
    alts = {re.escape(ch)}
    alts.add("".join("%" + _hex_ci(b, 2) for b in ch.encode()))
    if ch == " ":
        alts.add(r"\+")
    alts.update(re.escape(e) for e in _ENTITIES.get(ch, ()))
    code = ord(ch)
    alts.add(f"&#0*{code};")
    alts.add(f"&#[xX]0*{_hex_ci(code, 1)};")
    if ch in _JSON_ESCAPES:
        alts.add(re.escape(_JSON_ESCAPES[ch]))
    if code < 0x10000:
        alts.add(r"\\[uU]" + _hex_ci(code, 4))
    else:
        hi, lo = divmod(code - 0x10000, 0x400)
        alts.add(r"\\[uU]" + _hex_ci(0xD800 + hi, 4) + r"\\[uU]" + _hex_ci(0xDC00 + lo, 4))
    return "(?:" + "|".join(sorted(alts, key=len, reverse=True)) + ")"


def secret_pattern(value: str) -> re.Pattern[str]:
    """A regex matching ``value`` in any mix of the encodings above."""
    return re.compile("".join(_char_pattern(c) for c in value))


def exact_forms(value: str) -> set[str]:
    """Encodings of the whole value that are not character by character: base64 and its variants."""
    raw = value.encode()
    std, url = base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode()
    return {std, url, std.rstrip("="), url.rstrip("=")}


def encoded_forms(value: str) -> set[str]:
    """The usual whole-value encodings; their fragments are looked for too (a cut URL keeps its encoding)."""
    quoted = urllib.parse.quote(value, safe="")
    forms = {value, quoted, quoted.lower(), urllib.parse.quote_plus(value, safe=""), html.escape(value),
             json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1]}
    return {f for f in forms if f}


def fragments(value: str) -> set[str]:
    """Every run of FRAGMENT characters of the value's usual encodings (empty for a short value)."""
    if len(value) <= FRAGMENT:
        return set()
    out: set[str] = set()
    for form in encoded_forms(value):
        out.update(form[i:i + FRAGMENT] for i in range(len(form) - FRAGMENT + 1))
    return out


def fragment_spans(text: str, grams: set[str]) -> list[list[int]]:
    """The [start, end) runs of ``text`` covered by ``grams`` (FRAGMENT-long pieces of secrets), merged."""
    spans: list[list[int]] = []
    for i in range(len(text) - FRAGMENT + 1):
        if text[i:i + FRAGMENT] in grams:
            if spans and i <= spans[-1][1]:
                spans[-1][1] = i + FRAGMENT
            else:
                spans.append([i, i + FRAGMENT])
    return spans


def redact_fragments(text: str, grams: set[str], replacement: str) -> str:
    """``text`` with every run covered by ``grams`` (FRAGMENT-long pieces of secrets) replaced."""
    for start, end in reversed(fragment_spans(text, grams)):
        text = text[:start] + replacement + text[end:]
    return text


# A folded secret shorter than this is not looked for in folded text: with spaces and case gone,
# a short value would match across ordinary words.
MIN_FOLDED = 6


# What folding removes from ASCII text: everything but letters and digits (spacing, control
# characters, punctuation and symbols: "s-e-c-r-e-t" and "s.e.c.r.e.t" fold as "secret" does).
_ASCII_DROP = {c: None for c in range(128) if not chr(c).isalnum()}


def _fold_char(ch: str) -> str:
    """What one character becomes in folded text: "" for an invisible, spacing, punctuation or symbol
    character (a separator a page may put between a secret's letters), else its compatibility form
    in lower case (fullwidth ``Ａ`` and ``A`` both become ``a``)."""
    if ch.isspace() or unicodedata.category(ch)[0] in "PSZ" or unicodedata.category(ch) in ("Cf", "Mn", "Cc"):
        return ""
    return "".join(c for c in unicodedata.normalize("NFKC", ch).casefold() if c.isalnum())


def fold(text: str) -> tuple[str, list[int]]:
    """``text`` with invisible characters (soft hyphen, zero-width ones, bidi marks), spacing,
    punctuation and symbols removed and case folded, and for each folded character the index of the
    original it came from."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        folded = _fold_char(ch) if not ch.isascii() or not ch.isalnum() else ch.lower()
        out.append(folded)
        where.extend([i] * len(folded))
    return "".join(out), where


def folded_forms(value: str) -> set[str]:
    """The folded value and its reverse (what a page that spaces out, re-cases or reverses it shows)."""
    folded = fold(value)[0]
    return {folded, folded[::-1]} if len(folded) >= MIN_FOLDED else set()


def folded_spans(text: str, forms: set[str]) -> list[tuple[int, int]]:
    """The [start, end) ranges of ``text`` that fold to one of ``forms``."""
    if not forms:
        return []
    if text.isascii() and not any(f in text.translate(_ASCII_DROP).lower() for f in forms):
        return []  # the common case, without building the index map character by character
    folded, where = fold(text)
    found: list[tuple[int, int]] = []
    for form in forms:
        at = folded.find(form)
        while at >= 0:
            found.append((where[at], where[at + len(form) - 1] + 1))
            at = folded.find(form, at + 1)
    return found


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL (default ports dropped), lowercase; a bare host stays a host."""
    if "://" not in url:
        return url.strip().lower().rstrip("/.")
    parts = urllib.parse.urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    try:
        port = parts.port
    except ValueError:
        port = None
    if port is None or (scheme, port) in (("http", 80), ("https", 443)):
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"
