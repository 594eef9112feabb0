"""Every labelled accuracy case on the trees real Chromium recorded for its page (no browser).

Also the exact ranking (top five: element, score to 3 places, reasons) of every case and of a typo of
it, against rankings.json: scores and reasons are what a user reads in an AMBIGUOUS error and in the
HTML report's candidates table, so a change to them must be deliberate (re-record with
``record_trees.py --rankings-only`` and review the diff).

The same cases and checks as test_locator_accuracy.py, which runs them on the live pages; here they
run offline, so ``make mutate`` holds the scorer to all of them. Re-record after changing a page
or the snapshot: ``.venv/bin/python tests/locator/record_trees.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_locator_accuracy import CASES, PARAMS, evaluate

from tapwright.core.element import UiTree
from tapwright.locator import rank

RECORDED = Path(__file__).parent / "recorded"
_trees: dict[str, UiTree] = {}


def _tree(page: str) -> UiTree:
    if page not in _trees:
        _trees[page] = UiTree.from_dict(json.loads((RECORDED / f"{Path(page).stem}.json").read_text("utf-8")))
    return _trees[page]


def test_every_page_of_the_suite_is_recorded() -> None:
    assert {f"{Path(p).stem}.json" for p in CASES} | {"rankings.json"} == {p.name for p in RECORDED.glob("*.json")}
    assert all(len(_tree(page)) >= 5 for page in CASES)


@pytest.mark.parametrize(("page", "case"), PARAMS)
def test_case_on_the_recorded_tree(page: str, case: dict[str, str]) -> None:
    problem = evaluate(_tree(page), case)
    assert problem is None, problem


def rankings() -> dict[str, list[list[Any]]]:
    """page + description -> the top five candidates as [ref, score, reasons]."""
    queries = [(page, case["find"]) for page, case in (p.values for p in PARAMS)]
    queries += [(page, q.replace("e", "a", 1)) for page, q in queries if len(q) > 5]  # a typo of each
    return {f"{page} | {q}": [[c.element.ref, round(c.score, 3), list(c.reasons)] for c in rank(_tree(page), q, limit=5)]
            for page, q in queries}  # fmt: skip


def test_every_case_ranks_exactly_as_recorded() -> None:
    expected = json.loads((RECORDED / "rankings.json").read_text("utf-8"))
    got = rankings()
    assert len(got) > 300 and sum(bool(r) for r in got.values()) > 250
    differences = {q: (expected.get(q), got[q]) for q in got if expected.get(q) != got[q]}
    assert not differences, f"{len(differences)} rankings changed, first: {next(iter(differences.items()))}"
