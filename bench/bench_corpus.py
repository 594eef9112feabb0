"""The blind instruction corpus (issue 10): how many plain-English steps do what they say on the first try.

Runs every case of ``tests/corpus/cases_*.yaml`` (about 370 steps over 24 pages written
without looking at the planner or the locator) with the offline rules planner in real
Chromium, checks each step's effect in the page, and prints the first-try rate overall
and per class of the issue, plus every miss with its reason.

    target: >= 90% first-try, 0 model calls

``--record FILE`` also writes the summary and the misses to FILE.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "corpus"))

from corpus_runner import Outcome, load_cases, run_cases, summary

from tapwright.drivers.web import BrowserOptions, WebBrowser

TARGET = 0.90
CLASSES = {
    1: "own words on the page", 2: "unlabelled controls", 3: "ordinals and positions", 4: "several values/targets",
    5: "words not in the target", 6: "widget words", 7: "tables", 8: "relations", 9: "typed inputs",
    10: "verbs and sentence shapes", 11: "count assertions", 12: "YAML ': ' pitfall",
}  # fmt: skip


async def _run() -> tuple[list[Outcome], float]:
    cases = load_cases()
    started = time.perf_counter()
    async with await WebBrowser.launch(BrowserOptions()) as browser:
        outcomes = await run_cases(cases, browser)
    return outcomes, time.perf_counter() - started


def report(outcomes: list[Outcome], seconds: float) -> str:
    s = summary(outcomes)
    lines = [
        f"corpus: {s['cases']} instructions over {s['pages']} pages, {seconds:.0f}s",
        f"first-try rate: {s['passed']}/{s['cases']} = {s['rate']:.1%}  (target >= {TARGET:.0%})",
        f"model calls: {s['llm_calls']}  (target 0)",
        f"honesty: {s['right']} right, {s['refused']} refused, {s['silently wrong']} silently wrong"
        f" (of which {s['false passes']} false passes)",
        "per class:",
    ]
    for c, (ok, n) in s["per_class"].items():
        lines.append(f"  {c:>2} {CLASSES.get(c, '?'):<28} {ok:>3}/{n:<3} {ok / n:.0%}")
    misses = [o for o in outcomes if not o.ok]
    lines.append(f"misses ({len(misses)}):")
    for o in misses:
        msg = (o.error_message or "").replace("\n", " ")[:160]
        lines.append(f"  [{o.case.source}] ({o.verdict}) {o.case.label}\n      -> {o.why}" + (f" | {msg}" if msg else ""))
    return "\n".join(lines)


def main() -> int:
    args = sys.argv[1:]
    outcomes, seconds = asyncio.run(_run())
    text = report(outcomes, seconds)
    print(text)
    if "--record" in args:
        path = Path(args[args.index("--record") + 1])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    s = summary(outcomes)
    return 0 if s["rate"] >= TARGET and s["llm_calls"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
