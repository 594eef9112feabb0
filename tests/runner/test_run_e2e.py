"""The example suites against the demo app in real Chromium, through the real CLI.

One ``tapwright run examples/tests -j 2`` per test session (the ``suite_run`` fixture)
feeds most assertions; a serial in-process run checks that -j 2 changes nothing.
"""

from __future__ import annotations

import base64
import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from runner_support import CANARY, EXAMPLES, SuiteRun

from tapwright.runner.cases import load_cases
from tapwright.runner.planning import make_planner
from tapwright.runner.run import RunOptions, run_scenarios

pytestmark = pytest.mark.browser

FAILING = {
    "The greeting names the wrong user (fails on purpose)": (4, "ASSERTION_FAILED"),
    "Buy now does not exist (fails on purpose)": (1, "ELEMENT_NOT_FOUND"),
    "Steps must be phrased as actions or checks": (1, "PLAN_INVALID"),
}


def _shape(scenarios: list[dict[str, Any]]) -> list[tuple[str, str, str, list[str]]]:
    # by file name and scenario name: the CLI shows sources relative to its working directory
    return sorted((Path(s["source"]).name, s["name"], s["status"], [st["status"] for st in s["steps"]]) for s in scenarios)


def _total() -> int:
    """How many scenarios examples/tests holds (the count grows as examples are added)."""
    return len(load_cases([EXAMPLES]))


def test_passing_suite_passes_and_failing_suite_fails(suite_run: SuiteRun) -> None:
    assert suite_run.code == 1, suite_run.stderr
    trace = suite_run.trace
    by_status: dict[str, list[str]] = {}
    for s in trace["scenarios"]:
        by_status.setdefault(s["status"], []).append(s["name"])
    assert sorted(by_status["failed"]) == sorted(FAILING), suite_run.stdout
    assert len(by_status["passed"]) >= 12 and set(by_status) == {"passed", "failed"}
    formats = {Path(s["source"]).suffix for s in trace["scenarios"] if s["status"] == "passed"}
    assert formats == {".yaml", ".md", ".feature"}


def test_failed_step_has_its_code_and_the_rest_is_skipped(suite_run: SuiteRun) -> None:
    for s in suite_run.trace["scenarios"]:
        if s["name"] not in FAILING:
            assert all(st["status"] == "passed" for st in s["steps"]), s["name"]
            continue
        index, code = FAILING[s["name"]]
        statuses = [st["status"] for st in s["steps"]]
        assert statuses == ["passed"] * index + ["failed"] + ["skipped"] * (len(statuses) - index - 1)
        failed = s["steps"][index]
        assert failed["error_code"] == code and failed["error_message"]
        if code == "PLAN_INVALID":
            assert "contemplate" in failed["error_message"] and failed["trace"] is None


def test_issue_example_runs_verbatim(suite_run: SuiteRun) -> None:
    (s,) = [s for s in suite_run.trace["scenarios"] if s["name"] == "Sign in and add a product to the cart"]
    assert s["status"] == "passed" and s["secret_names"] == ["DEMO_PASSWORD"]
    compound = s["steps"][5]
    assert [c["tool"] for c in compound["trace"]["calls"]] == ["web.select", "web.check", "web.click"]
    typed = s["steps"][2]["trace"]["calls"][0]
    assert typed["tool"] == "web.fill" and typed["args"]["text"] == "***"


def test_every_step_that_ran_has_a_screenshot(suite_run: SuiteRun) -> None:
    for s in suite_run.trace["scenarios"]:
        for st in s["steps"]:
            if st["status"] in ("passed", "failed"):
                assert st["screenshot"], (s["name"], st["text"])
                assert (suite_run.report_dir / st["screenshot"]).stat().st_size > 1000
            else:
                assert st["screenshot"] is None


def test_progress_lines_and_summary(suite_run: SuiteRun) -> None:
    out, total = suite_run.stdout, _total()
    assert total >= 16 and f"tapwright: running {total} scenarios" in out
    assert '✓ [' in out and 'Click the blue "Sign in" button' in out
    assert "failed scenarios:" in out
    assert f"{total} scenarios: {total - 3} passed, 3 failed" in out
    assert f"report: {suite_run.report_dir / 'report.html'}" in out


def test_junit_is_valid_and_complete(suite_run: SuiteRun) -> None:
    root, total = ET.parse(suite_run.report_dir / "junit.xml").getroot(), _total()
    assert root.tag == "testsuites" and root.get("tests") == str(total) and root.get("failures") == "3"
    suites = root.findall("testsuite")
    assert len(suites) == len({Path(p).name for p in EXAMPLES.rglob("*") if p.is_file()})
    cases = root.findall("testsuite/testcase")
    assert len(cases) == total and all(float(c.get("time", "-1")) > 0 for c in cases)
    failures = {c.get("name"): c.find("failure") for c in cases if c.find("failure") is not None}
    assert set(failures) == set(FAILING)
    for name, failure in failures.items():
        assert failure is not None and failure.get("type") == FAILING[name][1]
        assert f"Step {FAILING[name][0] + 1}" in (failure.text or "")


def test_secret_is_absent_from_every_artifact(suite_run: SuiteRun) -> None:
    raw = CANARY.encode()
    forms = {
        CANARY,
        urllib.parse.quote(CANARY, safe=""),
        urllib.parse.quote_plus(CANARY),
        base64.b64encode(raw).decode(),
        base64.urlsafe_b64encode(raw).decode(),
        base64.b64encode(raw).decode().rstrip("="),
    }
    files = [p for p in suite_run.report_dir.rglob("*") if p.is_file()]
    assert len(files) > 50  # the reports and a screenshot per step
    for path in files:
        data = path.read_bytes()
        for form in forms:
            assert form not in path.name
            assert form.encode() not in data, f"{form!r} leaked into {path}"
    assert all(form not in suite_run.stdout + suite_run.stderr for form in forms)


async def test_parallel_run_matches_a_serial_run(suite_run: SuiteRun, demo_url: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    # A serial re-run of the failing suite and three passing files (one per format) keeps
    # this test short; the -j 2 run covered them all, so the shapes must agree.
    monkeypatch.setenv("DEMO_PASSWORD", CANARY)
    passing = EXAMPLES / "passing"
    paths = [EXAMPLES / "failing", passing / "sign-in-and-cart.yaml", passing / "help-tabs.md", passing / "shop.feature"]
    scenarios = load_cases(paths)
    serial = await run_scenarios(scenarios, make_planner("rules"), RunOptions(base_url=demo_url, jobs=1, env_file=None))
    keys = {(Path(s.source or "").name, s.name) for s in scenarios}
    parallel = [s for s in suite_run.trace["scenarios"] if (Path(s["source"]).name, s["name"]) in keys]
    assert len(parallel) == len(scenarios) == 9
    assert _shape(parallel) == _shape([s.to_dict() for s in serial.scenarios])


@pytest.mark.asyncio(loop_scope="module")
async def test_report_as_a_person_sees_it(suite_run: SuiteRun, report_browser: Any) -> None:
    page = await report_browser.new_page()
    await page.goto((suite_run.report_dir / "report.html").as_uri())
    total = _total()
    assert f"{total} scenarios: {total - 3} passed, 3 failed" in await page.title()
    scenarios = page.locator("section.scenario")
    assert await scenarios.count() == total
    for i in range(3):  # the failed ones come first, open, with a red border
        first = scenarios.nth(i)
        assert await first.get_attribute("data-status") == "failed"
        assert await first.locator("li.step.failed .error").is_visible()
        border = await first.evaluate("e => getComputedStyle(e).borderTopColor")
        assert border == "rgb(207, 34, 46)"
    passed = page.locator("section.scenario.passed").first
    await passed.locator("summary").first.click()
    steps = passed.locator("ol.steps > li.step")
    assert await steps.count() >= 3 and await steps.first.is_visible()
    # The report's pictures load lazily: ask each to load now and wait for it to decode.
    widths = await page.eval_on_selector_all(
        "img", "els => Promise.all(els.map(e => { e.loading = 'eager'; return e.decode().then(() => e.naturalWidth, () => 0); }))"
    )
    assert len(widths) > 50 and all(w > 0 for w in widths)
    await page.close()


def test_french_and_german_feature_files_run_on_the_demo(suite_run: SuiteRun) -> None:
    i18n = [s for s in suite_run.trace["scenarios"] if s["source"].endswith((".fr.feature", ".de.feature"))]
    assert sorted({Path(s["source"]).name for s in i18n}) == ["anmeldung.de.feature", "boutique.fr.feature"]
    assert len(i18n) == 3 and all(s["status"] == "passed" for s in i18n), [(s["name"], s["status"]) for s in i18n]
    (german,) = [s for s in i18n if s["source"].endswith(".de.feature")]
    assert [st["keyword"] for st in german["steps"]][:2] == ["Angenommen", "Wenn"]
    assert german["steps"][0]["text"] == "I go to /login"
