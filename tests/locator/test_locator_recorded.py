"""Every labelled accuracy case on the trees real Chromium recorded for its page (no browser).

The same cases and checks as test_locator_accuracy.py, which runs them on the live pages; here they
run offline, so ``make mutate`` holds the scorer to all of them. Re-record after changing a page
or the snapshot: ``.venv/bin/python tests/locator/record_trees.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_locator_accuracy import CASES, PARAMS, evaluate

from tapwright.core.element import UiTree

RECORDED = Path(__file__).parent / "recorded"
_trees: dict[str, UiTree] = {}


def _tree(page: str) -> UiTree:
    if page not in _trees:
        _trees[page] = UiTree.from_dict(json.loads((RECORDED / f"{Path(page).stem}.json").read_text("utf-8")))
    return _trees[page]


def test_every_page_of_the_suite_is_recorded() -> None:
    assert {f"{Path(p).stem}.json" for p in CASES} == {p.name for p in RECORDED.glob("*.json")}
    assert all(len(_tree(page)) >= 5 for page in CASES)


@pytest.mark.parametrize(("page", "case"), PARAMS)
def test_case_on_the_recorded_tree(page: str, case: dict[str, str]) -> None:
    problem = evaluate(_tree(page), case)
    assert problem is None, problem
