"""One file fence for every tool and for ``report merge``: the same rules and error on every platform."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from tapwright.core.context import ToolContext
from tapwright.core.fence import FileFence
from tapwright.errors import ErrorCode, UserError
from tapwright.registry.registry import Registry
from tapwright.runner.reports import write_reports
from tapwright.runner.reports.merge import merge_runs
from tapwright.runner.results import RunResult, ScenarioResult, StepResult

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
PATH_TOOLS = ("android.screenshot", "android.stop_screen_recording", "android.take_screenshot",
              "desktop.screenshot", "fake.screenshot", "ios.screenshot", "ios.take_screenshot", "web.screenshot", "web.upload_file")


def test_every_tool_that_names_a_file_declares_it() -> None:
    """Every path parameter of every tool says it is a file path: the fence and the secret boundary find it."""
    registry = Registry.default()
    declared = sorted(s.name for s in registry.list()
                      if any(p.get("format") == "file-path" for p in s.parameters.get("properties", {}).values()))
    assert declared == sorted(PATH_TOOLS)


@pytest.mark.parametrize("tool", ["fake.screenshot"])
def test_a_screenshot_never_overwrites_another_kind_of_file(tool: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from tapwright.drivers.fake import FakeDriver

    monkeypatch.chdir(tmp_path)
    precious = tmp_path / "notes.png"
    precious.write_text("my notes, not a picture")
    outside = tmp_path.parent / f"{tmp_path.name}-outside.png"
    ctx = ToolContext([FakeDriver()], files=FileFence.of([tmp_path]))
    call = Registry.default().call
    for path, words in ((str(precious), "is not a picture"), (str(outside), "outside the folders"),
                        (str(tmp_path / "x.sh"), "ends in .png"), (str(tmp_path / ".." / "escape.png"), "outside"),
                        (str(tmp_path), "ends in .png")):
        result = asyncio.run(call(tool, {"path": path}, ctx))
        assert not result.ok and result.error is not None, path
        assert result.error.code is ErrorCode.INVALID_INPUT and words in result.error.message, (path, result.error)
    assert precious.read_text() == "my notes, not a picture" and not outside.exists()
    link = tmp_path / "link.png"
    link.symlink_to(outside)
    result = asyncio.run(call(tool, {"path": str(link)}, ctx))
    assert result.error is not None and "outside the folders" in result.error.message and not outside.exists()
    ok = asyncio.run(call(tool, {"path": str(tmp_path / "shot.png")}, ctx))
    assert ok.ok, ok.error
    assert (tmp_path / "shot.png").read_bytes()[:4] == b"\x89PNG"


def test_the_fence_rules_are_one_function(tmp_path: Path) -> None:
    fence = FileFence.of([tmp_path])
    video = tmp_path / "v.mp4"
    video.write_bytes(b"\x00\x00\x00\x18ftypmp42" + b"\x00" * 16)
    assert fence.writable(str(video), kind="video") == video
    (tmp_path / "notes.mp4").write_text("text")
    with pytest.raises(Exception, match="is not a video"):
        fence.writable(str(tmp_path / "notes.mp4"), kind="video")
    with pytest.raises(Exception, match="outside the folders"):
        FileFence.of([]).readable(str(video))  # an agent run without an upload folder
    assert fence.resolve_inside(tmp_path / "a" / ".." / "v.mp4") == video
    assert fence.resolve_inside(tmp_path / ".." / "x") is None


# -- report merge of hostile shards ---------------------------------------------------------------


def _shard(folder: Path, screenshot: str, trace_file: str | None = None, shard: dict | None = None) -> Path:
    folder.mkdir(parents=True)
    (folder / "screenshots").mkdir()
    (folder / "screenshots" / "ok.png").write_bytes(PNG)
    step = StepResult(index=0, text="x", status="passed", screenshot=screenshot)
    result = ScenarioResult(name="s", source="t.yaml", line=1, status="passed", steps=[step], trace_file=trace_file)
    write_reports(RunResult(scenarios=[result], shard=shard), folder)
    return folder


def test_merge_copies_nothing_from_outside_a_shard(tmp_path: Path) -> None:
    published = tmp_path / "site"
    published.mkdir()
    (published / ".env").write_text("API_TOKEN=leaked-token-99\n")
    shard = _shard(published / "shard", "../.env", trace_file="/etc/passwd")
    out = tmp_path / "out"
    merged = merge_runs([shard], out)
    step = merged.run.scenarios[0].steps[0]
    assert step.screenshot is None and merged.run.scenarios[0].trace_file is None
    for path in out.rglob("*"):
        if path.is_file():
            assert b"leaked-token-99" not in path.read_bytes(), path
            assert b"root:" not in path.read_bytes(), path
    # A symbolic link inside the shard that points out of it is refused too.
    (published / "shard2").mkdir()
    linked = _shard(published / "shard2" / "r", "screenshots/link.png")
    (linked / "screenshots" / "link.png").symlink_to(published / ".env")
    merged = merge_runs([linked], tmp_path / "out2")
    assert merged.run.scenarios[0].steps[0].screenshot is None
    # Control: a screenshot inside the shard is copied.
    good = _shard(tmp_path / "good", "screenshots/ok.png")
    assert merge_runs([good], tmp_path / "out3").run.scenarios[0].steps[0].screenshot == "good/screenshots/ok.png"


def test_merge_writes_nothing_outside_out(tmp_path: Path) -> None:
    shard = _shard(tmp_path / "in", "screenshots/ok.png", shard={"index": "../../../escaped", "total": 1})
    out = tmp_path / "deep" / "out"
    before = set(tmp_path.rglob("*"))
    merge_runs([shard], out)
    new = set(tmp_path.rglob("*")) - before
    assert new and all(p.is_relative_to(out) or p == out.parent for p in new), sorted(map(str, new))


def test_deeply_nested_shard_is_a_clean_usage_error(tmp_path: Path) -> None:
    folder = tmp_path / "deep"
    folder.mkdir()
    (folder / "trace.json").write_text('{"scenarios": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(UserError, match="not a readable tapwright trace"):
        merge_runs([folder], tmp_path / "out")
    (folder / "trace.json").write_text(json.dumps({"scenarios": [{"steps": "not a list"}]}))
    with pytest.raises(UserError, match="not a readable tapwright trace"):
        merge_runs([folder], tmp_path / "out")


def test_cli_merge_of_a_hostile_shard_exits_cleanly(tmp_path: Path) -> None:
    import subprocess
    import sys

    folder = tmp_path / "deep"
    folder.mkdir()
    (folder / "trace.json").write_text("[" * 200_000 + "]" * 200_000)
    out = subprocess.run([sys.executable, "-m", "tapwright.cli.main", "report", "merge", str(folder), "--out",
                          str(tmp_path / "out")], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert out.returncode == 2, out
    assert "Traceback" not in out.stderr and "RecursionError" not in out.stderr and "error:" in out.stderr


@pytest.mark.parametrize(("module", "name", "args"), [
    ("desktop_apps", "screenshot", {"path": "{outside}/x.png"}),
    ("mobile.catalog", "take_screenshot", {"directory": "{outside}"}),  # Android's and iOS's
    ("android_mobile", "stop_screen_recording", {"path": "{outside}/x.mp4"}),
    ("coords", "screenshot", {"path": "{outside}/x.png"}),
])
def test_device_tools_refuse_paths_outside_the_fence_before_touching_the_device(
        module: str, name: str, args: dict[str, str], tmp_path: Path) -> None:
    """Android, iOS and desktop tools check the fence first: no device is needed to see the refusal."""
    import importlib

    from tapwright.errors import ToolFailure

    tool = getattr(importlib.import_module(f"tapwright.tools.{module}"), name)
    func = getattr(tool, "func", tool)
    ctx = ToolContext(files=FileFence.of([tmp_path / "inside"]))
    filled = {k: v.format(outside=tmp_path / "outside") for k, v in args.items()}
    with pytest.raises(ToolFailure) as refused:
        asyncio.run(func(None, ctx, **filled))
    assert refused.value.code is ErrorCode.INVALID_INPUT and "outside the folders" in refused.value.message
    assert not (tmp_path / "outside").exists()
