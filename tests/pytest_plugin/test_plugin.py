"""YAML / Markdown / .feature files as pytest items, and the async ``tapwright`` fixture."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

CASES = {
    "cases/search.yaml": """
name: Search finds the mug
steps:
  - Go to /shop
  - Type "mug" into the Search products field
  - I should see "Coffee mug"
""",
    "cases/broken.md": """
# Buy now is missing

1. Go to /shop
2. Click the "Buy now" button
3. I should see "Thank you"
""",
    "cases/tabs.feature": """
Feature: Help
  Scenario: Shipping tab
    Given I go to /help
    When I click the "Shipping" tab
    Then I should see "Express delivery takes 1-2 business days"
""",
}

MIXED = '''
async def test_code_and_plain_english(tapwright):
    opened = await tapwright.call("web.navigate", url="/login")
    assert opened.ok, opened.status_line()
    step = await tapwright.do('Type "alice" into the Username field')
    assert step.status == "passed", step.status_line
'''


def _files(pytester: pytest.Pytester) -> None:
    for name, text in CASES.items():
        path = pytester.path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text.lstrip())
    (pytester.path / "README.md").write_text("# Not a test\n\n1. Go nowhere\n")
    _ini(pytester)


def _ini(pytester: pytest.Pytester, extra: str = "") -> None:
    pytester.makeini(f"[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = function\n{extra}")


def test_inert_unless_enabled(pytester: pytest.Pytester) -> None:
    _files(pytester)
    result = pytester.runpytest("--collect-only", "-q", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    result.stdout.no_fnmatch_line("*search.yaml*")


def test_collects_one_item_per_scenario_only_under_enabled_paths(pytester: pytest.Pytester) -> None:
    _files(pytester)
    _ini(pytester, "tapwright_paths = cases\n")
    result = pytester.runpytest("--collect-only", "-q", "-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["cases/broken.md::Buy now is missing", "cases/search.yaml::Search finds the mug",
                                 "cases/tabs.feature::Shipping tab", "*3 tests collected*"])  # fmt: skip
    result.stdout.no_fnmatch_line("*README.md*")


def test_suite_settings_apply_and_are_not_collected(pytester: pytest.Pytester) -> None:
    _files(pytester)
    (pytester.path / "cases" / "_suite.yaml").write_text("base_url: http://127.0.0.1:9\ntags: [suite-tag]\n")
    _ini(pytester, "tapwright_paths = cases\n")
    result = pytester.runpytest("--collect-only", "-q", "-p", "no:cacheprovider", "-k", "suite-tag")
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()
    result.stdout.fnmatch_lines(["3 tests collected*"])
    result.stdout.no_fnmatch_line("*_suite.yaml*")
    others = pytester.runpytest("--collect-only", "-q", "-p", "no:cacheprovider", "-k", "not suite-tag")
    others.stdout.fnmatch_lines(["no tests collected (3 deselected)*"])  # the suite's tag reached every scenario


def test_parse_error_is_a_collection_error(pytester: pytest.Pytester) -> None:
    _ini(pytester)
    pytester.makefile(".yaml", bad="name: bad\nsteps: [unclosed\n")
    result = pytester.runpytest("--tapwright-path", ".", "-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*tapwright:*bad.yaml:*"])


@pytest.mark.browser
def test_runs_scenarios_and_the_fixture_against_the_demo(
    pytester: pytest.Pytester, shop_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # the short summary line is not cut
    _files(pytester)
    pytester.makepyfile(test_mixed=MIXED)
    report = pytester.path / "report"
    result = pytester.runpytest("--tapwright-path", "cases", "--tapwright-base-url", shop_url,
                                "--tapwright-report-dir", str(report), "-p", "no:cacheprovider", "-rf")  # fmt: skip
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines([
        "*scenario 'Buy now is missing' FAILED*",
        '*✗ 2. Click the "Buy now" button*',
        "*[ELEMENT_NOT_FOUND]*Buy now*",
        "*web.click*",
    ])  # fmt: skip
    # the short summary says why, with the code, not only the scenario's name
    result.stdout.re_match_lines([r"FAILED cases/broken.md::Buy now is missing - \(cases/broken.md:4\) "
                                  r"step 2 \"Click the \"Buy now\" button\": \[ELEMENT_NOT_FOUND\] "])  # fmt: skip
    assert (report / "report.html").is_file() and (report / "junit.xml").is_file()
