"""Per-step tool offers: the core set plus trigger matches, compact schemas, and revealing more on demand."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tapwright.llm import LLMClient, LLMConfig
from tapwright.llm.prompts import ANSWER_TOOL
from tapwright.llm.tools import CORE, ToolOffer, compact_schema, first_sentence, select_tools
from tapwright.planners.base import PlanRequest
from tapwright.planners.llm import LLMPlanner
from tapwright.registry.export import to_openai
from tapwright.registry.registry import Registry
from tapwright.testing.openai_server import ScriptedOpenAIServer, tool_calls_reply


@pytest.fixture(scope="module")
def web_registry() -> Registry:
    return Registry.default()


def _names(body: dict[str, Any]) -> set[str]:
    return {t["function"]["name"] for t in body["tools"]}


def test_a_step_gets_the_core_set_and_its_trigger_matches(web_registry: Registry) -> None:
    names = {s.name for s in select_tools(web_registry, "web", "Hover over the Account menu")}
    assert {f"web.{n}" for n in CORE} <= names and "web.hover" in names
    assert "web.drag" not in names and "web.upload_file" not in names
    assert len(names) < len(web_registry.list(namespace="web")) / 2


def test_a_small_pack_is_offered_whole(registry: Registry) -> None:
    assert len(select_tools(registry, "fake", "Click Log in")) == len(registry.list(namespace="fake"))


def test_compact_schema_is_short_and_still_describes_the_call(web_registry: Registry) -> None:
    spec = web_registry.get("web.type_text")
    assert spec is not None
    full, short = to_openai(spec), compact_schema(spec)
    assert len(json.dumps(short)) < 0.8 * len(json.dumps(full))
    params = short["function"]["parameters"]
    assert params["required"] == ["text", "x", "y"] and params["properties"]["x"] == {
        "type": "integer", "description": "The x-coordinate of the field."}  # fmt: skip
    assert not {"maxLength", "maximum", "additionalProperties", "null"} & set(json.dumps(short).replace('"', " ").split())
    assert params["properties"]["test_specific_data"]["type"] == "string"
    assert short["function"]["description"] == "Click a field at screen coordinates, then type text there."
    assert spec.validate({"text": "hi", "x": 1, "y": 2}) == []  # what the compact schema asks for is valid in full


def test_first_sentence() -> None:
    assert first_sentence("Go back. Then more.\n\nArgs: x") == "Go back."
    assert first_sentence("Load a URL (e.g. /login) now") == "Load a URL (e.g. /login) now"
    assert len(first_sentence("word " * 100)) <= 160


def test_reveal_adds_registered_tools_only_once(web_registry: Registry) -> None:
    offer = ToolOffer(web_registry, "web", "Click Save", extra=[ANSWER_TOOL])
    before = len(offer.schemas)
    assert "web__drag" in offer.others
    assert offer.reveal(["web__drag", "web.drag", "web.nope"]) == ["web.drag"]
    assert len(offer.schemas) == before + 1 and offer.schemas[-1] is ANSWER_TOOL
    assert "web__drag" not in offer.others


async def test_planner_sends_a_subset_and_reveals_suggested_tools(web_registry: Registry) -> None:
    with ScriptedOpenAIServer() as server:
        server.push(
            tool_calls_reply(("web__drag_and_drop", {"source": "Card", "target": "Done column"})),
            tool_calls_reply(("web__drag", {"source": "Card", "target": "Done column"})),
        )
        client = LLMClient(LLMConfig(base_url=server.base_url, model="scripted", timeout_s=5, max_retries=0))
        try:
            response = await LLMPlanner(client).plan(
                PlanRequest(step="Move the card to Done", registry=web_registry, namespace="web"))
        finally:
            await client.aclose()
        assert [s.tool for s in response.plan.steps] == ["web.drag"]
        first, second = server.chat_requests[0].json, server.chat_requests[1].json
        assert "web__drag" not in _names(first) and "web__click" in _names(first) and "answer" in _names(first)
        assert "web__drag" in first["messages"][0]["content"]  # listed by name in the system prompt
        assert len(json.dumps(first["tools"])) < 0.35 * len(json.dumps([to_openai(s) for s in web_registry.list(namespace="web")]))
        feedback = [m["content"] for m in second["messages"] if m["role"] == "tool"]
        assert "UNKNOWN_TOOL" in feedback[0] and "web__drag" in feedback[0]
        assert "web__drag" in _names(second)  # the suggestion now comes with its schema


async def test_a_registered_tool_that_was_not_offered_is_accepted(web_registry: Registry) -> None:
    with ScriptedOpenAIServer() as server:
        server.push(tool_calls_reply(("web__reload", {})))
        client = LLMClient(LLMConfig(base_url=server.base_url, model="scripted", timeout_s=5, max_retries=0))
        try:
            response = await LLMPlanner(client).plan(PlanRequest(step="Save it", registry=web_registry, namespace="web"))
        finally:
            await client.aclose()
        assert "web__reload" not in _names(server.chat_requests[0].json)
        assert [s.tool for s in response.plan.steps] == ["web.reload"] and server.request_count == 1
