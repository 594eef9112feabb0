"""Exports to OpenAI, Anthropic, MCP and raw manifests, checked with the official client libraries."""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from typing import Any

import openai
import openai.types.chat as chat_types
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from _support import serve
from mcp import types as mcp_types
from tapwright import Registry, ToolSpec
from tapwright.errors import ManifestError
from tapwright.registry.export import FUNCTION_NAME_RE, export, function_name, tool_name

# Newer openai versions name the function-tool type ChatCompletionFunctionToolParam.
OpenAIToolParam: Any = getattr(chat_types, "ChatCompletionFunctionToolParam", None) or chat_types.ChatCompletionToolParam


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry.default()


def test_openai_types_accept_every_exported_tool(registry: Registry) -> None:
    tools = export(registry.list(), "openai")
    assert tools, "the default registry has tools"
    validated = TypeAdapter(list[OpenAIToolParam]).validate_python(tools)
    assert len(validated) == len(tools)
    for item in tools:
        assert item["type"] == "function"
        assert FUNCTION_NAME_RE.match(item["function"]["name"])
        assert item["function"]["parameters"]["type"] == "object"
        assert registry.get(tool_name(item["function"]["name"])) is not None


def test_anthropic_shape(registry: Registry) -> None:
    for item, spec in zip(export(registry.list(), "anthropic"), registry.list(), strict=True):
        assert set(item) == {"name", "description", "input_schema"}
        assert FUNCTION_NAME_RE.match(item["name"]) and tool_name(item["name"]) == spec.name
        assert item["input_schema"]["type"] == "object" and item["description"]


def test_mcp_types_accept_every_exported_tool(registry: Registry) -> None:
    for item, spec in zip(export(registry.list(), "mcp"), registry.list(), strict=True):
        model = mcp_types.Tool.model_validate(item)
        assert model.name == function_name(spec.name) and model.title == spec.name
        # Nothing was dropped or renamed on the way in (field names differ across mcp versions; aliases do not).
        assert model.model_dump(by_alias=True, exclude_none=True) == item
        assert item["inputSchema"]["type"] == "object"
        if spec.output_schema and spec.output_schema.get("type") == "object":
            assert item["outputSchema"] == spec.output_schema


def test_manifest_export_is_json_and_reloads(registry: Registry) -> None:
    for manifest in json.loads(json.dumps(export(registry.list(), "manifest"))):
        again = ToolSpec.from_manifest(manifest)
        assert again.manifest() == manifest


_segment = st.from_regex(r"[a-z](?:[a-z0-9_]{0,12}[a-z0-9])?", fullmatch=True).filter(lambda s: "__" not in s)


@settings(max_examples=200, deadline=None)
@given(st.lists(_segment, min_size=1, max_size=4).map(".".join))
def test_exported_names_are_valid_and_reversible(name: str) -> None:
    try:
        ToolSpec(name=name, description="d")
    except ManifestError:
        assert len(function_name(name)) > 64  # only refused when too long once exported
        return
    exported = function_name(name)
    assert FUNCTION_NAME_RE.match(exported)
    assert tool_name(exported) == name


# -- the real openai client against a loopback server ------------------------------------


class _ChatServer(BaseHTTPRequestHandler):
    requests: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).requests.append(body)
        reply = {
            "id": "c1", "object": "chat.completion", "created": 0, "model": body["model"],
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant", "content": None,
                "tool_calls": [{"id": "t1", "type": "function", "function": {
                    "name": "fake__click_at", "arguments": json.dumps({"x": 100, "y": 270})}}]}}],
        }  # fmt: skip
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def chat_server() -> Iterator[str]:
    _ChatServer.requests = []
    with serve(handler=_ChatServer) as url:
        yield url + "/v1"


async def test_openai_client_sends_exported_tools_and_the_call_maps_back(registry: Registry, chat_server: str) -> None:
    from tapwright import ToolContext
    from tapwright.drivers.fake import FakeDriver

    tools = export(registry.list(namespace="fake"), "openai")
    async with openai.AsyncOpenAI(base_url=chat_server, api_key="test-key", max_retries=0) as client:
        reply = await client.chat.completions.create(
            model="m", messages=[{"role": "user", "content": "click Log in"}], tools=tools
        )
    sent = _ChatServer.requests[0]["tools"]
    assert sent == tools
    call = reply.choices[0].message.tool_calls[0]  # type: ignore[index]
    driver = FakeDriver()
    result = await registry.call(tool_name(call.function.name), json.loads(call.function.arguments), ToolContext([driver]))
    assert result.status_line() == "TAPPED: (100,270)" and driver.events[-1].ref == "e5"
