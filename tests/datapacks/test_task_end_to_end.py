"""Tasks end to end against Chromium: `tapwright task`, `Session.task`, task plans under `tapwright exec`, the model planner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pack_support import ROOT, catalog

from tapwright.cli.main import main
from tapwright.core.context import ToolContext
from tapwright.errors import ErrorCode
from tapwright.llm.config import LLMConfig
from tapwright.registry.registry import Registry
from tapwright.task import run_task
from tapwright.testing.openai_server import ScriptedOpenAIServer, text_reply

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PLANS = ROOT / "examples" / "plans"


def _outdoor_under_150() -> list[str]:
    return [p["name"] for p in catalog() if p["category"].startswith("Outdoor") and p["price"] <= 150]


@pytest.mark.asyncio(loop_scope="session")
async def test_offline_task_products_under_150_in_outdoor(ctx: ToolContext, registry: Registry, demo: str) -> None:
    result = await run_task("Find all products under 150 in the Outdoor category", ctx, registry, url=f"{demo}/products?per=72",
                            planner="rules")  # fmt: skip
    assert result.ok, result.reason
    assert result.planner == "rules" and result.key == "products"
    assert [p["name"] for p in result.data] == _outdoor_under_150()
    assert [c["tool"] for c in result.checks] == ["check.required", "check.range"] and all(c["passed"] for c in result.checks)


@pytest.mark.asyncio(loop_scope="session")
async def test_offline_task_articles_from_three_pages_of_news(ctx: ToolContext, registry: Registry, demo: str) -> None:
    result = await run_task("Collect every article title and link from the first three pages", ctx, registry,
                            url=f"{demo}/sites/news.html", planner="rules")  # fmt: skip
    # The static server answers ?p=2 and ?p=3 with the same page: the same stories, merged once, nothing made up.
    assert result.ok, result.reason
    assert result.key == "articles" and len(result.data) == 12
    assert result.plan["steps"][1]["tool"] == "nav.paginate"
    assert result.trace is not None and result.trace.outputs["collect"]["pages"] == 3

@pytest.mark.asyncio(loop_scope="session")
async def test_model_task_runs_the_plan_the_model_writes(ctx: ToolContext, registry: Registry, demo: str) -> None:
    plan = {"plan": [{"tool": "navigation.scroll_load", "parameters": {"times": 10, "wait_ms": 600}},
                     {"tool": "extraction.articles", "parameters": {}},
                     {"tool": "validation.required_fields", "parameters": {"fields": ["title", "url"]}}],
            "expected_output": "articles"}  # fmt: skip
    with ScriptedOpenAIServer() as server:
        server.push(text_reply("Here you go: not a plan"), text_reply("```json\n" + json.dumps(plan) + "\n```"))
        config = LLMConfig(base_url=server.base_url, model="scripted", api_key="test", max_retries=0)
        result = await run_task("Every story of the journal", ctx, registry, url=f"{demo}/feed", llm=config)
        assert result.ok, result.reason
        assert result.planner == "llm" and len(result.data) == 50 and result.checks[0]["passed"]
        first = server.chat_requests[0].json["messages"]
        assert "extract.products" in first[0]["content"] and "Every story of the journal" in first[1]["content"]
        assert "not valid" in server.chat_requests[1].json["messages"][-1]["content"]


@pytest.mark.asyncio(loop_scope="session")
async def test_model_that_never_writes_a_plan_fails_cleanly(ctx: ToolContext, registry: Registry, demo: str) -> None:
    with ScriptedOpenAIServer() as server:
        server.push(text_reply('{"plan": [{"tool": "extract.nonsense"}]}'), text_reply("still nothing"))
        config = LLMConfig(base_url=server.base_url, model="scripted", api_key="test", max_retries=0)
        result = await run_task("Every story", ctx, registry, url=f"{demo}/feed", llm=config)
    assert not result.ok and result.error is not None and result.error.code is ErrorCode.LLM_MALFORMED_OUTPUT


def test_cli_task_prints_validated_json(demo: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TAPWRIGHT_LLM_MODEL", raising=False)
    code = main(["task", "Find all products under 150 in the Outdoor category", "--url", f"{demo}/products?per=72", "--trace"])
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert code == 0 and data["ok"] and data["count"] == len(_outdoor_under_150())
    assert data["trace"]["status"] == "passed" and "nav.category" in out.err


def test_cli_task_with_no_matching_tool_names_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["task", "Bake me a chocolate cake", "--url", "http://127.0.0.1:9", "--plan-only"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["error"]["code"] == "UNKNOWN_TOOL" and len(data["nearest"]["nearest"]) == 3


@pytest.mark.parametrize("plan", ["task-products-under-150.json", "task-feed-articles.json"])
def test_task_plans_run_as_they_are_under_exec(plan: str, demo: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["exec", str(PLANS / plan), "--base-url", demo, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0, out["result"]
    assert out["status"] == "passed" and out["result"]["ok"]
    if plan.startswith("task-products"):
        fell_back = out["calls"][3]
        assert fell_back["used_fallback"] and fell_back["fallback"]["tool"] == "extraction.products_generic"
        assert out["result"]["count"] == sum(1 for p in catalog() if p["price"] <= 150)
        assert out["result"]["checks"][0]["tool"] == "check.range"


def test_exec_task_plan_whose_check_fails_exits_1(demo: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plan = json.loads((PLANS / "task-products-under-150.json").read_text())
    plan["plan"][-1]["parameters"] = {"min": 0, "max": 20}
    path = tmp_path / "strict.json"
    path.write_text(json.dumps(plan))
    code = main(["exec", str(path), "--base-url", demo])
    text = capsys.readouterr().out
    assert code == 1 and "result FAILED" in text and "✗ check.range" in text


@pytest.mark.asyncio(loop_scope="session")
async def test_session_task(demo: str) -> None:
    import tapwright

    async with tapwright.web(base_url=demo) as session:
        result = await session.task("Find all products under 150 in the Outdoor category", url="/products?per=72", planner="offline")
    assert result.ok, (result.reason, result.trace.render() if result.trace else None)
    assert [p["name"] for p in result.data] == _outdoor_under_150()


def test_cli_task_with_a_model_runs_the_task_example_plan(demo: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    example = json.loads((PLANS / "task-products-under-150.json").read_text())
    plan = {"plan": example["plan"][1:], "expected_output": "products", "fallback": "extraction.products_generic"}
    with ScriptedOpenAIServer() as server:
        server.push(text_reply(json.dumps(plan)))
        monkeypatch.setenv("TAPWRIGHT_LLM_BASE_URL", server.base_url)
        monkeypatch.setenv("TAPWRIGHT_LLM_MODEL", "scripted")
        monkeypatch.setenv("TAPWRIGHT_LLM_API_KEY", "test")
        code = main(["task", "Find all products under 150", "--url", f"{demo}/products?mode=scroll&per=12", "--trace"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["planner"] == "llm" and out["ok"]
    assert out["count"] == sum(1 for p in catalog() if p["price"] <= 150)
    calls = out["trace"]["calls"]
    assert [c["tool"] for c in calls] == ["web.navigate", "forms.price_filter", "navigation.scroll_load", "extraction.products_ceneo"]
    assert calls[3]["used_fallback"] and calls[2]["result"]["data"]["stopped"] == "nothing_new"
    assert out["checks"][0]["tool"] == "check.range" and out["checks"][0]["passed"]
