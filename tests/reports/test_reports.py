"""HTML, JUnit and JSON reports: escaping, structure, and what a person sees in Chromium."""

from __future__ import annotations

import base64
import hashlib
import html.parser
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from report_support import HOSTILE, build_run

from tapwright.runner.reports import load_trace, render_html, render_junit, write_reports
from tapwright.runner.reports.html import _SCRIPT, CSP


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_html_escapes_everything_and_runs_no_script_but_its_own(tmp_path: Path) -> None:
    page = render_html(build_run(tmp_path), tmp_path)
    parser = _Tags()
    parser.feed(page)
    names = [t for t, _ in parser.tags]
    assert names.count("script") == 1 and page.count(f"<script>{_SCRIPT}</script>") == 1  # the search and filters
    assert not any(k.startswith("on") for _, attrs in parser.tags for k in attrs)
    srcs = [attrs.get("src") or "" for t, attrs in parser.tags if t == "img"]
    assert srcs and all(src == "screenshots/s1.png" for src in srcs)  # linked, not inlined, by default
    assert HOSTILE not in page and "&lt;script&gt;" in page
    csp = [a["content"] for t, a in parser.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    digest = base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()
    # Only a script with exactly the report's own text may run: not inline markup from a page, not a file.
    assert csp == [CSP] and f"script-src 'sha256-{digest}';" in CSP and "default-src 'none'" in CSP
    assert "unsafe-inline" not in CSP.split("script-src", 1)[1].split(";", 1)[0]


def test_html_puts_failures_first_and_open(tmp_path: Path) -> None:
    page = render_html(build_run(tmp_path), tmp_path)
    assert page.index('class="scenario failed"') < page.index('class="scenario passed"')
    assert '<section class="scenario failed" data-status="failed" data-tags=' in page
    assert page.index('<section class="scenario failed"') < page.index("<details open>")
    assert re.search(r'<li class="step failed" data-status="failed" id="s1-step\d+"><details open>', page)
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


def test_inline_screenshots_make_one_self_contained_page(tmp_path: Path) -> None:
    linked = render_html(build_run(tmp_path), tmp_path)
    inline = render_html(build_run(tmp_path), tmp_path, inline_screenshots=True)
    parser = _Tags()
    parser.feed(inline)
    srcs = [attrs.get("src") or "" for t, attrs in parser.tags if t == "img"]
    assert srcs and all(src.startswith("data:image/png;base64,") for src in srcs)
    assert "screenshots/s1.png\"" not in inline.replace("<figcaption>screenshots/s1.png", "")
    assert len(inline) > len(linked)
    files = write_reports(build_run(tmp_path), tmp_path / "mail", inline_screenshots=True)
    assert "data:image/png;base64," not in files.html.read_text()  # the screenshot is not in that folder


def test_screenshot_links_are_url_quoted_and_typed_by_suffix(tmp_path: Path) -> None:
    run = build_run(tmp_path)
    odd = tmp_path / "screenshots" / "a b#1" / "01-step.webp"
    odd.parent.mkdir(parents=True)
    odd.write_bytes(b"RIFF\x00\x00\x00\x00WEBPVP8 ")
    run.scenarios[0].steps[0].screenshot = "screenshots/a b#1/01-step.webp"
    page = render_html(run, tmp_path)
    assert 'src="screenshots/a%20b%231/01-step.webp"' in page
    assert "data:image/webp;base64," in render_html(run, tmp_path, inline_screenshots=True)
    run.scenarios[0].steps[0].screenshot = "report.txt"
    (tmp_path / "report.txt").write_text("not an image")
    assert 'src="report.txt"' not in render_html(run, tmp_path)


def test_failing_step_lists_the_candidates_the_locator_considered(tmp_path: Path) -> None:
    run = build_run(tmp_path)
    step = run.scenarios[1].steps[1]
    cands = [{"ref": f"e{i}", "role": "button", "name": f"Save {HOSTILE} {i}", "score": 0.5 - i / 100,
              "reasons": ["similar spelling"], "context": ["form:Profile"]} for i in range(7)]  # fmt: skip
    step.trace = {"status": "failed", "calls": [{
        "index": 0, "tool": "web.click", "status": "failed", "args": {},
        "attempts": [{"number": 1, "result": {"ok": False, "data": {"candidates": cands}}}]}]}  # fmt: skip
    page = render_html(run, tmp_path)
    section = page[page.index('class="scenario failed"'):]
    failing = section[section.index('<li class="step failed"'):]
    failing = failing[: failing.index("</li>")]
    assert "Elements the locator considered (best 5 of 7)" in failing
    assert "<code>e0</code>" in failing and "<code>e4</code>" in failing and "<code>e5</code>" not in failing
    assert "0.50" in failing and "similar spelling" in failing and "form:Profile" in failing
    assert HOSTILE not in page
    # the error, the candidates and the screenshot come before the call table and the plan
    assert failing.index("ASSERTION_FAILED") < failing.index("cands") < failing.index("<img") < failing.index('class="calls"')
    assert 'class="cands"' not in render_html(build_run(tmp_path), tmp_path)


def test_missing_or_escaping_screenshot_is_not_inlined(tmp_path: Path) -> None:
    run = build_run(tmp_path)
    run.scenarios[0].steps[0].screenshot = "../../etc/passwd"
    run.scenarios[1].steps[1].screenshot = "screenshots/missing.png"
    page = render_html(run, tmp_path)
    assert page.count("<img") == 0  # outside the report folder or missing: no image, and no error


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
    # The pictures load lazily, as a reader scrolls to them: each is brought into view, then read once it has a size
    # or finished (broken). (The page's policy forbids wait_for_function's string evaluation: polled from here.)
    for img in await page.locator("img").all():
        await img.scroll_into_view_if_needed()
    for _ in range(50):
        state = await page.locator("img").evaluate_all("els => els.map((e) => [e.complete, e.naturalWidth])")
        if all(done or width > 0 for done, width in state):  # (a picture in a closed section never says complete)
            break
        await page.wait_for_timeout(100)
    widths = await page.eval_on_selector_all("img", "els => els.map(e => e.naturalWidth)")
    assert widths and all(w > 0 for w in widths)
    await page.click("label[for=f-passed]")
    assert not await first.is_visible()
    assert await page.locator("section.scenario.passed").is_visible()
    await page.close()
