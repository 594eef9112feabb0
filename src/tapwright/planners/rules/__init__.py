"""The offline rules planner: plain-English test steps -> Plans, with a grammar and no model.

``compile_step("Type 'alice' into the Username field, then click Sign in")`` gives a
Plan of ``web.fill`` and ``web.click``. See the README (phrasing guide) for what compiles.
"""

from tapwright.plan.templates import Slot, coordinate_table
from tapwright.planners.rules._accounting import unused_values
from tapwright.planners.rules._ast import Action
from tapwright.planners.rules._planner import RulesPlanner, compile_explained, compile_step, parse, suggestions
from tapwright.planners.rules._writer import sentence_for

__all__ = ["Action", "RulesPlanner", "Slot", "compile_explained", "compile_step", "coordinate_table", "parse", "sentence_for", "suggestions", "unused_values"]
