"""``tapwright mcp --record FILE``: a session's acting calls written as a test case ``tapwright run`` replays.

Every successful call of a tool not declared read-only is appended, in order, as a plain-English
step when the rules planner compiles one back to exactly that call (``- Type "Ada" into the Name
field``, see :func:`~tapwright.planners.rules.sentence_for`), else as an explicit tool step
(``- tool: web.drag`` with its ``args``). A target given as a snapshot ref (``e12``), which means
nothing in another run, is written as the element the call acted on (``"Save" button``).
Arguments are written as the client sent them, a ``${secrets.NAME}`` placeholder included, with
any secret value redacted. Reads and checks (declared read-only) are left out: add the checks the
test should make by hand.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from tapwright.core.targets import is_ref
from tapwright.planners.rules import sentence_for


class Recorder:
    """Keeps the recorded steps and rewrites ``path`` after each one (a crash loses nothing)."""

    def __init__(self, path: str | Path, *, base_url: str | None = None, secrets: list[str] | None = None) -> None:
        self.path = Path(path)
        self.base_url = base_url
        self.secrets = list(secrets or [])
        self.steps: list[str | dict[str, Any]] = []

    def add(self, tool: str, args: dict[str, Any], acted: Any = None) -> None:
        """Record a successful call; ``acted`` is its output (the element acted on: ``role``, ``name``)."""
        args = dict(args)
        target = args.get("target")
        if isinstance(target, str) and is_ref(target) and isinstance(acted, dict) and acted.get("name"):
            role = f" {acted['role']}" if acted.get("role") and acted["role"] not in ("generic", "text") else ""
            args["target"] = f"\"{acted['name']}\"{role}"
        sentence = sentence_for(tool, args, namespace=tool.partition(".")[0])
        self.steps.append(sentence if sentence is not None else {"tool": tool, "args": args} if args else {"tool": tool})
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
