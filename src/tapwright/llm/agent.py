"""The agent loop for goals rather than steps: observe -> think -> act until ``done`` or ``fail``.

The first turn doubles as intent classification: a question the page
already answers comes back through the ``answer`` pseudo-tool (or as plain text)
and nothing is clicked; anything else starts the loop. The loop stops on
``done`` (final answer), ``fail`` (reason), ``max_steps`` turns, or a loop: the
same calls proposed on the same page ``loop_threshold`` times.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolError, ToolResult
from tapwright.errors import PlanError, ToolFailure, UserError
from tapwright.llm.budget import Budget, Usage
from tapwright.llm.calls import check_calls, normalize_refs
from tapwright.llm.client import Completion, LLMClient, ParsedCall
from tapwright.llm.config import LLMConfig
from tapwright.llm.observe import Observation, observe
from tapwright.llm.prompts import (
    ANSWER,
    ANSWER_TOOL,
    DONE,
    DONE_TOOL,
    FAIL,
    FAIL_TOOL,
    agent_system,
    goal_message,
    observation_message,
    result_text,
)  # fmt: skip
from tapwright.llm.tools import ToolOffer
from tapwright.plan.executor import Executor
from tapwright.plan.model import Plan
from tapwright.plan.trace import PlanTrace
from tapwright.registry.registry import Registry

AgentStatus = Literal["done", "answered", "failed", "max_steps", "loop", "error"]
_PSEUDO = {ANSWER, DONE, FAIL}
_OMITTED = "(page omitted: see the latest turn)"


@dataclass(slots=True)
class AgentStep:
    """One turn: what the model asked for and what happened."""

    turn: int
    url: str
    calls: list[dict[str, Any]] = field(default_factory=list)
    trace: PlanTrace | None = None
    note: str | None = None
    usage: Usage = field(default_factory=Usage)

    def to_dict(self) -> dict[str, Any]:
        return {"turn": self.turn, "url": self.url, "calls": self.calls, "note": self.note,
                "usage": self.usage.to_dict(), "trace": self.trace.to_dict() if self.trace else None}  # fmt: skip


@dataclass(slots=True)
class AgentResult:
    """How a goal ended: status, final answer, every turn, and what the model calls cost."""

    status: AgentStatus
    answer: str | None = None
    intent: Literal["question", "action"] = "action"
    steps: list[AgentStep] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    error: ToolError | None = None

    @property
    def ok(self) -> bool:
        return self.status in ("done", "answered")

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "ok": self.ok, "intent": self.intent, "answer": self.answer,
                "usage": self.usage.to_dict(), "error": self.error.to_dict() if self.error else None,
                "steps": [s.to_dict() for s in self.steps]}  # fmt: skip


async def run_agent(
    goal: str,
    session_or_ctx: Any,
    registry: Registry | None = None,
    config: LLMConfig | None = None,
    *,
    client: LLMClient | None = None,
    budget: Budget | None = None,
    namespace: str = "web",
    max_steps: int = 15,
    loop_threshold: int = 3,
) -> AgentResult:
    """Pursue ``goal`` on the screen behind ``session_or_ctx`` with an OpenAI-compatible model.

    Args:
        goal: what to achieve, or a question about the page.
        session_or_ctx: a ``tapwright.web(...)`` Session (its ``ctx`` and ``registry`` are used)
            or a ToolContext.
        registry: the tools; the session's, else ``Registry.default()``.
        config: model settings (``LLMConfig.from_env()`` when neither this nor ``client`` is given).
        client: a ready client (shares its budget); closed by the caller.
        budget: a run budget for a client made here.
        namespace: the tool pack to act with (``web``, ``android``, ``desktop``, ``fake``).
        max_steps: most turns (model calls) before giving up with status ``max_steps``.
        loop_threshold: the same calls on the same page this many times stops with status ``loop``.
    """
    ctx = session_or_ctx if isinstance(session_or_ctx, ToolContext) else getattr(session_or_ctx, "ctx", None)
    if not isinstance(ctx, ToolContext):
        raise UserError("run_agent needs a tapwright session or a ToolContext")
    registry = registry or getattr(session_or_ctx, "registry", None) or Registry.default()
    own = client is None
    if client is None:
        client = LLMClient(config or LLMConfig.from_env(), budget=budget, secrets=ctx.secrets)
    loop = _Loop(goal, ctx, registry, client, namespace, loop_threshold)
    try:
        return await loop.run(max_steps)
    finally:
        if own:
            await client.aclose()


class _Loop:
    def __init__(self, goal: str, ctx: ToolContext, registry: Registry, client: LLMClient, namespace: str,
                 loop_threshold: int) -> None:  # fmt: skip
        self.ctx, self.registry, self.client, self.namespace = ctx, registry, client, namespace
        self.loop_threshold = loop_threshold
        self.executor = Executor(registry, ctx)
        self.var_names = sorted(ctx.vars)
        self.secret_names = ctx.secrets.names()
        self.tools = ToolOffer(registry, namespace, goal, extra=[ANSWER_TOOL, DONE_TOOL, FAIL_TOOL])
        self.messages: list[dict[str, Any]] = [
            {"role": "system", "content": agent_system(namespace, self.tools.others)},
            {"role": "user", "content": goal_message(goal, self.var_names, self.secret_names)},
        ]
        self.result = AgentResult(status="max_steps")
        self.seen: Counter[str] = Counter()
        self.acted = False

    async def run(self, max_steps: int) -> AgentResult:
        for turn in range(1, max_steps + 1):
            try:
                finished = await self._turn(turn)
            except ToolFailure as exc:  # model failures, budget, no driver
                usage = getattr(exc, "usage", None)
                if isinstance(usage, Usage):
                    self.result.usage.add(usage)
                self.result.status = "error"
                self.result.error = ToolResult.from_failure(exc).error
                return self.result
            if finished:
                return self.result
        self.result.answer = self.result.answer or f"stopped after {max_steps} turns without reaching the goal"
        return self.result

    async def _turn(self, turn: int) -> bool:
        observation = await observe(self.ctx, self.registry, self.namespace,
                                    max_chars=self.client.config.max_observation_chars)  # fmt: skip
        self._forget_old_pages()
        self.messages.append({"role": "user", "content": observation_message(observation.text, turn)})
        step = AgentStep(turn=turn, url=observation.url)
        self.result.steps.append(step)
        completion = await self.client.complete(self.messages, tools=self.tools.schemas, tool_choice="auto")
        step.usage = completion.usage
        self.result.usage.add(completion.usage)
        self.messages.append(completion.message)
        if not completion.tool_calls:
            return self._text_reply(completion, step)
        actions = [c for c in completion.tool_calls if c.name not in _PSEUDO]
        step.calls = [{"tool": c.name, "args": self.ctx.secrets.redact(c.arguments)} for c in completion.tool_calls]
        if actions and self._looping(observation, actions):
            step.note = "loop"
            self.result.status = "loop"
            self.result.answer = f"stopped: the same action was proposed {self.loop_threshold} times on an unchanged page"
            return True
        replies = await self._act(actions, step) if actions else {}
        failed = bool(actions) and (step.trace is None or not step.trace.ok)
        return self._finish(completion.tool_calls, replies, failed)

    def _text_reply(self, completion: Completion, step: AgentStep) -> bool:
        # Plain text with no call: the model's answer (intent classification's "question" when nothing was done yet).
        text = (completion.content or "").strip()
        step.note = "text reply"
        self.result.answer = text
        self.result.status = "done" if self.acted else "answered"
        self.result.intent = "action" if self.acted else "question"
        return True

    def _looping(self, observation: Observation, actions: list[ParsedCall]) -> bool:
        page = hashlib.sha256(observation.text.encode()).hexdigest()
        calls = json.dumps([[c.name, c.arguments] for c in actions], sort_keys=True, default=str)
        key = f"{page}:{calls}"
        self.seen[key] += 1
        return self.seen[key] >= self.loop_threshold

    async def _act(self, actions: list[ParsedCall], step: AgentStep) -> dict[str, str]:
        """Run the turn's calls as one plan; the text for each call's tool message."""
        problems = check_calls(actions, self.registry, self.var_names, self.secret_names)
        self.tools.reveal(c.name for c in actions)  # a tool it reached for by name comes with its schema from now on
        if problems:
            for result in problems.values():
                if isinstance(result.data, dict):
                    self.tools.reveal(str(n) for n in result.data.get("suggestions") or ())
            return {c.id: problems[c.id].status_line() if c.id in problems else "NOT RUN: another call was invalid"
                    for c in actions}  # fmt: skip
        try:
            plan = Plan.from_data({"steps": [
                {"id": f"step{i + 1}", "tool": self.registry.get(c.name).name, "args": normalize_refs(c.arguments)}  # type: ignore[union-attr]
                for i, c in enumerate(actions)]})  # fmt: skip
        except PlanError as exc:
            return {c.id: ToolResult.from_failure(exc).status_line() for c in actions}
        self.acted = True
        trace = await self.executor.run(plan)
        step.trace = trace
        return {c.id: result_text(r.result, r.status) for c, r in zip(actions, trace.calls, strict=True)}

    def _finish(self, calls: list[ParsedCall], replies: dict[str, str], failed: bool) -> bool:
        """Honour done/answer/fail, unless an action of the same reply failed (then the model looks again)."""
        finished = False
        for call in calls:
            if call.name in _PSEUDO and failed:
                replies[call.id] = "IGNORED: an action of this reply failed; read its result and try again"
            elif call.name == FAIL:
                self.result.status, finished = "failed", True
                self.result.answer = str(call.arguments.get("reason", "")).strip() or "the model gave up"
            elif call.name in (DONE, ANSWER) and not finished:
                question = call.name == ANSWER and not self.acted
                self.result.status, finished = ("answered" if question else "done"), True
                self.result.intent = "question" if question else "action"
                self.result.answer = str(call.arguments.get("answer", "")).strip()
        for call in calls:
            content = replies.get(call.id, "OK")
            self.messages.append({"role": "tool", "tool_call_id": call.id, "content": content})
        return finished

    def _forget_old_pages(self) -> None:
        # Only the latest page matters; older ones would grow every prompt for nothing.
        for message in self.messages:
            if message.get("role") == "user" and str(message.get("content", "")).startswith("Turn "):
                first = str(message["content"]).split("\n", 1)[0]
                message["content"] = f"{first}\n{_OMITTED}"
