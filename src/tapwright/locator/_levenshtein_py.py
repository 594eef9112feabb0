"""The locator's former pure-Python edit-distance check, kept as the reference that the
rapidfuzz-backed :func:`tapwright.locator.text.within_edits` is measured against: the
differential tests (tests/locator/test_text_differential.py) and ``make bench``
(bench/bench_locator.py, before/after timings) use it. Nothing on the hot path calls it."""

from __future__ import annotations


def within_edits_python(a: str, b: str, limit: int) -> bool:
    """Whether the Levenshtein distance between ``a`` and ``b`` is at most ``limit`` (banded, early exit)."""
    if abs(len(a) - len(b)) > limit:
        return False
    if a == b:
        return True
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        low = max(1, i - limit)
        high = min(len(b), i + limit)
        if low > 1:
            current[low - 1] = limit + 1
        for j in range(low, high + 1):
            cost = 0 if ca == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if high < len(b):
            current[high + 1 :] = [limit + 1] * (len(b) - high)
        if min(current[low - 1 : high + 1]) > limit:
            return False
        previous = current
    return previous[len(b)] <= limit
