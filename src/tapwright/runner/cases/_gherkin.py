"""Gherkin ``.feature`` files, parsed here (English keywords, no dependency).

Feature, Rule, Background (-> setup), Scenario / Example, Scenario Outline / Template
with Examples / Scenarios (one scenario per row, ``<name>`` substituted, the name
suffixed with the row's values), Given/When/Then/And/But/``*`` steps, data tables and
doc strings attached to the step before them, ``@tags`` (inherited from Feature,
Rule and Examples), ``#`` comments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tapwright.planners.rules._attach import table_row
from tapwright.runner.cases._common import with_attachments
from tapwright.runner.cases._errors import CaseError
from tapwright.runner.model import Scenario, StepSpec

_STEP = re.compile(r"^(Given|When|Then|And|But|\*)(\s+|$)(.*)$")
_BLOCK = re.compile(r"^(Feature|Rule|Background|Scenario Outline|Scenario Template|Scenario|Example|Examples|Scenarios)\s*:\s*(.*)$")
_PARAM = re.compile(r"<([^<>\n]+)>")


@dataclass(slots=True)
class _Block:
    kind: str
    name: str
    line: int
    tags: list[str] = field(default_factory=list)
    steps: list[StepSpec] = field(default_factory=list)
    examples: list[_Examples] = field(default_factory=list)
    background: list[StepSpec] = field(default_factory=list)  # a Rule's own Background


@dataclass(slots=True)
class _Examples:
    name: str
    line: int
    tags: list[str]
    rows: list[list[str]] = field(default_factory=list)
    row_lines: list[int] = field(default_factory=list)


def _cells(path: Path, line: str, n: int) -> list[str]:
    body = line.strip()
    if not body.endswith("|") or (body.endswith("\\|") and not body.endswith("\\\\|")):
        raise CaseError(path, "a table row must end with '|'", n, len(line.rstrip()) + 1)
    return table_row(body)


class _Parser:
    def __init__(self, path: Path, lines: list[str]) -> None:
        self.path = path
        self.lines = lines
        self.feature: _Block | None = None
        self.background: list[StepSpec] = []
        self.rule: _Block | None = None
        self.blocks: list[tuple[_Block, _Block | None]] = []  # (scenario, its rule)
        self.current: _Block | None = None  # where steps go: background, scenario or outline
        self.examples: _Examples | None = None
        self.tags: list[str] = []

    def error(self, message: str, n: int, col: int | None = None) -> CaseError:
        return CaseError(self.path, message, n, col)

    def parse(self) -> None:
        i = 0
        while i < len(self.lines):
            raw = self.lines[i]
            line = raw.strip()
            n = i + 1
            if not line or line.startswith("#"):
                i += 1
                continue
            if line.startswith("@"):
                self.tags += self._tags(raw, n)
            elif line.startswith("|"):
                self._table_row(raw, n)
            elif line.startswith(('"""', "```")):
                i = self._doc_string(i)
            elif (m := _BLOCK.match(line)) is not None:
                self._block(m.group(1), m.group(2).strip(), n)
            elif (m := _STEP.match(line)) is not None:
                self._step(m.group(1), m.group(3).strip(), n)
            elif self.current is not None and (self.current.steps or self.current.kind == "Examples"):
                raise self.error(f"expected a step (Given/When/Then/And/But) or a keyword, got {line[:40]!r}", n, 1 + len(raw) - len(raw.lstrip()))
            elif self.feature is None:
                raise self.error(f"expected 'Feature:', got {line[:40]!r}", n, 1)
            i += 1  # description lines under Feature/Rule/Scenario headers are free text

    def _tags(self, line: str, n: int) -> list[str]:
        body = line.split(" #", 1)[0].strip()
        tags = body.split()
        for t in tags:
            if not t.startswith("@") or len(t) < 2:
                raise self.error(f"a tag line holds only @tags, got {t!r}", n, line.find(t) + 1)
        return [t[1:] for t in tags]

    def _block(self, kind: str, name: str, n: int) -> None:
        tags, self.tags = self.tags, []
        if kind == "Feature":
            if self.feature is not None:
                raise self.error("a file holds one Feature", n, 1)
            self.feature = _Block(kind, name, n, tags)
            self.current = None
            return
        if self.feature is None:
            raise self.error(f"'{kind}:' before 'Feature:'", n, 1)
        self.examples = None
        if kind == "Rule":
            self.rule = _Block(kind, name, n, tags)
            self.current = None
        elif kind == "Background":
            self.current = _Block(kind, name, n, tags)
            if self.rule is not None:
                self.rule.background = self.current.steps
            else:
                self.background = self.current.steps
        elif kind in ("Examples", "Scenarios"):
            if self.current is None or self.current.kind not in ("Scenario Outline", "Scenario Template"):
                raise self.error("'Examples:' belongs under a 'Scenario Outline:'", n, 1)
            self.examples = _Examples(name, n, tags)
            self.current.examples.append(self.examples)
        else:
            self.current = _Block(kind, name, n, tags)
            self.blocks.append((self.current, self.rule))

    def _step(self, keyword: str, text: str, n: int) -> None:
        if self.current is None or self.examples is not None:
            raise self.error("a step must be under a Scenario or Background", n, 1)
        if not text:
            raise self.error(f"the {keyword!r} step is empty", n)
        self.current.steps.append(StepSpec(text=f"{keyword} {text}" if keyword != "*" else text, line=n, keyword=keyword))

    def _table_row(self, raw: str, n: int) -> None:
        cells = _cells(self.path, raw, n)
        if self.examples is not None:
            if self.examples.rows and len(cells) != len(self.examples.rows[0]):
                raise self.error(f"this row has {len(cells)} cells, the header {len(self.examples.rows[0])}", n, 1)
            self.examples.rows.append(cells)
            self.examples.row_lines.append(n)
            return
        if self.current is None or not self.current.steps:
            raise self.error("a table must follow a step or 'Examples:'", n, 1)
        step = self.current.steps[-1]
        if step.doc_string is not None:
            raise self.error("a step has either a table or a doc string", n, 1)
        step.table = [*(step.table or []), cells]

    def _doc_string(self, i: int) -> int:
        raw = self.lines[i]
        fence = raw.strip()[:3]
        indent = len(raw) - len(raw.lstrip())
        end = next((j for j in range(i + 1, len(self.lines)) if self.lines[j].strip() == fence), None)
        if end is None:
            raise self.error(f"doc string opened with {fence} is never closed", i + 1, indent + 1)
        if self.current is None or not self.current.steps or self.current.steps[-1].table:
            raise self.error("a doc string must follow a step", i + 1, indent + 1)
        body = [ln[indent:] if ln[:indent].strip() == "" else ln.lstrip() for ln in self.lines[i + 1 : end]]
        self.current.steps[-1].doc_string = "\n".join(body).replace('\\"\\"\\"', '"""')
        return end


def load_feature(path: Path) -> list[Scenario]:
    """The scenarios of a ``.feature`` file (outlines expanded)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(path, f"cannot read: {exc}") from exc
    parser = _Parser(path, text.splitlines())
    parser.parse()
    if parser.feature is None:
        raise CaseError(path, "not a feature file: no 'Feature:' line", 1)
    out: list[Scenario] = []
    for block, rule in parser.blocks:
        background = [*parser.background, *(rule.background if rule else [])]
        tags = _union(parser.feature.tags, rule.tags if rule else [], block.tags)
        if not block.steps:
            raise CaseError(path, f"scenario {block.name!r} has no steps", block.line)
        if block.kind in ("Scenario Outline", "Scenario Template"):
            out += _expand(path, block, background, tags)
        else:
            out.append(_scenario(path, block.name, block.steps, background, tags, block.line))
    return out


def _union(*lists: list[str]) -> list[str]:
    return list(dict.fromkeys(t for tags in lists for t in tags))


def _finish(step: StepSpec) -> StepSpec:
    """A copy with the attachment rendered into the text, so every planner sees it."""
    return StepSpec(
        text=with_attachments(step.text, step.table, step.doc_string), line=step.line, keyword=step.keyword,
        table=step.table, doc_string=step.doc_string,
    )  # fmt: skip


def _scenario(path: Path, name: str, steps: list[StepSpec], background: list[StepSpec], tags: list[str], line: int) -> Scenario:
    return Scenario(name=name or f"{path.stem}:{line}", steps=[_finish(s) for s in steps], source=str(path), line=line,
                    tags=tags, setup=[_finish(s) for s in background])  # fmt: skip


def _expand(path: Path, block: _Block, background: list[StepSpec], tags: list[str]) -> list[Scenario]:
    if not block.examples:
        raise CaseError(path, f"scenario outline {block.name!r} has no 'Examples:'", block.line)
    out = []
    for examples in block.examples:
        if len(examples.rows) < 2:
            raise CaseError(path, "'Examples:' needs a header row and at least one row", examples.line)
        header = examples.rows[0]
        for row, line in zip(examples.rows[1:], examples.row_lines[1:], strict=True):
            values = dict(zip(header, row, strict=True))

            def sub(text: str, values: dict[str, str] = values) -> str:
                return _PARAM.sub(lambda m: values.get(m.group(1), m.group(0)), text)

            steps = [
                StepSpec(text=sub(s.text), line=s.line, keyword=s.keyword,
                         table=[[sub(c) for c in r] for r in s.table] if s.table else None,
                         doc_string=sub(s.doc_string) if s.doc_string is not None else None)
                for s in block.steps
            ]  # fmt: skip
            name = f"{sub(block.name)} [{', '.join(row)}]"
            out.append(_scenario(path, name, steps, background, _union(tags, examples.tags), line))
    return out
