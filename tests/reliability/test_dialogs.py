"""Sweep cases of dialogs and downloads: reported on the step, answerable by a step, saved to a fenced folder."""

from __future__ import annotations

import asyncio
from html import escape as html_escape
from pathlib import Path

import pytest
from reliability_support import Sites, call

from tapwright.drivers.web import WebBrowser, WebSession
from tapwright.drivers.web.dialogs import clean_name, unique_path
from tapwright.errors import ErrorCode
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.planning import make_planner
from tapwright.runner.reports import write_reports
from tapwright.runner.run import Runner, RunOptions

pytestmark = [pytest.mark.browser]

CSV = "id,total\n" + "".join(f"{i},{i * 3}\n" for i in range(100))


async def _out(session: WebSession) -> str:
    return str(await session.page.text_content("#out"))


def _dialog_events(session: WebSession) -> list[str]:
    return [e.message for e in session.take_events() if e.kind == "dialog"]


@pytest.mark.asyncio(loop_scope="session")
async def test_dialogs_are_answered_as_set_and_reported(guarded: WebSession, sites: Sites) -> None:
    s = guarded
    assert (await call(s, "web.navigate", url="/dialogs")).ok
    s.take_events()
    # No answer set: the confirmation is dismissed (the safe default) and the step is told so.
    assert (await call(s, "web.click", target="Confirm")).ok
    assert await _out(s) == "Confirmed: false"
    events = _dialog_events(s)
    assert events == ['confirmation "Delete the item?" dismissed (the default answer; to answer it otherwise, '
                      "say e.g. 'Accept the confirmation' before the step that opens it)"], events
    # Answering it now is too late, and says so instead of passing.
    late = await call(s, "web.handle_dialog", action="accept", kind="confirm")
    assert not late.ok and late.error is not None and late.error.code is ErrorCode.INVALID_INPUT
    assert late.error.message.startswith("too late: the confirmation \"Delete the item?\" dismissed")
    assert "before the step that opens it" in late.error.message
    # Set beforehand, the answer is used by the next confirmation, once.
    armed = await call(s, "web.handle_dialog", action="accept", kind="confirm")
    assert armed.ok and armed.data == {"armed": "accept", "kind": "confirm"}
    assert (await call(s, "web.click", target="Confirm")).ok
    assert await _out(s) == "Confirmed: true"
    assert _dialog_events(s) == ['confirmation "Delete the item?" accepted']
    assert (await call(s, "web.click", target="Confirm")).ok
    assert await _out(s) == "Confirmed: false"  # used once
    s.take_events()
    # A prompt answered with text; an alert acknowledged by default (the page goes on).
    assert (await call(s, "web.handle_dialog", action="accept", text="Bob")).ok
    assert (await call(s, "web.click", target="Prompt")).ok
    assert await _out(s) == "Name: Bob"
    assert (await call(s, "web.click", target="Alert")).ok
    assert await _out(s) == "Alerted"
    assert _dialog_events(s) == ['prompt "Your name?" answered "Bob"', 'alert "Saved!" accepted (the default answer)']
    # Dismissing a prompt: it returns null. An answer for another kind waits for its kind.
    assert (await call(s, "web.handle_dialog", action="dismiss", kind="prompt")).ok
    assert (await call(s, "web.handle_dialog", action="accept", kind="confirm")).ok
    assert (await call(s, "web.click", target="Prompt")).ok
    assert await _out(s) == "Name: null"
    assert (await call(s, "web.click", target="Confirm")).ok
    assert await _out(s) == "Confirmed: true"


@pytest.mark.asyncio(loop_scope="session")
async def test_bad_dialog_answers_are_refused(guarded: WebSession) -> None:
    for args, words in (
        ({"action": "dismiss", "text": "Bob"}, "only when the prompt is accepted"),
        ({"action": "accept", "text": "Bob", "kind": "confirm"}, "only a prompt takes text"),
        ({"action": "accept", "text": "a\x00b"}, "control character"),
        ({"action": "maybe"}, "action"),
    ):
        result = await call(guarded, "web.handle_dialog", **args)
        assert not result.ok and result.error is not None, args
        assert result.error.code is ErrorCode.INVALID_INPUT, (args, result.error)
        assert words in result.error.message, (args, result.error.message)
    assert guarded.prompts.armed == []  # nothing half-set


@pytest.mark.asyncio(loop_scope="session")
async def test_downloads_are_saved_in_their_folder_and_reported(
    browser: WebBrowser, sites: Sites, tmp_path: Path
) -> None:
    folder = tmp_path / "downloads"
    s = await browser.new_session(base_url=sites.app, downloads_dir=folder)
    try:
        assert (await call(s, "web.navigate", url="/dialogs")).ok
        assert (await call(s, "web.click", target="Download report")).ok
        assert (await call(s, "web.click", target="Download report")).ok  # the same name twice
        assert (await call(s, "web.click", target="Download sneaky")).ok  # "../../escape.csv"
        listed = await call(s, "web.downloads", name="escape")
        assert listed.ok, listed.error
        missing = await call(s, "web.downloads", name="invoice.pdf", wait_s=0.3)
        events = [e for e in s.take_events() if e.kind == "download"]
    finally:
        await s.aclose()
    names = sorted(f["name"] for f in listed.data["files"])
    # Chromium already flattens "../../escape.csv" (to "_.._escape.csv"); clean_name is the second fence.
    assert names[1:] == ["report (2).csv", "report.csv"] and names[0].endswith("escape.csv"), names
    assert not names[0].startswith(".") and "/" not in names[0]
    for item in listed.data["files"]:
        path = Path(item["path"])
        assert path.parent == folder.resolve() and path.read_text() == CSV
        assert item["size"] == len(CSV.encode())
    assert sorted(p.name for p in folder.iterdir()) == names  # nothing written anywhere else
    assert not (tmp_path / "escape.csv").exists() and not (tmp_path.parent / "escape.csv").exists()
    assert len(events) == 3 and all(f"({len(CSV):,} bytes)" in e.message for e in events), events
    assert events[0].message.startswith("saved report.csv") and events[0].url.endswith("/download/report.csv")
    assert not missing.ok and missing.error is not None and missing.error.code is ErrorCode.ASSERTION_FAILED
    assert "no download named like 'invoice.pdf'" in missing.error.message and "report.csv" in missing.error.message
    assert folder.is_dir()  # a folder the session was given is kept when it closes


def test_download_names_are_cleaned(tmp_path: Path) -> None:
    assert clean_name("../../etc/passwd") == "passwd"
    assert clean_name("..\\..\\boot.ini") == "boot.ini"
    assert clean_name(".bashrc") == "bashrc"
    assert clean_name("a\x00b\nc.txt") == "a_b_c.txt"
    assert clean_name("CON.txt") == "_CON.txt"
    assert clean_name("..") == "download" and clean_name("") == "download"
    long = clean_name("x" * 400 + ".csv")
    assert len(long) == 150 and long.endswith(".csv")
    (tmp_path / "r.csv").write_text("taken")
    assert unique_path(tmp_path, "r.csv").name == "r (2).csv"


@pytest.mark.slow
def test_steps_answer_dialogs_and_the_report_shows_them(sites: Sites, tmp_path: Path) -> None:
    """Plain-English steps, offline rules planner: the answer set in the same step or the one before."""
    scenario = Scenario(
        name="dialogs and downloads",
        source="dialogs.yaml",
        base_url=sites.app,
        steps=[StepSpec(text=t) for t in (
            "Go to /dialogs",
            "Click Confirm and accept the confirmation",
            'I should see "Confirmed: true"',
            'Answer the prompt with "Ada"',
            "Click Prompt",
            'I should see "Name: Ada"',
            "Click Confirm",
            'I should see "Confirmed: false"',
            "Click Download report",
        )],
    )
    report = tmp_path / "report"
    runner = Runner(make_planner("rules"), RunOptions(report_dir=report, env_file=None))
    result = asyncio.run(runner.run([scenario]))
    write_reports(result, report)
    steps = result.scenarios[0].steps
    assert [s.status for s in steps[:-1]] == ["passed"] * 8, [(s.text, s.status_line) for s in steps]
    assert steps[1].plan is not None and [c["tool"] for c in steps[1].plan["steps"]] == ["web.handle_dialog", "web.click"]
    assert [e["message"] for e in steps[1].page_events] == ['confirmation "Delete the item?" accepted']
    assert [e["message"] for e in steps[4].page_events] == ['prompt "Your name?" answered "Ada"']
    assert "dismissed (the default answer" in steps[6].page_events[0]["message"]
    # The step waits for the download it started: it is reported on that step and kept with the report.
    saved = [e for s in steps for e in s.page_events if e["kind"] == "download"]
    files = list((report / "downloads").rglob("*.csv"))
    assert steps[-1].status == "passed" and [e["kind"] for e in steps[-1].page_events] == ["download"], steps[-1]
    assert len(saved) == 1 and saved[0]["message"].startswith("saved report.csv (") and len(files) == 1
    assert files[0].read_text() == CSV
    html = (report / "report.html").read_text(encoding="utf-8")
    assert html_escape('confirmation "Delete the item?" accepted') in html and "1 dialog(s)" in html
