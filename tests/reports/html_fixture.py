"""A run that reaches every part of the HTML report (for the byte-exact page test)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from report_support import _png

from tapwright.runner.results import RunResult, ScenarioResult, StepResult


def _cands(n: int) -> list[dict[str, Any]]:
    return [{"ref": f"e{i}", "role": "button", "name": f"Save {i}", "score": 0.9 - i / 100, "reasons": ["name", "role"],
             "context": ["main", "form"]} for i in range(n)]  # fmt: skip


def rich_run(report_dir: Path) -> RunResult:
    """Every branch: candidates (over the limit), page events of each kind, fallbacks, model usage,
    linked screenshots, a before/after pair with the element acted on outlined (one box off the picture), a keyword, a setup phase, a failed attempt, tags, a trace file, a lost environment."""
    (report_dir / "shots").mkdir(parents=True, exist_ok=True)
    (report_dir / "shots" / "a b.PNG").write_bytes(_png(2, 2))
    (report_dir / "shots" / "before.png").write_bytes(_png(400, 200))
    failing_call = {"index": 1, "tool": "web.click", "args": {"target": "Save"}, "status": "failed",
                    "status_line": "AMBIGUOUS: 6 match", "duration_ms": 33.4,
                    "fallback": {"tool": "web.press_key", "status": "failed"},
                    "attempts": [{"result": {"data": {"candidates": "not a list"}}},
                                 {"result": {"data": {"candidates": [*_cands(6), "junk"]}}}]}  # fmt: skip
    ok_call = {"tool": "web.snapshot", "args": {}, "status": "ok", "status_line": "OK", "duration_ms": 2}
    events = [{"kind": "console", "message": "boom", "count": 3}, {"kind": "request", "status": 500, "url": "/api", "message": "failed"},
              {"kind": "dialog", "message": "Sure?"}, {"kind": "download", "message": "a.csv"}, {"kind": "dialog", "message": "Again?"},
              {"kind": "weird", "message": "x", "count": 1}]  # fmt: skip
    setup = StepResult(index=0, text="Open /shop", phase="setup", keyword="Given", status="passed", planner="rules", cached=True,
                       status_line="OK: /shop", duration_ms=12.6, plan_ms=1.4, line=4, screenshot="shots/before.png")  # fmt: skip
    marks = [{"x": 0.25, "y": 0.5, "width": 0.5, "height": 0.125, "role": "button", "name": "Save <1>"},
             {"x": 0.1, "y": 1.5, "width": 0.2, "height": 0.1, "role": "button", "name": "below the fold"}]  # fmt: skip
    failed = StepResult(index=1, text="Save the form", keyword="When", status="failed", planner="llm", line=5,
                        status_line="AMBIGUOUS: 6 match", error_code="AMBIGUOUS", error_message="6 buttons named Save",
                        trace={"calls": [ok_call, failing_call]}, page_events=events, screenshot="shots/a b.PNG", marks=marks,
                        usage={"llm_calls": 2, "prompt_tokens": 100, "completion_tokens": 20},
                        plan={"steps": [{"tool": "web.click", "args": {"target": "Save"}}]}, duration_ms=250.4)  # fmt: skip
    nocode = StepResult(index=2, text="When the page says no", keyword="When", status="failed", error_message="refused")
    later = StepResult(index=3, text="Click Done", status="skipped", usage={"llm_calls": 0})
    previous = ScenarioResult(name="Shop", status="failed", attempts=1,
                              steps=[StepResult(index=0, text="Open /shop", status="cancelled", error_code="CANCELLED")])  # fmt: skip
    old_runner = ScenarioResult(name="Shop", status="failed", attempts=2, message="[INTERNAL] died")
    return RunResult(
        scenarios=[
            ScenarioResult(name="Passes", source="a.md", line=1, index=0, status="passed", duration_ms=1000,
                           steps=[StepResult(index=0, text="Look", status="passed", status_line="OK")]),
            ScenarioResult(name="Shop", source="shop.feature", line=3, index=1, status="failed", duration_ms=3456.7,
                           tags=["smoke", "cart"], attempts=3, trace_file="traces/shop.zip", ran_on="ws://h:1/",
                           lost=["ws://gone:2/ closed"], message="step 2 failed", previous=[previous, old_runner],
                           steps=[setup, failed, nocode, later]),
            ScenarioResult(name="Skipped", source="b.md", line=9, index=2, status="skipped", message="@skip"),
            ScenarioResult(name="Stopped", source="b.md", line=7, index=3, status="cancelled", message="Ctrl-C",
                           platform="android"),
            ScenarioResult(name="Wobbly", source="b.md", line=8, index=4, status="flaky", attempts=2),
        ],
        duration_ms=5432.1, started_at=0.0, interrupted=True, planner="llm", jobs=2,
    )  # fmt: skip
