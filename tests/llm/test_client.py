"""The model client against the loopback server, through the official openai package."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tapwright.core.secrets import SecretStore
from tapwright.errors import ErrorCode
from tapwright.llm import Budget, LLMClient, LLMConfig, LLMFailure
from tapwright.llm.client import parse_retry_after, retry_delay
from tapwright.testing.openai_server import (
    Reply,
    ScriptedOpenAIServer,
    error_reply,
    hung,
    rate_limited,
    refusal_reply,
    text_reply,
    tool_calls_reply,
)

HELLO = [{"role": "user", "content": "hello"}]


async def _fail(client: LLMClient) -> LLMFailure:
    with pytest.raises(LLMFailure) as info:
        await client.complete(HELLO)
    return info.value


async def test_tool_calls_are_parsed_and_usage_counted(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(tool_calls_reply(("fake__locate", {"target": "Log in"}), ("fake__click_at", {"x": 1, "y": 2})))
    client = make_client(config)
    completion = await client.complete(HELLO, tools=[], tool_choice="auto")
    assert [(c.name, c.arguments) for c in completion.tool_calls] == [
        ("fake__locate", {"target": "Log in"}), ("fake__click_at", {"x": 1, "y": 2})]  # fmt: skip
    assert completion.usage.llm_calls == 1
    assert completion.usage.prompt_tokens > 0 and completion.usage.completion_tokens > 0
    assert client.budget.calls == 1
    sent = server.chat_requests[0]
    assert sent.headers.get("authorization") == "Bearer sk-test"
    assert sent.json["model"] == "scripted" and sent.json["messages"] == HELLO


async def test_429_waits_at_least_retry_after(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(rate_limited(retry_after=1), text_reply("after the wait"))
    client = make_client(config.with_(max_retries=2, backoff_s=0.01))
    started = time.perf_counter()
    completion = await client.complete(HELLO)
    assert completion.content == "after the wait"
    assert server.request_count == 2
    gap = server.chat_requests[1].received_at - server.chat_requests[0].received_at
    assert gap >= 1.0, f"retried after {gap:.3f}s, before Retry-After"
    assert time.perf_counter() - started >= 1.0
    assert completion.usage.llm_calls == 2


async def test_429_without_retries_left_is_rate_limited(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(rate_limited(retry_after=0))
    failure = await _fail(make_client(config))
    assert failure.code is ErrorCode.LLM_RATE_LIMITED and failure.retriable
    assert failure.usage.llm_calls == 1


async def test_hung_response_hits_the_timeout(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(hung(3600))  # only the client's timeout can end this call (pytest-timeout fails a hang)
    client = make_client(config.with_(timeout_s=0.5))
    started = time.perf_counter()
    failure = await _fail(client)
    elapsed = time.perf_counter() - started
    assert failure.code is ErrorCode.TIMEOUT
    assert elapsed >= 0.4, elapsed  # it waited for the timeout, not less


async def test_timeout_is_retried_when_allowed(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(hung(30), text_reply("second try"))
    client = make_client(config.with_(timeout_s=0.4, max_retries=1))
    completion = await client.complete(HELLO)
    assert completion.content == "second try" and server.request_count == 2


async def test_malformed_tool_arguments_are_never_coerced(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(tool_calls_reply(("fake__click_at", '{"x": 10, "y": ')))
    failure = await _fail(make_client(config))
    assert failure.code is ErrorCode.LLM_MALFORMED_OUTPUT
    assert "not valid JSON" in failure.message
    assert failure.data == {"tool": "fake__click_at", "arguments": '{"x": 10, "y": '}


async def test_tool_arguments_must_be_an_object(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(tool_calls_reply(("fake__click_at", "[1, 2]")))
    failure = await _fail(make_client(config))
    assert failure.code is ErrorCode.LLM_MALFORMED_OUTPUT and "JSON object" in failure.message


async def test_truncated_reply_is_malformed_output(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(tool_calls_reply(("fake__click_at", '{"x": 1'), finish_reason="length"))
    failure = await _fail(make_client(config))
    assert failure.code is ErrorCode.LLM_MALFORMED_OUTPUT
    assert "finish_reason=length" in failure.message


@pytest.mark.parametrize(
    ("reply", "fragment"),
    [
        (text_reply("", finish_reason="content_filter"), "content filter"),
        (refusal_reply("I can't help with that"), "refused"),
        (error_reply(400, "The response was filtered due to content_filter policy"), "content filter"),
    ],
)
async def test_filter_and_refusal_are_llm_errors(
    server: ScriptedOpenAIServer, config: LLMConfig, reply: Reply, fragment: str, make_client: Any
) -> None:
    server.push(reply)
    failure = await _fail(make_client(config.with_(max_retries=2)))
    assert failure.code is ErrorCode.LLM_ERROR and not failure.retriable
    assert fragment in failure.message
    assert server.request_count == 1


async def test_auth_errors_are_not_retried(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(error_reply(401, "Incorrect API key"), text_reply("never reached"))
    failure = await _fail(make_client(config.with_(max_retries=3)))
    assert failure.code is ErrorCode.LLM_ERROR and not failure.retriable
    assert "TAPWRIGHT_LLM_API_KEY" in failure.message
    assert server.request_count == 1


async def test_server_errors_are_retried(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(error_reply(503, "overloaded"), text_reply("ok"))
    completion = await make_client(config.with_(max_retries=1)).complete(HELLO)
    assert completion.content == "ok" and completion.usage.llm_calls == 2


async def test_a_body_that_is_not_json_is_malformed(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(Reply(raw=b"<html>gateway</html>"))
    failure = await _fail(make_client(config))
    assert failure.code is ErrorCode.LLM_MALFORMED_OUTPUT


async def test_unreachable_endpoint_is_llm_error(config: LLMConfig, make_client: Any) -> None:
    dead = ScriptedOpenAIServer().start()
    url = dead.base_url
    dead.stop()
    failure = await _fail(make_client(config.with_(base_url=url)))
    assert failure.code is ErrorCode.LLM_ERROR and failure.retriable


async def test_call_budget_ends_in_budget_exceeded(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(text_reply("one"), text_reply("two"))
    client = make_client(config, budget=Budget(max_calls=1))
    await client.complete(HELLO)
    failure = await _fail(client)
    assert failure.code is ErrorCode.BUDGET_EXCEEDED
    assert server.request_count == 1


async def test_token_budget_ends_in_budget_exceeded(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(text_reply("x" * 400), text_reply("two"))
    client = make_client(config.with_(max_tokens=50))
    await client.complete(HELLO)  # crosses the limit: used, and the next call is refused
    failure = await _fail(client)
    assert failure.code is ErrorCode.BUDGET_EXCEEDED and "token" in failure.message
    assert server.request_count == 1


async def test_no_llm_budget_refuses_the_first_call(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    failure = await _fail(make_client(config, budget=Budget(max_calls=0)))
    assert failure.code is ErrorCode.BUDGET_EXCEEDED and "--no-llm" in failure.message
    assert server.request_count == 0


async def test_secret_values_are_scrubbed_from_requests(server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any) -> None:
    server.push(text_reply("ok"))
    client = make_client(config, secrets=SecretStore({"PASSWORD": "hunter2-very-secret"}))
    await client.complete([{"role": "user", "content": "page shows hunter2-very-secret in a field"}])
    assert "hunter2-very-secret" not in server.all_bodies()
    assert "***" in server.chat_requests[0].json["messages"][0]["content"]


def test_retry_delay_prefers_retry_after_and_refuses_absurd_waits() -> None:
    assert retry_delay(0, None, 0.5, 10) == 0.5
    assert retry_delay(3, None, 0.5, 2) == 2
    assert retry_delay(0, 1.5, 0.5, 10) == 1.5
    assert retry_delay(0, 0.0, 0.5, 10) == 0.5
    assert retry_delay(0, 3600, 0.5, 10) is None


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after({"retry-after": "2"}) == 2.0
    assert parse_retry_after({"retry-after-ms": "250", "retry-after": "9"}) == 0.25
    assert parse_retry_after({}) is None
    future = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.gmtime(time.time() + 30))
    value = parse_retry_after({"retry-after": future})
    assert value is not None and 25 <= value <= 31
