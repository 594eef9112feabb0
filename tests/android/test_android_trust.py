"""Honesty of the Android locator over the real dumps: right / refused / silently wrong.

Both labelled suites (``locator_cases.yaml`` and the blind near-miss set ``trust_cases.yaml``)
are classified by :func:`android_support.classify`. Silent wrongs are a ratchet: every one
is listed below by case; a new one fails the test, and a fixed one must leave the list.
First-run figures: trust_first_run.md.
"""

from __future__ import annotations

import pytest
from android_support import HERE, REFUSED, RIGHT, SILENT_WRONG, SUITES, classify, classify_suite, suite, tally

# (suite, dump prefix, description) -> why it is silently wrong (see trust_first_run.md).
KNOWN_SILENT_WRONGS: dict[tuple[str, str, str], str] = {
    # Fixed by tapwright.locator.accept (negation, roles a person can act on, developer ids, what a person
    # sees) and the Android noun fallback that keeps its noun: 23 shop, 04 Allow button, 08 Home button,
    # 20 Uninstall button, 22 Login button, 22 Show form button, 36 bottom row, 38 Source selector; 34 Gomti
    # Express (a field named only by its content, beside a row of the same words: AMBIGUOUS).
    # Then: 25 Quick balance button (a picture with no words, inside another control, is no button: refused),
    # 32 Title row (a text field matched only by its id is no row: refused), 22 Enter your details (a caption
    # and the field beside it that has a name of its own: AMBIGUOUS, an over-cautious refusal).
}

PARAMS = [pytest.param(name, prefix, case, id=f"{name}:{prefix}:{case['find']}")
          for name in SUITES for prefix, group in suite(name).items() for case in group]  # fmt: skip


def test_the_trust_suite_is_big_blind_and_varied() -> None:
    cases = [c for g in suite("trust_cases").values() for c in g]
    kinds = {c["kind"] for c in cases}
    assert len(cases) >= 40
    assert {"absent", "ambiguous", "fuzzy-id", "form-nav", "label", "key", "positive"} <= kinds
    assert sum("error" in c for c in cases) >= 20 and sum("expect" in c for c in cases) >= 20
    assert "first run" in (HERE / "trust_first_run.md").read_text("utf-8").lower()


@pytest.mark.parametrize(("name", "prefix", "case"), PARAMS)
def test_no_new_silent_wrong(name: str, prefix: str, case: dict[str, object]) -> None:
    verdict, detail = classify(prefix, case)
    known = (name, prefix, case["find"]) in KNOWN_SILENT_WRONGS
    if verdict == SILENT_WRONG:
        assert known, f"a new silent wrong: {detail}"
    else:
        assert not known, f"fixed ({verdict}: {detail}): remove it from KNOWN_SILENT_WRONGS"


def test_every_known_silent_wrong_is_a_case() -> None:
    keys = {(n, p, c["find"]) for n in SUITES for p, g in suite(n).items() for c in g}
    assert set(KNOWN_SILENT_WRONGS) <= keys


def test_tally_counts_each_verdict() -> None:
    verdicts = classify_suite("trust_cases")
    counts = tally(verdicts)
    assert sum(counts.values()) == len(verdicts)
    assert counts[SILENT_WRONG] == sum(1 for k in KNOWN_SILENT_WRONGS if k[0] == "trust_cases")
    assert set(counts) == {RIGHT, REFUSED, SILENT_WRONG}


def test_classify_tells_the_three_verdicts_apart() -> None:
    # The OK button of dump 02, asked three ways: found, wrongly refused, wrongly found.
    assert classify("02", {"find": "OK button", "expect": "[518,758][646,854]"})[0] == RIGHT
    assert classify("02", {"find": "Paste from clipboard", "expect": "[518,758][646,854]"})[0] == REFUSED
    assert classify("02", {"find": "OK button", "error": "ELEMENT_NOT_FOUND"})[0] == SILENT_WRONG
    assert classify("02", {"find": "OK button", "expect": "[390,758][518,854]"})[0] == SILENT_WRONG
    assert classify("02", {"find": "Paste from clipboard", "error": "AMBIGUOUS"})[0] == RIGHT
    with pytest.raises(ValueError, match="mislabelled"):
        classify("02", {"find": "OK button", "expect": "[0,0][1,1]"})
