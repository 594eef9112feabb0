"""The LLM planner and agent on real Chromium pages served on 127.0.0.1."""

from __future__ import annotations

import http.server
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

import tapwright.session
from _support import chromium_fixture, serve
from tapwright.drivers.web import UrlPolicy, WebBrowser
from tapwright.errors import ErrorCode
from tapwright.llm import LLMClient, LLMConfig
from tapwright.llm.agent import run_agent
from tapwright.plan.executor import Executor
from tapwright.planners.base import PlanRequest
from tapwright.planners.cache import CachingPlanner, PlanCache
from tapwright.planners.execute import plan_and_run
from tapwright.planners.llm import LLMPlanner
from tapwright.registry.registry import Registry
from tapwright.testing.openai_server import ScriptedOpenAIServer, tool_calls_reply

pytestmark = [pytest.mark.asyncio(loop_scope="module")]

PAGE = b"""<!doctype html><html><head><title>Editor</title></head><body>
<h1 id="status">Draft</h1>
<label for="title">Title</label><input id="title">
<button id="save" data-testid="save" onclick="document.getElementById('status').textContent='Saved'">Save</button>
<button onclick="document.getElementById('status').textContent='Discarded'">Discard</button>
</body></html>"""

CHAIN = [("web__locate", {"target": "Save button"}),
         ("web__click_at", {"x": "${web__locate.output.center_x}", "y": "${step1.output.center_y}",
                            "element_description": "Save button"})]  # fmt: skip


class _Pages(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/html; charset=utf-8")
        self.send_header("content-length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with serve(handler=_Pages) as url:
        yield url


browser = chromium_fixture("module")


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry.default()


@pytest.fixture
def llm() -> Iterator[ScriptedOpenAIServer]:
    with ScriptedOpenAIServer() as srv:
        yield srv


@pytest_asyncio.fixture(loop_scope="module")
async def client(llm: ScriptedOpenAIServer) -> AsyncIterator[LLMClient]:
    client = LLMClient(LLMConfig(base_url=llm.base_url, model="scripted", timeout_s=10, max_retries=0))
    yield client
    await client.aclose()


def _request(session: Any, step: str) -> PlanRequest:
    return PlanRequest(step=step, registry=session.registry, ctx=session.ctx, namespace="web")


async def test_locate_click_at_chain_on_a_real_page(
    llm: ScriptedOpenAIServer, client: LLMClient, browser: WebBrowser, site: str, registry: Registry
) -> None:
    llm.push(tool_calls_reply(*CHAIN))
    async with tapwright.session.web(base_url=site, browser=browser, registry=registry) as session:
        await session.call("web.navigate", url="/")
        run = await plan_and_run(LLMPlanner(client), _request(session, "Click Save"), Executor(registry, session.ctx))
        assert run.status == "passed", run.to_dict()
        assert await session.page.text_content("#status") == "Saved"
    located = run.traces[0].calls[0].result
    assert located is not None and located["data"]["center_x"] > 0
    prompt = llm.chat_requests[0].json["messages"][1]["content"]
    assert 'button "Save"' in prompt and "<<<untrusted page" in prompt
    assert len(prompt) < 2000


async def test_model_asking_for_a_blocked_url_gets_url_blocked(
    llm: ScriptedOpenAIServer, client: LLMClient, browser: WebBrowser, site: str, registry: Registry
) -> None:
    llm.push(tool_calls_reply(("web__navigate", {"url": "http://localhost:9/steal"})))
    policy = UrlPolicy(allowed_origins=[site])
    async with tapwright.session.web(base_url=site, browser=browser, registry=registry, policy=policy) as session:
        await session.call("web.navigate", url="/")
        run = await plan_and_run(LLMPlanner(client), _request(session, "Open the help site"), Executor(registry, session.ctx))
        assert session.page.url.startswith(site)
    assert run.status == "failed" and run.error is not None
    assert run.error.code is ErrorCode.URL_BLOCKED
    assert llm.request_count == 1  # a policy refusal is not "corrected" by asking again


async def test_agent_sees_url_blocked_and_gives_up(
    llm: ScriptedOpenAIServer, client: LLMClient, browser: WebBrowser, site: str, registry: Registry
) -> None:
    llm.push(tool_calls_reply(("web__navigate", {"url": "http://localhost:9/"})),
             tool_calls_reply(("fail", {"reason": "that site is blocked"})))  # fmt: skip
    policy = UrlPolicy(allowed_origins=[site])
    async with tapwright.session.web(base_url=site, browser=browser, registry=registry, policy=policy) as session:
        await session.call("web.navigate", url="/")
        result = await run_agent("Go to localhost:9", session, client=client)
    assert result.status == "failed"
    tool_messages = [m["content"] for m in llm.chat_requests[1].json["messages"] if m["role"] == "tool"]
    assert "URL_BLOCKED" in tool_messages[0]


async def test_cached_plan_replays_on_a_fresh_session(
    llm: ScriptedOpenAIServer, client: LLMClient, browser: WebBrowser, site: str, registry: Registry, tmp_path: Path
) -> None:
    llm.push(tool_calls_reply(*CHAIN))
    for _ in range(2):
        planner = CachingPlanner(LLMPlanner(client), PlanCache(tmp_path))
        async with tapwright.session.web(base_url=site, browser=browser, registry=registry) as session:
            await session.call("web.navigate", url="/")
            run = await plan_and_run(planner, _request(session, "Click Save"), Executor(registry, session.ctx))
            assert run.status == "passed" and await session.page.text_content("#status") == "Saved"
    assert llm.request_count == 1 and run.cached
    entry = PlanCache(tmp_path).entries()[0]
    assert entry.fingerprints["0"]["target"]["test_id"] == "save"
