"""The honesty audit set (tests/audit): steps a sloppy tool would pass silently wrong. Right / refused / silently wrong.

Runs every case of ``tests/audit/cases.yaml`` with the offline rules planner in real Chromium and prints
the three figures, then each case that is not right. ``--record FILE`` also writes them to FILE with the
date and the machine's load.

    target: 0 silently wrong, 0 false passes
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "corpus"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "trust"))

from corpus_runner import RIGHT, Outcome, load_cases, run_cases
from trust_corpus import line

from tapwright.drivers.web import BrowserOptions, WebBrowser

AUDIT = Path(__file__).resolve().parent.parent / "tests" / "audit"


async def _run() -> tuple[list[Outcome], float]:
    started = time.perf_counter()
    async with await WebBrowser.launch(BrowserOptions()) as browser:
        outcomes = await run_cases(load_cases([AUDIT / "cases.yaml"], AUDIT / "pages"), browser)
    return outcomes, time.perf_counter() - started


def report(outcomes: list[Outcome], seconds: float) -> str:
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"honesty audit set, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {seconds:.0f}s, load average {load}, "
             "offline rules planner, 0 model calls", line("audit", outcomes)]  # fmt: skip
    for o in outcomes:
        if o.verdict != RIGHT:
            msg = (o.error_message or "").replace("\n", " ")[:200]
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
