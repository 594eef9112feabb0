"""The LLM step planner: one test step -> a chained plan of tool calls, with bounded corrections.

The model sees the step, the names (never values) of the test data, the compact
page observation marked as untrusted, and the tools chosen for the step as
compact function schemas (:mod:`tapwright.llm.tools`: the core set plus trigger
matches; the rest of the pack by name only, revealed when the model reaches for
one). The tool calls of one reply become the plan's steps in order, with ids
``step1``, ``step2`` ... so later calls can read earlier outputs
(``${step1.output.center_x}``); a reference by tool name in the exported form
(``${web__locate.output.center_x}``) is normalised to ``${web.locate.output.center_x}``.

Corrections: a reply that names an unknown tool, has invalid arguments or bad
placeholders, or whose tool-call JSON does not parse, is answered with tool
messages saying what is wrong (at most ``max_corrections`` times). After the
plan has run, :meth:`LLMPlanner.revise` does the same with the failed call's
ToolResult (ELEMENT_NOT_FOUND with candidates, AMBIGUOUS, INVALID_INPUT ...);
:func:`tapwright.planners.execute.plan_and_run` drives that loop.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from tapwright.core.diagnostics import summary
from tapwright.core.result import ToolResult
from tapwright.drivers.base import Driver, current_driver
from tapwright.errors import ErrorCode, PlanError, ToolFailure
from tapwright.llm.budget import Usage
from tapwright.llm.calls import check_calls, normalize_refs
from tapwright.llm.client import Completion, LLMClient, LLMFailure, ParsedCall
from tapwright.llm.config import LLMConfig
from tapwright.llm.observe import Observation, observe
from tapwright.llm.prompts import (
    ANSWER,
    ANSWER_TOOL,
    page_problems,
    planner_system,
    result_text,
    step_message,
    untrusted,
)
from tapwright.llm.tools import ToolOffer
from tapwright.plan.model import Plan
from tapwright.plan.trace import PlanTrace
from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner
from tapwright.planners.rules import unused_values
from tapwright.registry.export import function_name
from tapwright.registry.registry import Registry

DEFAULT_MAX_CORRECTIONS = 2
# Failures the model can fix by choosing differently; ASSERTION_FAILED is a test outcome, never "corrected".
CORRECTABLE = frozenset({
    ErrorCode.INVALID_INPUT, ErrorCode.UNKNOWN_TOOL, ErrorCode.ELEMENT_NOT_FOUND, ErrorCode.AMBIGUOUS,
    ErrorCode.UNRESOLVED_PLACEHOLDER, ErrorCode.PLAN_INVALID, ErrorCode.STALE_REF, ErrorCode.NOT_INTERACTABLE,
})  # fmt: skip
_KEEP_CONVERSATIONS = 16
_CONTINUE = (
    "The calls above ran until the failure shown; the calls before it already changed the page and must not "
    "be repeated. Reply with the calls that remain to finish the step, fixing the failed one."
)


class LLMPlanError(PlanError):
    """A planning failure that carries what the model calls cost until then."""

    def __init__(self, code: ErrorCode, message: str, *, usage: Usage, retriable: bool | None = None,
                 cause: str | None = None) -> None:  # fmt: skip
        super().__init__(code, message, retriable=retriable, cause=cause)
        self.usage = usage


@dataclass(slots=True)
class _Conversation:
    request: PlanRequest
    messages: list[dict[str, Any]]
    tools: ToolOffer
    corrections_left: int
    usage: Usage = field(default_factory=Usage)
    last_calls: list[ParsedCall] = field(default_factory=list)
    event_mark: int = 0  # the driver's page-event mark when the step was planned

    def take_usage(self) -> Usage:
        usage, self.usage = self.usage, Usage()
        return usage


class LLMPlanner(StepPlanner):
    """A StepPlanner backed by an OpenAI-compatible model.

    Args:
        model: an :class:`LLMConfig` (a client is made from it) or a ready :class:`LLMClient`
            (share one client, and so one budget, across a run).
        max_corrections: how many times a bad reply or a correctable failure goes back to the model.
        observe: show the model the current screen (needs ``request.ctx``).
    """

    name = "llm"
    untrusted_plans = True

    def __init__(
        self, model: LLMConfig | LLMClient, *, max_corrections: int = DEFAULT_MAX_CORRECTIONS, observe: bool = True
    ) -> None:
        self.client = model if isinstance(model, LLMClient) else LLMClient(model)
        self.max_corrections = max_corrections
        self.observe = observe
        self._conversations: OrderedDict[int, _Conversation] = OrderedDict()

    async def plan(self, request: PlanRequest) -> PlanResponse:
        """Plan one step (observing the screen first when a context is given)."""
        return await self.plan_observed(request, await self._observe(request))

    async def plan_observed(self, request: PlanRequest, observation: Observation | None) -> PlanResponse:
        """Plan one step against an observation already taken (the plan cache passes its own)."""
        offer = ToolOffer(request.registry, request.namespace, request.step, extra=[ANSWER_TOOL])
        conv = _Conversation(
            request=request,
            messages=[
                {"role": "system", "content": planner_system(request.namespace, offer.others)},
                {"role": "user", "content": step_message(
                    request.step, observation.text if observation else None, request.var_names, request.secret_names)},
            ],
            tools=offer,
            corrections_left=self.max_corrections,
            event_mark=_driver_mark(request),
        )  # fmt: skip
        self._remember(request, conv)
        return await self._propose(conv)

    async def revise(self, request: PlanRequest, response: PlanResponse, trace: PlanTrace) -> PlanResponse | None:
        """Ask the model to fix a plan that failed when run; None when it is not worth asking.

        The model gets each call's outcome as a tool message (the failed call's
        ToolResult, with candidates when the element was not found or ambiguous)
        and the page as it is now.
        """
        conv = self._conversations.get(id(request))
        code = trace.error.code if trace.error else None
        if conv is None or conv.request is not request or code not in CORRECTABLE or conv.corrections_left <= 0:
            return None
        conv.corrections_left -= 1
        conv.tools.reveal(c.name for c in conv.last_calls)
        for call, record in zip(conv.last_calls, trace.calls, strict=False):
            conv.messages.append({"role": "tool", "tool_call_id": call.id, "content": result_text(record.result, record.status)})
        observation = await self._observe(request)
        text = _CONTINUE + (f"\n{_wrap(observation)}" if observation else "")
        problems = page_problems(_events_since(request, conv.event_mark))
        if problems:
            text += f"\n{problems}"
        conv.messages.append({"role": "user", "content": text})
        return await self._propose(conv)

    def forget(self, request: PlanRequest) -> None:
        """Drop the conversation kept for :meth:`revise`."""
        self._conversations.pop(id(request), None)

    async def aclose(self) -> None:
        await self.client.aclose()

    # -- internals ------------------------------------------------------------------

    def _remember(self, request: PlanRequest, conv: _Conversation) -> None:
        self._conversations[id(request)] = conv
        while len(self._conversations) > _KEEP_CONVERSATIONS:
            self._conversations.popitem(last=False)

    async def _observe(self, request: PlanRequest) -> Observation | None:
        if not self.observe or request.ctx is None:
            return None
        try:
            return await observe(request.ctx, request.registry, request.namespace,
                                 max_chars=self.client.config.max_observation_chars)  # fmt: skip
        except ToolFailure as exc:
            if exc.code is ErrorCode.DRIVER_ERROR:
                return None  # nothing to look at yet (no page open): plan from the step alone
            raise

    async def _propose(self, conv: _Conversation) -> PlanResponse:
        while True:
            completion = await self._complete(conv)
            if completion is None:
                continue  # malformed JSON, already answered with a correction
            conv.messages.append(completion.message)
            conv.last_calls = completion.tool_calls
            outcome = interpret(completion, conv.request)
            if isinstance(outcome, PlanResponse):
                outcome.usage = conv.take_usage()
                return outcome
            problems, feedback = outcome
            if conv.corrections_left <= 0:
                first = problems[0]
                raise LLMPlanError(first.code or ErrorCode.PLAN_INVALID, _first_message(first), usage=conv.take_usage())
            conv.corrections_left -= 1
            conv.messages.extend(feedback)
            conv.tools.reveal(_named(conv.last_calls, problems))

    async def _complete(self, conv: _Conversation) -> Completion | None:
        try:
            completion = await self.client.complete(conv.messages, tools=conv.tools.schemas, tool_choice="auto")
        except LLMFailure as exc:
            conv.usage.add(exc.usage)
            fixable = exc.code is ErrorCode.LLM_MALFORMED_OUTPUT and isinstance(exc.data, dict)
            if fixable and conv.corrections_left > 0:
                conv.corrections_left -= 1
                conv.messages.append({"role": "user", "content": (
                    f"Your last reply could not be used: {exc.message}. Reply again with tool calls whose "
                    "arguments are complete JSON objects.")})  # fmt: skip
                return None
            raise LLMPlanError(exc.code, exc.message, usage=conv.take_usage(), retriable=exc.retriable,
                               cause=exc.cause) from None  # fmt: skip
        conv.usage.add(completion.usage)
        return completion


def _driver(request: PlanRequest) -> Driver | None:
    return current_driver(request.ctx) if request.ctx is not None else None


def _driver_mark(request: PlanRequest) -> int:
    driver = _driver(request)
    return driver.event_mark() if driver is not None else 0


def _events_since(request: PlanRequest, mark: int) -> str:
    """The page's problems since ``mark`` as redacted lines ('' when there are none)."""
    driver = _driver(request)
    if driver is None or request.ctx is None:
        return ""
    return request.ctx.secrets.redact_text(summary(driver.events_since(mark)))


def _named(calls: list[ParsedCall], problems: list[ToolResult]) -> list[str]:
    """Tools a rejected reply points at: the ones it called, and the names suggested for unknown ones."""
    names = [c.name for c in calls]
    for result in problems:
        if isinstance(result.data, dict):
            names.extend(str(n) for n in result.data.get("suggestions") or ())
    return names


def _wrap(observation: Observation) -> str:
    return untrusted(observation.text)


def _first_message(result: ToolResult) -> str:
    return result.error.message if result.error else "the model's plan is not valid"


Outcome = PlanResponse | tuple[list[ToolResult], list[dict[str, Any]]]


def interpret(completion: Completion, request: PlanRequest) -> Outcome:
    """A reply -> a validated plan (or an answer), or the problems and the tool messages that explain them."""
    calls = completion.tool_calls
    if not calls:
        problem = ToolResult.failure(ErrorCode.LLM_MALFORMED_OUTPUT, "the reply has no tool calls")
        note = {"role": "user", "content": "Reply with tool calls for the step, or call `answer` if it is a question."}
        return [problem], [note]
    answers = [c for c in calls if c.name == ANSWER]
    if answers:
        if len(calls) == 1:
            text = str(answers[0].arguments.get("answer", "")).strip()
            return PlanResponse(plan=Plan([]), planner="llm", answer=text)
        problem = ToolResult.failure(ErrorCode.PLAN_INVALID, "`answer` must be the only call of a reply")
        return [problem], _tool_messages(calls, {c.id: problem for c in answers})
    results = check_calls(calls, request.registry, request.var_names, request.secret_names)
    if not results:
        steps = [_step_data(i, c, request.registry) for i, c in enumerate(calls)]
        unused = unused_values(request.step, steps)
        try:
            plan = Plan.from_data({"steps": steps})
        except PlanError as exc:
            results = {calls[-1].id: ToolResult.from_failure(exc)}
        else:
            if not unused:
                return PlanResponse(plan=plan, planner="llm")
            results = {calls[-1].id: ToolResult.failure(ErrorCode.PLAN_INVALID, (
                f"the calls leave part of the step out: {unused.message()}. Use every quoted value of the step "
                "as written, read a negation into a negative check, keep every number, ordinal and quantifier "
                "(all, every, each, only) and every place the step names (in the X row, inside the Y dialog) "
                "in the description of what is acted on, or call `answer` to say what cannot be done"))}  # fmt: skip
    return list(results.values()), _tool_messages(calls, results)


def _step_data(index: int, call: ParsedCall, registry: Registry) -> dict[str, Any]:
    spec = registry.get(call.name)
    assert spec is not None  # checked before
    return {"id": f"step{index + 1}", "tool": spec.name, "args": normalize_refs(call.arguments)}


def _tool_messages(calls: list[ParsedCall], problems: dict[str, ToolResult]) -> list[dict[str, Any]]:
    """One tool message per call (the API requires it): the problem, or a note that it did not run."""
    out = []
    for call in calls:
        result = problems.get(call.id)
        content = result.status_line() if result else "NOT RUN: the reply was rejected; send the corrected calls again"
        if result is not None and isinstance(result.data, dict) and result.data.get("suggestions"):
            names = ", ".join(function_name(str(n)) for n in result.data["suggestions"])
            content += f" (function names: {names})"
        out.append({"role": "tool", "tool_call_id": call.id, "content": content})
    return out
