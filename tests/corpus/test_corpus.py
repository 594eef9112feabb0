"""The blind instruction corpus (issue 10): its shape, its checker, and how it is split.

The cases were written before the planner and locator were changed for them; the
first-try rate of that first run is kept in bench/results/corpus_first_try.txt. The
cases run in Chromium in ``test_corpus_part_*.py`` (one module per part, so two
pytest-xdist workers share the work), each part held at or above the FLOOR.
"""

from __future__ import annotations

import pytest
from corpus_runner import PARTS, Case, load_cases, part, run_cases

from tapwright.drivers.web import WebBrowser


def test_corpus_covers_the_issue() -> None:
    cases = load_cases()
    assert len(cases) >= 300
    assert len({c.page for c in cases}) >= 20
    assert {k for c in cases for k in c.classes} == set(range(1, 13))
    assert len({c.step or c.yaml_line for c in cases}) == len(cases), "no instruction is listed twice on one page"


@pytest.mark.asyncio(loop_scope="module")
async def test_checker_catches_a_wrong_label(browser: WebBrowser) -> None:
    """The harness can fail: a step that clicks Archive is not counted as clicking Spam."""
    right = Case("task_archive.html", "Click the Send button", None, (1,), {"clicked": ["btn-send"]}, None, "t")
    wrong = Case("task_archive.html", "Click the Send button", None, (1,), {"clicked": ["Spam"]}, None, "t")
    false_claim = Case("orders.html", 'I should see "Nobody here"', None, (11,), {"passes": True}, None, "t")
    refused = Case("orders.html", 'I should see "Nobody here"', None, (11,), {"fails": True}, None, "t")
    outcomes = await run_cases([right, wrong, false_claim, refused], browser)
    assert [o.ok for o in outcomes] == [True, False, False, True]
    assert "clicked ['btn-send']" in outcomes[1].why


def test_the_parts_cover_every_case_once() -> None:
    cases = load_cases()
    parts = [part(cases, k) for k in range(PARTS)]
    assert sorted(c.label for p in parts for c in p) == sorted(c.label for c in cases)
    assert all(len(p) >= len(cases) // (2 * PARTS) for p in parts), [len(p) for p in parts]
