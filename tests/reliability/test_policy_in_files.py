"""Sweep case: allow / block lists set by Markdown and Gherkin test files, run end to end by `tapwright run`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from reliability_servers import RefusedLog
from reliability_support import Sites

from tapwright.runner.cases import load_cases
from tapwright.runner.cases._gherkin import policy_tags

pytestmark = [pytest.mark.browser]

FEATURE = """@smoke
Feature: Policy from tags

  @block:127.0.0.2
  Scenario: Blocked host is refused
    Given I go to {app}/
    When I go to {refused}/from-feature
    Then I should see "Pay now"

  @allow:http://localhost
  Scenario: The file's allow list narrows the run's
    Given I go to {app}/second

  Scenario: Untagged scenarios keep the run's policy
    Given I go to {app}/second
    Then I should see "Second page"
"""

MD_FRONT = """---
base_url: {app}
block: [127.0.0.2]
---
# Front matter block

1. Go to /
2. Go to {refused}/from-markdown
"""

MD_LINES = """# Setting lines

Base URL: {app}
Allow: `{app}`, http://localhost:9
Block: 0x7f.0.0.2

1. Go to /second
2. I should see "Second page"
3. Go to {refused}/from-markdown-lines
"""


def test_policy_tags_are_split_from_tags() -> None:
    assert policy_tags(["@smoke", "@allow:http://a.test", "@block:10.0.0.0/8", "@Allow:*.b.test", "@allow:"]) == (
        ["smoke", "allow:"], ["http://a.test", "*.b.test"], ["10.0.0.0/8"])


@pytest.mark.slow
def test_markdown_and_gherkin_allow_block_lists_refuse_hosts_end_to_end(
    sites: Sites, refused_log: RefusedLog, tmp_path: Path
) -> None:
    cases = tmp_path / "cases"
    cases.mkdir()
    fill = {"app": sites.app, "refused": sites.refused}
    (cases / "policy.feature").write_text(FEATURE.format(**fill), encoding="utf-8")
    (cases / "front.md").write_text(MD_FRONT.format(**fill), encoding="utf-8")
    (cases / "lines.md").write_text(MD_LINES.format(**fill), encoding="utf-8")
    loaded = {s.name: s for s in load_cases([str(cases)])}
    assert loaded["Blocked host is refused"].block == ["127.0.0.2"] and loaded["Blocked host is refused"].tags == ["smoke"]
    assert loaded["The file's allow list narrows the run's"].allow == [["http://localhost"]]
    assert loaded["Setting lines"].allow == [[sites.app, "http://localhost:9"]]
    report = tmp_path / "report"
    proc = subprocess.run(
        [sys.executable, "-m", "tapwright.cli.main", "run", str(cases), "--report-dir", str(report), "--planner", "rules",
         "--allow", sites.app, "--allow", "127.0.0.2"],  # the run allows the refused host: the files refuse it
        capture_output=True, text=True, cwd=tmp_path, timeout=300, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    data = json.loads((report / "trace.json").read_text())
    by_name = {s["name"]: s for s in data["scenarios"]}
    assert set(by_name) == {"Blocked host is refused", "The file's allow list narrows the run's",
                            "Untagged scenarios keep the run's policy", "Front matter block", "Setting lines"}

    def failed_step(name: str) -> dict[str, str]:
        steps = by_name[name]["steps"]
        return next(s for s in steps if s["status"] != "passed")

    for name, index in (("Blocked host is refused", 1), ("Front matter block", 1), ("Setting lines", 2)):
        step = failed_step(name)
        assert step["error_code"] == "URL_BLOCKED", (name, step)
        assert "127.0.0.2" in step["error_message"] and "blocked" in step["error_message"], step
        assert by_name[name]["steps"].index(step) == index  # the steps before it ran and passed
    narrowed = failed_step("The file's allow list narrows the run's")
    assert narrowed["error_code"] == "URL_BLOCKED" and "127.0.0.1" in narrowed["error_message"], narrowed
    assert by_name["Untagged scenarios keep the run's policy"]["status"] == "passed"
    assert refused_log.empty, (refused_log.connections, refused_log.requests)  # nothing reached 127.0.0.2
    assert (report / "report.html").stat().st_size > 0
