"""Cucumber's own Gherkin acceptance fixtures: what Cucumber accepts loads here as the same scenarios,
what it rejects fails here with Cucumber's line and column (fixtures: tests/runner/fixtures/cucumber)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tapwright.runner.cases import CaseError, load_cases

CUCUMBER = Path(__file__).parent / "fixtures" / "cucumber"
GOOD = sorted((CUCUMBER / "good").glob("*.feature"))
BAD = sorted((CUCUMBER / "bad").glob("*.feature"))


def _ndjson(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_fixtures_are_all_there() -> None:
    # Upstream ships 50 good and 12 bad feature files; a lost file would silently shrink the suite.
    assert len(GOOD) == 50 and len(BAD) == 12
    assert all(Path(f"{p}.pickles.ndjson").is_file() for p in GOOD)
    assert all(Path(f"{p}.errors.ndjson").is_file() for p in BAD)


@pytest.mark.parametrize("path", GOOD, ids=[p.name for p in GOOD])
def test_cucumber_accepts_so_do_we(path: Path) -> None:
    pickles = [e["pickle"] for e in _ndjson(Path(f"{path}.pickles.ndjson"))]
    scenarios = load_cases([path])
    assert len(scenarios) == len(pickles)
    for scenario, pickle in zip(scenarios, pickles, strict=True):
        outline_row = len(pickle["astNodeIds"]) > 1
        if outline_row:
            assert scenario.name.startswith(f"{pickle['name']} [")
        else:
            assert scenario.name == (pickle["name"] or f"{path.stem}:{pickle['location']['line']}")
        assert scenario.line == pickle["location"]["line"]
        assert scenario.tags == list(dict.fromkeys(t["name"][1:] for t in pickle["tags"]))
        steps = [*scenario.setup, *scenario.steps]
        assert len(steps) == len(pickle["steps"])
        for step, expected in zip(steps, pickle["steps"], strict=True):
            first_line = step.text.split("\n", 1)[0]
            assert first_line.endswith(expected["text"]), (first_line, expected["text"])
            argument = expected.get("argument", {})
            if "dataTable" in argument:
                assert step.table == [[c["value"] for c in row["cells"]] for row in argument["dataTable"]["rows"]]
            else:
                assert step.table is None
            if "docString" in argument:
                assert step.doc_string == argument["docString"]["content"]
            else:
                assert step.doc_string is None


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_cucumber_rejects_so_do_we_at_the_same_place(path: Path) -> None:
    errors = [e["parseError"] for e in _ndjson(Path(f"{path}.errors.ndjson"))]
    with pytest.raises(CaseError) as caught:
        load_cases([path])
    first = errors[0]
    location = first["source"]["location"]
    assert caught.value.line == location["line"]
    assert caught.value.col == location.get("column")
    # Cucumber's message, without its "(line:col): " prefix (the CaseError puts the place in front).
    assert first["message"].split("): ", 1)[1] in caught.value.message
    # Every further error Cucumber reports is named too, with its own place.
    for other in errors[1:]:
        loc = other["source"]["location"]
        assert f"also {loc['line']}:{loc.get('column', 0)}: " in caught.value.message


def test_background_steps_become_setup_and_rule_backgrounds_add_up() -> None:
    example_a, example_b = load_cases([CUCUMBER / "good" / "rule.feature"])[:2]
    # rule.feature: the feature's Background (line 4), Rule A's own Background (line 10), then Example A's step.
    assert [s.text for s in example_a.setup] == ["Given fb", "Given ab"] and [s.line for s in example_a.setup] == [
        4,
        10,
    ]
    assert [s.text for s in example_a.steps] == ["Given a"]
    assert [s.text for s in example_b.setup] == ["Given fb"] and [s.text for s in example_b.steps] == ["Given b"]


def test_non_english_keywords_stay_out_of_the_step_text() -> None:
    scenarios = load_cases([CUCUMBER / "good" / "i18n_fr.feature"])
    first = scenarios[0].steps
    assert first[0].text == "un exemple de scénario en français" and first[0].keyword == "Soit"
    assert [s.keyword for s in first] == ["Soit", "Quand", "Alors"]
