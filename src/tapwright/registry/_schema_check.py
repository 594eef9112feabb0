"""Checking a tool's JSON Schema against the metaschema, remembered across runs.

Checking costs milliseconds per schema, and every CLI start builds the registry of every
installed platform's tools: some 180 distinct schemas, most of the cost of building it. A
schema is valid or not once and for all under one jsonschema release, so the digests of the
schemas found valid are kept in a small file in the user's cache folder
(``$XDG_CACHE_HOME/tapwright``, else ``~/.cache/tapwright``; ``TAPWRIGHT_SCHEMA_CACHE`` names
another file, ``off`` turns it off), one digest a line, named by the jsonschema release. Only a
schema that passed the check is ever written, so an invalid one is always checked and refused;
a file that cannot be read or written costs the checks, nothing else.
"""

from __future__ import annotations

import hashlib
import json
import os
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

_known: set[str] | None = None  # digests of schemas known valid: this process's and the cache file's


def check_schema(schema: dict[str, Any]) -> None:
    """Raise ``jsonschema.SchemaError`` when ``schema`` is not a valid JSON Schema (2020-12)."""
    global _known
    digest = hashlib.sha256(json.dumps(schema, sort_keys=True, default=repr).encode()).hexdigest()[:32]
    if _known is None:
        _known = _read(cache_file())
    if digest in _known:
        return
    Draft202012Validator.check_schema(schema)
    _known.add(digest)
    _append(cache_file(), digest)


def cache_file() -> Path | None:
    """Where the digests are kept (None: not kept)."""
    named = os.environ.get("TAPWRIGHT_SCHEMA_CACHE", "")
    if named.lower() == "off":
        return None
    if named:
        return Path(named)
    try:
        release = version("jsonschema")
    except PackageNotFoundError:
        return None
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "tapwright" / f"valid-schemas-jsonschema-{release}.txt"


def _read(path: Path | None) -> set[str]:
    if path is None:
        return set()
    try:
        return {line for line in path.read_text(encoding="ascii").split() if len(line) == 32}
    except (OSError, UnicodeDecodeError):
        return set()


def _append(path: Path | None, digest: str) -> None:
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="ascii") as out:  # one short line per write: concurrent runs do not mix
            out.write(digest + "\n")
    except OSError:
        pass  # read-only home, full disk: the check runs again next time
