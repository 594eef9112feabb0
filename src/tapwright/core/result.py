"""The one result contract every tool returns."""

from __future__ import annotations

import dataclasses
import enum
import json
from dataclasses import dataclass, field
from typing import Any

from tapwright.errors import ErrorCode, ToolFailure

# The status prefixes: what a status line starts with, so an LLM can pattern-match on it.
_FAILURE_PREFIX: dict[ErrorCode, str] = {
    ErrorCode.ELEMENT_NOT_FOUND: "NOT_FOUND",
    ErrorCode.AMBIGUOUS: "AMBIGUOUS",
    ErrorCode.NOT_VISIBLE: "NOT_VISIBLE",
    ErrorCode.TIMEOUT: "TIMEOUT",
}
STATUS_PREFIXES = ("OK", "TAPPED", "VISIBLE", "NOT_VISIBLE", "NOT_FOUND", "AMBIGUOUS", "ERROR", "TIMEOUT")
_SUCCESS_PREFIXES = ("OK", "TAPPED", "VISIBLE")
_SUMMARY_LIMIT = 160
_LINE_LIMIT = 500


def tapped_status(x: float, y: float) -> str:
    """The status of a tap or click: ``TAPPED: (x,y)``."""
    return f"TAPPED: ({round(x)},{round(y)})"


def visible_status(count: int) -> str:
    """The status of a visibility check: ``VISIBLE: 1 match`` / ``VISIBLE: 3 matches``."""
    return f"VISIBLE: {count} match" + ("" if count == 1 else "es")


def _one_line(text: str, limit: int = _LINE_LIMIT) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True, slots=True)
class ToolError:
    """Why a tool failed: a stable code, a message for people and models, and the cause."""

    code: ErrorCode
    message: str
    retriable: bool
    cause: str | None = None
    waited: bool = False
    """The tool reached this failure only after waiting its whole timeout for its condition
    (the element to appear, a check to hold): that wait was the retry, so the executor does not
    run the call again."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code.value, "message": self.message, "retriable": self.retriable}
        if self.cause is not None:
            out["cause"] = self.cause
        if self.waited:
            out["waited"] = True
        return out


@dataclass(frozen=True, slots=True)
class Screenshot:
    """A screenshot attached to a result."""

    mime_type: str = "image/png"
    path: str | None = None
    width: int | None = None
    height: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None}


@dataclass(slots=True)
class ToolResult:
    """What every tool returns. ``ok`` with ``data``, or not ``ok`` with ``error``.

    ``status`` optionally overrides the first words of :meth:`status_line` on
    success (for example ``"TAPPED: (120,48)"`` or ``"VISIBLE: 2 matches"``).
    """

    ok: bool
    data: Any = None
    error: ToolError | None = None
    screenshot: Screenshot | None = None
    duration_ms: float = 0.0
    status: str | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def success(cls, data: Any = None, *, status: str | None = None, screenshot: Screenshot | None = None) -> ToolResult:
        return cls(ok=True, data=data, status=status, screenshot=screenshot)

    @classmethod
    def failure(
        cls,
        code: ErrorCode,
        message: str,
        *,
        retriable: bool | None = None,
        cause: str | None = None,
        data: Any = None,
        waited: bool = False,
    ) -> ToolResult:
        error = ToolError(code, message, code.retriable if retriable is None else retriable, cause, waited)
        return cls(ok=False, data=data, error=error)

    @classmethod
    def from_failure(cls, exc: ToolFailure) -> ToolResult:
        return cls.failure(exc.code, exc.message, retriable=exc.retriable, cause=exc.cause, data=exc.data,
                           waited=getattr(exc, "waited", False))

    @property
    def code(self) -> ErrorCode | None:
        return self.error.code if self.error else None

    def status_line(self) -> str:
        """One line for an LLM, starting with a stable prefix.

        Success: ``OK``, or the tool's own ``status`` when it starts with ``OK``,
        ``TAPPED`` or ``VISIBLE`` (any other status gets ``OK: `` in front). Failure: ``NOT_FOUND`` / ``AMBIGUOUS`` / ``NOT_VISIBLE`` /
        ``TIMEOUT`` for those codes, ``ERROR`` for every other, then ``[CODE]``.
        """
        if self.ok:
            if self.status:
                status = _one_line(self.status)
                return status if status.split(":", 1)[0].strip() in _SUCCESS_PREFIXES else f"OK: {status}"
            summary = _summarize(self.data)
            return f"OK: {summary}" if summary else "OK"
        if self.error is None:  # a hand-built failure without an error: still one honest line
            return "ERROR: [INTERNAL] the tool failed without saying why"
        prefix = _FAILURE_PREFIX.get(self.error.code, "ERROR")
        return f"{prefix}: [{self.error.code.value}] {_one_line(self.error.message)}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict in the documented shape."""
        out: dict[str, Any] = {"ok": self.ok, "duration_ms": round(self.duration_ms, 3)}
        if self.ok or self.data is not None:
            out["data"] = to_jsonable(self.data)
        if self.error is not None:
            out["error"] = self.error.to_dict()
        if self.screenshot is not None:
            out["screenshot"] = self.screenshot.to_dict()
        out["status_line"] = self.status_line()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ToolResult:
        """Rebuild a result from :meth:`to_dict` output (a trace, a report, an MCP reply)."""
        err = data.get("error")
        shot = data.get("screenshot")
        error = None
        if isinstance(err, dict):
            code = ErrorCode(err["code"])
            error = ToolError(code, str(err.get("message", "")), bool(err.get("retriable", code.retriable)), err.get("cause"),
                              bool(err.get("waited", False)))
        status_line = data.get("status_line")
        return cls(
            ok=bool(data["ok"]),
            data=data.get("data"),
            error=error,
            screenshot=Screenshot(**shot) if isinstance(shot, dict) else None,
            duration_ms=float(data.get("duration_ms", 0.0)),
            status=status_line if data.get("ok") and isinstance(status_line, str) and status_line != "OK" else None,
        )


def _summarize(data: Any) -> str:
    if data is None:
        return ""
    if isinstance(data, str):
        text = data
    else:
        try:
            text = json.dumps(to_jsonable(data), ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError):
            text = repr(data)
    return _one_line(text, _SUMMARY_LIMIT)


def to_jsonable(value: Any) -> Any:
    """Convert tool outputs (dataclasses, pydantic models, tuples ...) to JSON-ready values.

    Objects may define ``to_dict()`` to control their shape (``Rect`` adds its centres).
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_jsonable(to_dict())
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    model_dump = getattr(value, "model_dump", None)
    if callable(model_dump):
        return to_jsonable(model_dump(mode="json"))
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value)
    if isinstance(value, (bytes, bytearray)):
        return f"<{len(value)} bytes>"  # raw bytes are never useful to a model or a report
    return str(value)
