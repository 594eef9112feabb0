"""Plans, placeholders and the executor."""

from tapwright.plan.executor import Executor, RetryPolicy
from tapwright.plan.model import MAX_BYTES, MAX_DEPTH, MAX_STEPS, Plan, Step, ToolCall, load_plan, parse_plan
from tapwright.plan.placeholders import Ref, find_refs, parse_ref, resolve
from tapwright.plan.trace import Attempt, CallRecord, PlanTrace

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_STEPS",
    "Attempt",
    "CallRecord",
    "Executor",
    "Plan",
    "PlanTrace",
    "Ref",
    "RetryPolicy",
    "Step",
    "ToolCall",
    "find_refs",
    "load_plan",
    "parse_plan",
    "parse_ref",
    "resolve",
]
