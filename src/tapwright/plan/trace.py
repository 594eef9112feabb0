"""Records of a plan run: every call with redacted args, attempts, durations and results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from tapwright.core.result import ToolError

CallStatus = Literal["pending", "ok", "failed", "skipped", "cancelled"]
PlanStatus = Literal["pending", "running", "passed", "failed", "cancelled"]


@dataclass(slots=True)
class Attempt:
    number: int
    duration_ms: float
    result: dict[str, Any]


@dataclass(slots=True)
class CallRecord:
    """One call of a plan as it ran. ``args`` are resolved and redacted."""

    index: int
    tool: str
    id: str | None = None
    description: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    status: CallStatus = "pending"
    attempts: list[Attempt] = field(default_factory=list)
    result: dict[str, Any] | None = None
    duration_ms: float = 0.0
    fallback: CallRecord | None = None
    used_fallback: bool = False

    @property
    def status_line(self) -> str:
        if self.result is not None:
            return str(self.result.get("status_line", ""))
        return self.status.upper()

    @property
    def error_code(self) -> str | None:
        if self.result and self.result.get("error"):
            return str(self.result["error"]["code"])
        return None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "index": self.index,
            "tool": self.tool,
            "id": self.id,
            "description": self.description,
            "args": self.args,
            "status": self.status,
            "status_line": self.status_line,
            "duration_ms": round(self.duration_ms, 3),
            "attempts": [{"number": a.number, "duration_ms": round(a.duration_ms, 3), "result": a.result} for a in self.attempts],
            "result": self.result,
        }
        if self.fallback is not None:
            out["fallback"] = self.fallback.to_dict()
            out["used_fallback"] = self.used_fallback
        return out


@dataclass(slots=True)
class PlanTrace:
    """The whole run of a plan."""

    calls: list[CallRecord] = field(default_factory=list)
    status: PlanStatus = "pending"
    error: ToolError | None = None
    duration_ms: float = 0.0
    outputs: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.status == "passed"

    @property
    def failed_call(self) -> CallRecord | None:
        for call in self.calls:
            if call.status in ("failed", "cancelled"):
                return call
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "error": self.error.to_dict() if self.error else None,
            "duration_ms": round(self.duration_ms, 3),
            "calls": [c.to_dict() for c in self.calls],
        }

    def render(self) -> str:
        """A readable multi-line trace."""
        lines = [f"plan {self.status.upper()} in {self.duration_ms:.0f} ms"]
        for call in self.calls:
            lines.extend(_render_call(call, "  "))
        if self.error is not None and self.failed_call is None:
            lines.append(f"  error: [{self.error.code.value}] {self.error.message}")
        return "\n".join(lines)


def _render_call(call: CallRecord, indent: str) -> list[str]:
    mark = {"ok": "✓", "failed": "✗", "skipped": "-", "cancelled": "!", "pending": "?"}[call.status]
    label = f"{call.id}: " if call.id else ""
    args = ", ".join(f"{k}={_short(v)}" for k, v in call.args.items())
    tries = f" [{len(call.attempts)} attempts]" if len(call.attempts) > 1 else ""
    lines = [f"{indent}{mark} {call.index + 1}. {label}{call.tool}({args}) {call.duration_ms:.0f} ms{tries}"]
    if call.status != "skipped":
        lines.append(f"{indent}    -> {call.status_line}")
    else:
        lines.append(f"{indent}    -> SKIPPED")
    if call.fallback is not None:
        lines.append(f"{indent}    fallback:")
        lines.extend(_render_call(call.fallback, indent + "      "))
    return lines


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
