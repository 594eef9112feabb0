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
