"""Model access for planning and agents: configuration, the OpenAI-compatible client, budgets.

The planners live in :mod:`tapwright.planners.llm` and :mod:`tapwright.planners.cache`;
the goal-driven agent loop in :mod:`tapwright.llm.agent`.
"""

from tapwright.llm.budget import Budget
from tapwright.llm.client import Completion, LLMClient, LLMFailure, ParsedCall
from tapwright.llm.config import LLMConfig

__all__ = ["Budget", "Completion", "LLMClient", "LLMConfig", "LLMFailure", "ParsedCall"]
