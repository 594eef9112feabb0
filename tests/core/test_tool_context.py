"""ToolContext: resources by type, created lazily once, closed newest first."""

from __future__ import annotations

import pytest

from tapwright.core.context import Resource, ToolContext
from tapwright.errors import ErrorCode, ToolFailure


class Browser(Resource):
    def __init__(self, log: list[str], name: str) -> None:
        self.log, self.name = log, name

    async def aclose(self) -> None:
        self.log.append(f"close {self.name}")


class Phone(Resource):
    pass


async def test_factory_runs_once_and_is_closed() -> None:
    log: list[str] = []
    ctx = ToolContext()

    async def make() -> Browser:
        log.append("launch")
        return Browser(log, "b1")

    ctx.provide(Browser, make)
    assert ctx.has(Browser) and not ctx.has(Phone)
    first = await ctx.aget(Browser)
    assert await ctx.aget(Browser) is first
    assert await ctx.aget(Resource) is first  # lookup by a base type finds it
    assert log == ["launch"]
    await ctx.aclose()
    assert log == ["launch", "close b1"]
    assert ctx.find(Browser) is None


async def test_given_resources_are_used_but_not_closed() -> None:
    log: list[str] = []
    given = Browser(log, "mine")
    ctx = ToolContext([given])
    assert await ctx.aget(Browser) is given
    assert await ctx.aget(ToolContext) is ctx
    await ctx.aclose()
    assert log == []


async def test_missing_resource_is_a_driver_error() -> None:
    with pytest.raises(ToolFailure) as info:
        await ToolContext().aget(Phone)
    assert info.value.code is ErrorCode.DRIVER_ERROR and "Phone" in info.value.message
