"""The JSON trace: every scenario, step, plan and call (with redacted arguments) and its result.

It holds what is needed to replay a run: each step's plan can be fed back to
``tapwright exec`` or the Executor, with the scenario's vars and secret names.
"""

from __future__ import annotations

import json
from pathlib import Path

from tapwright.runner.results import RunResult


def render_json(run: RunResult) -> str:
    """The run as compact JSON (UTF-8, keys in a stable order).

    Compact, not indented: the standard library encodes indented JSON in pure Python, about ten
    times slower, and a merged suite of thousands of scenarios is tens of megabytes of it.
    ``python -m json.tool trace.json`` indents it for reading.
    """
    return json.dumps(run.to_dict(), ensure_ascii=False, default=str, separators=(",", ":")) + "\n"


def load_trace(path: str | Path) -> RunResult:
    """Read a ``trace.json`` back into a :class:`RunResult`."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return RunResult.from_dict(data)
