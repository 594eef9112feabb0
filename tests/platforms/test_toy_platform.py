"""A third-party platform installed with pip works in every front end with no edit to tapwright (issue 9).

The toy platform (``examples/toy-platform``: three buttons, one module, one entry point)
is pip-installed for real, into a site folder of its own put on ``PYTHONPATH`` (the venv
stays as it was, so tests running beside these never see the toy); then ``tapwright tools list``, ``tapwright run`` with a
``platform: toy`` scenario and its report, an MCP client over stdio, and
``tapwright.open("toy")`` in a fresh Python process all reach it.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = """\
name: Pressing Pause says so
platform: toy
steps:
  - Click the Pause button
  - 'I should see "Last pressed: Pause"'
  - tool: toy.pressed
"""
FAILING = """\
name: The toy says nothing was pressed when a button was
platform: toy
steps:
  - Click the Stop button
  - I should see "Nothing pressed yet"
"""
FACADE = """\
import asyncio, json, tapwright

async def main():
    async with tapwright.open("toy") as session:
        box = await session.call("toy.locate", target="Start button")
        await session.call("toy.click_at", x=box.data["center_x"], y=box.data["center_y"])
        done = await session.do("Click the Stop button")
        pressed = await session.call("toy.pressed")
        print(json.dumps({"box": box.data, "step": done.status, "pressed": pressed.data,
                          "driver": type(session.driver).__name__}))

asyncio.run(main())
"""


def _tapwright() -> list[str]:
    return [str(Path(sys.executable).with_name("tapwright"))]


def _pip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=240)


@pytest.fixture(scope="module")
def toy_installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """pip-installs the toy into a site folder; the environment that puts it on the path."""
    root = tmp_path_factory.mktemp("toy")
    project, site = root / "toy-platform", root / "site"
    shutil.copytree(ROOT / "examples" / "toy-platform", project)
    base = ["install", "--no-deps", "--disable-pip-version-check", "-q", "--target", str(site)]
    done = _pip(*base, "--no-build-isolation", str(project)) if importlib.util.find_spec("setuptools") else None
    if done is None or done.returncode != 0:
        done = _pip(*base, str(project))
    assert done.returncode == 0, done.stdout + done.stderr
    assert any(site.glob("tapwright_toy_platform-*.dist-info/entry_points.txt"))
    return {"PYTHONPATH": str(site)}


def _run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_tapwright(), *args], capture_output=True, text=True, timeout=240, cwd=cwd,
                          env={**os.environ, **(env or {})})  # fmt: skip


@pytest.mark.slow
def test_tools_list_shows_the_toy_tools(toy_installed: dict[str, str]) -> None:
    listed = _run("tools", "list", "--json", env=toy_installed)
    assert listed.returncode == 0, listed.stderr
    names = {t["name"] for t in json.loads(listed.stdout)}
    assert {"toy.locate", "toy.click_at", "toy.type_text", "toy.pressed"} <= names
    assert "web.click" in names  # the built-in platforms are still there
    without = _run("tools", "list", "--json")
    assert "toy.locate" not in {t["name"] for t in json.loads(without.stdout)}  # only where it is installed


@pytest.mark.slow
def test_a_toy_scenario_passes_under_tapwright_run_with_its_report(toy_installed: dict[str, str], tmp_path: Path) -> None:
    (tmp_path / "green.yaml").write_text(SCENARIO)
    (tmp_path / "wrong.yaml").write_text(FAILING)
    report = tmp_path / "report"
    done = _run("run", str(tmp_path / "green.yaml"), str(tmp_path / "wrong.yaml"), "--report-dir", str(report), "--planner", "rules",
                env=toy_installed)
    assert done.returncode == 1, done.stdout + done.stderr  # one passes, one fails on purpose
    trace = json.loads((report / "trace.json").read_text())
    by_name = {s["name"]: s for s in trace["scenarios"]}
    green = by_name["Pressing Pause says so"]
    assert green["status"] == "passed", green
    tools = [c["tool"] for step in green["steps"] for c in (step.get("trace") or {}).get("calls", [])]
    assert tools[:2] == ["toy.locate", "toy.click_at"]  # the locate-then-act chain, planned by the rules
    wrong = by_name["The toy says nothing was pressed when a button was"]
    assert wrong["status"] == "failed" and wrong["steps"][1]["error_code"] == "ASSERTION_FAILED"
    assert (report / "report.html").is_file() and (report / "junit.xml").is_file()
    assert "Pressing Pause says so" in (report / "report.html").read_text()


@pytest.mark.slow
async def test_an_mcp_client_calls_the_toy_tools(toy_installed: dict[str, str]) -> None:
    from mcp_support import stdio_params  # type: ignore[import-not-found]

    from mcp import ClientSession, stdio_client

    async with stdio_client(stdio_params("--caps", "toy", "--tools", "toy", env=toy_installed)) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        names = {t.name for t in (await s.list_tools()).tools}
        assert {"toy__locate", "toy__click_at", "toy__pressed"} <= names
        box = await s.call_tool("toy__locate", {"target": "Pause button"})
        assert not box.is_error and box.structured_content is not None
        clicked = await s.call_tool("toy__click_at", {"x": box.structured_content["center_x"], "y": box.structured_content["center_y"]})
        assert clicked.content[0].text.startswith("TAPPED:")  # type: ignore[union-attr]
        pressed = await s.call_tool("toy__pressed", {})
        assert pressed.structured_content == {"pressed": ["Pause"]}


@pytest.mark.slow
def test_the_python_facade_opens_the_toy(toy_installed: dict[str, str], tmp_path: Path) -> None:
    script = tmp_path / "facade.py"
    script.write_text(textwrap.dedent(FACADE))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, **toy_installed})  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["driver"] == "ToyScreen" and out["step"] == "passed"
    assert out["pressed"] == {"pressed": ["Start", "Stop"]}
    assert out["box"]["center_x"] == 70 and out["box"]["name"] == "Start"


def test_an_unknown_platform_lists_the_installed_ones(tmp_path: Path) -> None:
    (tmp_path / "x.yaml").write_text("name: x\nplatform: teleport\nsteps:\n  - Click OK\n")
    done = _run("run", str(tmp_path / "x.yaml"))
    assert done.returncode == 2
    assert "unknown platform 'teleport'; installed:" in done.stderr and "web" in done.stderr
