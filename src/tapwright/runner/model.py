"""Test cases as the runner sees them, whatever file format they came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The platform of a test case that neither it nor any folder above it names.
DEFAULT_PLATFORM = "web"


@dataclass(slots=True)
class StepSpec:
    """One test step: plain-English ``text``, or an explicit ``plan`` (a Plan dict), or both.

    An explicit tool call in YAML (``- tool: web.click`` with ``args``) becomes a one-step plan.
    """

    text: str = ""
    plan: dict[str, Any] | None = None
    line: int | None = None
    keyword: str | None = None  # Gherkin keyword (Given/When/Then/And/But) when there is one
    table: list[list[str]] | None = None  # a Gherkin data table attached to the step (also rendered into text)
    doc_string: str | None = None  # a Gherkin doc string attached to the step (also rendered into text)
    timeout_s: float | None = None  # how long this step's actions and checks wait for their element (its ``timeout:``)

    @property
    def label(self) -> str:
        if self.text:
            return self.text
        if self.plan:
            return ", ".join(str(s.get("tool")) for s in self.plan.get("steps", []))
        return "(empty step)"


@dataclass(slots=True)
class Scenario:
    """One test case, ready to run."""

    name: str
    steps: list[StepSpec]
    source: str = ""
    line: int | None = None
    base_url: str | None = None
    vars: dict[str, Any] = field(default_factory=dict)
    secrets: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    setup: list[StepSpec] = field(default_factory=list)
    teardown: list[StepSpec] = field(default_factory=list)
    # None: the test file does not say, so a folder's _suite.yaml decides, else DEFAULT_PLATFORM.
    platform: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)  # the platform's own keys (app:, device:)
    # URL policy layers from the test files (outer first): each allow list narrows, block lists add up.
    allow: list[list[str]] = field(default_factory=list)
    block: list[str] = field(default_factory=list)

    @property
    def namespace(self) -> str:
        """The tool namespace the scenario's steps use: its platform's name (web when nothing sets one)."""
        return self.platform or DEFAULT_PLATFORM

    @property
    def id(self) -> str:
        return f"{self.source}::{self.name}" if self.source else self.name
