"""The trust corpus (tests/trust): its cases, its split, and the honesty figures of a run.

A run counts each step as right, refused (failed saying why, also when over-cautious) or
silently wrong (reported passed having done something else, or a false check reported
passed). Shared by tests/trust/test_trust.py and bench/bench_trust.py.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from corpus_runner import RIGHT, WRONG, Case, Outcome, load_cases

HERE = Path(__file__).parent
PAGES = HERE / "pages"
CASE_FILES = sorted(HERE.glob("cases_*.yaml"))
SPLIT = yaml.safe_load((HERE / "split.yaml").read_text(encoding="utf-8"))


def cases(half: str | None = None) -> list[Case]:
    """Every trust case, or those of one half of the split (``tuning`` or ``held_back``)."""
    every = load_cases(CASE_FILES, PAGES)
    if half is None:
        return every
    pages = set(SPLIT[half])
    return [c for c in every if c.page in pages]


def figures(outcomes: list[Outcome]) -> dict[str, int]:
    return {
        "steps": len(outcomes),
        "right": sum(o.verdict == RIGHT for o in outcomes),
        "refused": sum(o.verdict not in (RIGHT, WRONG) for o in outcomes),
        "silently wrong": sum(o.verdict == WRONG for o in outcomes),
        "false passes": sum(o.false_pass for o in outcomes),
    }


def line(name: str, outcomes: list[Outcome]) -> str:
    f = figures(outcomes)
    rate = f["right"] / f["steps"] if f["steps"] else 0.0
    return (f"{name}: {f['steps']} steps, {f['right']} right ({rate:.1%}), {f['refused']} refused, "
            f"{f['silently wrong']} silently wrong ({f['false passes']} false passes)")  # fmt: skip
