"""Find the runnable examples in the docs pages: fenced ``python`` and ``bash`` blocks.

A block may be preceded by a directive comment:

* ``<!-- example: exit=1 -->`` the command is expected to exit with this code;
* ``<!-- example: serve -->`` it starts a server that runs until stopped: the test
  starts it, waits until it answers (a port, its first line, an MCP ``initialize``), checks it is
  still up a second later, and stops it by its PID;
* ``<!-- example: skip REASON -->`` it is not run (REASON is required, and shown);
* ``<!-- example: name=NAME -->`` names it, so a later example on the same page can continue it;
* ``<!-- example: after=NAME -->`` it continues the example named NAME on the same page: it runs in
  the folder that example left (its files, e.g. the ``tests/`` a ``tapwright init`` wrote), and
  alone it runs NAME (and what NAME continues) first. Every other example runs in a fresh folder.

Directives combine with spaces (``<!-- example: name=merge after=shards exit=1 -->``), except skip.

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
        return "serve" in self.directive.split() and self.skip_reason is None

    @property
    def name(self) -> str | None:
        """The name a later example continues it by (``name=NAME``)."""
        return self._setting("name")

    @property
    def after(self) -> str | None:
        """The name of the earlier example on the same page this one continues (``after=NAME``)."""
        return self._setting("after")

    def _setting(self, key: str) -> str | None:
        if self.skip_reason is not None:
            return None
        return next((w.split("=", 1)[1] for w in self.directive.split() if w.startswith(f"{key}=")), None)


def continued(example: Example, examples: list[Example]) -> Example | None:
    """The earlier example of the same page that ``example`` continues (``after=NAME``), or None.

    Raises:
        ValueError: NAME names no earlier runnable example of the page, or one that serves.
    """
    if example.after is None:
        return None
    earlier = [e for e in examples if e.page == example.page and e.line < example.line and e.name == example.after]
    if len(earlier) != 1:
        raise ValueError(f"{example.id}: after={example.after} names {len(earlier)} earlier examples of the page, not 1")
    if earlier[0].serve:
        raise ValueError(f"{example.id}: after={example.after} names a server, which leaves no folder to continue")
    return earlier[0]


def chain(example: Example, examples: list[Example]) -> list[Example]:
    """What ``example`` continues, first first: the examples to run before it when it runs alone."""
    out: list[Example] = []
    before = continued(example, examples)
    while before is not None:
        out.insert(0, before)
        before = continued(before, examples)
    return out


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
