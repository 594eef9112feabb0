"""The honesty audit set in real Chromium: no step a sloppy tool would pass silently wrong is reported passed.

tests/audit/cases.yaml (format: tests/trust/README.md) holds steps over small pages of our own where a
tool that drops a quoted value, clicks a paragraph for its word, ignores an ordinal, matches a substring,
types into a combobox's search box without choosing, reads hidden text or accepts 4 rows for "3 rows"
would pass wrongly. Every case must be right or refused; the refusals allowed are listed with why.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus_runner import RIGHT, WRONG, load_cases, run_cases

from tapwright.drivers.web import WebBrowser

HERE = Path(__file__).parent
# (case source) -> why it is refused rather than right (over-cautious, never wrong).
REFUSED_OK = {
    "cases.yaml[9]": "'The Saved toast should not be shown' while a status reads Saved: a near miss (0.28) is refused "
                     "(AMBIGUOUS), not checked as a failed assertion",
}


def test_the_set_covers_every_kind_of_silent_wrong() -> None:
    cases = load_cases([HERE / "cases.yaml"], HERE / "pages")
    assert len(cases) >= 20
    assert {"clicked", "values", "passes", "fails", "refuse"} <= {k for c in cases for k in c.expect}


@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="module")
async def test_no_step_is_silently_wrong(browser: WebBrowser) -> None:
    outcomes = await run_cases(load_cases([HERE / "cases.yaml"], HERE / "pages"), browser)
    assert sum(o.llm_calls for o in outcomes) == 0
    wrong = [f"{o.case.source} {o.case.label}: {o.why}" for o in outcomes if o.verdict == WRONG]
    assert not wrong, "silently wrong:\n" + "\n".join(wrong)
    refused = {o.case.source: f"{o.case.label}: {o.why} {o.error_message}" for o in outcomes if o.verdict != RIGHT}
    assert set(refused) == set(REFUSED_OK), f"refused now: {refused}"
