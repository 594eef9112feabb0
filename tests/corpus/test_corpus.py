"""The blind instruction corpus (issue 10) in real Chromium, planned offline with zero model calls.

The cases were written before the planner and locator were changed for them; the
first-try rate of that first run is kept in bench/results/corpus_first_try.txt. This
test holds the rate at or above FLOOR so a regression shows up in CI.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from corpus_runner import Case, load_cases, run_cases, summary

from tapwright.drivers.web import BrowserOptions, WebBrowser

FLOOR = 0.97  # share of cases that must do what they say (target 90%; see bench/results/corpus_after.txt)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[WebBrowser]:
    async with await WebBrowser.launch(BrowserOptions()) as b:
        yield b


def test_corpus_covers_the_issue() -> None:
    cases = load_cases()
    assert len(cases) >= 300
    assert len({c.page for c in cases}) >= 20
    assert {k for c in cases for k in c.classes} == set(range(1, 13))
    assert len({c.step or c.yaml_line for c in cases}) == len(cases), "no instruction is listed twice on one page"


@pytest.mark.browser
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


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.asyncio(loop_scope="module")
async def test_corpus_first_try_rate(browser: WebBrowser) -> None:
    outcomes = await run_cases(load_cases(), browser)
    s = summary(outcomes)
    assert s["llm_calls"] == 0
    misses = [f"{o.case.source} {o.case.label}: {o.why}" for o in outcomes if not o.ok]
    assert s["rate"] >= FLOOR, f"first-try rate {s['rate']:.1%} < {FLOOR:.0%}; misses:\n" + "\n".join(misses)
    # A step the planner refuses names phrasings that do work.
    for o in outcomes:
        if o.error_code == "PLAN_INVALID":
            assert "Phrasings that work" in (o.error_message or "") or "cannot do" in (o.error_message or ""), (
                o.error_message
            )
