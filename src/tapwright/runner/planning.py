"""The runner's planner choice: re-exports the one factory, :func:`tapwright.planners.factory.make_planner`."""

from __future__ import annotations

from tapwright.planners.cache import CACHE_MODES
from tapwright.planners.factory import PLANNER_KINDS, make_planner, planner_kind

__all__ = ["CACHE_MODES", "PLANNER_KINDS", "make_planner", "planner_kind"]
