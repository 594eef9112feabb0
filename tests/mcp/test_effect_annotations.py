"""The MCP tool list carries each tool's declared effects as annotations, and the server takes its
before/after snapshots only around tools that are not read-only (official client, in process)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import tapwright.mcp._server as mcp_server
from mcp import Client
from tapwright.mcp import McpOptions
from tapwright.mcp._catalog import cap_groups
from tapwright.mcp._server import TapwrightMcp
from tapwright.registry.export import function_name
from tapwright.registry.registry import Registry


async def test_every_exposed_tool_is_annotated_as_its_spec_declares() -> None:
    registry = Registry.default()
    app = TapwrightMcp(McpOptions(caps=sorted(cap_groups())), registry=registry)
    async with Client(app.server, mode="legacy") as client:
        listed = (await client.list_tools()).tools
    assert len(listed) == len(registry)  # every group enabled: every tool is exposed
    for item in listed:
        spec = registry.get(item.name)
        assert spec is not None and item.annotations is not None, item.name
        hints = item.annotations
        assert hints.title == spec.name
        declared = (spec.read_only, spec.idempotent, spec.destructive, spec.open_world)
        assert (hints.read_only_hint, hints.idempotent_hint, hints.destructive_hint, hints.open_world_hint) == declared
    by_name = {t.name: t.annotations for t in listed}
    navigate = by_name[function_name("web.navigate")]
    assert navigate is not None and navigate.open_world_hint is True and navigate.read_only_hint is False
    wipe = by_name[function_name("android.clear_app_data")]
    assert wipe is not None and wipe.destructive_hint is True


@pytest.fixture
def snapshots(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The server's before/after snapshots, counted."""
    taken: list[str] = []
    real = mcp_server._snapshot

    async def counting(driver: Any) -> Any:
        taken.append("snapshot")
        return await real(driver)

    monkeypatch.setattr(mcp_server, "_snapshot", counting)
    yield taken


async def test_a_read_only_call_takes_no_snapshot_and_an_acting_one_takes_two(snapshots: list[str]) -> None:
    app = TapwrightMcp(McpOptions(caps=["fake"], tools=["fake"]))
    async with Client(app.server, mode="legacy") as client:
        for name in ("fake__snapshot", "fake__locate", "fake__verify_visible"):
            args = {} if name == "fake__snapshot" else {"target": "Sign in button"}
            result = await client.call_tool(name, args)
            assert not result.is_error, result.content
        assert snapshots == []
        acted = await client.call_tool("fake__click_at", {"x": 5, "y": 5})
        assert not acted.is_error
        assert snapshots == ["snapshot", "snapshot"]
        # An acting call that fails gets the "before" snapshot only.
        failed = await client.call_tool("fake__type_text", {"text": "x", "x": 99999, "y": 99999})
        assert failed.is_error and snapshots == ["snapshot"] * 3
