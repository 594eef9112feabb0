"""Markdown test cases, read by a CommonMark parser (markdown-it-py, with GitHub tables).

* ``# Title`` names the scenario; a numbered list (``1.`` or ``1)``) holds its steps.
* With ``## Heading`` sections that hold numbered lists, each such section is a scenario
  and the ``#`` title names the suite. ``## Setup`` / ``## Background`` and
  ``## Teardown`` / ``## Cleanup`` sections are the file's setup and teardown.
* Lists are read as a Markdown reader shows them: a numbered list nested in a bullet list
  (or deeper) still holds steps; a numbered item with its own numbered sub-list is a group
  heading, its sub-items are the steps; a bullet list under a step adds its items to that
  step's text, one per line; bullet lists elsewhere are notes, not steps.
* Inside a step, a ``code span`` is literal text and reads as a quoted string ("Add to
  cart"), emphasis and inline HTML tags are dropped, a link reads as its text; a table or
  a fenced block indented under the step is attached to it (as a data table or doc string).
* A fenced block at section level with no language, ``text`` or ``expected`` holds expected
  results: each non-empty line becomes a step, kept when it already reads as an assertion,
  else ``I should see "<line>"``. A block in any other language (``python``, ``json`` ...) is
  an example, never steps. HTML comments hide what they contain.
* Settings: YAML front matter (``---`` ... ``---``) and/or ``Base URL:``, ``Tags:``,
  ``Secrets:``, ``Allow:``, ``Block:`` lines before the list. ``## Steps`` / ``## Expected results`` headings
  do not start a new scenario.

A Markdown file without a numbered list is not a test (a README) and is skipped in a folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from tapwright.core._yaml_budget import ExpansionError, safe_load
from tapwright.runner.cases._common import Settings, split_timeout, str_list, with_attachments
from tapwright.runner.cases._errors import CaseError
from tapwright.runner.cases._yaml import settings_from
from tapwright.runner.model import Scenario, StepSpec

_SETTING = re.compile(r"^\s*(?:[*_]{0,2})(base url|base_url|url|tags|secrets|platform|namespace|allow|block)(?:[*_]{0,2})\s*:\s*(.*)$", re.I)
_SETUP = {"setup", "set up", "background", "before", "before each", "preconditions", "given"}
_TEARDOWN = {"teardown", "tear down", "cleanup", "clean up", "after", "after each"}
_CONTINUE = {"steps", "test steps", "expected", "expected result", "expected results", "expectations", "checks"}
_EXPECT_LANGS = {"", "text", "txt", "expected", "expect", "plain"}
_ASSERTION = re.compile(
    r"^\s*(?:(?:then|and|but)\s+)?(?:i |we |the user )?(?:should|must|verify|assert|expect|ensure|check that|confirm|make sure)\b"
    r"|\b(?:should|must)\b",
    re.I,
)
_MD = MarkdownIt("commonmark").enable("table")


@dataclass(slots=True)
class _Section:
    title: str
    line: int
    steps: list[StepSpec] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    base_url: str | None = None


def expectation(line: str) -> str:
    """An expected-result line as a step: kept when it reads as an assertion, else "I should see ..."."""
    text = line.strip().lstrip("-*• ").strip()
    if _ASSERTION.search(text):
        return text
    for quote, close in (('"', '"'), ("“", "”"), ("'", "'")):
        if quote not in text and close not in text:
            return f"I should see {quote}{text}{close}"
    return f"I should see {text}"


def _front_matter(path: Path, lines: list[str]) -> tuple[Settings, int]:
    if not lines or lines[0].strip() != "---":
        return Settings(), 0
    for end in range(1, len(lines)):
        if lines[end].strip() in ("---", "..."):
            break
    else:
        raise CaseError(path, "front matter opened with '---' is never closed", 1)
    try:
        data = safe_load("\n".join(lines[1:end])) or {}
    except (ExpansionError, RecursionError) as exc:
        raise CaseError(path, f"invalid front matter: {exc or 'it nests too deeply'}", 2) from exc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 2 if mark is not None else 1
        raise CaseError(path, f"invalid front matter: {exc.problem}", line, mark.column + 1 if mark else None) from exc
    except (yaml.YAMLError, ValueError) as exc:
        raise CaseError(path, f"invalid front matter: {exc}", 2) from exc
    if not isinstance(data, dict):
        raise CaseError(path, "front matter must be a mapping", 2)
    return settings_from(path, data, None), end + 1


def load_markdown(path: Path, *, required: bool = True) -> list[Scenario]:
    """The scenarios of a Markdown test file; [] when it has no numbered list (unless ``required``)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(path, f"cannot read: {exc}") from exc
    settings, start = _front_matter(path, lines)
    sections, suite, _ = _sections(path, lines, start, settings)
    scenarios = []
    for section in sections:
        if not section.steps:
            continue
        scenario = Scenario(name=section.title, steps=section.steps, source=str(path), line=section.line,
                            base_url=section.base_url, tags=section.tags)  # fmt: skip
        scenarios.append(suite.apply(scenario))
    if not scenarios and required:
        raise CaseError(path, "not a test case: a Markdown test needs a numbered list of steps", 1)
    return scenarios


def _sections(path: Path, lines: list[str], start: int, settings: Settings) -> tuple[list[_Section], Settings, str]:
    """Split the document into scenario sections; returns (sections, suite settings, # title)."""
    suite = Settings(base_url=settings.base_url, vars=settings.vars, secrets=settings.secrets, tags=settings.tags,
                     setup=settings.setup, teardown=settings.teardown, platform=settings.platform,
                     platform_settings=settings.platform_settings, allow=settings.allow,
                     block=settings.block)  # fmt: skip
    # Front matter lines are blanked, not cut, so the parser's line numbers are the file's.
    source = "\n".join(["" for _ in lines[:start]] + lines[start:])
    reader = _Reader(path, lines, suite)
    reader.top.line = start + 1
    for node in SyntaxTreeNode(_MD.parse(source)).children:
        reader.block(node)
    for section in reader.sections:
        if section.title == "@setup":
            suite.setup = [*suite.setup, *section.steps]
        elif section.title == "@teardown":
            suite.teardown = [*suite.teardown, *section.steps]
    top = reader.top
    scenarios = [s for s in reader.sections if not s.title.startswith("@")]
    nested = [s for s in scenarios[1:] if s.steps]
    if nested and top.steps:
        raise CaseError(
            path, "steps under the # title and under ## scenarios; put every list under a ## heading", top.line
        )
    if not nested:
        top.title = top.title or path.stem
        return [top], suite, reader.title
    return nested, suite, reader.title


def _line(node: SyntaxTreeNode) -> int:
    return node.map[0] + 1 if node.map else 0


class _Reader:
    """Walks the CommonMark tree once, filling sections with steps and the suite with settings."""

    def __init__(self, path: Path, lines: list[str], suite: Settings) -> None:
        self.path = path
        self.lines = lines
        self.suite = suite
        self.title = ""
        self.top = _Section("", 1)
        self.sections = [self.top]
        self.current = self.top

    def block(self, node: SyntaxTreeNode) -> None:
        if node.type == "heading":
            self._heading(node)
        elif node.type == "paragraph":
            for raw in _inline_source(node).splitlines():
                if (s := _SETTING.match(raw)) is not None:
                    section = self.current if self.current is not self.top else None
                    _setting(self.path, s.group(1).lower(), s.group(2).strip(), section, self.suite, _line(node))
        elif node.type == "fence":
            self._check_closed(node)
            if node.info.strip().split(" ", 1)[0].lower() in _EXPECT_LANGS:
                for k, raw in enumerate(node.content.splitlines()):
                    if raw.strip():
                        at = _line(node) + 1 + k
                        said, timeout_s = split_timeout(raw, self.path, at)
                        self.current.steps.append(StepSpec(text=expectation(said), line=at, timeout_s=timeout_s))
        elif node.type == "ordered_list":
            self._ordered(node)
        elif node.type in ("bullet_list", "list_item", "blockquote"):
            for child in node.children:  # notes; a numbered list inside still holds steps
                if child.type != "paragraph":
                    self.block(child)
        # html_block (comments), code_block, table, hr: shown to a reader, never steps

    def _heading(self, node: SyntaxTreeNode) -> None:
        name = _inline_text(node, quote=False).strip()
        if node.tag == "h1" and not self.title:
            self.title = name
            self.top.title, self.top.line = name, _line(node)
            return
        key = name.lower().rstrip(":")
        if key in _CONTINUE:
            return
        kind = "setup" if key in _SETUP else "teardown" if key in _TEARDOWN else "scenario"
        self.current = _Section(name if kind == "scenario" else f"@{kind}", _line(node))
        self.sections.append(self.current)

    def _check_closed(self, node: SyntaxTreeNode) -> None:
        """CommonMark runs an unclosed fence to the end of the file; in a test case that is a mistake."""
        assert node.map is not None
        first, end = node.map
        last = self.lines[end - 1].strip() if end - 1 < len(self.lines) else ""
        if end - first < 2 or not last.startswith(node.markup):
            raise CaseError(self.path, f"fenced block opened with {node.markup} is never closed", first + 1)

    def _ordered(self, node: SyntaxTreeNode) -> None:
        for item in node.children:
            if any(c.type == "ordered_list" for c in item.children):
                for child in item.children:  # a group heading: its numbered sub-items are the steps
                    if child.type != "paragraph":
                        self.block(child)
                continue
            self._step(item)

    def _step(self, item: SyntaxTreeNode) -> None:
        paragraphs = [c for c in item.children if c.type == "paragraph"]
        text = " ".join(_inline_text(p) for p in paragraphs).strip()
        table: list[list[str]] | None = None
        doc: str | None = None
        for child in item.children:
            if child.type == "bullet_list":
                text += "".join(f"\n- {_item_text(li)}" for li in child.children)
            elif child.type == "table":
                table = _table(child)
            elif child.type in ("fence", "code_block"):
                if child.type == "fence":
                    self._check_closed(child)
                doc = child.content.rstrip("\n")
        if not text:
            return
        line = _line(paragraphs[0]) if paragraphs else _line(item)
        text, timeout_s = split_timeout(text, self.path, line)
        self.current.steps.append(
            StepSpec(text=with_attachments(text, table, doc), line=line, table=table, doc_string=doc, timeout_s=timeout_s)
        )


def _inline_source(node: SyntaxTreeNode) -> str:
    inline = node.children[0] if node.children else None
    return inline.content if inline is not None else ""


def _inline_text(node: SyntaxTreeNode, *, quote: bool = True) -> str:
    """A paragraph or heading as a reader sees its words: code spans quoted, markup and HTML tags dropped."""
    out: list[str] = []
    inline = node.children[0] if node.children else None
    for tok in inline.children if inline is not None else []:
        out.append(_render(tok, quote))
    return "".join(out).strip()


def _render(node: SyntaxTreeNode, quote: bool) -> str:
    if node.type == "text":
        return node.content
    if node.type == "code_inline":  # literal text: quoted, so a planner takes it word for word
        if not quote:
            return node.content
        return f'"{node.content}"' if '"' not in node.content else f"“{node.content}”"
    if node.type in ("softbreak", "hardbreak"):
        return " "
    if node.type == "html_inline":
        return ""
    return "".join(_render(c, quote) for c in node.children)  # em, strong, link, image: their text


def _item_text(item: SyntaxTreeNode) -> str:
    return " ".join(_inline_text(c) for c in item.children if c.type == "paragraph")


def _table(node: SyntaxTreeNode) -> list[list[str]]:
    rows: list[list[str]] = []
    for part in node.children:  # thead, tbody
        for tr in part.children:
            rows.append([_inline_text(cell, quote=False) for cell in tr.children])
    return rows


def _setting(path: Path, key: str, value: str, section: _Section | None, suite: Settings, line: int) -> None:
    if key in ("base url", "base_url", "url"):
        if section is not None:
            section.base_url = value.strip("<>`")
        else:
            suite.base_url = value.strip("<>`")
    elif key == "tags":
        tags = [t.lstrip("@") for t in str_list(value.replace("`", ""), path, "tags", line)]
        if section is not None:
            section.tags = [*section.tags, *tags]
        else:
            suite.tags = [*suite.tags, *tags]
    elif key == "secrets":
        suite.secrets = [*suite.secrets, *str_list(value.replace("`", ""), path, "secrets", line)]
    elif key == "allow":  # the file's allow list narrows the run's (every Allow: line adds to one list)
        entries = str_list(value.replace("`", "").replace("<", " ").replace(">", " "), path, "allow", line)
        suite.allow = [[*suite.allow[0], *entries]] if suite.allow else [entries]
    elif key == "block":
        suite.block = [*suite.block, *str_list(value.replace("`", "").replace("<", " ").replace(">", " "), path, "block", line)]
    elif key in ("platform", "namespace"):
        suite.platform = value.strip("`")
