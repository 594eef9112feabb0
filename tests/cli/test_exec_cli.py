"""``tapwright exec PLAN`` in a subprocess: the locate-then-act chain, --json, failing and malformed plans."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tapwright.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
CHAIN = ROOT / "examples" / "plans" / "chain-fake.json"


def tapwright(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("tapwright")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "tapwright.cli.main"]
    return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=120, env=env, cwd=cwd)


def test_chain_passes_and_shows_resolved_coordinates() -> None:
    out = tapwright("exec", str(CHAIN))
    assert out.returncode == 0, out.stdout + out.stderr
    assert "plan PASSED" in out.stdout
    assert "fake.click_at(x=100, y=270" in out.stdout
    assert "TAPPED: (100,270)" in out.stdout


def test_chain_json() -> None:
    out = tapwright("exec", str(CHAIN), "--json")
    assert out.returncode == 0, out.stderr
    trace = json.loads(out.stdout)
    assert trace["status"] == "passed"
    assert trace["calls"][1]["args"]["x"] == 100 and trace["calls"][1]["args"]["y"] == 270
    assert trace["calls"][0]["result"]["data"]["center_x"] == 100


def test_failing_plan_exits_1_and_skips_the_rest(tmp_path: Path) -> None:
    plan = tmp_path / "fail.yaml"
    plan.write_text("steps:\n  - tool: fake.locate\n    args: {target: purple rocket}\n    retries: 0\n"
                    "  - tool: fake.click_at\n    args: {x: 1, y: 1}\n")  # fmt: skip
    out = tapwright("exec", str(plan), "--json")
    assert out.returncode == 1
    trace = json.loads(out.stdout)
    assert trace["status"] == "failed" and trace["error"]["code"] == "ELEMENT_NOT_FOUND"
    assert [c["status"] for c in trace["calls"]] == ["failed", "skipped"]


def test_malformed_plan_exits_2_with_line_and_column(tmp_path: Path) -> None:
    plan = tmp_path / "bad.json"
    plan.write_text('{"steps": [\n  {"tool": "fake.locate" "args": {}}\n]}')
    out = tapwright("exec", str(plan))
    assert out.returncode == 2
    assert f"{plan}:2:26" in out.stderr and "PLAN_INVALID" in out.stderr
    yaml_plan = tmp_path / "bad.yaml"
    yaml_plan.write_text("steps:\n  - tool: fake.locate\n    args: {target: [}\n")
    out = tapwright("exec", str(yaml_plan))
    assert out.returncode == 2 and f"{yaml_plan}:3:" in out.stderr


def test_vars_and_secrets_from_env_file_never_printed(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("LOGIN_PASSWORD=s3cr3t-from-env-file\n")
    plan = tmp_path / "p.json"
    plan.write_text(json.dumps({"steps": [
        {"id": "u", "tool": "fake.locate", "args": {"target": "${vars.field}"}},
        {"tool": "fake.type_text", "args": {"text": "${secrets.LOGIN_PASSWORD}", "x": "${u.output.center_x}",
                                             "y": "${u.output.center_y}"}},
    ]}))  # fmt: skip
    env = {k: v for k, v in os.environ.items() if k != "LOGIN_PASSWORD"}
    out = tapwright("exec", str(plan), "--var", "field=Password field", "--json", env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "s3cr3t" not in out.stdout + out.stderr
    trace = json.loads(out.stdout)
    assert trace["calls"][1]["args"]["text"] == "***"
    assert trace["calls"][1]["result"]["data"]["text_length"] == len("s3cr3t-from-env-file")


def test_bad_var_and_missing_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exec", str(CHAIN), "--var", "novalue"]) == 2
    assert main(["exec", str(tmp_path / "none.json")]) == 2
    assert "cannot read plan" in capsys.readouterr().err


def test_in_process_run_prints_the_trace(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["exec", str(CHAIN)]) == 0
    assert "TAPPED: (100,270)" in capsys.readouterr().out
