"""A per-run budget of model calls and tokens, shared by every planner and agent of a run, and what one step cost."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from tapwright.errors import ErrorCode, ToolFailure


@dataclass(slots=True)
class Budget:
    """Counts model requests and tokens; :meth:`check` refuses once a limit is reached.

    A request is counted when it is sent (retries and failed requests included,
    since most providers meter them too); tokens when a reply reports them. The
    check happens before each request, so the reply that crosses the token limit
    is still used and the next request is refused.

    ``max_calls=0`` forbids every call: that is how ``--no-llm`` is enforced.
    """

    max_calls: int | None = None
    max_tokens: int | None = None
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def check(self) -> None:
        """Raise BUDGET_EXCEEDED when one more request would go over a limit."""
        if self.max_calls is not None and self.calls >= self.max_calls:
            why = "model calls are disabled (--no-llm)" if self.max_calls == 0 else f"the run used its {self.max_calls} model calls"
            raise ToolFailure(ErrorCode.BUDGET_EXCEEDED, why)
        if self.max_tokens is not None and self.tokens >= self.max_tokens:
            raise ToolFailure(
                ErrorCode.BUDGET_EXCEEDED, f"the run used {self.tokens} tokens of its {self.max_tokens}-token budget"
            )

    def charge_call(self) -> None:
        with self._lock:
            self.calls += 1

    def charge_tokens(self, prompt: int, completion: int) -> None:
        with self._lock:
            self.prompt_tokens += max(prompt, 0)
            self.completion_tokens += max(completion, 0)

    def to_dict(self) -> dict[str, int | None]:
        return {
            "calls": self.calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "max_calls": self.max_calls,
            "max_tokens": self.max_tokens,
        }


@dataclass(slots=True)
class Usage:
    """What planning one step cost."""

    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_ms: float = 0.0

    def add(self, other: Usage) -> None:
        self.llm_calls += other.llm_calls
        self.prompt_tokens += other.prompt_tokens
        self.completion_tokens += other.completion_tokens
        self.latency_ms += other.latency_ms

    def to_dict(self) -> dict[str, Any]:
        return {
            "llm_calls": self.llm_calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "latency_ms": round(self.latency_ms, 3),
        }
