"""Where a secret placeholder would send its value: the trust boundary between a plan and a secret.

A plan may come from a model or a cache file, and a page can talk a model into writing
``${secrets.NAME}`` anywhere. So a secret is handed over only when the argument it fills goes
somewhere the secret is bound to (``NAME@ORIGIN``). The destination follows what the tool
declares about the parameter (its JSON Schema ``format``), never its name:

* ``uri-reference`` (a URL the tool loads): the origin of that URL, joined to the current page;
* ``file-path`` (a file the tool reads or writes): never; a secret is not a path;
* anything else (text typed into the page, a target): the origin of the current page.

A secret bound to no origin goes wherever the run's URL policy lets the call go.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tapwright.core.fence import FILE_PATH_FORMAT, URL_FORMAT
from tapwright.core.secrets import SecretStore
from tapwright.errors import ErrorCode
from tapwright.plan.placeholders import find_refs


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a call may not receive a secret: its error code and message."""

    code: ErrorCode
    message: str


def _format_of(parameters: Mapping[str, Any], key: str) -> str | None:
    prop = (parameters.get("properties") or {}).get(key)
    if not isinstance(prop, Mapping):
        return None
    fmt = prop.get("format")
    return fmt if isinstance(fmt, str) else None


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
        if not names:
            continue
        fmt = _format_of(parameters, key)
        if fmt == FILE_PATH_FORMAT:
            return Refusal(ErrorCode.INVALID_INPUT, f"refused to use a secret as a file path ({key!r} names a file)")
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
