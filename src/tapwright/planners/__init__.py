"""Planners turn step text into Plans: rules (offline), llm (OpenAI-compatible), cache (replay)."""

from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner, Usage

__all__ = ["PlanRequest", "PlanResponse", "StepPlanner", "Usage"]
