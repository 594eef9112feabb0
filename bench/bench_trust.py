"""The trust corpus: is "passed" true? Steps right / refused / silently wrong, per half of the split.

Runs every case of ``tests/trust/cases_*.yaml`` (steps written blind over pages full of
near-miss decoys) with the offline rules planner in real Chromium and prints, for the
tuning half and the held-back half: steps right, refused (failed saying why, including
over-cautious refusals) and silently wrong (reported passed having done something else;
false passes are checks that passed although what they state is false).

    target: 0 silently wrong, 0 false passes, on both halves

``--record FILE`` also writes the figures and every tuning case not right to FILE. The held-back half's
cases are counted, never listed (``--show-held-back`` lists them, for after a round is over; ``--held-back-wrongs``
lists only the held-back cases silently wrong, by source and step, which the ratchet of ``tests/trust/test_trust.py``
must name). ``--batches i,j`` runs only the cases of ``cases_i.yaml`` and ``cases_j.yaml`` (a new batch's first run).
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "corpus"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "trust"))

from corpus_runner import RIGHT, Outcome, run_cases
from trust_corpus import cases, line

from tapwright.drivers.web import BrowserOptions, WebBrowser


def _batches() -> set[str] | None:
    """The case files ``--batches a,b`` names (``cases_a.yaml``, ``cases_b.yaml``); None: every one."""
    if "--batches" not in sys.argv:
        return None
    names = sys.argv[sys.argv.index("--batches") + 1]
    return {f"cases_{n.strip().lower()}.yaml" for n in names.split(",") if n.strip()}


async def _run() -> tuple[dict[str, list[Outcome]], float]:
    started = time.perf_counter()
    out: dict[str, list[Outcome]] = {}
    only = _batches()
    async with await WebBrowser.launch(BrowserOptions()) as browser:
        for half in ("tuning", "held_back"):
            chosen = [c for c in cases(half) if only is None or c.source.split("[")[0] in only]
            out[half] = await run_cases(chosen, browser)
    return out, time.perf_counter() - started


def report(halves: dict[str, list[Outcome]], seconds: float) -> str:
    lines = [f"trust corpus, {seconds:.0f}s, offline rules planner, 0 model calls"]
    lines += [line(half, outcomes) for half, outcomes in halves.items()]
    lines.append(line("all", [o for v in halves.values() for o in v]))
    lines.append("  (held-back cases: totals only; their lines are not shown, so the half stays unseen)")
    for half, outcomes in halves.items():
        every = half != "held_back" or "--show-held-back" in sys.argv
        if not every and "--held-back-wrongs" not in sys.argv:
            continue
        for o in outcomes:
            if not every and o.verdict == "silently wrong":
                lines.append(f"  [{half} {o.case.source}] silently wrong: {o.case.step!r}")
            elif every and o.verdict != RIGHT:
                msg = (o.error_message or "").replace("\n", " ")[:200]
                lines.append(f"  [{half} {o.case.source}] ({o.verdict}) {o.case.label}\n      -> {o.why}"
                             + (f" | {msg}" if msg else ""))  # fmt: skip
    return "\n".join(lines)


def main() -> int:
    args = sys.argv[1:]
    halves, seconds = asyncio.run(_run())
    text = report(halves, seconds)
    print(text)
    if "--record" in args:
        path = Path(args[args.index("--record") + 1])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    wrong = sum(o.verdict == "silently wrong" for v in halves.values() for o in v)
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
