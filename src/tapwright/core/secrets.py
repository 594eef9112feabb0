"""Secrets: values resolved only at the instant of a call and scrubbed from every record."""

from __future__ import annotations

import os
import re
import urllib.parse
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from tapwright.core._secret_forms import (
    exact_forms,
    folded_forms,
    folded_spans,
    fragment_spans,
    fragments,
    origin_of,
    redact_fragments,
    secret_pattern,
)

REDACTED = "***"
_MIN_SECRET_LEN = 3  # shorter values would redact ordinary words and numbers


class Secret:
    """A string that never shows itself in ``repr``, ``str`` or JSON records."""

    __slots__ = ("_value", "name")

    def __init__(self, name: str, value: str) -> None:
        self.name = name
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return f"Secret({self.name!r}, {REDACTED!r})"

    def __str__(self) -> str:
        return REDACTED


class SecretStore:
    """Named secrets of a run, and the redactor that scrubs them from records.

    A secret may be bound to origins (``https://app.example.com`` or a bare host): it is
    then handed to a tool only while the page is on one of them (see :meth:`check_origin`).
    Redaction finds a secret in any encoding a browser, URL, HTML or JSON produces, in any
    mix, and any run of 12 or more of its characters (a long value cut by a text cap).
    """

    def __init__(self, values: Mapping[str, str] | None = None) -> None:
        self._values: dict[str, str] = {}
        self._origins: dict[str, tuple[str, ...]] = {}
        self._patterns: list[re.Pattern[str]] = []
        self._exact: list[str] = []
        self._grams: set[str] = set()
        self._folded: set[str] = set()
        for name, value in (values or {}).items():
            self.add(name, value)

    def add(self, name: str, value: str, *, origins: Iterable[str] | None = None) -> None:
        """Add a secret; with ``origins`` it is only given to tools on those origins (or hosts)."""
        self._values[name] = value
        if origins is not None:
            self._origins[name] = tuple(origin_of(o) for o in origins if o.strip())
        else:
            self._origins.pop(name, None)
        values = sorted((v for v in self._values.values() if len(v) >= _MIN_SECRET_LEN), key=len, reverse=True)
        self._patterns = [secret_pattern(v) for v in values]
        self._exact = sorted({f for v in values for f in exact_forms(v) if len(f) >= _MIN_SECRET_LEN},
                             key=len, reverse=True)
        self._grams = {g for v in values for g in fragments(v)}
        self._folded = {f for v in values for f in folded_forms(v)}

    def names(self) -> list[str]:
        return sorted(self._values)

    def __contains__(self, name: object) -> bool:
        return name in self._values

    def get(self, name: str) -> str | None:
        return self._values.get(name)

    def values(self) -> list[str]:
        """The secret values long enough to be redacted (for masking them in screenshots)."""
        return [v for v in self._values.values() if len(v) >= _MIN_SECRET_LEN]

    def origins(self, name: str) -> tuple[str, ...] | None:
        """The origins a secret is bound to, or None when it may be used anywhere."""
        return self._origins.get(name)

    def check_origin(self, name: str, url: str | None, *, going: str = "the page is on") -> str | None:
        """Why secret ``name`` may not go to ``url`` (the page it is typed into, or a URL it is sent to), or None.

        ``going`` words the destination in the reason ("the page is on", "the call sends it to").
        """
        bound = self._origins.get(name)
        if bound is None:
            return None
        here = origin_of(url) if url and "://" in url else ""
        host = (urllib.parse.urlsplit(url).hostname or "").lower() if here and url else ""
        if here and (here in bound or host in bound):
            return None
        return f"secret {name!r} is bound to {', '.join(bound)} and {going} {here or 'no page'}"

    def contains(self, text: str) -> bool:
        """Whether ``text`` holds a secret (any encoding, or a long fragment)."""
        return self.redact_text(text) != text

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where ``text`` shows a secret (any encoding, or a long fragment): [start, end) ranges, sorted."""
        found: list[tuple[int, int]] = []
        for pattern in self._patterns:
            found.extend(m.span() for m in pattern.finditer(text) if m.end() > m.start())
        for form in self._exact:
            at = text.find(form)
            while at >= 0:
                found.append((at, at + len(form)))
                at = text.find(form, at + 1)
        found.extend((a, b) for a, b in fragment_spans(text, self._grams))
        found.extend(folded_spans(text, self._folded))  # the same range found plainly is listed once
        return sorted(set(found))

    def redact_text(self, text: str) -> str:
        if not self._patterns:
            return text
        for pattern in self._patterns:
            text = pattern.sub(REDACTED, text)
        for form in self._exact:
            if form in text:
                text = text.replace(form, REDACTED)
        text = redact_fragments(text, self._grams, REDACTED) if self._grams else text
        # Last, the value hidden by invisible characters, spacing, case or reversal.
        for start, end in sorted(_merge(folded_spans(text, self._folded)), reverse=True):
            text = text[:start] + REDACTED + text[end:]
        return text

    def redact(self, value: Any) -> Any:
        """Return ``value`` with every secret (in any encoding, or a long fragment of it) replaced."""
        if not self._patterns:
            return value
        if isinstance(value, str):
            return self.redact_text(value)
        if isinstance(value, Secret):
            return REDACTED
        if isinstance(value, dict):
            return {k: self.redact(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self.redact(v) for v in value]
        if isinstance(value, tuple):
            return tuple(self.redact(v) for v in value)
        return value

    @classmethod
    def from_env(cls, names: Iterable[str], *, env_file: str | Path | None = None) -> SecretStore:
        """Read the named secrets from the environment, then from a ``.env`` file.

        A name may carry the origins its secret is bound to: ``API_TOKEN@https://app.example.com``
        (several separated by commas). A missing secret is simply absent: a placeholder
        naming it fails with UNRESOLVED_PLACEHOLDER at the call that needs it.
        """
        file_values = read_env_file(env_file) if env_file else {}
        store = cls()
        for spec in names:
            name, origins = parse_secret_spec(spec)
            value = os.environ.get(name, file_values.get(name))
            if value is not None:
                store.add(name, value, origins=origins)
        return store


def parse_secret_spec(spec: str) -> tuple[str, list[str] | None]:
    """``NAME`` or ``NAME@ORIGIN[,ORIGIN...]``: the name and the origins it is bound to (None: any)."""
    name, sep, rest = spec.partition("@")
    if not sep:
        return spec.strip(), None
    return name.strip(), [o.strip() for o in rest.split(",") if o.strip()]


def read_env_file(path: str | Path) -> dict[str, str]:
    """Parse ``KEY=VALUE`` lines (optional quotes, ``#`` comments, ``export`` prefix)."""
    p = Path(path)
    if not p.is_file():
        return {}
    out: dict[str, str] = {}
    for line in p.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        out[key.strip()] = value
    return out


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping [start, end) ranges joined."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out
