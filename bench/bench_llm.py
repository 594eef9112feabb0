"""LLM planning: prompt size per step, and cached replay time vs the first (model-paying) run.

1. Prompt size: for each page of the demo app (``examples/demo-app`` served by
   ``tapwright.demo.server`` on 127.0.0.1, opened in Chromium), the planner's prompt
   built with tapwright's observation vs *the same prompt* built with Playwright's
   ``locator("body").aria_snapshot()`` of the page instead. "The same prompt" is the
   same system prompt + step message + tool schemas, differing only in the
   observation. Three sizes in characters:

   * page text: the observation alone;
   * step message: the user message that bears the observation (step, data names,
     the page between untrusted markers) -- the measure the <= 0.5 target applies to;
   * full request: system prompt + step message + the tool schemas sent for the step
     (JSON), which are identical on both sides and so pull this ratio towards 1.

   For context, the page-text ratio against ``aria_snapshot(mode="ai")`` (the variant
   with refs a model can act on, as Playwright MCP sends) is printed too.
2. Replay: a three-step suite on the fake screen, planned through the loopback
   OpenAI-compatible server with a fixed 300 ms per request, then replayed from the
   plan cache (zero requests). Medians of 5 runs each.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

from tapwright.core.context import ToolContext
from tapwright.drivers.fake import FakeDriver
from tapwright.llm import LLMClient, LLMConfig
from tapwright.llm.observe import observe
from tapwright.llm.prompts import ANSWER_TOOL, planner_system, step_message
from tapwright.llm.tools import ToolOffer
from tapwright.plan.executor import Executor
from tapwright.planners.base import PlanRequest
from tapwright.planners.cache import CachingPlanner, PlanCache
from tapwright.planners.execute import plan_and_run
from tapwright.planners.llm import LLMPlanner
from tapwright.registry.export import to_openai
from tapwright.registry.registry import Registry
from tapwright.testing.openai_server import Reply, ScriptedOpenAIServer, tool_calls_reply
from tapwright.tools.fake import toolset as fake_toolset

DEMO_PAGES = ("/", "/login", "/shop", "/cart", "/checkout", "/help")
STEP = "Add the cheapest large shirt to the cart"
DELAY_S = 0.3
RUNS = 5
TARGET = 0.5


class PageSize(NamedTuple):
    """Characters of one demo page's prompt, tapwright vs aria_snapshot()."""

    path: str
    page: int
    aria: int
    message: int
    aria_message: int
    full: int
    aria_full: int
    aria_ai: int


async def prompt_sizes() -> tuple[list[PageSize], int, int, int]:
    """Per page sizes, plus the tool schemas' size as sent, how many tools, and all full schemas' size."""
    import tapwright.session
    from tapwright.demo.server import DemoServer

    registry = Registry.default()
    offer = ToolOffer(registry, "web", STEP, extra=[ANSWER_TOOL])
    tools = len(json.dumps(offer.schemas))
    everything = len(json.dumps([*(to_openai(s) for s in registry.list(namespace="web")), ANSWER_TOOL]))
    system = len(planner_system("web", offer.others))
    rows = []
    with DemoServer(port=0) as demo:
        async with tapwright.session.web(base_url=demo.url, registry=registry) as session:
            for path in DEMO_PAGES:
                await session.call("web.navigate", url=path)
                ours = (await observe(session.ctx, registry, "web")).text
                aria = await session.page.locator("body").aria_snapshot()
                aria_ai = await session.page.aria_snapshot(mode="ai")
                message = len(step_message(STEP, ours, ["size"], ["PASSWORD"]))
                aria_message = len(step_message(STEP, aria, ["size"], ["PASSWORD"]))
                rows.append(PageSize(path, len(ours), len(aria), message, aria_message, system + message + tools,
                                     system + aria_message + tools, len(aria_ai)))  # fmt: skip
    return rows, tools, len(offer.specs), everything


def print_sizes(rows: list[PageSize], tools: int, offered: int, everything: int) -> None:
    print(f"prompt size per step in characters on the demo app (step {STEP!r});"
          f" tapwright / the same prompt with aria_snapshot(); target step message <= {TARGET}")  # fmt: skip
    print(f"  {'page':<10} {'page text':>19} {'step message':>20} {'full request':>22} {'vs ai-mode':>11}")
    for r in rows:
        print(f"  {r.path:<10} {r.page:>5}/{r.aria:<6} {r.page / r.aria:>5.2f} {r.message:>6}/{r.aria_message:<6}"
              f" {r.message / r.aria_message:>5.2f} {r.full:>7}/{r.aria_full:<6} {r.full / r.aria_full:>5.2f}"
              f" {r.page / r.aria_ai:>8.2f}")  # fmt: skip
    page = statistics.median(r.page / r.aria for r in rows)
    message = statistics.median(r.message / r.aria_message for r in rows)
    full = statistics.median(r.full / r.aria_full for r in rows)
    ai = statistics.median(r.page / r.aria_ai for r in rows)
    print(f"  median ratios: page text {page:.3f}, step message {message:.3f}, full request {full:.3f};"
          f" page text vs aria_snapshot(mode='ai') {ai:.3f}")  # fmt: skip
    print(f"  tool schemas sent per step: {offered} tools, {tools} chars (all web tools with full schemas: {everything})")
    print(f"  target step message <= {TARGET}: {'met' if message <= TARGET else 'MISSED'}"
          f" (page text <= {TARGET}: {'met' if page <= TARGET else 'MISSED'})")


def _suite_responder(payload: dict[str, Any]) -> Reply:
    """Answers like a model would: locate the element the step names, then act on it."""
    step = payload["messages"][1]["content"].split("\n", 1)[0]
    target = {"Username": "Username", "Password": "Password"}.get(step.split()[-1], "Log in button")
    act: tuple[str, dict[str, Any]] = ("fake__click_at", {"x": "${step1.output.center_x}", "y": "${step1.output.center_y}"})
    if "Type" in step:
        act = ("fake__type_text", {"text": "${vars.user}", "x": "${step1.output.center_x}", "y": "${step1.output.center_y}"})
    return tool_calls_reply(("fake__locate", {"target": target}), act)


SUITE = ("Type the name into Username", "Type the name into Password", "Click Log in")


async def one_run(planner: Any, registry: Registry) -> float:
    ctx = ToolContext([FakeDriver()])
    executor = Executor(registry, ctx)
    started = time.perf_counter()
    for step in SUITE:
        request = PlanRequest(step=step, registry=registry, ctx=ctx, namespace="fake", var_names=["user"])
        run = await plan_and_run(planner, request, executor, vars={"user": "alice"})
        assert run.ok, run.to_dict()
    return time.perf_counter() - started


async def replay_times() -> tuple[list[float], list[float], int, int]:
    registry = Registry([fake_toolset()])
    first: list[float] = []
    replay: list[float] = []
    with ScriptedOpenAIServer(responder=_suite_responder, delay_s=DELAY_S) as server:
        client = LLMClient(LLMConfig(base_url=server.base_url, model="scripted", max_retries=0))
        try:
            for _ in range(RUNS):
                with tempfile.TemporaryDirectory() as tmp:
                    cache = PlanCache(Path(tmp))
                    first.append(await one_run(CachingPlanner(LLMPlanner(client), cache), registry))
                    before = server.request_count
                    replay.append(await one_run(CachingPlanner(LLMPlanner(client), cache), registry))
                    assert server.request_count == before, "the replay called the model"
        finally:
            await client.aclose()
        return first, replay, server.request_count, RUNS * len(SUITE)


def main() -> int:
    sizes: tuple[list[PageSize], int, int, int] | None = None
    try:
        sizes = asyncio.run(prompt_sizes())
    except Exception as exc:  # no Chromium or no demo app: report and go on to the part that needs neither
        print(f"prompt size: skipped ({type(exc).__name__}: {exc})")
    if sizes is not None:
        print_sizes(*sizes)
    first, replay, requests, expected = asyncio.run(replay_times())
    f, r = statistics.median(first), statistics.median(replay)
    print(f"cached replay vs first run, {len(SUITE)} steps, {DELAY_S * 1000:.0f} ms per model request, median of {RUNS}:")
    print(f"  first run {f * 1000:.0f} ms ({requests} requests for {expected} planned steps), replay {r * 1000:.1f} ms,"
          f" replay/first {r / f:.3f} ({f / r:.0f}x faster), replay requests 0")  # fmt: skip
    return 0
