"""A hand-built run with hostile text (markup in names, steps and errors) for the report tests."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import Any

from tapwright.runner.results import RunResult, ScenarioResult, StepResult

HOSTILE = '<script>document.title="pwned"</script><img src=x onerror="document.title=\'pwned\'">'


def _png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = zlib.compress((b"\x00" + b"\xcc\x22\x22" * width) * height)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def _call(tool: str, args: dict[str, Any], status: str, line: str) -> dict[str, Any]:
    return {"index": 0, "tool": tool, "args": args, "status": status, "status_line": line, "duration_ms": 12.0}


def build_run(report_dir: Path) -> RunResult:
    """Two scenarios: one passed, one failed with markup in its name, step text and error message."""
    shot = report_dir / "screenshots" / "s1.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    shot.write_bytes(_png(64, 40))
    ok_step = StepResult(index=0, text='Click "Log in"', status="passed", planner="rules", status_line="TAPPED: (1,2)",
                         plan={"steps": [{"tool": "web.click", "args": {"target": "Log in"}}]},
                         trace={"status": "passed", "calls": [_call("web.click", {"target": "Log in"}, "ok", "OK")]},
                         duration_ms=40, screenshot="screenshots/s1.png")  # fmt: skip
    bad_step = StepResult(index=1, text=f"I should see {HOSTILE}", status="failed", planner="llm",
                          status_line=f"ERROR: [ASSERTION_FAILED] text {HOSTILE} not found",
                          error_code="ASSERTION_FAILED", error_message=f"text {HOSTILE} not found on the page",
                          trace={"status": "failed", "calls": [_call("web.verify_text", {"text": HOSTILE}, "failed", "ERROR")]},
                          usage={"llm_calls": 1, "prompt_tokens": 321, "completion_tokens": 45, "latency_ms": 5.0},
                          screenshot="screenshots/s1.png", duration_ms=900)  # fmt: skip
    skipped = StepResult(index=2, text="Click Save", status="skipped", status_line="SKIPPED: an earlier step failed")
    passed = ScenarioResult(name="Signs in", source="suite/login.yaml", line=1, index=0, status="passed",
                            steps=[ok_step], duration_ms=500, attempts=1)  # fmt: skip
    failed = ScenarioResult(name=f"Hostile {HOSTILE}", source="suite/evil.md", line=3, index=1, status="failed",
                            steps=[ok_step, bad_step, skipped], duration_ms=1500, attempts=1, tags=["smoke"])  # fmt: skip
    return RunResult(scenarios=[passed, failed], duration_ms=2000)
