"""Secrets: values resolved only at the instant of a call and scrubbed from every record."""

from __future__ import annotations

import base64
import os
import urllib.parse
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

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


def _forms(value: str) -> set[str]:
    """The shapes a secret can take once it leaves our hands."""
    raw = value.encode()
    forms = {
        value,
        urllib.parse.quote(value, safe=""),
        urllib.parse.quote_plus(value, safe=""),
        base64.b64encode(raw).decode(),
        base64.urlsafe_b64encode(raw).decode(),
        base64.b64encode(raw).decode().rstrip("="),
    }
    return {f for f in forms if len(f) >= _MIN_SECRET_LEN}


class SecretStore:
    """Named secrets of a run, and the redactor that scrubs them from records."""

    def __init__(self, values: Mapping[str, str] | None = None) -> None:
        self._values: dict[str, str] = {}
        self._forms: list[str] = []
        for name, value in (values or {}).items():
            self.add(name, value)

    def add(self, name: str, value: str) -> None:
        self._values[name] = value
        self._forms = sorted({f for v in self._values.values() for f in _forms(v)}, key=len, reverse=True)

    def names(self) -> list[str]:
        return sorted(self._values)

    def __contains__(self, name: object) -> bool:
        return name in self._values

    def get(self, name: str) -> str | None:
        return self._values.get(name)

    def redact_text(self, text: str) -> str:
        for form in self._forms:
            if form in text:
                text = text.replace(form, REDACTED)
        return text

    def redact(self, value: Any) -> Any:
        """Return ``value`` with every secret (and its URL-encoded and base64 forms) replaced."""
        if not self._forms:
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

        A missing secret is simply absent: a placeholder naming it fails with
        UNRESOLVED_PLACEHOLDER at the call that needs it.
        """
        file_values = read_env_file(env_file) if env_file else {}
        store = cls()
        for name in names:
            value = os.environ.get(name, file_values.get(name))
            if value is not None:
                store.add(name, value)
        return store


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
