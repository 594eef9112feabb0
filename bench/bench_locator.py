"""Locator speed: rank() on synthetic trees of ~600 and ~12,000 elements vs a trivial baseline.

The baseline is a linear scan doing exact lower-case name equality - the least any
locator must do. Both run in the same process on the same trees; medians of N runs.
"cold" includes building the per-tree index (first query on a fresh snapshot),
"warm" reuses it (every further query on the same snapshot).

Each size is measured twice in the same run: with the locator's edit-distance check as it
ships (rapidfuzz, C) and with the former pure-Python check ("python edits", the baseline of
issue 18), so the before/after ratio is measured on the same machine under the same load.
"""

from __future__ import annotations

import functools
import os
import random
import statistics
import time
from collections.abc import Callable

from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.locator import index as locator_index
from tapwright.locator import rank, score, text
from tapwright.locator._levenshtein_py import within_edits_python

WORDS = ("save", "delete", "edit", "open", "share", "archive", "details", "report", "invoice", "order", "profile",
         "settings", "export", "import", "refresh", "filter", "sort", "download", "upload", "preview")  # fmt: skip
ROLES = ("button", "link", "textbox", "checkbox", "text", "cell")
QUERIES = ("Delete in the row for user 417", "the 3rd Delete button", "the second Export link", "Email field", "blue Save button",
           "checkbox next to Subscribe 12", "Frobnicate")  # fmt: skip
TYPO_QUERIES = ("Dowload reprot", "Settigns link", "Delte button")  # the edit-distance path


def synthetic_tree(n: int, seed: int = 7) -> UiTree:
    """A table-like page: rows of cells, per-row buttons and links, some fields, colours and contexts."""
    rnd = random.Random(seed)
    elements = []
    for i in range(n):
        row = i // 6
        role = ROLES[i % len(ROLES)]
        name = (
            f"{rnd.choice(WORDS).title()} {rnd.choice(WORDS)}" if role != "cell" else f"user {row} row{row}@example.com"
        )
        if role == "button" and row % 2 == 1:
            name = "Delete"  # a per-row action: 1,000 identical buttons told apart by their row
        if i % 97 == 0:
            name = "Email address"
        if i % 131 == 0:
            name = f"Subscribe {row}"
        attrs = {"tag": "button" if role == "button" else "div", "id": f"id-{i}"}
        if role == "button":
            attrs["background"] = rnd.choice(("rgb(13, 110, 253)", "rgb(220, 53, 69)", "rgb(108, 117, 125)"))
        elements.append(Element(
            ref=f"e{i + 1}", role=role, name=name, text=name if role in {"text", "cell", "link"} else "",
            attrs=attrs, state=ElementState(visible=rnd.random() > 0.05),
            rect=Rect(40 + (i % 6) * 150, 20 + row * 32, 140, 28),
            context=(f"row:user {row} | row{row}@example.com",) if role != "text" else (),
            interactive=role not in {"text", "cell"},
        ))  # fmt: skip
    return UiTree(elements=tuple(elements), url="bench://synthetic", title="synthetic")


def baseline(tree: UiTree, description: str) -> list[Element]:
    wanted = description.lower()
    return [e for e in tree.elements if e.name.lower() == wanted]


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def measure(n: int, runs: int) -> dict[str, float]:
    tree = synthetic_tree(n)

    def cold() -> None:
        locator_index._cache.clear()
        text.within_edits.cache_clear()
        for q in QUERIES[:1]:
            rank(tree, q)

    def cold_typo() -> None:
        locator_index._cache.clear()
        text.within_edits.cache_clear()
        rank(tree, "Dowload reprot")

    def warm() -> None:
        for q in QUERIES:
            rank(tree, q)

    def warm_typo() -> None:
        for q in TYPO_QUERIES:
            rank(tree, q)

    def base() -> None:
        for q in QUERIES:
            baseline(tree, q)

    rank(tree, QUERIES[0])  # build the index once for the warm runs
    out = {
        "warm_ms_per_query": median_ms(warm, runs) / len(QUERIES),
        "baseline_ms_per_query": median_ms(base, runs) / len(QUERIES),
        "warm_ms_typo_query": median_ms(warm_typo, runs) / len(TYPO_QUERIES),
    }
    out["cold_ms_first_query"] = median_ms(cold, max(3, runs // 4))
    out["cold_ms_typo_query"] = median_ms(cold_typo, max(3, runs // 4))
    return out


def _with_edits(check: Callable[[str, str, int], bool], n: int, runs: int) -> dict[str, float]:
    """measure() with ``check`` (behind the same lru_cache as shipped) as the locator's edit-distance test."""
    saved = text.within_edits
    text.within_edits = score.within_edits = functools.lru_cache(maxsize=65536)(check)
    try:
        return measure(n, runs)
    finally:
        text.within_edits = score.within_edits = saved


def main() -> int:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (timings are wall clock)")
    failed = 0
    for n, runs in ((600, 40), (12_000, 12)):
        # Before and after alternate in rounds, so a change of machine load hits both alike.
        rounds = [(_with_edits(within_edits_python, n, max(3, runs // 3)),
                   _with_edits(text.within_edits.__wrapped__, n, max(3, runs // 3))) for _ in range(3)]  # fmt: skip
        before = {k: statistics.median(r[0][k] for r in rounds) for k in rounds[0][0]}
        m = {k: statistics.median(r[1][k] for r in rounds) for k in rounds[0][1]}
        ratio = m["warm_ms_per_query"] / m["baseline_ms_per_query"]
        print(f"locator rank, {n:>6} elements: warm {m['warm_ms_per_query']:.2f} ms/query, "
              f"cold (index + query) {m['cold_ms_first_query']:.1f} ms, "
              f"baseline exact-name scan {m['baseline_ms_per_query']:.2f} ms/query, "
              f"warm/baseline ratio {ratio:.2f}")  # fmt: skip
        print(f"  edit distance, python (before) -> rapidfuzz (after): "
              f"warm {before['warm_ms_per_query']:.2f} -> {m['warm_ms_per_query']:.2f} ms/query "
              f"(x{before['warm_ms_per_query'] / m['warm_ms_per_query']:.2f}), "
              f"warm typo {before['warm_ms_typo_query']:.2f} -> {m['warm_ms_typo_query']:.2f} ms/query "
              f"(x{before['warm_ms_typo_query'] / m['warm_ms_typo_query']:.2f}), "
              f"cold {before['cold_ms_first_query']:.1f} -> {m['cold_ms_first_query']:.1f} ms "
              f"(x{before['cold_ms_first_query'] / m['cold_ms_first_query']:.2f}), "
              f"cold typo query {before['cold_ms_typo_query']:.1f} -> {m['cold_ms_typo_query']:.1f} ms "
              f"(x{before['cold_ms_typo_query'] / m['cold_ms_typo_query']:.2f})")  # fmt: skip
        if n >= 12_000 and m["warm_ms_per_query"] > 50:
            print("  target missed: warm rank of 12,000 elements should stay well under 50 ms")
            failed = 1
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
