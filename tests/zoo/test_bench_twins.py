"""The twin probe of bench/bench_twins.py: which steps get a twin, where it goes, and how a run is judged.

A twin is a passing step said again with one quoted value changed to a text no page holds; it must
fail. Nothing here starts an app: the Gherkin rewrite and the judging of a recorded run are pure.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import bench_twins  # noqa: E402


def test_twin_value_keeps_neither_end_whole() -> None:
    assert bench_twins.twin_value("Saved") == "Sa" + bench_twins.MARK + "ved"
    assert bench_twins.twin_value("5") == "5" + bench_twins.MARK
    twin = bench_twins.twin_value("Delete Fox Mulder?")
    assert not twin.startswith("Delete Fox Mulder") and not twin.endswith("Fox Mulder?")


def test_a_check_gets_one_twin_per_value_first_and_last_first() -> None:
    twins = bench_twins.twins_of('the table should list "A1", "B2", "C3" and "D4"', "check", most=3)
    assert [t.count(bench_twins.MARK) for t in twins] == [1, 1, 1]
    assert bench_twins.MARK in twins[0].split('"')[1] and bench_twins.MARK in twins[1].split('"')[7]


def test_negated_checks_and_addresses_get_no_twin() -> None:
    assert bench_twins.twins_of('I should not see "Draft"', "check") == []
    assert bench_twins.twins_of('the list should no longer show "Draft"', "check") == []
    # "instead of X" says X is gone: a changed X is gone too, and its twin passes rightly.
    assert bench_twins.twins_of('the header should show an account icon instead of the "LOGIN" button', "check") == []
    assert bench_twins.twins_of('I open "/admin/users"', "choice") == []


def test_only_choices_made_by_name_get_a_twin_among_actions() -> None:
    assert bench_twins.twins_of('I click "Save"', "choice")
    assert bench_twins.twins_of('I choose "Red" in the "Colour" dropdown', "choice")
    assert bench_twins.twins_of('I type "Off Topic" into the "Label name" field', "choice") == []
    assert bench_twins.twins_of('I sign in as "admin"', "choice") == []


def test_twins_go_after_a_check_and_before_a_choice_outside_the_background() -> None:
    source = "\n".join([
        "Feature: f",
        "  Background:",
        '    Given I click "Home"',
        "  Scenario: s",
        '    When I click "Save"',
        '    Then I should see "Saved"',
    ])  # fmt: skip
    text, made = bench_twins.with_twins(source)
    lines = text.splitlines()
    assert lines[2] == '    Given I click "Home"' and bench_twins.MARK not in lines[3]
    save = lines.index('    When I click "Save"')
    assert bench_twins.MARK in lines[save - 1] and lines[save - 1].startswith("    When ")
    saved = lines.index('    Then I should see "Saved"')
    assert bench_twins.MARK in lines[saved + 1] and lines[saved + 1].startswith("    And ")
    assert [t.kind for t in made] == ["choice", "check"]


def _step(text: str, status: str) -> dict[str, Any]:
    calls = [{"tool": "web.verify_text", "args": {"text": "x"}, "status_line": "OK"}]
    return {"phase": "step", "text": text, "status": status, "trace": {"calls": calls}}


def test_a_run_is_judged_by_twins_of_passing_steps_only() -> None:
    mark = bench_twins.MARK
    run = {"scenarios": [{"steps": [
        _step('I should see "Saved"', "passed"),
        _step(f'I should see "Sa{mark}ved"', "passed"),  # a false pass
        _step('I should see "Draft"', "passed"),
        _step(f'I should see "Dr{mark}aft"', "failed"),  # honest
        _step('I should see "Gone"', "failed"),
        _step(f'I should see "Go{mark}ne"', "failed"),  # says nothing: its step failed
        _step(f'I click "Ne{mark}xt"', "failed"),  # a choice's twin comes before it
        _step('I click "Next"', "passed"),
    ]}]}  # fmt: skip
    counts, false_passes = bench_twins.judge(run)
    assert (counts["probes"], counts["honest"], counts["false passes"], counts["unprobed"]) == (3, 2, 1, 1)
    assert len(false_passes) == 1 and "Saved" in false_passes[0] and "web.verify_text" in false_passes[0]
