"""``tapwright mcp --record FILE``: a session's acting calls written as a test case ``tapwright run`` replays.

Every successful call of a tool not declared read-only is appended, in order, as an explicit
tool step (``- tool: web.click`` with its ``args``). Arguments are written as the client sent
them, a ``${secrets.NAME}`` placeholder included, with any secret value redacted. Reads and
checks (declared read-only) are left out: add the checks the test should make by hand.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml


class Recorder:
    """Keeps the recorded steps and rewrites ``path`` after each one (a crash loses nothing)."""

    def __init__(self, path: str | Path, *, base_url: str | None = None, secrets: list[str] | None = None) -> None:
        self.path = Path(path)
        self.base_url = base_url
        self.secrets = list(secrets or [])
        self.steps: list[dict[str, Any]] = []

    def add(self, tool: str, args: dict[str, Any]) -> None:
        self.steps.append({"tool": tool, "args": dict(args)} if args else {"tool": tool})
        self._write()

    def _write(self) -> None:
        case: dict[str, Any] = {"name": "Recorded MCP session"}
        if self.base_url:
            case["base_url"] = self.base_url
        if self.secrets:
            case["secrets"] = self.secrets
        case["steps"] = self.steps
        text = "# Written by tapwright mcp --record: the session's acting calls. Add checks by hand.\n"
        text += yaml.safe_dump(case, sort_keys=False, allow_unicode=True)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".record-", suffix=".yaml")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(tmp, self.path)
