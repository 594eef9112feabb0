"""An LLM-planned Android step: the official openai client against the loopback model server,
the plan run on the simulated device through the real adb."""

from __future__ import annotations

import pytest

from tapwright import Registry
from tapwright.llm import LLMClient, LLMConfig
from tapwright.plan.executor import Executor
from tapwright.planners.base import PlanRequest
from tapwright.planners.execute import plan_and_run
from tapwright.planners.llm import LLMPlanner
from tapwright.testing.openai_server import ScriptedOpenAIServer, tool_calls_reply
from tapwright.tools.android import toolset

pytestmark = pytest.mark.slow


async def test_an_llm_plans_a_tap_by_description_on_the_device(ctx, driver) -> None:
    registry = Registry([toolset()])
    with ScriptedOpenAIServer() as server:
        server.push(tool_calls_reply(("android__click", {"target": "Forgot password? link"}),
                                     ("android__verify_text", {"text": "Reset your password"})))  # fmt: skip
        client = LLMClient(LLMConfig(base_url=server.base_url, model="scripted", api_key="sk-test", timeout_s=5, max_retries=0))
        try:
            request = PlanRequest(step="Open the password reset page", registry=registry, ctx=ctx, namespace="android")
            run = await plan_and_run(LLMPlanner(client), request, Executor(registry, ctx))
        finally:
            await client.aclose()
        assert run.status == "passed", run.to_dict()
        body = server.chat_requests[0].json
        assert {"android__click", "android__verify_text"} <= {t["function"]["name"] for t in body["tools"]}
        screen = body["messages"][1]["content"]
        assert "Forgot password?" in screen and "Sign in" in screen  # the model saw the device's screen
    assert "Reset your password" in [e.text for e in await driver.snapshot()]
