"""`tapwright mcp` over stdio, driven by the official MCP client (the fake pack needs no browser)."""

from __future__ import annotations

import pytest
from mcp.shared.exceptions import MCPError
from mcp_support import stdio_params
from mcp_types import INVALID_PARAMS

from mcp import ClientSession, stdio_client
from tapwright.registry import Registry
from tapwright.registry.export import FUNCTION_NAME_RE, tool_name


async def test_stdio_lists_tools_and_runs_calls_through_the_executor() -> None:
    registry = Registry.default()
    async with stdio_client(stdio_params("--caps", "fake", "--tools", "fake")) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        listed = (await s.list_tools()).tools
        assert sorted(t.name for t in listed) == sorted(n.replace(".", "__") for n in registry.names() if n.startswith("fake."))
        for t in listed:
            spec = registry.get(tool_name(t.name))
            assert spec is not None and FUNCTION_NAME_RE.match(t.name)
            assert t.input_schema == spec.parameters
            assert t.description == spec.description
            expected_out = spec.output_schema if (spec.output_schema or {}).get("type") == "object" else None
            assert t.output_schema == expected_out

        # A result with an output schema: structured content matches it (the client validates it too).
        located = await s.call_tool("fake__locate", {"target": "Username field"})
        assert not located.is_error
        assert located.structured_content is not None and set(located.structured_content) >= {"center_x", "center_y"}

        typed = await s.call_tool("fake__type_text", {"text": "alice", "x": 100, "y": 106})
        text = typed.content[0].text  # type: ignore[union-attr]
        assert text.splitlines()[0].startswith("OK")
        assert 'changed: textbox "Username": "" -> "alice"' in text

        # Invalid arguments: a tool result the model can correct itself from, not a protocol error.
        bad = await s.call_tool("fake__click_at", {"x": "left"})
        assert bad.is_error
        assert bad.structured_content is not None and bad.structured_content["error"]["code"] == "INVALID_INPUT"
        first = bad.content[0].text.splitlines()[0]  # type: ignore[union-attr]
        assert first.startswith("ERROR: [INVALID_INPUT]") and "'y' is a required property" in first

        missing = await s.call_tool("fake__locate", {"target": "purple unicorn"})
        assert missing.is_error and missing.structured_content is not None
        assert missing.structured_content["error"]["code"] == "ELEMENT_NOT_FOUND"

        # An unknown tool is a JSON-RPC error.
        with pytest.raises(MCPError) as info:
            await s.call_tool("fake__teleport", {})
        assert info.value.error.code == INVALID_PARAMS
        assert "Unknown tool" in info.value.error.message


async def test_tools_outside_the_enabled_groups_are_unknown() -> None:
    async with stdio_client(stdio_params("--tools", "fake.locate")) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        assert [t.name for t in (await s.list_tools()).tools] == ["fake__locate"]
        with pytest.raises(MCPError):
            await s.call_tool("fake__click_at", {"x": 1, "y": 1})
