"""Where a secret placeholder would send its value: the trust boundary between a plan and a secret.

A plan may come from a model or a cache file, and a page can talk a model into writing
``${secrets.NAME}`` anywhere. So a secret is handed over only where the tool declares (its
JSON Schema ``format``, never its name) that the argument's text goes somewhere, and only when
that somewhere is bound to the secret (``NAME@ORIGIN``):

* ``typed-text`` (text the tool types or hands to the app: a field's text, a prompt's answer):
  the origin of the current page;
* ``uri-reference`` (a URL the tool loads): the origin of that URL, joined to the current page;
* ``file-path`` (a file the tool reads or writes): never; a secret is not a path;
* anything else (a target, a text to find or check, an option): never. Such an argument is
  compared with the screen, and the answer (found or not, passed or failed) would tell a model
  that never sees the secret whether the screen shows it, or let it be read a guess at a time.
  For the same reason such an argument may not hold a secret's value written out (a guess, or a
  value an earlier call read off the screen and a plan passed on).

A secret bound to no origin goes wherever the run's URL policy lets the call go.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tapwright.core.fence import FILE_PATH_FORMAT, TYPED_FORMAT, URL_FORMAT
from tapwright.core.secrets import SecretStore
from tapwright.errors import ErrorCode
from tapwright.plan.placeholders import find_refs


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a call may not receive a secret: its error code and message."""

    code: ErrorCode
    message: str


# The formats of arguments a secret may fill (where it then goes is checked against its binding).
SECRET_SINKS = (TYPED_FORMAT, URL_FORMAT)


def _format_of(parameters: Mapping[str, Any], key: str) -> str | None:
    prop = (parameters.get("properties") or {}).get(key)
    if not isinstance(prop, Mapping):
        return None
    fmt = prop.get("format")
    if fmt is None:  # an optional argument: {"anyOf": [{"type": "string", "format": ...}, {"type": "null"}]}
        fmt = next((p.get("format") for p in prop.get("anyOf") or () if isinstance(p, Mapping) and p.get("format")), None)
    return fmt if isinstance(fmt, str) else None


def sinks(parameters: Mapping[str, Any]) -> list[str]:
    """The arguments of a tool a secret may fill (``typed-text`` and ``uri-reference``)."""
    return [key for key in parameters.get("properties") or {} if _format_of(parameters, key) in SECRET_SINKS]


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [t for k, v in value.items() for t in (*_texts(k), *_texts(v))]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    return []


def _not_here(key: str, parameters: Mapping[str, Any], what: str) -> Refusal:
    where = ", ".join(repr(k) for k in sinks(parameters)) or "none: this tool types nothing and loads no URL"
    return Refusal(ErrorCode.INVALID_INPUT, (
        f"refused: {what} in {key!r}, an argument compared with the screen, would tell whether the screen shows "
        f"a secret; a secret may only be typed or sent in a URL (this tool's arguments for that: {where}). "
        "Type it into its field and check the field some other way (its state, that it is masked)"))


def check_secret_destinations(
    parameters: Mapping[str, Any], written: Mapping[str, Any], resolved: Mapping[str, Any],
    secrets: SecretStore, here: str | None,
) -> Refusal | None:
    """The refusal for a call whose arguments (``written`` with placeholders, ``resolved`` without)
    would hand a secret to a destination it is not bound to, or None when every secret may go.

    Args:
        parameters: the tool's JSON Schema (its ``properties`` declare each argument's ``format``).
        written: the arguments as the plan wrote them.
        resolved: the same arguments with placeholders substituted.
        secrets: the run's secrets and their bindings.
        here: the current page's URL (None before any page).
    """
    for key, value in written.items():
        names = [ref.target for ref in find_refs(value) if ref.is_secret]
        fmt = _format_of(parameters, key)
        if not names:
            if fmt not in SECRET_SINKS and any(secrets.contains(text) for text in _texts(resolved.get(key))):
                return _not_here(key, parameters, "a secret's value written out")
            continue
        if fmt == FILE_PATH_FORMAT:
            return Refusal(ErrorCode.INVALID_INPUT, f"refused to use a secret as a file path ({key!r} names a file)")
        if fmt not in SECRET_SINKS:
            return _not_here(key, parameters, f"${{secrets.{names[0]}}}")
        for name in names:
            if secrets.origins(name) is None:
                continue
            if fmt == URL_FORMAT:
                target = resolved.get(key)
                dest = urllib.parse.urljoin(here or "", target) if isinstance(target, str) else None
                reason = secrets.check_origin(name, dest, going="the call sends it to")
            else:
                reason = secrets.check_origin(name, here)
            if reason is not None:
                return Refusal(ErrorCode.URL_BLOCKED, f"refused to use a secret here: {reason}")
    return None
