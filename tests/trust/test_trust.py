"""The trust corpus in real Chromium: no step reported passed that did not do what it says.

Each half of the split (tests/trust/split.yaml) runs in a module of its own (so two pytest-xdist workers
share the work). A silent wrong or a false pass fails the test unless it is listed below with why; a listed
one that is now right must leave the list (a ratchet: the lists only shrink). Refusals, including
over-cautious ones, are counted by bench/bench_trust.py, not failed here.
"""

from __future__ import annotations

import pytest
from corpus_runner import RIGHT, WRONG, Case, _changed, run_cases
from trust_corpus import PAGES, SPLIT, cases, figures

from tapwright.drivers.web import WebBrowser

# (case source, step) -> why it is still silently wrong. Tuning half: fixed only from what it shows.
KNOWN_WRONG: dict[tuple[str, str], str] = {
    # held-back half (measured, not tuned on)
    ("cases_a.yaml[94]", 'Click "Blade Runner"'): "two items are named Blade Runner; one is clicked",
    ("cases_b.yaml[52]", "I accept the terms and conditions"): "a hint next to the terms box is clicked",
    ("cases_a.yaml[83]", 'Click the saved search "Heat"'): "the item's remove button is clicked (silently wrong on "
                                                           "the first run too)",
    # batch G's first run (held back: listed, not looked into)
    ("cases_g.yaml[22]", 'Add the tag "Mushroom"'): "the text is typed into the tag field but no tag is added",
    ("cases_g.yaml[46]", "Click \"Edit\" on Laura Chen's first comment"): "a refusal is expected; an Edit is clicked",
    # batches I and J's first run (held back: listed, not looked into)
    ("cases_i.yaml[19]", "Add 3 seats to the Team plan"): "silently wrong on the first run",
    ("cases_i.yaml[24]", "Go back to monthly billing"): "silently wrong on the first run",
    ("cases_j.yaml[17]", "Add Dana Whitfield as a guest"): "silently wrong on the first run",
    # batches K and L's first run (held back: listed, not looked into)
    ("cases_k.yaml[17]", "Archive the Beeswax Candle Trio"): "silently wrong on the first run",
    ("cases_k.yaml[29]", "Click Archive"): "silently wrong on the first run",
    ("cases_l.yaml[38]", "Search the vault for google"): "silently wrong on the first run",
    ("cases_n.yaml[2]", "Follow Maya Cheng"): "silently wrong on the first run",
    ("cases_n.yaml[15]", "Follow Leo Park"): "silently wrong on the first run",
    # batches O and P's first run (held back: listed, not looked into)
    ("cases_p.yaml[29]", "Select the tram photo"): "silently wrong on the first run",
    ("cases_k.yaml[18]", "Now go ahead and delete the Oak Serving Board"): "refused on the first run ('go ahead' was "
        "no verb); read now, a control the delete is hidden behind is clicked and the step passes",
}


def test_the_corpus_is_big_blind_and_split_by_page() -> None:
    every = cases()
    assert len(every) >= 150
    assert len({c.page for c in every}) >= 10
    tuning, held = set(SPLIT["tuning"]), set(SPLIT["held_back"])
    assert not tuning & held and tuning | held == {c.page for c in every}
    assert len(held) >= len(tuning)  # batch G's three pages split one to tune, two held back
    kinds = {k for c in every for k in c.expect}
    assert {"clicked", "values", "checked", "passes", "fails", "refuse"} <= kinds


def test_a_control_moved_by_a_sort_is_not_a_control_changed() -> None:
    """The checker keys controls by id: cards sorted anew move their tick boxes, which changes none of them; a box
    ticked is a change wherever it is, and a control without an id is compared by its place."""
    before = [[0, "a", "true"], [1, "b", "false"], [2, "", "x"]]
    assert _changed(before, [[0, "b", "false"], [1, "a", "true"], [2, "", "x"]]) == []
    assert _changed(before, [[0, "b", "true"], [1, "a", "true"], [2, "", "x"]]) == [0]
    assert _changed(before, [[0, "a", "true"], [1, "b", "false"], [2, "", "y"]]) == [2]


@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="module")
async def test_the_checker_counts_a_wrong_click_and_a_false_pass_as_silent_wrongs(browser: WebBrowser) -> None:
    """The harness can fail: a click on the wrong control, and a passing check labelled false, are WRONG."""
    page = "settings_toggles.html"
    wrong = Case(page, "Click Cancel", None, (), {"clicked": ["nothing-by-this-key"]}, None, "t", PAGES)
    false_pass = Case(page, 'I should see "Notifications"', None, (), {"fails": True}, None, "t", PAGES)
    outcomes = await run_cases([wrong, false_pass], browser)
    assert [o.verdict for o in outcomes] == [WRONG, WRONG]
    assert outcomes[1].false_pass


async def _check_half(half: str, browser: WebBrowser) -> None:
    # Two sessions at once: most of a half's time is refusals waiting out their action timeout. The same
    # verdict and error code for every case as one after another, in 2 + 2 runs at load 18-28.
    outcomes = await run_cases(cases(half), browser, lanes=2)
    assert sum(o.llm_calls for o in outcomes) == 0
    wrong = {(o.case.source, o.case.step or ""): o.why for o in outcomes if o.verdict == WRONG}
    new = {k: v for k, v in wrong.items() if k not in KNOWN_WRONG}
    # Only a known wrong now done right counts as fixed: one refused instead may be a step that timed out on a
    # loaded machine (two sessions at once), which says nothing about the wrong.
    fixed = sorted((o.case.source, o.case.step or "") for o in outcomes
                   if o.verdict == RIGHT and (o.case.source, o.case.step or "") in KNOWN_WRONG)
    assert not new, f"{half}: new silent wrongs {new}; figures {figures(outcomes)}"
    assert not fixed, f"{half}: now right, remove from KNOWN_WRONG: {fixed}"


@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="module")
async def test_tuning_half(browser: WebBrowser) -> None:
    await _check_half("tuning", browser)
