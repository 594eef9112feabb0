"""The goal-driven agent loop on the fake screen, against the loopback server."""

from __future__ import annotations

import itertools
from typing import Any

from tapwright.core.context import ToolContext
from tapwright.core.secrets import SecretStore
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode
from tapwright.llm import Budget, LLMClient, LLMConfig
from tapwright.llm.agent import run_agent
from tapwright.registry.registry import Registry
from tapwright.testing.openai_server import Reply, ScriptedOpenAIServer, text_reply, tool_calls_reply

CLICK_LOGIN = [("fake__locate", {"target": "Log in button"}),
               ("fake__click_at", {"x": "${step1.output.center_x}", "y": "${step1.output.center_y}"})]  # fmt: skip


async def _agent(goal: str, ctx: ToolContext, registry: Registry, client: LLMClient, **kw: Any) -> Any:
    return await run_agent(goal, ctx, registry, client=client, namespace="fake", **kw)


async def test_question_is_answered_from_the_page_without_acting(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, ctx: ToolContext, driver: FakeDriver,
    registry: Registry,
) -> None:
    server.push(tool_calls_reply(("answer", {"answer": "The heading says Sign in"})))
    result = await _agent("What does the heading say?", ctx, registry, make_client(config))
    assert result.status == "answered" and result.intent == "question" and result.ok
    assert result.answer == "The heading says Sign in"
    assert driver.events == [] and server.request_count == 1
    assert result.usage.llm_calls == 1
    tools = {t["function"]["name"] for t in server.chat_requests[0].json["tools"]}
    assert {"answer", "done", "fail", "fake__click_at"} <= tools


async def test_plain_text_reply_counts_as_the_answer(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, ctx: ToolContext, registry: Registry
) -> None:
    server.push(text_reply("There are two buttons."))
    result = await _agent("How many buttons are there?", ctx, registry, make_client(config))
    assert result.status == "answered" and result.answer == "There are two buttons."


async def test_acts_then_finishes_with_done(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, ctx: ToolContext, driver: FakeDriver,
    registry: Registry,
) -> None:
    server.push(tool_calls_reply(*CLICK_LOGIN), tool_calls_reply(("done", {"answer": "Clicked Log in"})))
    result = await _agent("Log in", ctx, registry, make_client(config))
    assert result.status == "done" and result.intent == "action" and result.answer == "Clicked Log in"
    assert driver.events[-1].ref == "e5"
    assert len(result.steps) == 2 and result.steps[0].trace is not None and result.steps[0].trace.ok
    second = server.chat_requests[1].json["messages"]
    tool_messages = [m["content"] for m in second if m["role"] == "tool"]
    assert tool_messages[1].startswith("TAPPED")
    pages = [m["content"] for m in second if m["role"] == "user" and m["content"].startswith("Turn ")]
    assert "page omitted" in pages[0] and "<<<untrusted page" in pages[1]


async def test_stops_at_max_steps(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, ctx: ToolContext, registry: Registry
) -> None:
    xs = itertools.count(10, 7)

    def wander(_: dict[str, Any]) -> Reply:
        return tool_calls_reply(("fake__move_to", {"x": next(xs), "y": 5}))

    server.responder = wander
    result = await _agent("Find the secret menu", ctx, registry, make_client(config), max_steps=3)
    assert result.status == "max_steps" and not result.ok
    assert server.request_count == 3 and len(result.steps) == 3


async def test_stops_on_a_loop(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, ctx: ToolContext, driver: FakeDriver,
    registry: Registry,
) -> None:
    server.responder = lambda _: tool_calls_reply(("fake__click_at", {"x": 240, "y": 270}))
    result = await _agent("Cancel everything", ctx, registry, make_client(config), max_steps=10, loop_threshold=3)
    assert result.status == "loop"
    assert server.request_count == 3
    assert len([e for e in driver.events if e.kind == "click"]) == 2  # the third repeat is not run


async def test_fail_tool_ends_the_run(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, ctx: ToolContext, registry: Registry
) -> None:
    server.push(tool_calls_reply(("fail", {"reason": "there is no cart on this page"})))
    result = await _agent("Add a shirt to the cart", ctx, registry, make_client(config))
    assert result.status == "failed" and result.answer == "there is no cart on this page"


async def test_done_is_ignored_when_an_action_of_the_same_reply_failed(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, ctx: ToolContext, registry: Registry
) -> None:
    server.push(
        tool_calls_reply(("fake__locate", {"target": "Checkout button"}), ("done", {"answer": "checked out"})),
        tool_calls_reply(("fail", {"reason": "no checkout"})),
    )
    result = await _agent("Check out", ctx, registry, make_client(config))
    assert result.status == "failed" and server.request_count == 2
    tool_messages = [m["content"] for m in server.chat_requests[1].json["messages"] if m["role"] == "tool"]
    assert tool_messages[1].startswith("IGNORED")


async def test_budget_exceeded_ends_with_error(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, ctx: ToolContext, registry: Registry
) -> None:
    server.responder = lambda _: tool_calls_reply(("fake__move_to", {"x": 1, "y": 1}))
    client = make_client(config, budget=Budget(max_calls=2))
    result = await _agent("Wander", ctx, registry, client, max_steps=10, loop_threshold=99)
    assert result.status == "error" and result.error is not None
    assert result.error.code is ErrorCode.BUDGET_EXCEEDED and server.request_count == 2


async def test_agent_prompts_never_carry_secret_values(
    server: ScriptedOpenAIServer, config: LLMConfig, make_client: Any, driver: FakeDriver, registry: Registry
) -> None:
    secret = "tr0ub4dor&3-secret"
    ctx = ToolContext([driver], secrets=SecretStore({"PASSWORD": secret}))
    server.push(
        tool_calls_reply(("fake__type_text", {"text": "${secrets.PASSWORD}", "x": 190, "y": 166})),
        tool_calls_reply(("done", {"answer": "typed"})),
    )
    result = await _agent("Type the password", ctx, registry, make_client(config, secrets=ctx.secrets))
    assert result.status == "done" and driver.value_of("Password") == secret
    assert secret not in server.all_bodies() and "${secrets.PASSWORD}" in server.all_bodies()
