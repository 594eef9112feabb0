"""The plan cache: zero-request replay, healing by fingerprints, re-planning one step, --no-llm."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tapwright.core.context import ToolContext
from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.core.secrets import SecretStore
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode, UserError
from tapwright.llm import LLMClient, LLMConfig
from tapwright.plan.executor import Executor
from tapwright.planners.base import PlanRequest
from tapwright.planners.cache import CachingPlanner, PlanCache
from tapwright.planners.execute import StepRun, plan_and_run
from tapwright.planners.factory import make_planner as build_planner
from tapwright.planners.llm import LLMPlanner
from tapwright.registry.registry import Registry
from tapwright.testing.openai_server import Reply, ScriptedOpenAIServer, tool_calls_reply
from tapwright.tools.fake import toolset as fake_toolset

SECRET = "s3cret-Passw0rd!"


def login_page(login_name: str = "Log in", login_test_id: str | None = "login-btn") -> UiTree:
    def el(ref: str, role: str, name: str, x: int, y: int, w: int, h: int, **attrs: str) -> Element:
        editable = role == "textbox"
        return Element(ref=ref, role=role, name=name, attrs=attrs, rect=Rect(x, y, w, h), value="" if editable else None,
                       state=ElementState(editable=editable, checked=False if role == "checkbox" else None))  # fmt: skip

    login_attrs = {"test_id": login_test_id} if login_test_id else {}
    return UiTree(
        elements=(
            el("e1", "heading", "Sign in", 40, 20, 300, 40),
            el("e2", "textbox", "Username", 40, 90, 300, 32, label="Username", id="user"),
            el("e3", "textbox", "Password", 40, 150, 300, 32, label="Password", type="password"),
            el("e4", "checkbox", "Remember me", 40, 200, 20, 20),
            el("e5", "button", login_name, 40, 250, 120, 40, **login_attrs),
            el("e6", "button", "Cancel", 180, 250, 120, 40),
        ),
        url="fake://app/login", title="Sign in", width=400, height=360, source="fake",
    )  # fmt: skip


def _chain(target: str, act: str = "fake__click_at", **extra: Any) -> Reply:
    return tool_calls_reply(
        ("fake__locate", {"target": target}),
        (act, {"x": "${step1.output.center_x}", "y": "${step1.output.center_y}", "element_description": target, **extra}),
    )


SUITE = [
    ("Type the user name into Username", _chain("Username", "fake__type_text", text="${vars.user}")),
    ("Type the password", _chain("Password", "fake__type_text", text="${secrets.PASSWORD}")),
    ("Click the Log in button", _chain("Log in button")),
]


@pytest.fixture
def server() -> Iterator[ScriptedOpenAIServer]:
    with ScriptedOpenAIServer() as srv:
        yield srv


@pytest.fixture
async def client(server: ScriptedOpenAIServer) -> AsyncIterator[LLMClient]:
    client = LLMClient(LLMConfig(base_url=server.base_url, model="scripted", timeout_s=5, max_retries=0))
    yield client
    await client.aclose()


@pytest.fixture
def registry() -> Registry:
    return Registry([fake_toolset()])


async def run_suite(planner: Any, registry: Registry, tree: UiTree) -> tuple[list[StepRun], FakeDriver]:
    """One test run: a fresh screen, the three steps in order."""
    driver = FakeDriver(tree=tree)
    ctx = ToolContext([driver], secrets=SecretStore({"PASSWORD": SECRET}))
    executor = Executor(registry, ctx)
    runs = []
    for step, _ in SUITE:
        request = PlanRequest(step=step, registry=registry, ctx=ctx, namespace="fake", var_names=["user"],
                              secret_names=["PASSWORD"])  # fmt: skip
        runs.append(await plan_and_run(planner, request, executor, vars={"user": "alice"}))
    return runs, driver


async def first_run(server: ScriptedOpenAIServer, client: LLMClient, registry: Registry, cache: PlanCache) -> None:
    server.push(*(reply for _, reply in SUITE))
    runs, _ = await run_suite(CachingPlanner(LLMPlanner(client), cache), registry, login_page())
    assert [r.status for r in runs] == ["passed"] * 3, [r.to_dict() for r in runs]
    assert server.request_count == 3


async def test_second_run_makes_zero_requests(
    server: ScriptedOpenAIServer, client: LLMClient, registry: Registry, tmp_path: Path
) -> None:
    cache = PlanCache(tmp_path / "plans")
    await first_run(server, client, registry, cache)
    assert len(list(cache.directory.glob("*.json"))) == 3

    runs, driver = await run_suite(CachingPlanner(LLMPlanner(client), PlanCache(cache.directory)), registry, login_page())
    assert [r.status for r in runs] == ["passed"] * 3
    assert server.request_count == 3, "the replay asked the model"
    assert all(r.cached and r.usage.llm_calls == 0 for r in runs)
    assert driver.value_of("Username") == "alice" and driver.value_of("Password") == SECRET
    assert driver.events[-1].kind == "click" and driver.events[-1].ref == "e5"


async def test_cache_files_hold_fingerprints_and_no_secret(
    server: ScriptedOpenAIServer, client: LLMClient, registry: Registry, tmp_path: Path
) -> None:
    cache = PlanCache(tmp_path)
    await first_run(server, client, registry, cache)
    texts = [p.read_text() for p in sorted(tmp_path.glob("*.json"))]
    assert all(SECRET not in t for t in texts)
    entry = next(e for e in cache.entries() if e.step == "Click the Log in button")
    fp = entry.fingerprints["0"]["target"]
    assert fp["role"] == "button" and fp["name"] == "Log in" and fp["test_id"] == "login-btn" and fp["position"] == 0
    assert "xpath" not in json.dumps(entry.to_dict()).lower()
    assert entry.var_names == ["PASSWORD", "user"] and entry.page["url"] == "fake://app/login"


async def test_renamed_button_is_relocated_by_fingerprint_with_zero_requests(
    server: ScriptedOpenAIServer, client: LLMClient, registry: Registry, tmp_path: Path
) -> None:
    cache = PlanCache(tmp_path)
    await first_run(server, client, registry, cache)
    changed = login_page(login_name="Continue")  # same test id, new label

    runs, driver = await run_suite(CachingPlanner(LLMPlanner(client), cache), registry, changed)
    assert [r.status for r in runs] == ["passed"] * 3
    assert server.request_count == 3
    assert driver.events[-1].ref == "e5"
    entry = next(e for e in cache.entries() if e.step == "Click the Log in button")
    assert entry.plan["steps"][0]["args"]["target"] == "Continue"  # healed entry written back


async def test_vanished_element_replans_only_that_step(
    server: ScriptedOpenAIServer, client: LLMClient, registry: Registry, tmp_path: Path
) -> None:
    cache = PlanCache(tmp_path)
    await first_run(server, client, registry, cache)
    changed = login_page(login_name="Continue", login_test_id=None)  # nothing left to recognise it by

    server.push(_chain("Continue button"))
    runs, driver = await run_suite(CachingPlanner(LLMPlanner(client), cache), registry, changed)
    assert [r.status for r in runs] == ["passed"] * 3
    assert server.request_count == 4, "exactly one request: the broken step"
    assert [r.usage.llm_calls for r in runs] == [0, 0, 1]
    assert "Click the Log in button" in server.chat_requests[-1].json["messages"][1]["content"]
    assert driver.events[-1].ref == "e5"

    runs, _ = await run_suite(CachingPlanner(LLMPlanner(client), cache), registry, changed)
    assert [r.status for r in runs] == ["passed"] * 3 and server.request_count == 4


async def test_failed_replay_is_replanned_and_rewritten(
    server: ScriptedOpenAIServer, client: LLMClient, registry: Registry, tmp_path: Path
) -> None:
    cache = PlanCache(tmp_path)
    await first_run(server, client, registry, cache)
    entry = next(e for e in cache.entries() if e.step == "Click the Log in button")
    entry.plan["steps"][0]["args"]["target"] = "Submit order"  # hand-edited: resolves to nothing
    entry.fingerprints = {}
    cache.store(entry)

    server.push(_chain("Log in button"))
    runs, driver = await run_suite(CachingPlanner(LLMPlanner(client), cache), registry, login_page())
    assert runs[2].status == "passed" and runs[2].revisions == 1 and runs[2].usage.llm_calls == 1
    assert server.request_count == 4 and driver.events[-1].ref == "e5"
    healed = next(e for e in cache.entries() if e.step == "Click the Log in button")
    assert healed.plan["steps"][0]["args"]["target"] == "Log in button"


async def test_no_llm_fails_a_miss_with_budget_exceeded_and_replays_hits(
    server: ScriptedOpenAIServer, client: LLMClient, registry: Registry, tmp_path: Path
) -> None:
    cache = PlanCache(tmp_path)
    runs, _ = await run_suite(CachingPlanner(LLMPlanner(client), cache, no_llm=True), registry, login_page())
    assert runs[0].status == "failed" and runs[0].error is not None
    assert runs[0].error.code is ErrorCode.BUDGET_EXCEEDED and "--no-llm" in runs[0].error.message
    assert server.request_count == 0

    await first_run(server, client, registry, cache)
    runs, _ = await run_suite(build_planner("llm", cache_dir=tmp_path, no_llm=True), registry, login_page())
    assert [r.status for r in runs] == ["passed"] * 3 and server.request_count == 3


async def test_modes(server: ScriptedOpenAIServer, client: LLMClient, registry: Registry, tmp_path: Path) -> None:
    read_only = PlanCache(tmp_path / "read")
    server.push(*(reply for _, reply in SUITE))
    await run_suite(CachingPlanner(LLMPlanner(client), read_only, "read"), registry, login_page())
    assert not read_only.directory.exists(), "mode read wrote files"

    write_only = PlanCache(tmp_path / "write")
    server.push(*(reply for _, reply in SUITE), *(reply for _, reply in SUITE))
    await run_suite(CachingPlanner(LLMPlanner(client), write_only, "write"), registry, login_page())
    await run_suite(CachingPlanner(LLMPlanner(client), write_only, "write"), registry, login_page())
    assert server.request_count == 9, "mode write must always plan"
    assert len(write_only.entries()) == 3

    with pytest.raises(UserError):
        CachingPlanner(None, write_only, "sometimes")  # type: ignore[arg-type]


def test_build_planner_choices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TAPWRIGHT_LLM_MODEL", raising=False)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(UserError, match="needs a model"):
        build_planner("llm", config=LLMConfig())
    with pytest.raises(UserError, match="unknown planner"):
        build_planner("magic")
    with pytest.raises(UserError, match="cache mode"):
        build_planner("llm", cache_mode="sometimes")
    with pytest.raises(UserError, match="--no-llm with --cache off"):
        build_planner("llm", config=LLMConfig(), cache_mode="off", no_llm=True)
    replay = build_planner("llm", config=LLMConfig(), cache_dir=tmp_path, no_llm=True)
    assert isinstance(replay, CachingPlanner) and replay.inner is None and replay.no_llm
    live = build_planner("llm", config=LLMConfig(model="m", base_url="http://127.0.0.1:9/v1"), cache_dir=tmp_path)
    assert isinstance(live, CachingPlanner) and isinstance(live.inner, LLMPlanner)
    plain = build_planner("llm", config=LLMConfig(model="m"), cache_mode="off")
    assert isinstance(plain, LLMPlanner)
