"""The model client: the official ``openai`` package, our own retries, one error mapping.

The SDK's own retries are off (``max_retries=0``) so that every request is
counted against the run's budget and ``Retry-After`` is honoured the same way for
every provider. All failures leave as :class:`LLMFailure` (a ToolFailure) with a
code from the shared catalog:

=====================================  ==========================  =========
what happened                          code                        retried
=====================================  ==========================  =========
429 rate limit                         LLM_RATE_LIMITED            yes
429 quota exhausted                    LLM_ERROR                   no
per-call timeout                       TIMEOUT                     yes
connection refused / reset, 408/409/5xx  LLM_ERROR                 yes
401 / 403 (auth)                       LLM_ERROR                   no
other 4xx (bad request, unknown model)  LLM_ERROR                  no
content filter (400 or finish_reason)  LLM_ERROR                   no
refusal (``message.refusal``)          LLM_ERROR                   no
reply cut at max tokens (``length``)   LLM_MALFORMED_OUTPUT        no
tool-call arguments not a JSON object  LLM_MALFORMED_OUTPUT        no
budget used up                         BUDGET_EXCEEDED             no
=====================================  ==========================  =========
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tapwright.core.secrets import SecretStore
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.llm.budget import Budget, Usage
from tapwright.llm.config import LLMConfig

if TYPE_CHECKING:
    import openai

MAX_RETRY_AFTER_S = 30.0  # a provider asking for longer than this is down for us: fail now, and say why
_RAW_PREVIEW = 300


class LLMFailure(ToolFailure):
    """A failed model call. ``usage`` says what the attempts cost before it failed."""

    def __init__(self, code: ErrorCode, message: str, *, retriable: bool | None = None, cause: str | None = None,
                 data: object = None, retry_after: float | None = None) -> None:  # fmt: skip
        super().__init__(code, message, retriable=retriable, cause=cause, data=data)
        self.retry_after = retry_after
        self.usage = Usage()


@dataclass(slots=True)
class ParsedCall:
    """One tool call of a reply, with its arguments parsed as a JSON object."""

    id: str
    name: str
    arguments: dict[str, Any]
    raw_arguments: str


@dataclass(slots=True)
class Completion:
    """A successful reply: text and/or tool calls, the assistant message to keep in history, the cost."""

    content: str | None
    tool_calls: list[ParsedCall]
    finish_reason: str
    message: dict[str, Any]
    usage: Usage = field(default_factory=Usage)


Sleep = Callable[[float], Awaitable[None]]


class LLMClient:
    """Chat completions against any OpenAI-compatible endpoint.

    Args:
        config: endpoint, model, timeouts, retries, budget limits.
        budget: the run's shared budget; a new one from ``config`` limits when omitted.
        secrets: every request is scrubbed with this store before it leaves (belt and braces:
            prompts already carry secret *names* only).
        sleep: how to wait between retries (tests measure it).
    """

    def __init__(
        self,
        config: LLMConfig,
        *,
        budget: Budget | None = None,
        secrets: SecretStore | None = None,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.config = config
        self.budget = budget if budget is not None else Budget(config.max_calls, config.max_tokens)
        self.secrets = secrets or SecretStore()
        self._sleep = sleep
        import openai  # here, not at module level: importing it costs most of a CLI start (tests/llm/test_lazy_openai.py)

        self._sdk = openai.AsyncOpenAI(
            api_key=config.api_key,
            base_url=config.base_url,
            timeout=config.timeout_s,
            max_retries=0,
            default_headers=config.extra_headers or None,
            default_query={"api-version": config.api_version} if config.api_version else None,
        )

    async def aclose(self) -> None:
        await self._sdk.close()

    async def complete(
        self,
        messages: Sequence[dict[str, Any]],
        *,
        tools: Sequence[dict[str, Any]] | None = None,
        tool_choice: str | None = None,
    ) -> Completion:
        """Send one chat completion, retrying retriable failures; never returns a malformed reply.

        Raises:
            LLMFailure: with the code from the table in the module docstring.
        """
        started = time.perf_counter()
        usage = Usage()
        request = self._request(messages, tools, tool_choice)
        import openai

        attempt = 0
        while True:
            try:
                self.budget.check()
            except ToolFailure as exc:
                raise _with_usage(LLMFailure(exc.code, exc.message, retriable=False), usage, started) from None
            self.budget.charge_call()
            usage.llm_calls += 1
            try:
                response = await self._sdk.chat.completions.create(**request)
            except openai.OpenAIError as exc:
                failure = map_error(exc)
            except (ValueError, TypeError) as exc:  # a 200 whose body is not a chat completion
                failure = LLMFailure(ErrorCode.LLM_MALFORMED_OUTPUT, "the model endpoint sent a reply that is not a "
                                     "chat completion", cause=f"{type(exc).__name__}: {exc}"[:2000])  # fmt: skip
            else:
                try:
                    return _parse(response, usage, self.budget, started)
                except LLMFailure as exc:
                    raise _with_usage(exc, usage, started) from None
            if not failure.retriable or attempt >= self.config.max_retries:
                raise _with_usage(failure, usage, started)
            delay = retry_delay(attempt, failure.retry_after, self.config.backoff_s, self.config.max_backoff_s)
            if delay is None:
                failure.message += (f" (the provider asked to wait {failure.retry_after:.0f} s, more than the "
                                    f"{MAX_RETRY_AFTER_S:.0f} s tapwright waits for a step; not retried)")
                failure.args = (f"{failure.code.value}: {failure.message}",)
                raise _with_usage(failure, usage, started)
            await self._sleep(delay)
            attempt += 1

    def _request(
        self, messages: Sequence[dict[str, Any]], tools: Sequence[dict[str, Any]] | None, tool_choice: str | None
    ) -> dict[str, Any]:
        request: dict[str, Any] = {
            "model": self.config.model,
            "messages": self.secrets.redact([dict(m) for m in messages]),
            "temperature": self.config.temperature,
        }
        if self.config.max_output_tokens:
            request["max_tokens"] = self.config.max_output_tokens
        if tools:
            request["tools"] = list(tools)
            if tool_choice:
                request["tool_choice"] = tool_choice
        return request


def _with_usage(failure: LLMFailure, usage: Usage, started: float) -> LLMFailure:
    usage.latency_ms = (time.perf_counter() - started) * 1000
    failure.usage = usage
    return failure


def retry_delay(attempt: int, retry_after: float | None, backoff_s: float, max_backoff_s: float) -> float | None:
    """Seconds to wait before retry ``attempt + 1``: the longer of backoff and ``Retry-After``.

    ``None`` when the provider asks for a longer wait than MAX_RETRY_AFTER_S (30 s): one
    step must not block a run for minutes.
    """
    backoff = float(min(backoff_s * 2**attempt, max_backoff_s))
    if retry_after is None:
        return backoff
    if retry_after > MAX_RETRY_AFTER_S:
        return None
    return max(backoff if retry_after <= 0 else 0.0, retry_after)


def parse_retry_after(headers: Any) -> float | None:
    """``retry-after-ms`` (OpenAI), else ``retry-after`` in seconds or as an HTTP date."""
    if headers is None:
        return None
    raw_ms = headers.get("retry-after-ms")
    if raw_ms:
        try:
            return max(float(raw_ms) / 1000, 0.0)
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if not raw:
        return None
    try:
        return max(float(raw), 0.0)
    except ValueError:
        when = email.utils.parsedate_to_datetime(raw) if raw else None
        return max(when.timestamp() - time.time(), 0.0) if when else None


def map_error(exc: openai.OpenAIError) -> LLMFailure:
    """Translate an SDK exception into an LLMFailure (the one mapping table of this module)."""
    import openai

    cause = f"{type(exc).__name__}: {exc}"[:2000]
    if isinstance(exc, openai.APITimeoutError):
        return LLMFailure(ErrorCode.TIMEOUT, "the model did not answer within the per-call timeout", cause=cause)
    if isinstance(exc, openai.APIConnectionError):
        return LLMFailure(ErrorCode.LLM_ERROR, "cannot reach the model endpoint", retriable=True, cause=cause)
    if isinstance(exc, openai.APIStatusError):
        return _map_status(exc, cause)
    return LLMFailure(ErrorCode.LLM_MALFORMED_OUTPUT, "the model endpoint sent a reply that is not a chat completion", cause=cause)


def _map_status(exc: openai.APIStatusError, cause: str) -> LLMFailure:
    status = exc.status_code
    text = str(exc).lower()
    if status == 429:
        if "insufficient_quota" in text or ("quota" in text and "exceeded" in text):
            return LLMFailure(ErrorCode.LLM_ERROR, "the provider account is out of quota", retriable=False, cause=cause)
        retry_after = parse_retry_after(exc.response.headers)
        return LLMFailure(ErrorCode.LLM_RATE_LIMITED, "the provider rate-limited the call", cause=cause, retry_after=retry_after)
    if status in (401, 403):
        return LLMFailure(ErrorCode.LLM_ERROR, f"the model endpoint refused the credentials (HTTP {status}); check "
                          "TAPWRIGHT_LLM_API_KEY", retriable=False, cause=cause)  # fmt: skip
    if "content_filter" in text or "content management policy" in text:
        return LLMFailure(ErrorCode.LLM_ERROR, "the provider's content filter blocked the request", retriable=False, cause=cause)
    if status in (408, 409) or status >= 500:
        retry_after = parse_retry_after(exc.response.headers)
        return LLMFailure(ErrorCode.LLM_ERROR, f"the model endpoint failed (HTTP {status})", retriable=True,
                          cause=cause, retry_after=retry_after)  # fmt: skip
    return LLMFailure(ErrorCode.LLM_ERROR, f"the model endpoint rejected the request (HTTP {status})", retriable=False, cause=cause)


def _parse(response: Any, usage: Usage, budget: Budget, started: float) -> Completion:
    reported = getattr(response, "usage", None)
    prompt = int(getattr(reported, "prompt_tokens", 0) or 0)
    produced = int(getattr(reported, "completion_tokens", 0) or 0)
    usage.prompt_tokens += prompt
    usage.completion_tokens += produced
    budget.charge_tokens(prompt, produced)
    usage.latency_ms = (time.perf_counter() - started) * 1000
    choices = getattr(response, "choices", None) or []
    if not choices:
        raise LLMFailure(ErrorCode.LLM_MALFORMED_OUTPUT, "the reply has no choices")
    choice = choices[0]
    message = choice.message
    finish = str(choice.finish_reason or "stop")
    if finish == "content_filter":
        raise LLMFailure(ErrorCode.LLM_ERROR, "the provider's content filter stopped the reply", retriable=False)
    refusal = getattr(message, "refusal", None)
    if refusal:
        raise LLMFailure(ErrorCode.LLM_ERROR, f"the model refused: {str(refusal)[:_RAW_PREVIEW]}", retriable=False)
    if finish == "length":
        raise LLMFailure(
            ErrorCode.LLM_MALFORMED_OUTPUT,
            "the reply was cut off at the output-token limit (finish_reason=length); raise max_output_tokens",
        )
    calls = [_parse_call(c) for c in (message.tool_calls or [])]
    history: dict[str, Any] = {"role": "assistant", "content": message.content}
    if calls:
        history["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.raw_arguments}} for c in calls
        ]
    return Completion(message.content, calls, finish, history, usage)


def _parse_call(call: Any) -> ParsedCall:
    function = getattr(call, "function", None)
    name = str(getattr(function, "name", "") or "")
    raw = str(getattr(function, "arguments", "") or "")
    if not name:
        raise LLMFailure(ErrorCode.LLM_MALFORMED_OUTPUT, "a tool call has no function name")
    try:
        args = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError as exc:
        raise LLMFailure(
            ErrorCode.LLM_MALFORMED_OUTPUT,
            f"the arguments of {name} are not valid JSON ({exc.msg} at char {exc.pos})",
            data={"tool": name, "arguments": raw[:_RAW_PREVIEW]},
        ) from None
    if not isinstance(args, dict):
        raise LLMFailure(
            ErrorCode.LLM_MALFORMED_OUTPUT,
            f"the arguments of {name} must be a JSON object, not {type(args).__name__}",
            data={"tool": name, "arguments": raw[:_RAW_PREVIEW]},
        )
    return ParsedCall(str(getattr(call, "id", "") or f"call_{name}"), name, args, raw)
