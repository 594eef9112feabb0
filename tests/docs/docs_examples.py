"""Find the runnable examples in the docs pages: fenced ``python`` and ``bash`` blocks.

A block may be preceded by a directive comment:

* ``<!-- example: exit=1 -->`` the command is expected to exit with this code;
* ``<!-- example: serve -->`` it starts a server that runs until stopped: the test
  starts it, waits until it answers (a port, its first line, an MCP ``initialize``), checks it is
  still up a second later, and stops it by its PID;
* ``<!-- example: skip REASON -->`` it is not run (REASON is required, and shown).

Other languages (``yaml``, ``json``, ``toml``, ``text`` …) are data, not examples.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

RUNNABLE = {"python": "python", "py": "python", "bash": "bash", "sh": "bash", "shell": "bash"}
_OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")
_DIRECTIVE = re.compile(r"^<!--\s*example:\s*(?P<body>.*?)\s*-->$")


@dataclass(frozen=True, slots=True)
class Example:
    """One runnable block of a docs page."""

    page: Path
    line: int
    language: str  # "python" or "bash"
    code: str
    directive: str = ""

    @property
    def id(self) -> str:
        return f"{self.page.as_posix()}:{self.line}"

    @property
    def skip_reason(self) -> str | None:
        if not self.directive.startswith("skip"):
            return None
        return self.directive.removeprefix("skip").strip() or None

    @property
    def exit_code(self) -> int:
        m = re.search(r"\bexit=(\d+)", self.directive)
        return int(m.group(1)) if m else 0

    @property
    def serve(self) -> bool:
        return self.directive.split()[:1] == ["serve"]


def blocks(text: str) -> list[tuple[int, str, str, str]]:
    """(line, info string, code, directive) of every fenced block, nested fences respected."""
    out: list[tuple[int, str, str, str]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        fence, info, start = m.group("fence"), m.group("info").strip(), i
        prev = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
        d = _DIRECTIVE.match(prev)
        body: list[str] = []
        i += 1
        while i < len(lines) and not (lines[i].startswith(fence[0] * len(fence)) and not lines[i].strip(fence[0]).strip()):
            body.append(lines[i])
            i += 1
        out.append((start + 1, info, "\n".join(body) + "\n", d.group("body") if d else ""))
        i += 1
    return out


def collect(docs: Path, *extra: Path) -> list[Example]:
    """Every python/bash block under ``docs`` and in the ``extra`` pages, in page order.

    Pages are named relative to ``docs`` (an extra page by its file name).
    """
    found = []
    pages = [(p, p.relative_to(docs)) for p in sorted(docs.rglob("*.md"))] + [(p, Path(p.name)) for p in extra]
    for page, name in pages:
        for line, info, code, directive in blocks(page.read_text(encoding="utf-8")):
            language = RUNNABLE.get(info.split()[0].lower() if info else "")
            if language:
                found.append(Example(name, line, language, code, directive))
    return found
