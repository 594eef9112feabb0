"""``tapwright tools list|show|export`` as a user runs them: real subprocesses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import openai.types.chat as chat_types
import pytest
from pydantic import TypeAdapter

from tapwright.cli.main import main

OpenAIToolParam: Any = getattr(chat_types, "ChatCompletionFunctionToolParam", None) or chat_types.ChatCompletionToolParam


def tapwright(*args: str) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("tapwright")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "tapwright.cli.main"]
    return subprocess.run([*cmd, *args], capture_output=True, text=True, timeout=120)


def test_list_json_and_table() -> None:
    out = tapwright("tools", "list", "--json")
    assert out.returncode == 0, out.stderr
    tools = json.loads(out.stdout)
    names = [t["name"] for t in tools]
    assert names == sorted(names) and "fake.locate" in names
    assert {"name", "category", "description", "version", "dependencies", "triggers"} <= set(tools[0])
    locate = next(t for t in tools if t["name"] == "fake.locate")
    click = next(t for t in tools if t["name"] == "fake.click_at")
    assert (locate["read_only"], locate["idempotent"], click["read_only"], click["idempotent"]) == (True, True, False, False)
    table = tapwright("tools", "list", "--category", "fake")
    assert table.returncode == 0 and "fake.click_at" in table.stdout
    assert f"{len(table.stdout.splitlines())} tools" in table.stderr


def test_show_prints_the_manifest_and_unknown_exits_2() -> None:
    out = tapwright("tools", "show", "fake.locate")
    manifest = json.loads(out.stdout)
    assert manifest["name"] == "fake.locate" and manifest["parameters"]["required"] == ["target"]
    assert manifest["output_schema"]["properties"]["center_x"] == {"type": "integer"}
    assert json.loads(tapwright("tools", "show", "fake__locate").stdout)["name"] == "fake.locate"
    bad = tapwright("tools", "show", "fake.locat")
    assert bad.returncode == 2 and "UNKNOWN_TOOL" in bad.stderr and "fake.locate" in bad.stderr


def test_export_openai_is_accepted_by_the_openai_types() -> None:
    out = tapwright("tools", "export", "--format", "openai")
    assert out.returncode == 0, out.stderr
    tools = json.loads(out.stdout)
    assert len(TypeAdapter(list[OpenAIToolParam]).validate_python(tools)) == len(tools) > 0
    assert "fake__click_at" in {t["function"]["name"] for t in tools}


@pytest.mark.parametrize(("fmt", "key"), [("anthropic", "input_schema"), ("mcp", "inputSchema"), ("manifest", "parameters")])
def test_export_other_formats(fmt: str, key: str, capsys: pytest.CaptureFixture[str]) -> None:
    # In-process: the same main() the console script calls, without another interpreter start.
    assert main(["tools", "export", "--format", fmt, "--category", "fake"]) == 0
    tools = json.loads(capsys.readouterr().out)
    assert tools and all(key in t for t in tools)


def test_bad_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["tools", "export", "--format", "yaml"])
    assert info.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_output_piped_to_a_reader_that_stops_early_ends_without_a_traceback() -> None:
    # 220 KB of manifests, more than a pipe holds: the reader closes it after one line, mid-write.
    cmd = f"{sys.executable} -m tapwright.cli.main tools export --format manifest | head -1"
    done = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True, text=True, timeout=120)
    assert done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr, done.stderr
    assert done.returncode in (0, 141)  # 141: 128 + SIGPIPE, as a shell filter whose reader left
