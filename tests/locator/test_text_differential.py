"""rapidfuzz (the locator's edit distance since issue 18) against the former pure-Python check:
the same answer for every pair, and the same ranking, scores and reasons on every labelled case."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_locator_accuracy import PARAMS, snapshot_of

from tapwright.locator import index as locator_index
from tapwright.locator import rank, text
from tapwright.locator._levenshtein_py import within_edits_python

in_module_loop = pytest.mark.asyncio(loop_scope="module")
WORDS = st.text(alphabet=st.sampled_from("abcdeé日本 -"), max_size=12)


@given(a=WORDS, b=WORDS, limit=st.integers(min_value=0, max_value=3))
@settings(max_examples=400, deadline=None)
def test_within_edits_agrees_with_the_python_reference(a: str, b: str, limit: int) -> None:
    assert text.within_edits(a, b, limit) is within_edits_python(a, b, limit)


@pytest.mark.parametrize(
    ("a", "b", "limit", "expected"),
    [
        ("password", "pasword", 1, True),  # one deletion
        ("password", "paswrd", 1, False),  # two deletions: one past the limit
        ("password", "paswrd", 2, True),
        ("subscribe", "subscirbe", 2, True),  # a swap is two edits in Levenshtein
        ("subscribe", "subscirbe", 1, False),
        ("email", "email", 0, True),
        ("email", "emial", 0, False),
    ],
)
def test_within_edits_boundaries(a: str, b: str, limit: int, expected: bool) -> None:
    assert text.within_edits(a, b, limit) is expected
    assert within_edits_python(a, b, limit) is expected


def _ranking(tree: Any, description: str) -> list[tuple[str, float, tuple[str, ...]]]:
    return [(c.element.ref, round(c.score, 9), tuple(c.reasons)) for c in rank(tree, description, limit=10)]


@in_module_loop
async def test_every_labelled_case_ranks_the_same(web_session: Any, pages_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    trees = {}
    for param in PARAMS:
        page, _ = param.values
        trees[page] = await snapshot_of(web_session, pages_url, page)
    queries = [(page, case["find"]) for page, case in (p.values for p in PARAMS)]
    # Typos on purpose, so the edit check really runs on the labelled pages.
    queries += [(page, q.replace("e", "a", 1)) for page, q in queries if len(q) > 5]
    locator_index._cache.clear()
    new = {q: _ranking(trees[q[0]], q[1]) for q in queries}
    locator_index._cache.clear()
    monkeypatch.setattr(text, "within_edits", within_edits_python)
    old = {q: _ranking(trees[q[0]], q[1]) for q in queries}
    locator_index._cache.clear()
    assert len(new) > 150
    assert sum(bool(r) for r in new.values()) > 100  # most queries find something: the comparison has substance
    differences = {q: (old[q], new[q]) for q in queries if old[q] != new[q]}
    assert not differences
