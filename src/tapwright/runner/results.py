"""Run outcomes: what happened to every step and scenario, in a JSON-ready shape.

Results are plain values. The reports (HTML, JUnit, JSON trace) read them; nothing
in here touches a browser. Every text a result holds has already been redacted by
the runner (secrets never reach a result).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any, Literal

StepStatus = Literal["passed", "failed", "skipped", "cancelled"]
ScenarioStatus = Literal["passed", "failed", "flaky", "skipped", "cancelled"]
Phase = Literal["setup", "step", "teardown"]

RESULTS_VERSION = 1

# A runner message that carries its ErrorCode reads "[CODE] what happened".
_CODED = re.compile(r"^\[([A-Z_]+)\] (.*)$", re.DOTALL)


@dataclass(slots=True)
class StepResult:
    """One test step as it ran (or did not run).

    ``plan`` is the redacted plan dict the step compiled to; ``trace`` is the
    redacted :class:`~tapwright.plan.trace.PlanTrace` as a dict (calls with their
    args, attempts, results); ``screenshot`` is a path relative to the report folder.
    """

    index: int
    text: str
    phase: Phase = "step"
    line: int | None = None
    keyword: str | None = None
    status: StepStatus = "skipped"
    planner: str | None = None
    plan: dict[str, Any] | None = None
    trace: dict[str, Any] | None = None
    status_line: str = ""
    error_code: str | None = None
    error_message: str | None = None
    duration_ms: float = 0.0
    plan_ms: float = 0.0
    screenshot: str | None = None
    usage: dict[str, Any] | None = None
    cached: bool = False
    answer: str | None = None
    revisions: int = 0  # plans the planner revised after a failure (the LLM's correction loop)
    reading: list[str] = field(default_factory=list)  # how the planner read the step's words (redacted)
    notes: list[str] = field(default_factory=list)  # how the step was planned, when worth saying (a refused cache entry)
    # Problems the page reported while the step ran (PageEvent dicts: console errors, failed requests ...).
    page_events: list[dict[str, Any]] = field(default_factory=list)
    # The elements the step acted on: boxes as fractions of the screen, with role and name (the report
    # outlines them on the picture before the step).
    marks: list[dict[str, Any]] = field(default_factory=list)
    # Run although an earlier step of its scenario had failed (``--keep-going``): its page may not be
    # in the state the step was written for.
    after_failure: bool = False

    @property
    def calls(self) -> list[dict[str, Any]]:
        """The tool calls of the step's trace (empty when it never ran)."""
        if not self.trace:
            return []
        calls: list[dict[str, Any]] = self.trace.get("calls", [])
        return calls

    @property
    def error_text(self) -> str:
        """``"[CODE] message"``, or whichever of the two the step has (never ``"[None]"``), or ``""``."""
        code = f"[{self.error_code}]" if self.error_code else ""
        return " ".join(part for part in (code, self.error_message or "") if part)

    @property
    def reason(self) -> str:
        """Why the step did not pass, in words: its error message, else its status line, else a plain note."""
        if self.error_message or self.status_line:
            return self.error_message or self.status_line
        return f"the step {self.status} with no {'message' if self.error_code else 'error code or message'}"

    @property
    def llm_calls(self) -> int:
        return int((self.usage or {}).get("llm_calls", 0))

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "phase": self.phase,
            "text": self.text,
            "line": self.line,
            "keyword": self.keyword,
            "status": self.status,
            "planner": self.planner,
            "plan": self.plan,
            "trace": self.trace,
            "status_line": self.status_line,
            "error_code": self.error_code,
            "error_message": self.error_message,
            "duration_ms": round(self.duration_ms, 3),
            "plan_ms": round(self.plan_ms, 3),
            "screenshot": self.screenshot,
            "usage": self.usage,
            "cached": self.cached,
            "answer": self.answer,
            "revisions": self.revisions,
            "reading": self.reading,
            "notes": self.notes,
            "page_events": self.page_events,
            "marks": self.marks,
            "after_failure": self.after_failure,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> StepResult:
        fields: dict[str, Any] = {k: data[k] for k in _STEP_FIELDS if k in data}
        return cls(**fields)


_STEP_FIELDS = tuple(StepResult.__dataclass_fields__)


@dataclass(frozen=True, slots=True)
class Failure:
    """Why a scenario did not pass, in the one shape every output shows (console, JUnit, HTML, JSON, pytest).

    Attributes:
        code: The ErrorCode's value (``ELEMENT_NOT_FOUND``), or None when the failure carried none.
        message: What went wrong, already redacted.
        step: The step that failed, or None when the runner failed the scenario outside any step
            (a browser that would not start, an unexpected error).
        where: ``file:line`` of the failing step (or of the scenario), or the file alone, or "".
    """

    code: str | None
    message: str
    step: StepResult | None = None
    where: str = ""

    @property
    def text(self) -> str:
        """``"[CODE] message"`` (the code left out when there is none)."""
        return f"[{self.code}] {self.message}" if self.code else self.message

    def to_dict(self) -> dict[str, Any]:
        step = self.step
        return {
            "code": self.code,
            "message": self.message,
            "where": self.where,
            "step": None if step is None else {"index": step.index, "phase": step.phase, "text": step.text, "line": step.line},
        }


@dataclass(slots=True)
class ScenarioResult:
    """One scenario: its steps (setup, steps, teardown in order) and its outcome.

    ``attempts`` counts runs (more than 1 with ``--retries``); ``previous`` keeps the
    failed attempts before the last one, so a flaky scenario shows why it was flaky.
    """

    name: str
    source: str = ""
    line: int | None = None
    index: int = 0
    tags: list[str] = field(default_factory=list)
    base_url: str | None = None
    vars: dict[str, Any] = field(default_factory=dict)
    secret_names: list[str] = field(default_factory=list)
    status: ScenarioStatus = "skipped"
    steps: list[StepResult] = field(default_factory=list)
    duration_ms: float = 0.0
    started_at: float = 0.0
    attempts: int = 0
    previous: list[ScenarioResult] = field(default_factory=list)
    trace_file: str | None = None
    message: str | None = None
    platform: str = "web"  # the platform its steps ran on (web, android, desktop ...)
    ran_on: str | None = None  # the environment it ran in, when it says (a browser endpoint, a device serial)
    lost: list[str] = field(default_factory=list)  # environments that died under it (it was retried elsewhere)

    @property
    def id(self) -> str:
        return f"{self.source}::{self.name}" if self.source else self.name

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "flaky")

    @property
    def failed_step(self) -> StepResult | None:
        for step in self.steps:
            if step.status in ("failed", "cancelled"):
                return step
        return None

    @property
    def failure(self) -> Failure | None:
        """Why the scenario failed or was cancelled (None when it passed, was flaky or never ran)."""
        if self.status not in ("failed", "cancelled"):
            return None
        step = self.failed_step
        if step is not None:
            line = step.line or self.line
            where = f"{self.source}:{line}" if self.source and line else self.source
            return Failure(step.error_code, step.reason, step, where)
        where = f"{self.source}:{self.line}" if self.source and self.line else self.source
        text = self.message or ("the run was interrupted" if self.status == "cancelled" else "failed outside any step")
        match = _CODED.match(text)
        if match:
            return Failure(match.group(1), match.group(2), None, where)
        return Failure("CANCELLED" if self.status == "cancelled" else None, text, None, where)

    def usage(self) -> dict[str, Any]:
        return _sum_usage(s.usage for s in self.steps)

    def to_dict(self) -> dict[str, Any]:
        failure = self.failure
        return {
            "id": self.id,
            "name": self.name,
            "source": self.source,
            "line": self.line,
            "index": self.index,
            "tags": self.tags,
            "base_url": self.base_url,
            "vars": self.vars,
            "secret_names": self.secret_names,
            "status": self.status,
            "duration_ms": round(self.duration_ms, 3),
            "started_at": self.started_at,
            "attempts": self.attempts,
            "trace_file": self.trace_file,
            "message": self.message,
            "failure": failure.to_dict() if failure is not None else None,
            "platform": self.platform,
            "ran_on": self.ran_on,
            "lost": self.lost,
            "usage": self.usage(),
            "steps": [s.to_dict() for s in self.steps],
            "previous": [p.to_dict() for p in self.previous],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScenarioResult:
        plain = {k: data[k] for k in _SCENARIO_FIELDS if k in data and k not in ("steps", "previous")}
        result = cls(**plain)
        result.steps = [StepResult.from_dict(s) for s in data.get("steps", [])]
        result.previous = [cls.from_dict(p) for p in data.get("previous", [])]
        return result


_SCENARIO_FIELDS = tuple(ScenarioResult.__dataclass_fields__)


@dataclass(slots=True)
class RunResult:
    """A whole run: every scenario in file order, and whether it was interrupted."""

    scenarios: list[ScenarioResult] = field(default_factory=list)
    started_at: float = field(default_factory=time.time)
    duration_ms: float = 0.0
    interrupted: bool = False
    planner: str = "rules"
    jobs: int = 1
    shard: dict[str, int] | None = None  # {"index": i, "total": n} for one shard of a split suite
    merged_from: list[str] = field(default_factory=list)  # the report folders a merge read

    @property
    def ok(self) -> bool:
        return not self.interrupted and all(s.ok for s in self.scenarios)

    def counts(self) -> dict[str, int]:
        """Scenarios per status (passed, failed, flaky, skipped, cancelled) and the total."""
        out = dict.fromkeys(("passed", "failed", "flaky", "skipped", "cancelled"), 0)
        for s in self.scenarios:
            out[s.status] += 1
        out["total"] = len(self.scenarios)
        return out

    def step_counts(self) -> dict[str, int]:
        out = dict.fromkeys(("passed", "failed", "skipped", "cancelled"), 0)
        for s in self.scenarios:
            for step in s.steps:
                out[step.status] += 1
        return out

    def usage(self) -> dict[str, Any]:
        return _sum_usage(step.usage for s in self.scenarios for step in s.steps)

    def summary_line(self) -> str:
        c = self.counts()
        parts = [f"{c['passed']} passed", f"{c['failed']} failed"]
        parts += [f"{c[k]} {k}" for k in ("flaky", "skipped", "cancelled") if c[k]]
        tail = " (interrupted)" if self.interrupted else ""
        return f"{c['total']} scenario{'' if c['total'] == 1 else 's'}: " + ", ".join(parts) + f" in {self.duration_ms / 1000:.1f}s{tail}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": RESULTS_VERSION,
            "tool": "tapwright",
            "started_at": self.started_at,
            "duration_ms": round(self.duration_ms, 3),
            "interrupted": self.interrupted,
            "ok": self.ok,
            "planner": self.planner,
            "jobs": self.jobs,
            "shard": self.shard,
            "merged_from": self.merged_from,
            "counts": self.counts(),
            "step_counts": self.step_counts(),
            "usage": self.usage(),
            "scenarios": [s.to_dict() for s in self.scenarios],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunResult:
        return cls(
            scenarios=[ScenarioResult.from_dict(s) for s in data.get("scenarios", [])],
            started_at=float(data.get("started_at", 0.0)),
            duration_ms=float(data.get("duration_ms", 0.0)),
            interrupted=bool(data.get("interrupted", False)),
            planner=str(data.get("planner", "rules")),
            jobs=int(data.get("jobs", 1)),
            shard=data.get("shard"),
            merged_from=[str(x) for x in data.get("merged_from") or []],
        )


def _sum_usage(items: Any) -> dict[str, Any]:
    total = {"llm_calls": 0, "prompt_tokens": 0, "completion_tokens": 0, "latency_ms": 0.0}
    for usage in items:
        if not usage:
            continue
        for key in total:
            total[key] += usage.get(key, 0) or 0
    total["latency_ms"] = round(float(total["latency_ms"]), 3)
    return total
