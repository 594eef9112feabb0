"""The HTML report, byte for byte, for a run that reaches every part of it, and its limits at their edges.

The expected page (tests/reports/golden/report.html, styles elided) was read and checked by hand:
failures first and open, the step error with and without a code, the candidates table cut at five,
page events with their counts, fallbacks, model usage, linked screenshots, failed attempts.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from html_fixture import rich_run
from report_support import _png

from tapwright.runner.reports import render_html
from tapwright.runner.reports._style import CSS
from tapwright.runner.reports.html import e
from tapwright.runner.results import RunResult, ScenarioResult, StepResult

GOLDEN = Path(__file__).parent / "golden" / "report.html"


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_page_for_a_run_that_reaches_every_part(tmp_path: Path, utc: Any) -> None:
    page = render_html(rich_run(tmp_path), tmp_path, title="Shop <report>")
    assert page.count(f"<style>{CSS}</style>") == 1
    assert page.replace(CSS, "/* CSS */") == GOLDEN.read_text(encoding="utf-8")


def _one_step(step: StepResult, status: str = "failed") -> RunResult:
    return RunResult(scenarios=[ScenarioResult(name="s", source="a.md", status=status, steps=[step])])  # type: ignore[arg-type]


def _with_shot(tmp_path: Path, size: int) -> RunResult:
    png = _png(2, 2)
    (tmp_path / "big.png").write_bytes(png + b"\0" * (size - len(png)))
    return _one_step(StepResult(index=0, text="x", status="failed", screenshot="big.png"))


def test_a_screenshot_is_inlined_up_to_four_million_bytes_and_no_more(tmp_path: Path) -> None:
    assert 'src="data:image/png;base64,' in render_html(_with_shot(tmp_path, 4_000_000), tmp_path, inline_screenshots=True)
    too_big = render_html(_with_shot(tmp_path, 4_000_001), tmp_path, inline_screenshots=True)
    assert "data:image" not in too_big and '<figure class="shot">' not in too_big
    assert '<img src="big.png"' in render_html(_with_shot(tmp_path, 4_000_001), tmp_path)  # linked: any size


def test_a_screenshot_outside_the_report_folder_or_not_an_image_is_never_shown(tmp_path: Path) -> None:
    inside = tmp_path / "report"
    inside.mkdir()
    (tmp_path / "secret.png").write_bytes(_png(2, 2))
    (inside / "notes.txt").write_text("x", encoding="utf-8")
    for rel in ("../secret.png", "notes.txt", "missing.png", None):
        page = render_html(_one_step(StepResult(index=0, text="x", status="failed", screenshot=rel)), inside)
        assert "<img" not in page and "<figure" not in page, rel
    for suffix, mime in ((".jpg", "jpeg"), (".JPEG", "jpeg"), (".webp", "webp"), (".png", "png")):
        (inside / f"s{suffix}").write_bytes(_png(2, 2))
        page = render_html(_one_step(StepResult(index=0, text="x", status="failed", screenshot=f"s{suffix}")), inside,
                           inline_screenshots=True)  # fmt: skip
        assert f'src="data:image/{mime};base64,' in page


def _candidates_page(n: int) -> str:
    cands = [{"ref": f"e{i}", "score": 1} for i in range(n)]
    call = {"tool": "web.click", "status": "failed", "attempts": [{"result": {"data": {"candidates": cands}}}]}
    return render_html(_one_step(StepResult(index=0, text="x", status="failed", trace={"calls": [call]})), Path("."))


def test_five_candidates_are_all_shown_and_a_sixth_is_counted_not_shown() -> None:
    five, six = _candidates_page(5), _candidates_page(6)
    assert five.count("<code>e") == 5 and "best" not in five and "<td>1.00</td>" in five
    assert six.count("<code>e") == 5 and "<code>e5</code>" not in six and "(best 5 of 6)" in six


def test_candidates_come_from_the_last_failed_call_only() -> None:
    ok = {"tool": "web.click", "status": "ok", "attempts": [{"result": {"data": {"candidates": [{"ref": "okref"}]}}}]}
    page = render_html(_one_step(StepResult(index=0, text="x", status="failed", trace={"calls": [ok]})), Path("."))
    assert "okref" not in page and 'class="cands"' not in page


def _events_page(n: int, status: str = "failed") -> str:
    events = [{"kind": "console", "message": f"m{i}"} for i in range(n)]
    return render_html(_one_step(StepResult(index=0, text="x", status=status, page_events=events)), Path("."))  # type: ignore[arg-type]


def test_fifty_page_events_are_listed_and_the_rest_counted() -> None:
    fifty, more = _events_page(50), _events_page(52)
    assert fifty.count('<li class="event console">') == 50 and "more</li>" not in fifty
    assert more.count('<li class="event console">') == 50 and "<li>... and 2 more</li>" in more
    assert '<details class="events" open>' in fifty and "page reported 50 problem(s)</summary>" in fifty
    assert '<details class="events">' in _events_page(1, "passed")  # closed on a passed step


def test_escaping_turns_every_special_character_and_nothing_else() -> None:
    assert e(None) == "" and e(0) == "0" and e("plain text") == "plain text"
    assert e("""<a href='x'>"&"</a>""") == "&lt;a href=&#x27;x&#x27;&gt;&quot;&amp;&quot;&lt;/a&gt;"


def test_an_empty_run_says_so() -> None:
    page = render_html(RunResult(), Path("."))
    assert '<p class="empty">No scenarios ran.</p>' in page and '<body class="run passed">' in page
    assert 'class="interrupted"' not in page and "model calls" not in page


def _page(*scenarios: ScenarioResult, **run: Any) -> str:
    return render_html(RunResult(scenarios=list(scenarios), **run), Path("."))


def test_missing_fields_of_a_call_read_as_pending_empty_and_zero() -> None:
    call = {"tool": "web.click"}
    page = _page(ScenarioResult(name="s", status="failed", steps=[StepResult(index=0, text="x", status="failed", trace={"calls": [call]})]))
    assert ('<tr class="call pending"><td>1</td><td><code>web.click</code></td><td><code>{}</code></td><td>pending</td>'
            '<td class="csl"></td><td>0 ms</td></tr>') in page  # fmt: skip


def test_arguments_and_plans_keep_their_own_letters_and_any_value_is_shown() -> None:
    call = {"tool": "web.fill", "args": {"target": "Straße", "text": Path("/tmp/ü")}, "status": "ok", "status_line": "OK"}
    step = StepResult(index=0, text="x", status="passed", trace={"calls": [call]}, plan={"target": "Bücher", "at": Path("/a")})
    page = _page(ScenarioResult(name="s", status="passed", steps=[step]))
    assert "<code>{&quot;target&quot;: &quot;Straße&quot;, &quot;text&quot;: &quot;/tmp/ü&quot;}</code>" in page
    assert "&quot;target&quot;: &quot;Bücher&quot;,\n  &quot;at&quot;: &quot;/a&quot;" in page


def test_candidates_table_edges() -> None:
    listed = {"tool": "web.click", "status": "failed", "attempts": [{"result": {"data": {"candidates": [{"ref": "e7", "score": "high"}]}}}]}
    odd = {"tool": "web.click", "status": "failed", "attempts": [{"result": {"data": {"candidates": "none"}}}]}
    ok = {"tool": "web.snapshot", "status": "ok"}
    page = render_html(_one_step(StepResult(index=0, text="x", status="failed", trace={"calls": [listed, odd, ok]})), Path("."))
    # The last failed call with a list of candidates, past an ok call and a call whose candidates are no list.
    assert '<div class="cands-title">Elements the locator considered</div>' in page
    assert "<tr><td><code>e7</code></td><td></td><td></td><td></td><td></td><td></td></tr>" in page  # no number: no score


def test_page_event_edges() -> None:
    events = [{"count": 2}, {"kind": "dialog", "message": "Sure?"}, {"kind": "download"}]
    step = StepResult(index=0, text="x", status="cancelled", page_events=events)
    page = render_html(_one_step(step, "cancelled"), Path("."))
    assert '<li class="event "><span class="ekind"></span> <span class="emsg"></span> <span class="ecount">x2</span></li>' in page
    assert '<details class="events" open><summary>page reported 1 problem(s), 1 dialog(s), 1 download(s)</summary>' in page
    assert '<span class="evbadge" title="problems the page reported">⚠ 1</span>' in page
    notices = render_html(_one_step(StepResult(index=0, text="x", status="passed", page_events=events[1:2]), "passed"), Path("."))
    assert "<summary>page reported 1 dialog(s)</summary>" in notices and "<span class=\"evbadge\"" not in notices
    assert "<li>... and 1 more</li>" in _events_page(51) and "more</li>" not in _events_page(50)


def test_usage_without_token_counts_reads_zero() -> None:
    step = StepResult(index=0, text="x", status="passed", usage={"llm_calls": 1})
    page = render_html(_one_step(step, "passed"), Path("."))
    assert 'plan 0 ms ·  <span class="usage">model: 1 call(s), 0+0 tokens</span></div>' in page  # the step's own line


def test_scenario_header_edges(tmp_path: Path) -> None:
    (tmp_path / "p.png").write_bytes(_png(2, 2))
    attempt = ScenarioResult(name="s", status="failed", attempts=1, steps=[
        StepResult(index=0, text="first", status="passed", screenshot="p.png"), StepResult(index=1, text="second", status="failed")])  # fmt: skip
    scenario = ScenarioResult(name="s", source="a.md", status="failed", attempts=1, previous=[attempt])
    passed = ScenarioResult(name="p", source="b.md", status="passed", attempts=1, message="kept quiet")
    page = render_html(RunResult(scenarios=[scenario, passed]), tmp_path)
    assert '<span class="where">a.md</span>' in page and '<span class="where">b.md</span>' in page  # no line: no ":None"
    assert page.count("<div class=\"extra\"></div>") == 2 and "kept quiet" not in page
    # A failed scenario says why even when no step failed and the runner left no message.
    assert page.count('class="smsg"') == 1 and '<div class="smsg" role="alert"><span class="msg">failed outside any step' in page
    assert '<figure class="shot"><div class="frame"><a href="p.png"><img src="p.png"' in page  # the failed attempt's screenshot, linked
    assert '</details></li><li class="step failed" data-status="failed" id="s1-try1-step2">' in page  # its two steps, one after the other
    assert 'failed attempt 1: <a class="tostep" href="#s1-try1-step2"' in page  # its line links its failing step
    inline = render_html(RunResult(scenarios=[attempt]), tmp_path, inline_screenshots=True)
    assert '<figure class="shot"><div class="frame"><img src="data:image/png;base64,' in inline and "<a href" not in inline


def test_summary_edges() -> None:
    page = render_html(RunResult(scenarios=[ScenarioResult(name="s", status="skipped")], duration_ms=99_999), Path("."))
    assert ('<header><h1>tapwright report</h1><div class="summary"><div class="count passed"><b>0</b> passed</div>'
            '<div class="count failed"><b>0</b> failed</div><div class="count skipped"><b>1</b> skipped</div>'
            '<div class="facts">1 scenario, 0 steps (0 passed, 0 failed, 0 skipped) in 100.0 s · started ') in page  # fmt: skip
    assert "· planner rules · -j 1</div></div>" in page
    assert "<title>tapwright report — " in page
    assert '<main id="scenarios"><p class="empty">No scenarios ran.</p></main>' in render_html(RunResult(), Path("."))


def test_a_failed_attempt_inlines_its_screenshots_too(tmp_path: Path) -> None:
    (tmp_path / "p.png").write_bytes(_png(2, 2))
    attempt = ScenarioResult(name="s", status="failed", attempts=1, steps=[StepResult(index=0, text="x", status="failed", screenshot="p.png")])
    page = render_html(RunResult(scenarios=[ScenarioResult(name="s", status="passed", attempts=2, previous=[attempt])]), tmp_path,
                       inline_screenshots=True)  # fmt: skip
    assert '<details class="previous">' in page and '<img src="data:image/png;base64,' in page and 'src="p.png"' not in page
