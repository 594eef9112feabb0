"""The configured model as ``extract.schema``'s fallback: a SchemaModel over the LLM client."""

from __future__ import annotations

from typing import Any

from tapwright.core.context import ToolContext
from tapwright.llm.client import LLMClient
from tapwright.llm.config import LLMConfig
from tapwright.tools._schema_fill import SchemaModel


class LLMSchemaModel(SchemaModel):
    """Answers ``extract.schema``'s request through an OpenAI-compatible endpoint (one client, closed with the run)."""

    def __init__(self, config: LLMConfig, client: LLMClient | None = None) -> None:
        self.config = config
        self._client = client or LLMClient(config)

    async def answer(self, messages: list[dict[str, Any]]) -> str:
        reply = await self._client.complete(messages)
        return reply.content or ""

    async def aclose(self) -> None:
        await self._client.aclose()


def provide_schema_model(ctx: ToolContext, config: LLMConfig | None = None) -> bool:
    """Offer the configured model to ``extract.schema`` in ``ctx`` (created on first use). False when none is configured."""
    cfg = config or LLMConfig.from_env()
    if not cfg.configured or ctx.has(SchemaModel):
        return False

    async def factory() -> SchemaModel:
        return LLMSchemaModel(cfg, LLMClient(cfg, secrets=ctx.secrets))

    ctx.provide(SchemaModel, factory)
    return True
