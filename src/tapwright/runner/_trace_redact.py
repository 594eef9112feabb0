"""Redact a saved Playwright trace: every text entry of the zip goes through the secret store.

A trace holds the actions' parameters (the text typed), network bodies and DOM
snapshots with the inputs' values. Text entries are rewritten with the secrets
replaced; binary entries (images) are kept, which is why the film strip is not
recorded when a scenario has secrets.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

from tapwright.core.secrets import SecretStore

_TEXT_SUFFIXES = (".trace", ".network", ".stacks", ".json", ".html", ".htm", ".css", ".js", ".txt", ".xml", ".svg")


def redact_trace(path: Path, secrets: SecretStore) -> None:
    """Rewrite the trace zip at ``path`` with every secret replaced in its text entries."""
    if not secrets.values():
        return
    tmp = path.with_name(path.name + ".redacting")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if _is_text(info.filename, data):
                text = data.decode("utf-8", errors="surrogateescape")
                data = secrets.redact_text(text).encode("utf-8", errors="surrogateescape")
            dst.writestr(info, data)
    os.replace(tmp, path)


def _is_text(name: str, data: bytes) -> bool:
    if name.endswith(_TEXT_SUFFIXES):
        return True
    head = data[:512]
    return b"\0" not in head and not head.startswith((b"\xff\xd8", b"\x89PNG", b"GIF8", b"RIFF"))
