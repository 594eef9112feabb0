"""A step's own wait (``timeout:`` on a YAML step, ``(timeout: N s)`` at the end of a Markdown or Gherkin
step, ``session.do(..., timeout=N)``) on every platform whose tools wait: the web in Chromium, Android
through the simulated device, iOS through the simulated WebDriverAgent. Each run has a short file-level
``timeout:``; a screen that changes by itself 1.5 s after a tap shows that the step with its own wait
passes, and that the next step is back on the file's wait (a later change fails it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from _support import serve
from tapwright.runner import run_suite
from tapwright.runner.cases import load_cases

# The same late screens in each simulator's words: a tap starts a sync that ends 1.5 s later; another
# one that ends 6 s later (far past the file's 0.3 s, however loaded the machine).
_ANDROID_SCREENS: dict[str, Any] = {
    "home": {"nodes": [{"class": "TextView", "text": "Inbox"}, {"class": "Button", "text": "Sync", "go": "syncing"}]},
    "syncing": {"after": {"ms": 1500, "go": "synced"}, "nodes": [{"class": "TextView", "text": "Syncing"}]},
    "synced": {"nodes": [{"class": "TextView", "text": "Sync complete"},
                         {"class": "Button", "text": "Sync again", "go": "syncing2"}]},
    "syncing2": {"after": {"ms": 6000, "go": "synced2"}, "nodes": [{"class": "TextView", "text": "Syncing"}]},
    "synced2": {"nodes": [{"class": "TextView", "text": "Second sync complete"}]},
}  # fmt: skip
_ANDROID_APP: dict[str, Any] = {"package": "com.tapwright.late", "activity": ".Main", "label": "Late", "start": "home",
                "screens": _ANDROID_SCREENS}  # fmt: skip


def _ios_screens() -> dict[str, Any]:
    kinds = {"TextView": "StaticText", "Button": "Button"}
    out: dict[str, Any] = {}
    for name, spec in _ANDROID_SCREENS.items():
        nodes = [{"type": kinds[n["class"]], "label": n["text"], **({"go": n["go"]} if "go" in n else {})}
                 for n in spec["nodes"]]  # fmt: skip
        out[name] = {**({"after": spec["after"]} if "after" in spec else {}), "nodes": nodes}
    return out


_IOS_APP = {"bundle_id": "com.tapwright.late", "label": "Late", "start": "home", "screens": _ios_screens()}

# A YAML step with its own wait for a check; a Markdown step with its note for an action.
_YAML = """name: A check waits its own timeout
timeout: 0.3
steps:
  - Tap "Sync"
  - text: I should see "Sync complete"
    timeout: 10
  - Tap "Sync again"
  - I should see "Second sync complete"
"""
_MARKDOWN = """---
timeout: 0.3
---
# An action waits its own timeout

1. Tap "Sync"
2. Tap "Sync again" (timeout: 10 s)
3. I should see "Second sync complete"
"""


def _suite(folder: Path, platform: str, app: dict[str, Any]) -> Path:
    folder.mkdir()
    (folder / "app.yaml").write_text(yaml.safe_dump(app), encoding="utf-8")
    (folder / "_suite.yaml").write_text(f"platform: {platform}\napp: {folder / 'app.yaml'}\n", encoding="utf-8")
    (folder / "check.yaml").write_text(_YAML, encoding="utf-8")
    (folder / "action.md").write_text(_MARKDOWN, encoding="utf-8")
    return folder


def _statuses(result: Any) -> dict[str, list[str]]:
    return {s.name: [f"{step.status} {step.error_code or ''}".strip() for step in s.steps]
            for s in result.scenarios}  # fmt: skip


# Step 2 waits (its own 10 s) for what came after 1.5 s; the last step is back on the file's 0.3 s.
_EXPECTED = {
    "A check waits its own timeout": ["passed", "passed", "passed", "failed ASSERTION_FAILED"],
    "An action waits its own timeout": ["passed", "passed", "failed ASSERTION_FAILED"],
}


@pytest.mark.device
async def test_android_steps_wait_their_own_timeout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)
    suite = _suite(tmp_path / "android", "android", _ANDROID_APP)
    result = await run_suite([suite], planner="rules", report_dir=tmp_path / "report")
    assert _statuses(result) == _EXPECTED


@pytest.mark.device
async def test_ios_steps_wait_their_own_timeout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TAPWRIGHT_WDA_URL", raising=False)
    suite = _suite(tmp_path / "ios", "ios", _IOS_APP)
    result = await run_suite([suite], planner="rules", report_dir=tmp_path / "report")
    assert _statuses(result) == _EXPECTED


# -- the case formats -------------------------------------------------------------------------------


def _one(tmp_path: Path, name: str, text: str) -> list[object]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    (scenario,) = load_cases([str(tmp_path / name)])
    return [(s.text, s.timeout_s) for s in [*scenario.setup, *scenario.steps]]


def test_each_format_writes_a_steps_own_timeout(tmp_path: Path) -> None:
    assert _one(tmp_path, "a.md", '# A\n\n1. Go to /x\n2. I should see "Done" (timeout: 4 s)\n'
                '3. Click "Next" (timeout 500 ms)\n\n## Expected results\n```\nAll set (timeout: 2)\n```\n') == [
        ("Go to /x", None), ('I should see "Done"', 4.0), ('Click "Next"', 0.5), ('I should see "All set"', 2.0)]  # fmt: skip
    assert _one(tmp_path, "b.feature", 'Feature: F\n  Background:\n    Given I am on /x (timeout: 3 seconds)\n'
                '  Scenario: S\n    Then I should see "Done" (timeout: 4s)\n') == [
        ("Given I am on /x", 3.0), ('Then I should see "Done"', 4.0)]  # fmt: skip
    assert _one(tmp_path, "c.yaml", 'name: C\nsteps:\n  - I should see "Done" (timeout: 4 s)\n'
                "  - {tool: web.verify_text, args: {text: Done}, timeout: 6}\n"
                "  - {plan: {steps: [{tool: web.verify_text, args: {text: Done}}]}, timeout: 7}\n"
                "  - {text: Click Save, timeout: 8}\n") == [
        ('I should see "Done"', 4.0), ("", 6.0), ("", 7.0), ("Click Save", 8.0)]  # fmt: skip
    # A step whose text merely mentions a timeout keeps it.
    assert _one(tmp_path, "d.md", '# D\n\n1. I should see "Session timeout (5 min)"\n') == [
        ('I should see "Session timeout (5 min)"', None)]


@pytest.mark.parametrize(("name", "text", "line", "why"), [
    ("a.md", "# A\n\n1. Go to /x\n2. Click Save (timeout: soon)\n", 4, "must be a number of seconds"),
    ("b.feature", "Feature: F\n  Scenario: S\n    When I click Save (timeout: 0 s)\n", 3, "more than 0"),
    ("c.yaml", 'name: C\nsteps:\n  - Go to /x\n  - {text: "Click Save (timeout: 2 s)", timeout: 3}\n', 4, "two timeouts"),
    ("d.yaml", "name: D\nsteps:\n  - Go to /x\n  - Click Save (timeout: 4000)\n", 4, "at most 3600"),
])  # fmt: skip
def test_a_bad_timeout_names_its_file_and_line(tmp_path: Path, name: str, text: str, line: int, why: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(Exception, match=why) as caught:
        load_cases([str(tmp_path / name)])
    assert f"{name}:{line}" in str(caught.value)


# -- the web, in Chromium -----------------------------------------------------------------------------

LATE = """<!doctype html><title>Late</title><p id="a"></p><p id="b"></p>
<script>
setTimeout(() => { document.getElementById("a").textContent = "Late hello"; }, 1200);
setTimeout(() => { document.getElementById("b").textContent = "Later still"; }, 6000);
</script>"""


def _late_run(tmp_path: Path, cases: dict[str, str]) -> dict[str, list[str]]:
    """``tapwright run`` of ``cases`` (file name -> text) against the late page with a run timeout of 0.5 s
    (exit 1: some step fails): each scenario's step statuses."""
    from tapwright.cli.main import main

    site, folder = tmp_path / "site", tmp_path / "cases"
    site.mkdir()
    folder.mkdir()
    (site / "late.html").write_text(LATE, encoding="utf-8")
    for name, text in cases.items():
        (folder / name).write_text(text, encoding="utf-8")
    with serve(site) as url:
        code = main(["run", str(folder), "--base-url", url, "--timeout", "0.5", "--report-dir", str(tmp_path / "r"),
                     "--env-file", str(tmp_path / "none.env"), "--no-screenshots", "-q"])  # fmt: skip
    assert code == 1
    runs = json.loads((tmp_path / "r" / "trace.json").read_text(encoding="utf-8"))["scenarios"]
    return {s["name"]: [st["status"] for st in s["steps"]] for s in runs}


@pytest.mark.browser
def test_markdown_and_gherkin_steps_wait_their_own_timeout_on_the_web(tmp_path: Path) -> None:
    got = _late_run(tmp_path, {
        "late.md": '# Markdown\n\n1. Go to /late.html\n2. I should see "Late hello" (timeout: 4 s)\n'
                   '3. I should see "Later still"\n',
        "late.feature": 'Feature: F\n  Scenario: Gherkin\n    Given I am on /late.html\n'
                        '    Then I should see "Late hello" (timeout: 4 s)\n    And I should see "Later still"\n',
    })  # fmt: skip
    # Step 2 waited past the run's 0.5 s for a text that came after 1.2 s; step 3 is back on 0.5 s.
    assert got == {"Markdown": ["passed", "passed", "failed"], "Gherkin": ["passed", "passed", "failed"]}


@pytest.mark.browser
async def test_session_do_takes_a_steps_own_timeout(tmp_path: Path) -> None:
    import tapwright

    (tmp_path / "late.html").write_text(LATE, encoding="utf-8")
    with serve(tmp_path) as url:
        async with tapwright.web(base_url=url, timeout=0.5) as session:
            assert (await session.do("Go to /late.html")).status == "passed"
            late = await session.do('I should see "Late hello"', timeout=4)
            assert late.status == "passed", late.status_line
            again = await session.do('I should see "Later still"')  # the session's 0.5 s again
            assert again.status == "failed" and again.error_code == "ASSERTION_FAILED"
            with pytest.raises(tapwright.UserError, match="more than 0"):
                await session.do("Go to /late.html", timeout=0)


# -- a Gherkin file's own wait: @timeout:SECONDS tags --------------------------------------------------


def _timeouts(tmp_path: Path, text: str) -> dict[str, object]:
    (tmp_path / "t.feature").write_text(text, encoding="utf-8")
    return {s.name: (s.settings.get("timeout"), s.tags) for s in load_cases([str(tmp_path / "t.feature")])}


def test_a_timeout_tag_sets_the_scenarios_wait_and_the_narrowest_wins(tmp_path: Path) -> None:
    got = _timeouts(tmp_path, """@timeout:2 @smoke
Feature: F
  Scenario: Feature's
    Given I am on /x

  @timeout:500ms
  Scenario: Own
    Given I am on /x

  Rule: R
    @timeout:7s
    Scenario Outline: Row <n>
      Given I am on /<n>

      Examples:
        | n |
        | a |

      @TIMEOUT:0.25
      Examples:
        | n |
        | b |
""")
    assert got == {"Feature's": (2.0, ["smoke"]), "Own": (0.5, ["smoke"]), "Row a [a]": (7.0, ["smoke"]),
                   "Row b [b]": (0.25, ["smoke"])}  # fmt: skip
    # A file with no such tag leaves the wait to the run (and the folder's settings).
    assert _timeouts(tmp_path, "Feature: F\n  Scenario: S\n    Given I am on /x\n") == {"S": (None, [])}


@pytest.mark.parametrize(("tags", "line", "why"), [
    ("@timeout:soon", 1, "must be a number of seconds"),
    ("@timeout:0", 1, "more than 0"),
    ("@timeout:2h", 1, "must be a number of seconds"),
    ("@timeout:5000", 1, "at most 3600"),
])  # fmt: skip
def test_a_bad_timeout_tag_names_its_file_and_the_tags_line(tmp_path: Path, tags: str, line: int, why: str) -> None:
    (tmp_path / "t.feature").write_text(f"{tags}\nFeature: F\n  Scenario: S\n    Given I am on /x\n", encoding="utf-8")
    with pytest.raises(Exception, match=why) as caught:
        load_cases([str(tmp_path / "t.feature")])
    assert f"t.feature:{line}" in str(caught.value)


def test_a_timeout_tag_on_a_platform_whose_tools_do_not_wait_is_refused(tmp_path: Path) -> None:
    (tmp_path / "_suite.yaml").write_text("platform: fake\n", encoding="utf-8")
    (tmp_path / "t.feature").write_text("@timeout:2\nFeature: F\n  Scenario: S\n    Given I am on /x\n",
                                        encoding="utf-8")  # fmt: skip
    with pytest.raises(Exception, match="timeout"):
        load_cases([str(tmp_path)])


@pytest.mark.browser
def test_a_features_timeout_tag_waits_on_the_web(tmp_path: Path) -> None:
    # The run waits 0.5 s; the feature's tag 4 s, so the text drawn after 1.2 s is found; a scenario's own
    # tag (0.3 s) is narrower than the feature's, so the same check fails there.
    got = _late_run(tmp_path, {
        "late.feature": '@timeout:4\nFeature: F\n  Scenario: Tagged\n    Given I am on /late.html\n'
                        '    Then I should see "Late hello"\n\n'
                        '  @timeout:0.3\n  Scenario: Narrower\n    Given I am on /late.html\n'
                        '    Then I should see "Late hello"\n',
    })  # fmt: skip
    assert got == {"Tagged": ["passed", "passed"], "Narrower": ["passed", "failed"]}
