"""The files ``tapwright init`` writes (kept apart from the command so they read as files)."""

from __future__ import annotations

_SUITE = """\
# Settings for every test case in this folder and below (a file's own values win).
# Steps say "Go to /login": the path is joined to base_url (`--base-url` overrides it).
base_url: {url}
# vars: {{user: alice}}      # test data: write ${{vars.user}} in a step
# secrets: [APP_PASSWORD]  # names only: values come from the environment or .env, never printed
# tags: [smoke]            # select with: tapwright run tests/ --tag smoke
# setup: [Go to /]         # steps run before each scenario
"""

_YAML = """\
# One scenario in YAML. Steps are plain English; `tapwright run tests/` plans them
# offline with the rules planner (the phrasing guide lists what it understands).
name: The home page opens (YAML)
tags: [starter]
steps:
  - Go to /
{checks}"""

_MARKDOWN = """\
# The home page opens (Markdown)

Tags: starter

A Markdown test case: the numbered list holds the steps, a plain fenced block the
text that must be visible afterwards.

1. Go to /
{numbered}
"""

_FEATURE = """\
@starter
Feature: The home page

  Scenario: The home page opens (Gherkin)
    Given I go to /
{gherkin}"""

_TOML = """\
# tapwright.toml: project settings. Safe to commit: it holds no secret.
#
# Run options are flags of `tapwright run` (see `tapwright run --help`):
#   --base-url URL       overrides base_url of tests/_suite.yaml (or set TAPWRIGHT_BASE_URL)
#   -j N                 run N scenarios at once, each in its own browser context
#   --retries N          re-run a failed scenario up to N times (a pass on retry is "flaky")
#   --report-dir DIR     where report.html, junit.xml and trace.json go (default tapwright-report)
#   --planner rules      never call a model; --no-llm replays cached plans only
#
# [llm]: the model that plans steps the offline rules do not understand. Without a
# model, such a step fails with PLAN_INVALID and a list of phrasings that work.
# Any OpenAI-compatible endpoint works (OpenAI, Azure, Ollama, vLLM, LM Studio ...).
# Environment variables TAPWRIGHT_LLM_* override these values.

[llm]
# base_url = "https://api.openai.com/v1"   # the endpoint root
# model = "gpt-4o-mini"                    # no model = offline rules and the plan cache only
# api_key_env = "OPENAI_API_KEY"           # the variable holding the key; never put the key here
# timeout_s = 60                           # one model call; longer fails with TIMEOUT
# max_retries = 3                          # retries after 429, 5xx or a dropped connection
# max_calls = 200                          # budget per run; past it: BUDGET_EXCEEDED
# temperature = 0                          # 0 gives repeatable plans
"""

_ENV = """\
# Copy to .env (which is git-ignored) and fill in. tapwright reads NAME=value lines
# for the secrets a test lists under `secrets:`; a variable already set in the
# environment wins. Values never appear in logs, reports or model prompts.
APP_PASSWORD=
# The model's key, when tapwright.toml names a model:
# OPENAI_API_KEY=
"""


def _checks(title: str | None, heading: str | None) -> list[str]:
    """Assertion steps for the page, or a placeholder the user edits."""
    out = []
    if title:
        out.append(f'The page title should contain "{title}"')
    if heading:
        out.append(f'I should see "{heading}"')
    return out or ['I should see "Welcome"']


def _after_keyword(step: str) -> str:
    return "the" + step[3:] if step.startswith("The ") else step


def files_for(url: str, title: str | None, heading: str | None) -> dict[str, str]:
    """The starter files, by path relative to the project folder."""
    checks = _checks(title, heading)
    expected = [c for c in checks if c.startswith("I should see")]
    others = [c for c in checks if not c.startswith("I should see")]
    numbered = "\n".join(f"{i}. {c}" for i, c in enumerate(others, start=2))
    if expected:
        seen = "\n".join(c.removeprefix('I should see "').removesuffix('"') for c in expected)
        numbered += f"\n\n```expected\n{seen}\n```"
    gherkin = "".join(f"    {'Then' if i == 0 else 'And'} {_after_keyword(c)}\n" for i, c in enumerate(checks))
    return {
        "tests/_suite.yaml": _SUITE.format(url=url),
        "tests/home.yaml": _YAML.format(checks="".join(f"  - {c}\n" for c in checks)),
        "tests/home.md": _MARKDOWN.format(numbered=numbered.strip("\n")),
        "tests/home.feature": _FEATURE.format(gherkin=gherkin),
        "tapwright.toml": _TOML,
        ".env.example": _ENV,
    }
