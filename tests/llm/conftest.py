"""Fixtures for the LLM tests: a loopback OpenAI-compatible server and a fake screen."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest

from tapwright.core.context import ToolContext
from tapwright.drivers.fake import FakeDriver
from tapwright.llm import LLMClient, LLMConfig
from tapwright.registry.registry import Registry
from tapwright.testing.openai_server import ScriptedOpenAIServer
from tapwright.tools.fake import toolset as fake_toolset


@pytest.fixture
def server() -> Iterator[ScriptedOpenAIServer]:
    with ScriptedOpenAIServer() as srv:
        yield srv


@pytest.fixture
def config(server: ScriptedOpenAIServer) -> LLMConfig:
    return LLMConfig(base_url=server.base_url, model="scripted", api_key="sk-test", timeout_s=5.0, max_retries=0,
                     backoff_s=0.01)


@pytest.fixture
def registry() -> Registry:
    return Registry([fake_toolset()])


@pytest.fixture
def driver() -> FakeDriver:
    return FakeDriver()


@pytest.fixture
def ctx(driver: FakeDriver) -> ToolContext:
    return ToolContext([driver])


@pytest.fixture
async def make_client() -> AsyncIterator[Callable[..., LLMClient]]:
    """Build clients that are closed after the test (unclosed sockets are warnings, and warnings are errors)."""
    made: list[LLMClient] = []

    def make(config: LLMConfig, **kw: Any) -> LLMClient:
        client = LLMClient(config, **kw)
        made.append(client)
        return client

    yield make
    for client in made:
        await client.aclose()
