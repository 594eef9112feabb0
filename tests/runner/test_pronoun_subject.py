"""A check whose subject is "it" is about what the step before named: through ``tapwright run`` in a real Chromium,
"Click the "Details" tab / Then it should say X" reads the selected tab's panel; a claim the panel does not make
fails; the first step, or a step before that named nothing, leaves "it" as written (no guess). Unit tests of the
binding itself (runner/pronoun.py) below."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _support import serve
from tapwright.cli.main import main
from tapwright.runner.pronoun import bind, bind_named, previous_target

PAGE = """<!doctype html><title>Package</title>
<div role="tablist">
  <button role="tab" id="t1" aria-selected="true" aria-controls="p1" onclick="show(1)">Readme</button>
  <button role="tab" id="t2" aria-selected="false" aria-controls="p2" onclick="show(2)">Details</button>
</div>
<div role="tabpanel" id="p1" aria-labelledby="t1"><p>A tiny helper.</p></div>
<div role="tabpanel" id="p2" aria-labelledby="t2" hidden><p>It has no dependencies.</p></div>
<script>function show(n) {
  for (const k of [1, 2]) {
    document.getElementById('t' + k).setAttribute('aria-selected', String(k === n));
    document.getElementById('p' + k).hidden = k !== n;
  }
}</script>"""

CASES = """scenarios:
  - name: It is the tab just clicked
    steps:
      - Go to /index.html
      - When I click the "Details" tab
      - Then it should say "It has no dependencies."
  - name: A claim the tab does not make fails
    steps:
      - Go to /index.html
      - When I click the "Details" tab
      - Then it should say "A tiny helper."
  - name: That tab is the one an earlier step named
    steps:
      - Go to /index.html
      - Then I should see the tab "Details"
      - And I should see "A tiny helper."
      - When I click that tab
      - Then I should see "It has no dependencies."
"""


@pytest.mark.browser
def test_it_is_what_the_step_before_named(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "it.yaml").write_text(CASES, encoding="utf-8")
    report = tmp_path / "report"
    with serve(site) as url:
        main(["run", str(tmp_path / "it.yaml"), "--base-url", url, "--report-dir", str(report),
              "--env-file", str(tmp_path / "none.env"), "--timeout", "5", "-q"])  # fmt: skip
    runs = {s["name"]: s for s in json.loads((report / "trace.json").read_text(encoding="utf-8"))["scenarios"]}
    told = runs["It is the tab just clicked"]["steps"]
    assert [s["status"] for s in told] == ["passed"] * 3, [s["status_line"] for s in told]
    assert told[2]["notes"] == ["'it' is the \"Details\" tab, what the step before named"]
    wrong = runs["A claim the tab does not make fails"]["steps"]
    assert wrong[2]["status"] == "failed", wrong[2]["status_line"]
    that = runs["That tab is the one an earlier step named"]["steps"]
    assert [s["status"] for s in that] == ["passed"] * 5, [s["status_line"] for s in that]
    assert that[3]["notes"] == ["'that tab' is the tab \"Details\", as an earlier step named it"]


def test_a_leading_pronoun_before_a_check_is_bound() -> None:
    assert bind('Then it should say "X"', '"Details" tab') == (
        'Then the "Details" tab should say "X"', "'it' is the \"Details\" tab, what the step before named")
    assert bind("And this shows 3 rows", "results table")[0] == 'And "results table" shows 3 rows'
    assert bind('Then it should say "X"', "the dialog")[0] == 'Then the dialog should say "X"'


@pytest.mark.parametrize("text", ['Then it should say "X"', 'Then the tab should say "X"',
                                  "When I click it", 'Then its title should be "X"', "Then items should be listed"])
def test_nothing_is_bound_without_a_target_or_a_pronoun_subject(text: str) -> None:
    assert bind(text, None) == (text, None)
    if not text.startswith("Then it "):
        assert bind(text, '"Details" tab') == (text, None)


def test_several_checks_in_one_place_are_about_that_place() -> None:
    plan = {"steps": [{"tool": "web.verify_text", "args": {"text": "Dog", "target": 'species in the "Rex" card'}},
                      {"tool": "web.verify_text", "args": {"text": "3", "target": 'visits in the "Rex" card'}}]}
    assert previous_target(plan) == 'the "Rex" card'
    # Two places: the last call's target, as before.
    plan["steps"][1]["args"]["target"] = "visits in the table"
    assert previous_target(plan) == "visits in the table"


def test_the_target_is_the_last_call_that_had_one() -> None:
    plan = {"steps": [{"tool": "web.click", "args": {"target": "Details"}},
                      {"tool": "web.press_key", "args": {"key": "Enter"}}]}
    assert previous_target(plan) == "Details"
    assert previous_target({"steps": [{"tool": "web.navigate", "args": {"url": "/"}}]}) is None
    assert previous_target(None) is None


def test_that_kind_is_the_latest_one_named_with_a_quoted_name() -> None:
    earlier = ['Then the comment "A" should be listed', 'And the comment "B" by "admin" should be listed', "Click Save"]
    assert bind_named("When I tick the checkbox of that comment", earlier) == (
        'When I tick the checkbox of the comment "B"', "'that comment' is the comment \"B\", as an earlier step named it")
    assert bind_named("Then this file should be gone", ['Then the files "a.txt" and "b.txt" are listed'])[0] == (
        'Then the file "a.txt" should be gone')
    # Nothing named so before, or a name said right after: as written.
    assert bind_named("When I open that folder", earlier) == ("When I open that folder", None)
    assert bind_named('When I open that folder "x"', ['the folder "y"']) == ('When I open that folder "x"', None)



@pytest.mark.parametrize("step", ["When I sort by the amount column so that the highest amount comes first",
                                  "Then a message should say that this file is saved",
                                  "Then the list shows that all items are done"])  # fmt: skip
def test_that_as_a_conjunction_names_nothing_said_before(step: str) -> None:
    earlier = ['When I sort by the "category" column', 'Then the file "a.txt" is listed', 'Then the all "x" is there']
    assert bind_named(step, earlier) == (step, None)
