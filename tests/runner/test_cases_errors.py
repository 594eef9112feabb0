"""Malformed test files fail with CaseError naming file:line(:col); non-tests are skipped only in folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from tapwright.errors import UserError
from tapwright.runner.cases import CaseError, load_cases


def _load(tmp_path: Path, name: str, text: str) -> CaseError:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CaseError) as err:
        load_cases([path])
    assert isinstance(err.value, UserError)
    assert str(err.value).startswith(str(path) + ":")
    return err.value


@pytest.mark.parametrize(
    ("name", "text", "line", "col", "words"),
    [
        ("bad.yaml", "name: x\nsteps:\n  - Go to /\n - Click Save\n", 4, 2, "invalid YAML"),
        ("tab.yaml", "name: x\nsteps: [Go to /\n", 3, 1, "invalid YAML"),
        ("key.yaml", "name: x\nstep: [Go]\nsteps: [Go to /]\n", 2, None, "unknown key 'step'"),
        ("plan.yaml", "name: x\nsteps:\n  - Go to /\n  - tool: web.click\n    args: [1]\n", 4, None, "invalid plan"),
        ("shape.yaml", "name: x\nsteps:\n  - [a, b]\n", 3, None, "a step must be text"),
        ("empty.yaml", "name: x\nsteps: []\n", 2, None, "has no steps"),
        ("both.yaml", "steps: [a]\nscenarios: [{name: b, steps: [c]}]\n", 1, None, "not both"),
        ("notest.yaml", "owner: qa\n", 1, None, "not a test case"),
        ("front.md", "---\ntags: [a\n---\n# T\n1. Go to /\n", 2, 9, "invalid front matter"),
        ("fence.md", "# T\n1. Go to /\n```\nWelcome\n", 3, None, "never closed"),
        ("mixed.md", "# T\n1. Go to /\n## A\n1. Click A\n", 1, None, "## heading"),
        ("nolist.md", "# T\nSome words.\n", 1, None, "numbered list"),
        # Gherkin: Cucumber's parser decides, with its own messages, lines and columns.
        ("nofeature.feature", "Scenario: S\n  Given I go to /\n", 1, 1, "got 'Scenario: S'"),
        ("rows.feature", "Feature: F\n  Scenario Outline: O\n    Given I go to /<a>\n    Examples:\n      | a | b |\n      | 1 |\n", 6, 7, "inconsistent cell count"),
        ("doc.feature", 'Feature: F\n  Scenario: S\n    Given I type into Bio:\n      """\n      text\n', 6, None, "unexpected end of file"),
        ("junk.feature", "Feature: F\n  Scenario: S\n    Given I go to /\n    Click Save\n", 4, 5, "got 'Click Save'"),
        ("tag.feature", "Feature: F\n  @ok bad\n  Scenario: S\n    Given I go to /\n", 2, 3, "A tag may not contain whitespace"),
        ("lang.feature", "# language: xx\nFeature: F\n", 1, 1, "Language not supported: xx"),
    ],
)
def test_malformed_files_name_the_place(tmp_path: Path, name: str, text: str, line: int, col: int | None, words: str) -> None:
    err = _load(tmp_path, name, text)
    assert err.line == line, str(err)
    if col is not None:
        assert err.col == col, str(err)
        assert f":{line}:{col}: " in str(err)
    assert words in err.message, str(err)


def test_missing_path_and_unknown_suffix(tmp_path: Path) -> None:
    with pytest.raises(CaseError, match="no such file"):
        load_cases([tmp_path / "nope.yaml"])
    other = tmp_path / "x.txt"
    other.write_text("1. Go to /")
    with pytest.raises(CaseError, match="unknown test file type"):
        load_cases([other])


def test_bad_suite_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "_suite.yaml").write_text("base_url: http://x\nstepz: []\n")
    (tmp_path / "a.yaml").write_text("steps: [Go to /]\n")
    with pytest.raises(CaseError, match="unknown key 'stepz'") as err:
        load_cases([tmp_path])
    assert err.value.path.endswith("_suite.yaml") and err.value.line == 2
