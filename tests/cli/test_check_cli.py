"""``tapwright check`` / ``tapwright run --dry-run``: every step planned offline, every problem named by file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tapwright.cli.main import main

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples" / "tests"

BROKEN = {
    "a-good.yaml": "name: good\nsteps:\n  - Go to /shop\n  - Click \"Add to cart\"\n",
    "b-syntax.yaml": "name: broken\nsteps:\n  - Go to /x\n  - [unclosed\n",
    "c-words.md": "# Too many words\n\n1. Go to /shop\n2. Click the Save button and then dance\n",
    "d-vars.yaml": "name: vars\nvars: {who: alice}\nsteps:\n  - Type ${vars.nobody} into the Name field\n",
    "e-tool.yaml": "name: tool\nsteps:\n  - tool: web.teleport\n    args: {where: moon}\n",
    "f-verb.feature": "Feature: f\n  Scenario: contemplation\n    Given I open /shop\n    When I contemplate the Size dropdown\n",
}


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    for name, text in BROKEN.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_the_example_suites_plan_except_the_step_that_fails_on_purpose(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES / "passing")]) == 0
    assert " 0 refused" in capsys.readouterr().out
    assert main(["check", str(EXAMPLES)]) == 1
    out = capsys.readouterr().out
    refused = [line for line in out.splitlines() if line.startswith("✗")]
    assert len(refused) == 1 and "unknown-step.feature:5" in refused[0] and "contemplate" in refused[0], out
    assert "[PLAN_INVALID]" in out and "Phrasings that work" in out and "no browser" in out


def test_every_broken_file_and_step_is_named_and_the_good_file_still_checked(broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(broken), "--json"]) == 2  # an unreadable file: exit 2, after checking the rest
    report = json.loads(capsys.readouterr().out)
    (unreadable,) = report["files_broken"]
    assert unreadable["path"].endswith("b-syntax.yaml") and unreadable["line"] == 5
    by_file = {Path(v["source"]).name: v for v in report["steps"] if not v["ok"]}
    assert set(by_file) == {"c-words.md", "d-vars.yaml", "e-tool.yaml", "f-verb.feature"}
    assert by_file["c-words.md"]["line"] == 4 and "dance" in by_file["c-words.md"]["reason"]
    assert by_file["d-vars.yaml"]["code"] == "UNRESOLVED_PLACEHOLDER" and "nobody" in by_file["d-vars.yaml"]["reason"]
    assert by_file["e-tool.yaml"]["code"] == "UNKNOWN_TOOL" and "web.teleport" in by_file["e-tool.yaml"]["reason"]
    assert by_file["f-verb.feature"]["line"] == 4 and by_file["f-verb.feature"]["code"] == "PLAN_INVALID"
    good = [v for v in report["steps"] if Path(v["source"]).name == "a-good.yaml"]
    assert [v["ok"] for v in good] == [True, True] and good[1]["calls"] == ["web.click(target='\"Add to cart\"')"]


def test_refused_steps_alone_exit_1_and_a_clean_folder_exits_0(broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (broken / "b-syntax.yaml").unlink()
    assert main(["check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert sum(line.startswith("✗") for line in out.splitlines()) == 4
    assert "c-words.md:4" in out and "d-vars.yaml:4" in out and "e-tool.yaml:3" in out and "f-verb.feature:4" in out
    assert main(["check", str(broken / "a-good.yaml"), "-v"]) == 0
    assert "web.click(target='\"Add to cart\"')" in capsys.readouterr().out


def test_run_dry_run_checks_and_starts_nothing(broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "report"
    assert main(["run", str(broken / "a-good.yaml"), "--dry-run", "--report-dir", str(report)]) == 0
    assert main(["run", str(broken), "--dry-run", "--report-dir", str(report)]) == 2
    assert "b-syntax.yaml:5" in capsys.readouterr().out
    assert not report.exists()  # no report folder, no browser: nothing ran


def test_a_hundred_cases_are_checked_in_one_call(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for i in range(100):
        (tmp_path / f"case-{i:03d}.yaml").write_text(
            f"name: case {i}\nsteps:\n  - Go to /shop\n  - Type \"n{i}\" into the Search products field\n"
            f"  - Click \"Add to cart\"\n  - I should see \"Cart\"\n", encoding="utf-8")  # fmt: skip
    assert main(["check", str(tmp_path)]) == 0
    assert "checked 100 scenarios in 100 files: 400 steps, 400 planned, 0 refused" in capsys.readouterr().out
