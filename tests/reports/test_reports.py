"""HTML, JUnit and JSON reports: escaping, structure, and what a person sees in Chromium."""

from __future__ import annotations

import html.parser
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from report_support import HOSTILE, build_run

from tapwright.runner.reports import load_trace, render_html, render_junit, write_reports
from tapwright.runner.reports.html import CSP


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_html_escapes_everything_and_has_no_script(tmp_path: Path) -> None:
    page = render_html(build_run(tmp_path), tmp_path)
    parser = _Tags()
    parser.feed(page)
    names = [t for t, _ in parser.tags]
    assert "script" not in names
    assert not any(k.startswith("on") for _, attrs in parser.tags for k in attrs)
    assert all(attrs.get("src", "").startswith("data:image/png;base64,") for t, attrs in parser.tags if t == "img")
    assert HOSTILE not in page and "&lt;script&gt;" in page
    csp = [a["content"] for t, a in parser.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert csp == [CSP] and "script-src" not in CSP and "default-src 'none'" in CSP


def test_html_puts_failures_first_and_open(tmp_path: Path) -> None:
    page = render_html(build_run(tmp_path), tmp_path)
    assert page.index('class="scenario failed"') < page.index('class="scenario passed"')
    assert '<section class="scenario failed" data-status="failed"><details open>' in page
    assert '<li class="step failed" data-status="failed"><details open>' in page
    assert "ASSERTION_FAILED" in page and "model: 1 call(s), 321+45 tokens" in page


def test_junit_parses_and_describes_the_failure(tmp_path: Path) -> None:
    root = ET.fromstring(render_junit(build_run(tmp_path)))
    assert root.tag == "testsuites" and root.get("tests") == "2" and root.get("failures") == "1"
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert set(suites) == {"suite/login.yaml", "suite/evil.md"}
    case = suites["suite/evil.md"].find("testcase")
    assert case is not None and case.get("name") == f"Hostile {HOSTILE}" and case.get("time") == "1.500"
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == "ASSERTION_FAILED"
    assert "step 2 failed" in (failure.get("message") or "")
    assert "Step 2 (step) at suite/evil.md" in (failure.text or "") and "web.verify_text" in (failure.text or "")
    assert suites["suite/login.yaml"].find("testcase/failure") is None


def test_junit_survives_control_characters(tmp_path: Path) -> None:
    run = build_run(tmp_path)
    run.scenarios[1].steps[1].error_message = "colour \x1b[31mred\x1b[0m and a NUL \x00"
    failure = ET.fromstring(render_junit(run)).find("testsuite/testcase/failure")
    assert failure is not None and "red" in (failure.get("message") or "") and "\x1b" not in (failure.get("message") or "")


def test_json_trace_round_trips(tmp_path: Path) -> None:
    run = build_run(tmp_path)
    files = write_reports(run, tmp_path)
    data = json.loads(files.json.read_text())
    assert data["counts"]["failed"] == 1 and data["usage"]["llm_calls"] == 1
    assert data["scenarios"][1]["steps"][1]["trace"]["calls"][0]["args"] == {"text": HOSTILE}
    again = load_trace(files.json)
    assert again.to_dict() == run.to_dict()


def test_missing_or_escaping_screenshot_is_not_inlined(tmp_path: Path) -> None:
    run = build_run(tmp_path)
    run.scenarios[0].steps[0].screenshot = "../../etc/passwd"
    run.scenarios[1].steps[1].screenshot = "screenshots/missing.png"
    page = render_html(run, tmp_path)
    assert page.count("<img") == 0  # outside the report folder or missing: no image, and no error


@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="module")
async def test_what_a_person_sees_in_chromium(tmp_path: Path, report_browser: Any) -> None:
    files = write_reports(build_run(tmp_path), tmp_path)
    page = await report_browser.new_page()
    alerts: list[str] = []
    page.on("dialog", lambda d: alerts.append(d.message))
    await page.goto(files.html.as_uri())
    assert "pwned" not in await page.title()
    assert alerts == []
    first = page.locator("section.scenario").first
    assert "failed" in (await first.get_attribute("class") or "")
    color = await first.locator("li.step.failed").first.evaluate("e => getComputedStyle(e).borderLeftColor")
    assert color == "rgb(207, 34, 46)"  # red, the failure stands out
    failing_step = first.locator("li.step.failed")
    assert await failing_step.locator(".error").is_visible()
    assert "ASSERTION_FAILED" in await failing_step.locator(".error").inner_text()
    steps = await first.locator("li.step > details > summary .text").all_inner_texts()
    assert steps == ['Click "Log in"', f"I should see {HOSTILE}", "Click Save"]
    widths = await page.eval_on_selector_all("img", "els => els.map(e => e.naturalWidth)")
    assert widths and all(w > 0 for w in widths)
    await page.click("label[for=f-passed]")
    assert not await first.is_visible()
    assert await page.locator("section.scenario.passed").is_visible()
    await page.close()
