"""Locator speed: rank() on synthetic trees of ~600 and ~12,000 elements vs a trivial baseline.

The baseline is a linear scan doing exact lower-case name equality - the least any
locator must do. Both run in the same process on the same trees; medians of N runs.
"cold" includes building the per-tree index (first query on a fresh snapshot),
"warm" reuses it (every further query on the same snapshot).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable

from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.locator import index as locator_index
from tapwright.locator import rank

WORDS = ("save", "delete", "edit", "open", "share", "archive", "details", "report", "invoice", "order", "profile",
         "settings", "export", "import", "refresh", "filter", "sort", "download", "upload", "preview")  # fmt: skip
ROLES = ("button", "link", "textbox", "checkbox", "text", "cell")
QUERIES = ("Delete in the row for user 417", "the 3rd Delete button", "the second Export link", "Email field", "blue Save button",
           "checkbox next to Subscribe 12", "Frobnicate")  # fmt: skip


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
        for q in QUERIES[:1]:
            rank(tree, q)

    def warm() -> None:
        for q in QUERIES:
            rank(tree, q)

    def base() -> None:
        for q in QUERIES:
            baseline(tree, q)

    rank(tree, QUERIES[0])  # build the index once for the warm runs
    out = {
        "warm_ms_per_query": median_ms(warm, runs) / len(QUERIES),
        "baseline_ms_per_query": median_ms(base, runs) / len(QUERIES),
    }
    out["cold_ms_first_query"] = median_ms(cold, max(3, runs // 4))
    return out


def main() -> int:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (timings are wall clock)")
    for n, runs in ((600, 40), (12_000, 12)):
        m = measure(n, runs)
        ratio = m["warm_ms_per_query"] / m["baseline_ms_per_query"]
        print(f"locator rank, {n:>6} elements: warm {m['warm_ms_per_query']:.2f} ms/query, "
              f"cold (index + query) {m['cold_ms_first_query']:.1f} ms, "
              f"baseline exact-name scan {m['baseline_ms_per_query']:.2f} ms/query, "
              f"warm/baseline ratio {ratio:.2f}")  # fmt: skip
        if n >= 12_000 and m["warm_ms_per_query"] > 50:
            print("  target missed: warm rank of 12,000 elements should stay well under 50 ms")
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
