"""Markdown test cases.

* ``# Title`` names the scenario; a numbered list (``1.`` or ``1)``) holds its steps.
* With ``## Heading`` sections that hold numbered lists, each such section is a scenario
  and the ``#`` title names the suite. ``## Setup`` / ``## Background`` and
  ``## Teardown`` / ``## Cleanup`` sections are the file's setup and teardown.
* A fenced block (no language, ``text`` or ``expected``) holds expected results: each
  non-empty line becomes a step — kept when it already reads as an assertion, else
  ``I should see "<line>"``.
* Settings: YAML front matter (``---`` ... ``---``) and/or ``Base URL:``, ``Tags:``,
  ``Secrets:`` lines before the list. ``## Steps`` / ``## Expected results`` headings
  do not start a new scenario.

A Markdown file without a numbered list is not a test (a README) and is skipped in a folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tapwright.runner.cases._common import Settings, str_list
from tapwright.runner.cases._errors import CaseError
from tapwright.runner.cases._yaml import settings_from
from tapwright.runner.model import Scenario, StepSpec

_ITEM = re.compile(r"^(\s{0,3})(\d{1,4})[.)]\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w-]*)")
_SETTING = re.compile(r"^\s*(?:[*_]{0,2})(base url|base_url|url|tags|secrets|platform|namespace)(?:[*_]{0,2})\s*:\s*(.*)$", re.I)
_SETUP = {"setup", "set up", "background", "before", "before each", "preconditions", "given"}
_TEARDOWN = {"teardown", "tear down", "cleanup", "clean up", "after", "after each"}
_CONTINUE = {"steps", "test steps", "expected", "expected result", "expected results", "expectations", "checks"}
_EXPECT_LANGS = {"", "text", "txt", "expected", "expect", "plain"}
_ASSERTION = re.compile(
    r"^\s*(?:(?:then|and|but)\s+)?(?:i |we |the user )?(?:should|must|verify|assert|expect|ensure|check that|confirm|make sure)\b"
    r"|\b(?:should|must)\b",
    re.I,
)


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
        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        line = mark.line + 2 if mark is not None else 1
        raise CaseError(path, f"invalid front matter: {exc.problem}", line, mark.column + 1 if mark else None) from exc
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
                     platform_settings=settings.platform_settings)  # fmt: skip
    title = ""
    top = _Section("", start + 1)
    sections = [top]
    current = top
    i = start
    while i < len(lines):
        raw = lines[i]
        heading = _HEADING.match(raw)
        fence = _FENCE.match(raw)
        if heading and len(heading.group(1)) == 1 and not title:
            title = heading.group(2)
            top.title, top.line = title, i + 1
        elif heading:
            name = heading.group(2)
            key = name.lower().rstrip(":")
            if key in _CONTINUE:
                i += 1
                continue
            kind = "setup" if key in _SETUP else "teardown" if key in _TEARDOWN else "scenario"
            current = _Section(name if kind == "scenario" else f"@{kind}", i + 1)
            sections.append(current)
        elif fence:
            i = _fenced(path, lines, i, fence, current)
        elif (m := _ITEM.match(raw)) is not None:
            i = _item(lines, i, m, current)
        elif (s := _SETTING.match(raw)) is not None:
            _setting(path, s.group(1).lower(), s.group(2).strip(), current if current is not top else None, suite, i + 1)
        i += 1
    for section in sections:
        if section.title == "@setup":
            suite.setup = [*suite.setup, *section.steps]
        elif section.title == "@teardown":
            suite.teardown = [*suite.teardown, *section.steps]
    scenarios = [s for s in sections if not s.title.startswith("@")]
    nested = [s for s in scenarios[1:] if s.steps]
    if nested and top.steps:
        raise CaseError(path, "steps under the # title and under ## scenarios; put every list under a ## heading", top.line)
    if not nested:
        top.title = top.title or path.stem
        return [top], suite, title
    return nested, suite, title


def _item(lines: list[str], i: int, m: re.Match[str], section: _Section) -> int:
    """One numbered item, with its indented continuation lines joined."""
    text = m.group(3).strip()
    j = i + 1
    while j < len(lines) and lines[j].strip() and lines[j].startswith((" ", "\t")) and not _ITEM.match(lines[j]):
        text += " " + lines[j].strip()
        j += 1
    section.steps.append(StepSpec(text=text, line=i + 1))
    return j - 1


def _fenced(path: Path, lines: list[str], i: int, fence: re.Match[str], section: _Section) -> int:
    marker, lang = fence.group(1), fence.group(2).lower()
    end = next((j for j in range(i + 1, len(lines)) if lines[j].strip().startswith(marker)), None)
    if end is None:
        raise CaseError(path, f"fenced block opened with {marker} is never closed", i + 1)
    if lang in _EXPECT_LANGS:
        for j in range(i + 1, end):
            if lines[j].strip():
                section.steps.append(StepSpec(text=expectation(lines[j]), line=j + 1))
    return end


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
    elif key in ("platform", "namespace"):
        suite.platform = value.strip("`")
