"""The plan cache's seal: a keyed hash (HMAC-SHA256) tapwright writes into every entry it stores.

A cache folder is a set of JSON files anyone with write access can change, and a replayed
plan runs with no model in the loop. So an entry is replayed only when its seal matches
its content under the user's key: a hand edit, or a file written with another key (a
foreign folder, a pull request), fails the check and the step is planned afresh (or
refused with ``--no-llm``), and the report says so.

The key never sits in the cache folder. It comes from ``$TAPWRIGHT_CACHE_KEY`` (a team that
shares a cache shares this key, for example as a CI secret), else from
``plan-cache.key`` in tapwright's state folder (``$TAPWRIGHT_STATE_DIR``, else
``$XDG_STATE_HOME/tapwright``, else ``~/.local/state/tapwright``), created on first use
with 32 random bytes, readable by the user only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets as _random
from pathlib import Path
from typing import Any

from tapwright.errors import UserError

SEAL_FIELD = "seal"
_PREFIX = "hmac-sha256:"
KEY_FILE = "plan-cache.key"


def state_dir() -> Path:
    """tapwright's per-user state folder (not created here)."""
    explicit = os.environ.get("TAPWRIGHT_STATE_DIR")
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base).expanduser() / "tapwright"


def cache_key() -> bytes:
    """The sealing key: ``$TAPWRIGHT_CACHE_KEY``, else the state folder's key file (created once)."""
    shared = os.environ.get("TAPWRIGHT_CACHE_KEY")
    if shared:
        return shared.encode()
    path = state_dir() / KEY_FILE
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: use theirs
        return _read_key(path)
    except OSError as exc:
        raise UserError(f"cannot create the plan cache key {path}: {exc.strerror}") from exc
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(_random.token_hex(32) + "\n")
    return _read_key(path)


def _read_key(path: Path) -> bytes:
    text = path.read_text(encoding="ascii").strip()
    if not text:
        raise UserError(f"the plan cache key {path} is empty; delete it to make a new one")
    return text.encode()


def _digest(data: dict[str, Any], key: bytes) -> str:
    body = {k: v for k, v in data.items() if k != SEAL_FIELD}
    raw = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return _PREFIX + hmac.new(key, raw, hashlib.sha256).hexdigest()


def seal(data: dict[str, Any], key: bytes) -> dict[str, Any]:
    """``data`` with its seal added."""
    return {**data, SEAL_FIELD: _digest(data, key)}


def broken_seal(data: dict[str, Any], key: bytes) -> str | None:
    """Why ``data``'s seal does not hold (missing, or not its content under ``key``), or None when it does."""
    found = data.get(SEAL_FIELD)
    if not isinstance(found, str) or not found.startswith(_PREFIX):
        return "it carries no seal (written by hand or by an older tapwright)"
    if not hmac.compare_digest(found, _digest(data, key)):
        return "its seal does not match (edited by hand, or written with another key)"
    return None
