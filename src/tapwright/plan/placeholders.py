"""Pure ``${...}`` placeholder parsing and resolution.

Forms:
    ``${<step id or tool name>.output.<path>}``  an earlier call's output; path is
        ``.key`` and ``[index]`` segments (``${locate.output.center_x}``,
        ``${rows.output.items[0].name}``); camelCase keys fall back to snake_case.
    ``${vars.NAME}``     test data.
    ``${secrets.NAME}``  a secret, resolved only at the instant of the call.
    ``$${``              a literal ``${``.

A string that is exactly one placeholder keeps the value's type; placeholders
inside a longer string are interpolated as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tapwright.errors import ErrorCode, PlanError

TOKEN_RE = re.compile(r"\$\$\{|\$\{([^{}]*)\}")
_REF_RE = re.compile(
    r"^\s*(?:(?P<scope>vars|secrets)\.(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<target>[A-Za-z_][A-Za-z0-9_.\-]*?)\.output(?P<path>(?:\.[A-Za-z_][A-Za-z0-9_\-]*|\[-?\d+\])*))\s*$"
)
_SEGMENT_RE = re.compile(r"\.([A-Za-z_][A-Za-z0-9_\-]*)|\[(-?\d+)\]")
_CAMEL_RE = re.compile(r"(?<!^)(?=[A-Z])")


@dataclass(frozen=True, slots=True)
class Ref:
    """A parsed placeholder."""

    kind: str  # "output" | "vars" | "secrets"
    target: str  # step id / tool name, or the var / secret name
    path: tuple[str | int, ...] = ()
    text: str = ""  # the placeholder as written, for messages

    @property
    def is_secret(self) -> bool:
        return self.kind == "secrets"


def unresolved(message: str) -> PlanError:
    return PlanError(ErrorCode.UNRESOLVED_PLACEHOLDER, message)


def parse_ref(inner: str) -> Ref:
    """Parse the inside of ``${...}``; PlanError(UNRESOLVED_PLACEHOLDER) when malformed."""
    text = "${" + inner + "}"
    m = _REF_RE.match(inner)
    if not m:
        raise unresolved(
            f"{text} is not a valid placeholder; use ${{<step id>.output.<path>}}, ${{vars.NAME}} or ${{secrets.NAME}}"
        )
    if m.group("scope"):
        return Ref(m.group("scope"), m.group("name"), (), text)
    path: list[str | int] = []
    for key, index in _SEGMENT_RE.findall(m.group("path") or ""):
        path.append(int(index) if index else key)
    return Ref("output", m.group("target"), tuple(path), text)


def find_refs(value: Any) -> list[Ref]:
    """Every placeholder in a (nested) value, in order."""
    out: list[Ref] = []
    if isinstance(value, str):
        for m in TOKEN_RE.finditer(value):
            if m.group(0) != "$${":
                out.append(parse_ref(m.group(1)))
    elif isinstance(value, dict):
        for v in value.values():
            out.extend(find_refs(v))
    elif isinstance(value, list):
        for v in value:
            out.extend(find_refs(v))
    return out


def escape(text: str) -> str:
    """Make ``text`` literal: every ``${`` becomes ``$${`` so :func:`resolve` gives ``text`` back."""
    return text.replace("${", "$${")


def placeholder_paths(value: Any, path: str = "$") -> list[str]:
    """JSON paths (``$.x``, ``$.items[0]``) of the strings in ``value`` that hold a placeholder.

    Their final values are known only at call time, so static validation skips them.
    """
    if isinstance(value, str):
        return [path] if any(m.group(0) != "$${" for m in TOKEN_RE.finditer(value)) else []
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in placeholder_paths(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in placeholder_paths(v, f"{path}[{i}]")]
    return []


def lookup_path(root: Any, ref: Ref) -> Any:
    """Follow ``ref.path`` into an output; UNRESOLVED_PLACEHOLDER naming the first missing segment."""
    current = root
    walked = f"{ref.target}.output"
    for seg in ref.path:
        if isinstance(seg, int):
            if not isinstance(current, list) or not -len(current) <= seg < len(current):
                size = len(current) if isinstance(current, list) else None
                raise unresolved(f"{ref.text}: {walked} has no item [{seg}]" + (f" (it has {size})" if size is not None else ""))
            current = current[seg]
            walked += f"[{seg}]"
            continue
        if not isinstance(current, dict):
            raise unresolved(f"{ref.text}: {walked} is {type(current).__name__}, not an object with key {seg!r}")
        if seg in current:
            current = current[seg]
        elif (snake := _CAMEL_RE.sub("_", seg).lower()) in current:
            current = current[snake]
        else:
            keys = ", ".join(sorted(map(str, current))[:12])
            raise unresolved(f"{ref.text}: {walked} has no key {seg!r} (keys: {keys})")
        walked += f".{seg}"
    return current


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    if isinstance(value, (int, float)):
        return str(value)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def resolve(value: Any, lookup: Callable[[Ref], Any]) -> Any:
    """Substitute every placeholder in ``value`` using ``lookup`` (which raises PlanError)."""
    if isinstance(value, str):
        return _resolve_str(value, lookup)
    if isinstance(value, dict):
        return {k: resolve(v, lookup) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, lookup) for v in value]
    return value


def _resolve_str(text: str, lookup: Callable[[Ref], Any]) -> Any:
    matches = list(TOKEN_RE.finditer(text))
    if not matches:
        return text
    if len(matches) == 1 and matches[0].group(0) != "$${" and matches[0].span() == (0, len(text)):
        return lookup(parse_ref(matches[0].group(1)))
    parts: list[str] = []
    last = 0
    for m in matches:
        parts.append(text[last : m.start()])
        parts.append("${" if m.group(0) == "$${" else _as_text(lookup(parse_ref(m.group(1)))))
        last = m.end()
    parts.append(text[last:])
    return "".join(parts)
