"""compile_step and RulesPlanner: plain-English steps to Plans with no model."""

from __future__ import annotations

import difflib
import itertools
import re
import time
from typing import Any

from tapwright.errors import ErrorCode, PlanError
from tapwright.plan.model import Plan
from tapwright.plan.placeholders import find_refs
from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner, Usage
from tapwright.planners.rules import _accounting as accounting
from tapwright.planners.rules._ast import SET_ASIDE, Action, NoParse, set_aside
from tapwright.planners.rules._attach import doc_actions, split_attachment, table_actions
from tapwright.planners.rules._dates import calendar_day, date_value
from tapwright.planners.rules._grammar import parse_step, strip_prefix
from tapwright.planners.rules._lexicon import EXAMPLES, VERBS
from tapwright.planners.rules._shapes import strip_marker
from tapwright.planners.rules._targets import emit
from tapwright.planners.rules._tokens import tokenize

MAX_STEP_CHARS = 10_000


def parse(text: str) -> list[tuple[str, Action]]:
    """The (clause, Action) pairs of a step, namespace-independent.

    Raises:
        PlanError: PLAN_INVALID quoting the step, with suggestions, when no rule fits.
    """
    if len(text) > MAX_STEP_CHARS:
        raise PlanError(ErrorCode.PLAN_INVALID, f"the step is longer than {MAX_STEP_CHARS} characters")
    try:
        head, table, doc = split_attachment(text.strip())
        if table is not None:
            return [(head, a) for a in table_actions(head, table)]
        if doc is not None:
            return [(head, a) for a in doc_actions(head, doc)]
        head, details = _bracketed_details(head)
        return [(clause, b) for clause, actions in parse_step(head) for a in actions
                for b in calendar_day(a) or date_value(a, clause) or beside_several(a) or [a]] + details  # fmt: skip
    except NoParse as exc:
        raise rejection(text, exc) from None


def compile_explained(text: str, namespace: str = "web") -> tuple[Plan, list[str]]:
    """:func:`compile_step` and which words of the step each call takes (for ``tapwright plan``)."""
    aside: set[str] = set()
    plan = compile_step(text, namespace, _aside=aside)
    head, _, _ = split_attachment(text.strip())
    steps = [{"tool": s.tool, "args": s.args} for s in plan.steps]
    return plan, accounting.explain(strip_marker(head), steps, aside)


# The quoted name opens after a space (or at the start): a closing quote and the next value's opening quote
# ('"Custom Query" with "(4 matches)"') are no quoted name.
_BRACKETED = re.compile(r'(?<![^\s])"([^"]+)"\s*\(([^()"]+)\)')


def _bracketed_details(head: str) -> tuple[str, list[tuple[str, Action]]]:
    """ '"Migrate database" (due 2025-06-18) should be the first row': in a check, the words in brackets after a
    quoted name are details of that record, each checked in its row ("2025-06-18" for "Migrate database"; a field
    word before the value, "due", says which field); the brackets are taken out of the claim itself."""
    if " should " not in f" {head.lower()} ":
        return head, []
    details: list[tuple[str, Action]] = []

    def take(m: re.Match[str]) -> str:
        for part in m.group(2).split(","):
            words = part.split()
            lead = 0
            while lead < min(2, len(words) - 1) and words[lead].isalpha() and words[lead].islower():
                lead += 1
            if not words:
                continue
            set_aside(tokenize(" ".join(words[:lead])))  # "due": which field the value is
            value = " ".join(words[lead:])
            details.append((m.group(0), Action("verify_visible", {"target": f'"{value}" for "{m.group(1)}"'})))
        return f'"{m.group(1)}"'

    return _BRACKETED.sub(take, head), details


_BESIDE_SEVERAL = re.compile(r'^(?P<head>.+?) (?:next to|beside|alongside|near) (?P<list>"[^"]+"(?:, "[^"]+")*,? and "[^"]+")$')
_IN_HOLDER = re.compile(r" (in|on|inside) (the .+)$")


def beside_several(action: Action) -> list[Action] | None:
    """ 'a "prototypes" folder should appear in the Files panel next to "calibration", "functional" and "gifts"':
    a place beside several things is no one place; it says they are shown together. The thing is checked, then
    each of the others, in the same holder when one is said. (Kept as one description, only one of them counted.)"""
    if action.verb != "verify_visible":
        return None
    found = _BESIDE_SEVERAL.match(str(action.args.get("target", "")))
    if found is None:
        return None
    head = found.group("head")
    holder = _IN_HOLDER.search(head)
    where = f" {holder.group(1)} {holder.group(2)}" if holder else ""
    others = re.findall(r'"([^"]+)"', found.group("list"))
    return [Action("verify_visible", {"target": head}, action.text),
            *(Action("verify_visible", {"target": f'"{v}"{where}'}, action.text) for v in others)]


def compile_step(text: str, namespace: str = "web", *, _aside: set[str] | None = None) -> Plan:
    """Compile one plain-English step into a Plan of ``<namespace>.*`` tool calls. Pure and sync.

    Args:
        text: The step, e.g. ``'Type "alice" into the Username field and click "Sign in"'``.
            A Gherkin data table or doc string may follow on the next lines.
        namespace: The tool pack the plan targets (``web`` or ``fake``).

    Raises:
        PlanError: PLAN_INVALID when the step does not parse (the message quotes it and
            suggests phrasings that do) or the namespace has no tool for it.
    """
    aside: set[str] = set() if _aside is None else _aside
    token = SET_ASIDE.set(aside)
    try:
        steps = emit(parse(text), namespace)
    finally:
        SET_ASIDE.reset(token)
    steps = _distributed(steps)
    head, _, _ = split_attachment(text.strip())
    unused = accounting.check(strip_marker(head), steps, aside)
    if unused:
        raise PlanError(
            ErrorCode.PLAN_INVALID,
            f"cannot compile step {text.strip()!r} without dropping part of it: {unused.message()}",
            data={"step": text, "unused_words": list(unused.words), "unused_values": list(unused.values),
                  "mixed_values": [list(m) for m in unused.mixed]},
        )  # fmt: skip
    several = _several_in_one(steps)
    if several is not None:
        raise PlanError(
            ErrorCode.PLAN_INVALID,
            f"cannot compile step {text.strip()!r}: the element {several!r} names several things at once (a "
            "check or an action on one of them would pass for all); say each in its own check or step",
            data={"step": text, "target": several},
        )  # fmt: skip
    return Plan.from_data({"steps": steps, "description": " ".join(text.split())[:500]})


_QUOTED_PART = re.compile(r'"[^"]*"')
# Between two names: a comma, "and" or "or", maybe with an article and a kind ('"A" and the file "B"').
_JOINED = re.compile(r",?\s*(?:,|and|or|&)?(?:\s+(?:the|a|an))?(?:\s+[a-z]+){0,2}|,")
_HOLDING = re.compile(r"\b(?:with|containing|holding|having|between|showing|saying)\b", re.IGNORECASE)


# 'the checkboxes in the "ORD-1" and "ORD-9" rows': a plural kind, then the names of the places each one is in.
_EACH_IN = re.compile(r'^(?:the\s+)?(?P<named>(?:[A-Z][\w-]*\s+){0,2})(?P<kind>[a-z]+s)\s+(?P<link>in|of|for|on)\s+(?P<the>the\s+)?'
                      r'(?P<names>"[^"]+"(?:\s*(?:,|,?\s+and)\s+"[^"]+")+)(?:\s+(?P<place>[a-z]+s))?$')
_NAME = re.compile(r'"[^"]+"')


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("xes", "ses", "ches", "shes")):
        return word[:-2]
    return word[:-1]


def _distributed(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """ 'Tick the checkboxes in the "ORD-1" and "ORD-9" rows': one call for each place named, on the one thing of
    that kind in it ('checkbox in the "ORD-1" row', then the "ORD-9" one), so no call stands for several."""
    out: list[dict[str, Any]] = []
    for call in steps:
        args = call.get("args") or {}
        found = _EACH_IN.match(str(args.get("target", "")).strip())
        if found is None or str(call.get("tool", "")).endswith("verify_count"):
            out.append(call)
            continue
        kind, place = found.group("named") + _singular(found.group("kind")), found.group("place")
        where = f" {_singular(place)}" if place else ""
        for name in _NAME.findall(found.group("names")):
            out.append({**call, "args": {**args, "target": f"{kind} {found.group('link')} {found.group('the') or ''}{name}{where}"}})
    return out


def _several_in_one(steps: list[dict[str, Any]]) -> str | None:
    """The first target that joins two quoted names with only "and", "or" or a comma between them
    ('checkboxes "Draft" and "Paid"'): one element is looked for, and whichever one is found would stand for
    both. None when every target names one thing."""
    for call in steps:
        target = (call.get("args") or {}).get("target")
        if not isinstance(target, str):
            continue
        spans = list(_QUOTED_PART.finditer(target))
        for a, b in itertools.pairwise(spans):
            if _HOLDING.search(target[: a.start()]):
                break  # 'the dialog with "Save" and "Cancel"': one element, said by what it holds
            if _JOINED.fullmatch(target[a.end() : b.start()].strip().lower()):
                return target
    return None


def suggestions(clause: str, family: str | None = None, n: int = 3) -> list[str]:
    """Known phrasings nearest to a clause: the examples of its verb, else the closest verbs' examples."""
    if family and family in EXAMPLES:
        return EXAMPLES[family][:n]
    toks = strip_prefix(tokenize(clause))
    first = " ".join(t.low for t in toks[:2]) if toks else ""
    # An app's own verbs ("like", "save") are no spelling of the common ones ("Clik" is "Click").
    known = [v for v, family in VERBS.items() if family != "control"]
    verbs = difflib.get_close_matches(first, known, n=2, cutoff=0.6) or difflib.get_close_matches(
        first.split(" ")[0], known, n=2, cutoff=0.6
    )
    out: list[str] = []
    for verb in verbs:
        out += [e for e in EXAMPLES.get(VERBS[verb], []) if e not in out]
    if not out:
        every = [e for examples in EXAMPLES.values() for e in examples]
        out = difflib.get_close_matches(clause, every, n=n, cutoff=0.0)
    return out[:n]


def rejection(step: str, exc: NoParse) -> PlanError:
    clause = exc.clause or step
    hints = suggestions(clause, exc.family)
    where = "" if clause.strip() == step.strip() else f" (in {clause!r})"
    message = f"cannot compile step {step.strip()!r}{where}: {exc.reason}"
    if hints:
        message += ". Phrasings that work: " + " | ".join(hints)
    return PlanError(ErrorCode.PLAN_INVALID, message, data={"step": step, "clause": clause, "suggestions": hints})


class RulesPlanner(StepPlanner):
    """The offline StepPlanner: the grammar in this package, no model, no I/O.

    Raises PlanError (PLAN_INVALID) for a step it cannot parse, so an ``auto`` planner can
    hand that step to the LLM planner.
    """

    name = "rules"

    async def plan(self, request: PlanRequest) -> PlanResponse:
        started = time.perf_counter()
        plan, reading = compile_explained(request.step, request.namespace)
        missing = sorted({s.tool for s in plan.steps if s.tool not in request.registry})
        if missing:
            raise PlanError(
                ErrorCode.PLAN_INVALID,
                f"the step compiles to {', '.join(missing)}, which the registry does not have",
                data={"step": request.step, "missing": missing},
            )
        _check_schemas(plan, request)
        usage = Usage(latency_ms=(time.perf_counter() - started) * 1000)
        return PlanResponse(plan=plan, planner=self.name, usage=usage, reading=reading)


def _check_schemas(plan: Plan, request: PlanRequest) -> None:
    """Arguments without placeholders must fit the tool's schema now, not fail at run time."""
    for step in plan.steps:
        spec = request.registry.get(step.tool)
        if spec is None or find_refs(step.args):
            continue
        problems = spec.validate(step.args)
        if problems:
            raise PlanError(
                ErrorCode.PLAN_INVALID,
                f"cannot compile step {request.step!r}: {step.tool} " + "; ".join(str(p) for p in problems),
                data={"step": request.step},
            )


__all__ = ["RulesPlanner", "compile_explained", "compile_step", "parse", "suggestions"]
