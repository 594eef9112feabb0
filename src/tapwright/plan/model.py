"""Plans: a sequence of tool calls whose arguments may chain earlier outputs.

Accepted shapes (JSON or YAML)::

    {"steps": [{"id": "login", "tool": "web.locate", "args": {...},
                "description": "...", "fallback": {"tool": "...", "args": {...}},
                "timeout_ms": 5000}]}

The long spelling is accepted too: ``"plan"`` for ``"steps"`` and
``"parameters"`` for ``"args"``; a bare list is a list of steps. A task plan's plan-level
keys are kept: ``"expected_output"`` (the output key, or a JSON Schema, the result
validator checks) and ``"fallback"`` (a tool, or a call, tried when a step of the same
namespace fails and has no fallback of its own: the generic tool behind specialised
ones; with no step of its namespace it backs up the last step).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tapwright.core._yaml_budget import ExpansionError, check_expansion
from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.placeholders import find_refs
from tapwright.registry.registry import NAMESPACE_ALIASES

MAX_STEPS = 1000
MAX_BYTES = 1_000_000
MAX_DEPTH = 32
ID_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_\-]{0,63}$")
_RESERVED_IDS = {"vars", "secrets"}
_STEP_KEYS = {"id", "tool", "args", "parameters", "description", "fallback", "timeout_ms", "retries"}
_PLAN_KEYS = {"steps", "plan", "description", "name", "expected_output", "fallback"}


def invalid(message: str) -> PlanError:
    return PlanError(ErrorCode.PLAN_INVALID, message)


@dataclass(slots=True)
class ToolCall:
    """A tool name and its (unresolved) arguments."""

    tool: str
    args: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"tool": self.tool, "args": self.args}


@dataclass(slots=True)
class Step:
    """One call of a plan."""

    tool: str
    args: dict[str, Any] = field(default_factory=dict)
    id: str | None = None
    description: str | None = None
    fallback: ToolCall | None = None
    timeout_ms: int | None = None
    retries: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"tool": self.tool, "args": self.args}
        if self.id:
            out["id"] = self.id
        if self.description:
            out["description"] = self.description
        if self.fallback:
            out["fallback"] = self.fallback.to_dict()
        if self.timeout_ms is not None:
            out["timeout_ms"] = self.timeout_ms
        if self.retries is not None:
            out["retries"] = self.retries
        return out


@dataclass(slots=True)
class Plan:
    """An ordered list of steps, with a task plan's optional ``expected_output`` and plan-level ``fallback``."""

    steps: list[Step]
    description: str | None = None
    expected_output: str | dict[str, Any] | None = None
    fallback: ToolCall | None = None

    def to_dict(self) -> dict[str, Any]:
        steps = [s.to_dict() for s in self.steps]
        if self.fallback is not None:
            # A fallback the plan-level one put there is written once, at plan level.
            for raw in steps:
                if raw.get("fallback") == self.fallback.to_dict():
                    del raw["fallback"]
        out: dict[str, Any] = {"steps": steps}
        if self.description:
            out["description"] = self.description
        if self.expected_output is not None:
            out["expected_output"] = self.expected_output
        if self.fallback is not None:
            out["fallback"] = self.fallback.to_dict()
        return out

    @classmethod
    def from_data(cls, data: Any) -> Plan:
        """Build and check a plan from parsed JSON/YAML; PlanError on any problem."""
        size = _measure(data, 0)
        if size > MAX_BYTES:
            raise invalid(f"the plan is about {size} bytes; the limit is {MAX_BYTES}")
        if isinstance(data, list):
            data = {"steps": data}
        if not isinstance(data, dict):
            raise invalid(f"a plan must be an object with 'steps', not {type(data).__name__}")
        extra = sorted(set(data) - _PLAN_KEYS)
        if extra:
            raise invalid(f"unknown plan keys {extra}; expected 'steps' (or 'plan') and optional 'description'")
        raw_steps = data.get("steps", data.get("plan"))
        if not isinstance(raw_steps, list):
            raise invalid("a plan needs 'steps': a list of tool calls")
        if len(raw_steps) > MAX_STEPS:
            raise invalid(f"the plan has {len(raw_steps)} steps; the limit is {MAX_STEPS}")
        steps, problems = [], []
        for i, raw in enumerate(raw_steps):
            try:
                steps.append(_step(i, raw))
            except PlanError as exc:  # report every bad step, not only the first
                problems.append(exc.message)
        if problems:
            shown = problems[:MAX_REPORTED_PROBLEMS]
            more = len(problems) - len(shown)
            raise invalid("; ".join(shown) + (f"; and {more} more problems" if more else ""))
        fallback = None
        if data.get("fallback"):
            fb = data["fallback"]
            fallback = _call("plan fallback", fb if isinstance(fb, dict) else {"tool": fb})
            _attach(steps, fallback)
        expected = data.get("expected_output")
        if expected is not None and not isinstance(expected, (str, dict)):
            raise invalid("expected_output must be an output key (\"products\") or a JSON Schema object")
        description = data.get("description")
        plan = cls(steps, description if isinstance(description, str) else None, expected, fallback)
        check_references(plan)
        return plan


MAX_REPORTED_PROBLEMS = 20  # a plan with 500 bad steps gets a readable message, not 500 lines


def namespace(tool: str) -> str:
    """A tool's namespace, the long namespace names read as the short ones (``extraction`` is ``extract``)."""
    head = tool.replace("__", ".").split(".", 1)[0]
    return NAMESPACE_ALIASES.get(head, head)


def _attach(steps: list[Step], fallback: ToolCall) -> None:
    """The plan-level fallback backs up every step of its namespace that has none; else the last step."""
    same = [s for s in steps if namespace(s.tool) == namespace(fallback.tool) and s.tool != fallback.tool]
    targets = same or steps[-1:]
    for step in targets:
        if step.fallback is None:
            step.fallback = ToolCall(fallback.tool, dict(fallback.args))


def _measure(value: Any, depth: int) -> int:
    """Roughly how many bytes ``value`` takes as JSON; PLAN_INVALID when too deep or not finite.

    Plans built in Python (by a planner) skip the text-size check of :func:`parse_plan`,
    so a 5 MB argument is caught here instead.
    """
    if depth > MAX_DEPTH:
        raise invalid(f"the plan nests deeper than {MAX_DEPTH} levels")
    if isinstance(value, str):
        return len(value) + 2
    if isinstance(value, dict):
        bad_keys = [k for k in value if not isinstance(k, str)]
        if bad_keys:
            raise invalid(f"keys must be strings, not {bad_keys[0]!r}")
        return 2 + sum(len(k) + 4 + _measure(v, depth + 1) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return 2 + sum(1 + _measure(v, depth + 1) for v in value)
    if isinstance(value, float) and not math.isfinite(value):
        raise invalid("the plan contains NaN or Infinity, which no tool accepts")
    if value is not None and not isinstance(value, (bool, int, float)):
        raise invalid(f"{value!r} ({type(value).__name__}) is not a JSON value; quote it")
    return 8


def _call(where: str, raw: Any) -> ToolCall:
    if not isinstance(raw, dict):
        raise invalid(f"{where}: must be an object with 'tool' and 'args'")
    tool = raw.get("tool")
    if not isinstance(tool, str) or not tool:
        raise invalid(f"{where}: 'tool' must be a non-empty string")
    args = raw.get("args", raw.get("parameters", {}))
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise invalid(f"{where}: 'args' must be an object, not {type(args).__name__}")
    extra = sorted(set(raw) - {"tool", "args", "parameters"})
    if extra:
        raise invalid(f"{where}: unknown keys {extra}")
    return ToolCall(tool, args)


def _step(index: int, raw: Any) -> Step:
    where = f"step {index + 1}"
    if not isinstance(raw, dict):
        raise invalid(f"{where}: must be an object with 'tool', not {type(raw).__name__}")
    extra = sorted(set(raw) - _STEP_KEYS)
    if extra:
        raise invalid(f"{where}: unknown keys {extra}; allowed: {sorted(_STEP_KEYS)}")
    call = _call(where, {k: v for k, v in raw.items() if k in ("tool", "args", "parameters")})
    step_id = raw.get("id")
    if step_id is not None and (not isinstance(step_id, str) or not ID_RE.match(step_id) or step_id in _RESERVED_IDS):
        raise invalid(f"{where}: id {step_id!r} must match {ID_RE.pattern} and not be 'vars' or 'secrets'")
    timeout = raw.get("timeout_ms")
    if timeout is not None and (
        isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 3_600_000
    ):
        raise invalid(f"{where}: timeout_ms must be a number of milliseconds in (0, 3600000], not {timeout!r}")
    retries = raw.get("retries")
    if retries is not None and (isinstance(retries, bool) or not isinstance(retries, int) or not 0 <= retries <= 10):
        raise invalid(f"{where}: retries must be an integer from 0 to 10")
    description = raw.get("description")
    fallback = _call(f"{where} fallback", raw["fallback"]) if raw.get("fallback") is not None else None
    return Step(
        tool=call.tool,
        args=call.args,
        id=step_id,
        description=description if isinstance(description, str) else None,
        fallback=fallback,
        timeout_ms=int(timeout) if timeout is not None else None,
        retries=retries,
    )


def check_references(plan: Plan) -> None:
    """Every ``${x.output...}`` must name an earlier step (by id or tool name)."""
    ids = [s.id for s in plan.steps]
    dup = sorted({i for i in ids if i and ids.count(i) > 1})
    if dup:
        raise invalid(f"duplicate step ids {dup}")
    seen: set[str] = set()
    for index, step in enumerate(plan.steps):
        own = {n for n in (step.id, step.tool) if n}
        for call_args, label in ((step.args, "args"), (step.fallback.args if step.fallback else {}, "fallback")):
            for ref in find_refs(call_args):
                if ref.kind != "output" or ref.target in seen:
                    continue
                where = f"step {index + 1} ({step.tool}) {label}"
                if ref.target in own:
                    raise PlanError(ErrorCode.UNRESOLVED_PLACEHOLDER, f"{where}: {ref.text} refers to its own step")
                later = [j + 1 for j, s in enumerate(plan.steps) if j > index and ref.target in (s.id, s.tool)]
                if later:
                    raise PlanError(
                        ErrorCode.UNRESOLVED_PLACEHOLDER, f"{where}: {ref.text} refers to a later step ({later[0]})"
                    )
                raise PlanError(ErrorCode.UNRESOLVED_PLACEHOLDER, f"{where}: {ref.text} names no earlier step")
        seen.update(own)
        if step.fallback:
            seen.add(step.fallback.tool)


class _PlanLoader(yaml.SafeLoader):
    """Safe YAML without implicit timestamps: ``date: 2024-01-01`` stays the string a tool expects."""


_PlanLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _load_yaml(text: str) -> Any:
    """Safe YAML (no arbitrary objects) whose aliases stay within the expansion budget."""
    loader = _PlanLoader(text)
    try:
        node = loader.get_single_node()
        check_expansion(node)
        return loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()


def parse_plan(text: str, *, source: str = "<plan>", fmt: str = "auto") -> Plan:
    """Parse a JSON or YAML plan. Syntax errors name the line and column."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise invalid(f"{source}: the plan is larger than {MAX_BYTES} bytes")
    kind = fmt
    if kind == "auto":
        kind = "json" if source.endswith(".json") or text.lstrip()[:1] in ("{", "[") else "yaml"
    if kind == "json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise invalid(f"{source}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from exc
        except RecursionError as exc:
            raise invalid(f"{source}: the plan nests too deeply") from exc
        except ValueError as exc:  # an integer of thousands of digits
            raise invalid(f"{source}: a number in the plan is too long: {exc}") from exc
    else:
        try:
            data = _load_yaml(text)
        except ExpansionError as exc:
            raise invalid(f"{source}: invalid YAML: {exc}") from exc
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark
            pos = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
            raise invalid(f"{source}{pos}: invalid YAML: {exc.problem or exc}") from exc
        except (yaml.YAMLError, RecursionError) as exc:
            raise invalid(f"{source}: invalid YAML: {exc}") from exc
        except ValueError as exc:  # an integer of thousands of digits
            raise invalid(f"{source}: a number in the plan is too long: {exc}") from exc
    try:
        return Plan.from_data(data)
    except PlanError as exc:
        exc.message = f"{source}: {exc.message}"
        exc.args = (f"{exc.code.value}: {exc.message}",)
        raise


def load_plan(path: str | Path) -> Plan:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise invalid(f"cannot read plan {p}: {exc}") from exc
    return parse_plan(text, source=str(p))
