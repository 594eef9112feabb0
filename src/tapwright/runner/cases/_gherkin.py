"""Gherkin ``.feature`` files, parsed by Cucumber's own parser (``gherkin-official``).

Everything Cucumber accepts is accepted here, in any of its 70+ languages (``# language: fr``
on the first line): Feature, Rule, Background (-> the scenario's setup), Scenario / Example,
Scenario Outline / Template with Examples (one scenario per row, ``<name>`` substituted,
tags of the Examples added), steps with data tables and doc strings (media types kept), and
comments. A file Cucumber rejects is rejected with Cucumber's message, line and column.

Cucumber's own compiler ("pickles") expands outlines and backgrounds, so the scenarios
here are the ones Cucumber would run. Each pickle becomes a :class:`Scenario`:

* background steps become ``setup``, the scenario's steps its ``steps``;
* an outline's scenario is named ``<name> [<row values>]`` so that rows stay apart in reports;
* ``@allow:ENTRY`` / ``@block:ENTRY`` tags (inherited like any tag) set the scenario's URL
  policy as ``allow:`` / ``block:`` do in YAML: every ``@allow`` tag adds to one allow list,
  which narrows the run's; they are not kept as tags;
* a ``@timeout:SECONDS`` tag (``@timeout:30``, ``@timeout:30s``, ``@timeout:500ms``) sets how long the
  scenario's actions and checks wait for their element, as a YAML file's ``timeout:`` key does; on
  the Feature it covers every scenario, and the narrowest tag wins (a Rule's over the Feature's, a
  Scenario's over both, an Examples block's over the Scenario's); it is not kept as a tag;
* in English files a step's text keeps its keyword (``Given I go to /shop``); in other
  languages the keyword is kept in :attr:`StepSpec.keyword` and the text is the step alone,
  so a planner reads the step, not a keyword it may not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, cast

from gherkin.errors import CompositeParserException, ParserError, ParserException
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler
from gherkin.token_scanner import TokenScanner

from tapwright.runner.cases._common import split_timeout, tag_timeout, with_attachments
from tapwright.runner.cases._errors import CaseError
from tapwright.runner.model import Scenario, StepSpec


def load_feature(path: Path) -> list[Scenario]:
    """The scenarios of a ``.feature`` file (outlines expanded), in file order.

    Raises:
        CaseError: The file cannot be read, or Cucumber's parser rejects it (its first error's
            line and column, every error in the message).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CaseError(path, f"cannot read: {exc}") from exc
    document = parse_document(path, text)
    pickles = Compiler().compile({**document, "uri": str(path)})  # type: ignore[typeddict-item]
    index = _AstIndex(document)
    return [index.scenario(path, cast(Mapping[str, Any], p)) for p in pickles]


def parse_document(path: Path, text: str) -> dict[str, Any]:
    """Cucumber's GherkinDocument for ``text``; CaseError with Cucumber's location when it rejects it."""
    try:
        return cast(dict[str, Any], Parser().parse(TokenScanner(text)))
    except CompositeParserException as exc:
        raise _case_error(path, exc.errors) from exc
    except ParserException as exc:
        raise _case_error(path, [exc]) from exc
    except ParserError as exc:  # pragma: no cover - every ParserError the parser raises has a location
        raise CaseError(path, str(exc)) from exc


def _case_error(path: Path, errors: list[ParserException]) -> CaseError:
    first = errors[0]
    loc = first.location
    messages = [_strip_location(str(e)) for e in errors]
    more = [
        f"{e.location['line']}:{e.location.get('column') or 0}: {m}"
        for e, m in zip(errors[1:], messages[1:], strict=True)
    ]
    message = messages[0] + "".join(f"\n  also {m}" for m in more)
    return CaseError(path, message, loc["line"], loc.get("column") or None)


def policy_tags(names: Iterable[str]) -> tuple[list[str], list[str], list[str]]:
    """(tags, allow entries, block entries) of a scenario's tags: ``@allow:ENTRY`` and ``@block:ENTRY``
    set the URL policy (an origin, host, ``*.suffix`` or address range each), the others are tags."""
    tags: list[str] = []
    allow: list[str] = []
    block: list[str] = []
    for name in names:
        tag = name.lstrip("@")
        key, sep, entry = tag.partition(":")
        if sep and entry and key.lower() in ("allow", "block"):
            (allow if key.lower() == "allow" else block).append(entry)
        else:
            tags.append(tag)
    return list(dict.fromkeys(tags)), list(dict.fromkeys(allow)), list(dict.fromkeys(block))


def _strip_location(message: str) -> str:
    """Cucumber's messages start with ``(line:col): ``; the CaseError puts the place in front itself."""
    if message.startswith("(") and "): " in message:
        return message.split("): ", 1)[1]
    return message


class _AstIndex:
    """What a pickle leaves out, looked up by AST node id: keywords, lines, which steps are background."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        self.steps: dict[str, Mapping[str, Any]] = {}
        self.background: set[str] = set()
        self.rows: dict[str, list[str]] = {}
        self.scenario_lines: dict[str, int] = {}
        self.tag_lines: dict[str, int] = {}  # a tag's id -> its line (a @timeout: tag's error points at it)
        feature = document.get("feature")
        self.english = feature is None or feature.get("language", "en") == "en"
        if feature is not None:
            self._tags(feature)
            self._children(feature.get("children", []))

    def _tags(self, node: Mapping[str, Any]) -> None:
        for tag in node.get("tags", []):
            self.tag_lines[tag["id"]] = tag["location"]["line"]

    def _children(self, children: list[Mapping[str, Any]]) -> None:
        for child in children:
            if "background" in child:
                for step in child["background"]["steps"]:
                    self.steps[step["id"]] = step
                    self.background.add(step["id"])
            elif "rule" in child:
                self._tags(child["rule"])
                self._children(child["rule"].get("children", []))
            elif "scenario" in child:
                scenario = child["scenario"]
                self._tags(scenario)
                self.scenario_lines[scenario["id"]] = scenario["location"]["line"]
                for step in scenario["steps"]:
                    self.steps[step["id"]] = step
                for examples in scenario.get("examples", []):
                    self._tags(examples)
                    for row in examples.get("tableBody", []):
                        self.rows[row["id"]] = [c["value"] for c in row["cells"]]

    def scenario(self, path: Path, pickle: Mapping[str, Any]) -> Scenario:
        ids = pickle["astNodeIds"]
        name = pickle["name"]
        if len(ids) > 1:  # an outline's row: the row's values tell the rows apart
            name = f"{name} [{', '.join(self.rows.get(ids[-1], []))}]"
        line = pickle["location"]["line"]
        setup: list[StepSpec] = []
        steps: list[StepSpec] = []
        for pstep in pickle["steps"]:
            spec = self._step(path, pstep)
            (setup if pstep["astNodeIds"][0] in self.background else steps).append(spec)
        timed = [t for t in pickle["tags"] if t["name"].lstrip("@").lower().startswith("timeout:")]
        tags, allow, block = policy_tags(t["name"] for t in pickle["tags"] if t not in timed)
        settings: dict[str, Any] = {}
        if timed:  # tags come feature first, then rule, scenario, examples: the last is the narrowest
            last = timed[-1]
            at = self.tag_lines.get(last.get("astNodeId", ""), line)
            settings["timeout"] = tag_timeout(last["name"].lstrip("@")[len("timeout:"):], path, at)
        return Scenario(name=name or f"{path.stem}:{line}", steps=steps, source=str(path), line=line, tags=tags,
                        setup=setup, allow=[allow] if allow else [], block=block, settings=settings)  # fmt: skip

    def _step(self, path: Path, pstep: Mapping[str, Any]) -> StepSpec:
        ast = self.steps[pstep["astNodeIds"][0]]
        keyword = ast["keyword"].strip()
        body, timeout_s = split_timeout(pstep["text"], path, ast["location"]["line"])
        argument = pstep.get("argument", {})
        table = (
            [[c["value"] for c in r["cells"]] for r in argument["dataTable"]["rows"]]
            if "dataTable" in argument
            else None
        )
        doc = argument["docString"].get("content") if "docString" in argument else None
        text = body if not self.english or keyword == "*" else f"{keyword} {body}"
        return StepSpec(text=with_attachments(text, table, doc), line=ast["location"]["line"], keyword=keyword,
                        table=table, doc_string=doc, timeout_s=timeout_s)  # fmt: skip
