"""Pieces shared by the loaders: steps from YAML-ish data, suite settings, attachments."""

from __future__ import annotations

import copy
import json
import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tapwright import platforms
from tapwright.errors import PlanError, UserError
from tapwright.plan.model import Plan
from tapwright.runner.cases._errors import CaseError
from tapwright.runner.model import Scenario, StepSpec

log = logging.getLogger("tapwright.runner.cases")

_CALL_KEYS = {"tool", "args", "parameters", "id", "description", "fallback", "timeout_ms", "retries"}
_TEXT_KEYS = {"text", "step", "timeout"}


def _step_timeout(raw: dict[str, Any], path: Path, line: int | None) -> float | None:
    """A step's own ``timeout:`` in seconds (None when it has none)."""
    if raw.get("timeout") is None:
        return None
    return _seconds(raw["timeout"], path, line)


def _seconds(value: Any, path: Path, line: int | None, what: str = "a step's timeout") -> float:
    from tapwright.platforms.base import timeout_seconds

    try:
        return timeout_seconds(value, what)
    except UserError as exc:
        raise CaseError(path, str(exc), line) from None


# A step's own wait at the end of a Markdown or Gherkin step: "(timeout: 30 s)", "(timeout 500 ms)".
_TIMEOUT_NOTE = re.compile(r"\s*\(\s*timeout\b\s*:?\s*([^()\s]*?)\s*(ms|s|secs?|seconds?)?\s*\)\s*$", re.IGNORECASE)


def split_timeout(text: str, path: Path, line: int | None) -> tuple[str, float | None]:
    """A plain-English step without its trailing ``(timeout: N s)`` note, and the note's seconds (None
    when it has none). A note whose value is not a number of seconds (more than 0, at most an hour)
    is a CaseError at the step's line."""
    found = _TIMEOUT_NOTE.search(text)
    if found is None:
        return text, None
    value, unit = found.group(1), (found.group(2) or "s").lower()
    try:
        number = float(value)
    except ValueError:
        raise CaseError(path, f"a step's timeout must be a number of seconds, as in (timeout: 30 s), not {value!r}",
                        line) from None  # fmt: skip
    rest = text[: found.start()].rstrip()
    if not rest:
        raise CaseError(path, "a step is only a timeout note", line)
    return rest, _seconds(number / 1000 if unit == "ms" else number, path, line)


_TAG_TIMEOUT = re.compile(r"([0-9]*\.?[0-9]+)(ms|s|secs?|seconds?)?", re.IGNORECASE)


def tag_timeout(value: str, path: Path, line: int | None) -> float:
    """The seconds of a Gherkin ``@timeout:VALUE`` tag (``30``, ``30s``, ``500ms``); a CaseError at the
    tag's line when the value is not a number of seconds (more than 0, at most an hour)."""
    found = _TAG_TIMEOUT.fullmatch(value.strip())
    if found is None:
        raise CaseError(path, f"a @timeout tag must be a number of seconds, as in @timeout:30 or @timeout:500ms, "
                              f"not {value!r}", line)  # fmt: skip
    number = float(found.group(1))
    return _seconds(number / 1000 if (found.group(2) or "").lower() == "ms" else number, path, line, "a @timeout tag")


@dataclass(slots=True)
class Settings:
    """What a suite (a ``_suite.yaml``, a file's top level, a Markdown front matter) gives its scenarios."""

    base_url: str | None = None
    vars: dict[str, Any] = field(default_factory=dict)
    secrets: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    setup: list[StepSpec] = field(default_factory=list)
    teardown: list[StepSpec] = field(default_factory=list)
    platform: str | None = None
    platform_settings: dict[str, Any] = field(default_factory=dict)
    allow: list[list[str]] = field(default_factory=list)
    block: list[str] = field(default_factory=list)

    def inside(self, inner: Settings) -> Settings:
        """``inner`` nested in this one: inner values win, lists add up, setup runs outer first, teardown inner first."""
        return Settings(
            base_url=inner.base_url or self.base_url,
            vars={**self.vars, **inner.vars},
            secrets=_union(self.secrets, inner.secrets),
            tags=_union(self.tags, inner.tags),
            setup=[*self.setup, *inner.setup],
            teardown=[*inner.teardown, *self.teardown],
            platform=inner.platform or self.platform,
            platform_settings={**self.platform_settings, **inner.platform_settings},
            allow=[*self.allow, *inner.allow],
            block=_union(self.block, inner.block),
        )

    def apply(self, scenario: Scenario) -> Scenario:
        """The scenario with these settings around it (its own values win)."""
        scenario.base_url = scenario.base_url or self.base_url
        scenario.vars = {**self.vars, **scenario.vars}
        scenario.secrets = _union(self.secrets, scenario.secrets)
        scenario.tags = _union(self.tags, scenario.tags)
        scenario.setup = [*copy.deepcopy(self.setup), *scenario.setup]
        scenario.teardown = [*scenario.teardown, *copy.deepcopy(self.teardown)]
        scenario.allow = [*self.allow, *scenario.allow]
        scenario.block = _union(self.block, scenario.block)
        if scenario.platform is None:  # an explicit platform, web included, wins over the folder's
            scenario.platform = self.platform
        scenario.settings = {**self.platform_settings, **scenario.settings}
        return scenario


def platform_keys() -> set[str]:
    """Keys a test file may set for its platform: the option keys of every installed platform."""
    return {key for platform in platforms.all_platforms() for key in platform.option_keys}


def check_platform(scenario: Scenario) -> Scenario:
    """The scenario, once its platform exists and takes its settings.

    Raises:
        CaseError: an unknown platform (the installed ones listed) or a key the platform does not take.
    """
    scenario.platform = scenario.namespace
    try:
        platform = platforms.get(scenario.platform)
        scenario.settings = platform.check_settings(scenario.settings)
    except UserError as exc:
        raise CaseError(scenario.source or "<scenario>", f"scenario {scenario.name!r}: {exc}", scenario.line) from None
    return scenario


def _union(a: list[str], b: list[str]) -> list[str]:
    return list(dict.fromkeys([*a, *b]))


def step_from_data(raw: Any, path: Path, line: int | None) -> StepSpec:
    """A YAML step: a string, a tool call ``{tool, args, ...}``, or ``{plan: {...}}`` (with optional ``text``)."""
    if isinstance(raw, str):
        if not raw.strip():
            raise CaseError(path, "a step is empty", line)
        said, noted = split_timeout(raw.strip(), path, line)
        return StepSpec(text=said, line=line, timeout_s=noted)
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        return StepSpec(text=str(raw), line=line)
    if not isinstance(raw, dict):
        raise CaseError(path, f"a step must be text, a tool call or a plan, not {type(raw).__name__}", line)
    text = raw.get("text", raw.get("step", ""))
    if not isinstance(text, str):
        raise CaseError(path, "a step's 'text' must be a string", line)
    timeout_s = _step_timeout(raw, path, line)  # a step written as a mapping may wait its own time, whatever it holds
    if "plan" in raw:
        extra = sorted(set(raw) - {"plan", "text", "step", "description", "timeout"})
        if extra:
            raise CaseError(path, f"unknown keys {extra} next to 'plan'", line)
        plan_data = raw["plan"]
        description = raw.get("description")
        text = text or (description if isinstance(description, str) else "")
    elif "tool" in raw:
        extra = sorted(set(raw) - _CALL_KEYS - {"text", "step", "timeout"})
        if extra:
            raise CaseError(path, f"unknown keys {extra} in a tool call; allowed: {sorted(_CALL_KEYS)}", line)
        plan_data = {"steps": [{k: v for k, v in raw.items() if k in _CALL_KEYS}]}
        description = raw.get("description")
        text = text or (description if isinstance(description, str) else "")
    elif text:
        extra = sorted(set(raw) - _TEXT_KEYS)
        if extra:
            raise CaseError(path, f"unknown keys {extra} in a step; a step written as a mapping takes "
                                  f"{sorted(_TEXT_KEYS)}", line)  # fmt: skip
        return _text_step(text, timeout_s, path, line)
    else:
        colon = _colon_step(raw, path, line)
        if colon is not None:
            return _colon_text_step(colon, path, line)
        hint = ""
        if len(raw) == 1 and isinstance(next(iter(raw)), str):
            key = next(iter(raw))
            hint = f" (a step with ': ' in it is read as a mapping by YAML: quote it, e.g. - \"{key}: ...\")"
        raise CaseError(path, f"a step object needs 'tool', 'plan' or 'text'; got keys {sorted(raw)}{hint}", line)
    try:
        plan = Plan.from_data(plan_data)
    except PlanError as exc:
        raise CaseError(path, f"invalid plan: {exc.message}", line) from exc
    return StepSpec(text=text.strip(), plan=plan.to_dict(), line=line, timeout_s=timeout_s)


def _text_step(text: str, timeout_s: float | None, path: Path, line: int | None) -> StepSpec:
    """A step written as ``{text: ..., timeout: ...}``; its text may carry the note instead, not both."""
    said, noted = split_timeout(text.strip(), path, line)
    if noted is not None and timeout_s is not None:
        raise CaseError(path, "a step has two timeouts: its 'timeout:' key and a (timeout: ...) note", line)
    return StepSpec(text=said, line=line, timeout_s=timeout_s if noted is None else noted)


def _colon_text_step(colon: str, path: Path, line: int | None) -> StepSpec:
    """A step YAML read as a mapping because of its ': ', taken as that text (with its timeout note)."""
    said, noted = split_timeout(colon, path, line)
    if ": " in said:  # not only its (timeout: N s) note: say how YAML read it
        log.warning(
            "%s:%s: YAML read the step %r as a mapping because of its ': '; it is taken as that text. "
            "Quote the step to say so: - %s", path, line, colon, json.dumps(colon, ensure_ascii=False),
        )  # fmt: skip
    return StepSpec(text=said, line=line, timeout_s=noted)


def _lost_comment(key: str, path: Path, line: int | None) -> str | None:
    """ "- Click View for order: #5511": YAML took " #5511" for a comment; the source line still has it."""
    if line is None:
        return None
    try:
        source = path.read_text(encoding="utf-8").splitlines()[line - 1]
    except (OSError, UnicodeDecodeError, IndexError):
        return None
    head, sep, tail = source.partition(f"{key}:")
    if not sep or head.strip() not in ("-", "") or not tail.strip().startswith("#"):
        return None
    return tail.strip()


def _colon_step(raw: dict[Any, Any], path: Path, line: int | None) -> str | None:
    """ "- Then the title should be: Library" is {"Then the title should be": "Library"}: the text it was meant to be."""
    if len(raw) != 1:
        return None
    key, value = next(iter(raw.items()))
    if not isinstance(key, str) or key in ("tool", "plan", "text", "step", "args", "description"):
        return None
    if value is None:
        comment = _lost_comment(key, path, line)
        return f"{key}: {comment}" if comment else f"{key}:"
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None  # "yes" became True, or a nested mapping: the original text is lost
    return f"{key}: {value}"


def render_table(rows: list[list[str]]) -> str:
    """Table rows as Gherkin text (bars and backslashes escaped), for the step text."""

    def cell(c: str) -> str:
        return c.replace("\\", "\\\\").replace("|", "\\|").replace("\n", "\\n")

    return "\n".join("| " + " | ".join(cell(c) for c in row) + " |" for row in rows)


def with_attachments(text: str, table: list[list[str]] | None, doc: str | None) -> str:
    """The step text with its data table or doc string on the following lines (see planners.rules._attach)."""
    if table:
        text = f"{text}\n{render_table(table)}"
    if doc is not None:  # Gherkin 30+ lets a step carry both a table and a doc string
        fence = '"""' if '"""' not in doc else "```"
        text = f"{text}\n{fence}\n{doc}\n{fence}"
    return text


def str_list(value: Any, path: Path, what: str, line: int | None) -> list[str]:
    """A list of strings from a list or a comma/space separated string."""
    if value is None:
        return []
    if isinstance(value, str):
        return [v for v in value.replace(",", " ").split() if v]
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return [str(v) for v in value]
    raise CaseError(path, f"'{what}' must be a list of names", line)
