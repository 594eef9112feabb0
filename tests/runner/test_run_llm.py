"""``--planner auto`` with a model: a step the rules reject is planned by the LLM (a loopback
OpenAI-compatible server, through the official client), its usage lands in the reports, and a
second run replays the cached plan with no model call."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tapwright.cli.main import main
from tapwright.testing.openai_server import ScriptedOpenAIServer, tool_calls_reply

pytestmark = pytest.mark.browser

CASE = """name: Free-form step goes to the model
steps:
  - Go to /shop
  - Make the T-shirt as big as possible
  - Click "Add to cart"
  - I should see "Added Tapwright T-shirt (Large) to your cart"
"""


@pytest.fixture
def llm(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[ScriptedOpenAIServer]:
    with ScriptedOpenAIServer() as server:
        monkeypatch.setenv("TAPWRIGHT_LLM_BASE_URL", server.base_url)
        monkeypatch.setenv("TAPWRIGHT_LLM_MODEL", "scripted")
        monkeypatch.setenv("TAPWRIGHT_LLM_API_KEY", "test-key")
        monkeypatch.setenv("TAPWRIGHT_CACHE_DIR", str(tmp_path / "plans"))
        yield server


def test_auto_planner_hands_rejected_steps_to_the_model_then_replays(
    llm: ScriptedOpenAIServer, demo_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = tmp_path / "free.yaml"
    case.write_text(CASE)
    llm.push(tool_calls_reply(("web__select", {"target": "Size dropdown", "option": "Large"})))
    first = tmp_path / "first"
    args = ["run", str(case), "--base-url", demo_url, "--env-file", str(tmp_path / "none.env")]
    assert main([*args, "--report-dir", str(first)]) == 0, capsys.readouterr().out
    steps = json.loads((first / "trace.json").read_text())["scenarios"][0]["steps"]
    assert [s["planner"] for s in steps][::2] == ["rules", "rules"]
    free = steps[1]
    assert free["planner"] != "rules" and free["usage"]["llm_calls"] == 1 and free["usage"]["prompt_tokens"] > 0
    assert [c["tool"] for c in free["trace"]["calls"]] == ["web.select"]
    assert "model: 1 call(s)" in (first / "report.html").read_text()
    assert llm.request_count == 1

    second = tmp_path / "second"
    assert main([*args, "--report-dir", str(second), "--no-llm"]) == 0
    replayed = json.loads((second / "trace.json").read_text())["scenarios"][0]["steps"][1]
    assert replayed["cached"] is True and replayed["usage"]["llm_calls"] == 0
    assert llm.request_count == 1  # no new model call
