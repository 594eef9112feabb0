"""A flaky scenario's retry history in the report, from a real run: a page that is not ready on the first
visit (and logs an error and fails a request) fails attempt 1 and passes attempt 2 (``--retries 1``); a real
Chromium opens the report, reads the failed attempt (its step, error, picture, and what the page reported,
a secret scrubbed) under the passing one, and the status filter's Flaky button
shows only that scenario."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from html import escape
from pathlib import Path
from typing import Any

import pytest

from tapwright.cli.main import main

pytestmark = [pytest.mark.asyncio(loop_scope="module")]

WARMING = ("<!doctype html><title>Status</title><h1>Warming up</h1>"
           "<script>console.error('cache cold, token s3cr3t-t0ken-value'); fetch('/missing-api');</script>")
READY = "<!doctype html><title>Status</title><h1>Ready</h1>"
STEADY = "<!doctype html><title>Steady</title><h1>Always steady</h1>"


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """/status answers 'Warming up' the first time and 'Ready' after; /steady always the same."""
    visits = {"n": 0}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/status":
                visits["n"] += 1
                body = WARMING if visits["n"] == 1 else READY
            elif self.path == "/steady":
                body = STEADY
            else:
                self.send_error(404)
                return
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def report(site: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("flaky")
    (folder / "status.yaml").write_text("name: Status becomes ready\nsecrets: [TOKEN]\nsteps:\n  - Go to /status\n"
                                        '  - I should see "Ready"\n', encoding="utf-8")  # fmt: skip
    (folder / "secrets.env").write_text("TOKEN=s3cr3t-t0ken-value\n", encoding="utf-8")
    (folder / "steady.yaml").write_text("name: Steady page\nsteps:\n  - Go to /steady\n"
                                        '  - I should see "Always steady"\n', encoding="utf-8")  # fmt: skip
    out = folder / "report"
    code = main(["run", str(folder), "--base-url", site, "--retries", "1", "--timeout", "1", "--report-dir", str(out),
                 "--env-file", str(folder / "secrets.env"), "-q"])  # fmt: skip
    assert code == 0  # a scenario that passed on retry passes the run
    return out


async def _shown(page: Any) -> list[str]:
    return sorted(await page.locator("section.scenario:visible .name").all_inner_texts())


async def test_the_failed_attempt_of_a_flaky_scenario_is_shown_and_filtered(report: Path, report_browser: Any) -> None:
    page = await report_browser.new_page()
    try:
        await page.goto((report / "report.html").as_uri())
        flaky = page.locator("section.scenario.flaky")
        assert await flaky.count() == 1 and await flaky.locator(".name").inner_text() == "Status becomes ready"
        assert "attempt 2" in await flaky.locator(".extra").inner_text()
        previous = flaky.locator("details.previous")
        assert await previous.count() == 1
        summary = await previous.locator("summary").first.inner_text()
        assert summary.startswith('failed attempt 1: step 2 (I should see "Ready"): ASSERTION_FAILED'), summary
        await previous.locator("summary").first.click()
        failed_step = previous.locator("li.step.failed")
        error = await failed_step.locator(".error").inner_text()
        assert error.startswith("ASSERTION_FAILED ") and "Ready" in error  # the summary points, the step says why
        assert (report / "report.html").read_text(encoding="utf-8").count(escape(error.split(" ", 1)[1])) == 1  # once
        # The failed attempt keeps its own picture: the page as it was then.
        shot = failed_step.locator("figure img").first
        await shot.scroll_into_view_if_needed()
        await page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=await shot.element_handle(),
                                     timeout=10_000)  # fmt: skip
        src = await shot.get_attribute("src")
        assert src is not None and src not in await flaky.locator(":scope > details > ol.steps").inner_html()
        # What the page reported in the failed attempt: its console error and its failed request, per step,
        # the secret it logged scrubbed.
        events = previous.locator("details.events")
        said = " ".join(await events.all_text_contents())  # the step whose events they are may be folded
        assert "problem(s)" in said
        assert "cache cold, token ***" in said and "404" in said and "/missing-api" in said, said
        html = (report / "report.html").read_text(encoding="utf-8") + (report / "trace.json").read_text(encoding="utf-8")
        assert "cache cold" in html and "s3cr3t-t0ken-value" not in html
        # The status filter: Flaky shows only it; Passed keeps it (it passed in the end); Failed shows none.
        assert await _shown(page) == ["Status becomes ready", "Steady page"]
        await page.click("label[for=f-flaky]")
        assert await _shown(page) == ["Status becomes ready"]
        await page.click("label[for=f-passed]")
        assert await _shown(page) == ["Status becomes ready", "Steady page"]
        await page.click("label[for=f-failed]")
        assert await _shown(page) == []
        assert await page.locator("label[for=f-skipped]").count() == 0  # no skipped scenario: no button
    finally:
        await page.close()



@pytest.fixture(scope="module")
def failed_report(site: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("failed")
    (folder / "broken.yaml").write_text('name: Broken page\nsteps:\n  - Go to /steady\n  - I should see "Nowhere"\n',
                                        encoding="utf-8")  # fmt: skip
    out = folder / "report"
    assert main(["run", str(folder / "broken.yaml"), "--base-url", site, "--timeout", "1", "--report-dir", str(out),
                 "-q"]) == 1  # fmt: skip
    return out


async def test_a_failed_scenario_shows_its_error_once_on_the_failing_step(failed_report: Path,
                                                                          report_browser: Any) -> None:
    out = failed_report
    page = await report_browser.new_page()
    try:
        await page.goto((out / "report.html").as_uri())
        scenario = page.locator("section.scenario.failed")
        heading = scenario.locator(".smsg[role=alert]")
        assert await heading.inner_text() == 'failed at step 2 (I should see "Nowhere"): ASSERTION_FAILED'
        error = scenario.locator("li.step.failed .error")
        assert await error.is_visible()  # the failing step is open when the report opens
        text = await error.inner_text()
        code, message = text.split(" ", 1)
        assert code == "ASSERTION_FAILED" and "Nowhere" in message and len(message) > 20
        assert (out / "report.html").read_text(encoding="utf-8").count(escape(message)) == 1
    finally:
        await page.close()
