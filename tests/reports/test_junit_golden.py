"""The JUnit document, byte for byte, for every way a scenario ends (one run holding them all).

CI systems read these attributes and elements literally (counts on ``<testsuites>`` and each
``<testsuite>``, ``<failure>`` vs ``<error>`` vs ``<skipped>``, Surefire's ``<flakyFailure>``), so
the expected text below is written out in full and reviewed by hand, not derived from the renderer.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tapwright.runner.reports import render_junit
from tapwright.runner.results import RunResult, ScenarioResult, StepResult


def _run() -> RunResult:
    calls = [{"status": "failed", "tool": "web.click", "args": {"target": "Pay"}, "status_line": "ELEMENT_NOT_FOUND: no Pay"},
             {"tool": "web.snapshot"}]  # fmt: skip
    failed_step = StepResult(index=1, text='Click "Pay"', line=7, status="failed", status_line="ELEMENT_NOT_FOUND: no Pay button",
                             error_code="ELEMENT_NOT_FOUND", error_message='no "Pay" button\x1b[0m', duration_ms=12.4,
                             screenshot="screenshots/pay.png", trace={"calls": calls})  # fmt: skip
    ok_step = StepResult(index=0, text="Open the shop", line=6, status="passed", status_line="ok", duration_ms=1500.6)
    skipped_step = StepResult(index=2, text='See "Thanks"', line=8, status="skipped")
    previous = ScenarioResult(name="Flaky one", source="x.md", line=9, status="failed", attempts=1,
                              steps=[StepResult(index=0, text="Wait", phase="setup", status="failed", error_code="TIMEOUT",
                                                status_line="TIMEOUT: 100 ms")])  # fmt: skip
    return RunResult(
        scenarios=[
            ScenarioResult(name="Pay by card", source="tests/shop/pay card.feature", line=5, status="failed",
                           steps=[ok_step, failed_step, skipped_step], duration_ms=2345.0, attempts=1),
            ScenarioResult(name="Runner died", source="tests/shop/pay card.feature", line=20, status="failed",
                           message="[BROWSER_CRASHED] the browser went away", duration_ms=10.0, attempts=1),
            ScenarioResult(name="No code", source="x.md", status="failed", message="something odd", attempts=1),
            ScenarioResult(name="No message", source="x.md", line=2, status="failed", attempts=1, duration_ms=1.0),
            ScenarioResult(name="Interrupted", source="x.md", line=3, status="cancelled", attempts=1),
            ScenarioResult(name="Flaky one", source="x.md", line=9, status="flaky", attempts=2, previous=[previous],
                           ran_on="ws://h:1/", lost=["ws://dead:2/ closed"], duration_ms=1234.5,
                           steps=[StepResult(index=0, text="Wait", status="passed", status_line="ok", duration_ms=3.0)]),
            ScenarioResult(name="Passed after retry", source="x.md", line=12, status="passed", attempts=3),
            ScenarioResult(name="Passed at once", source="x.md", line=13, status="passed", attempts=1, ran_on="emulator-5554"),
            ScenarioResult(name="Skipped with reason", source="x.md", line=14, status="skipped", message="@skip tag"),
            ScenarioResult(name="Cancelled with reason", source="x.md", line=15, status="cancelled", message="Ctrl-C"),
            ScenarioResult(name="Never ran", status="skipped"),
        ],
        duration_ms=98765.4321,
    )  # fmt: skip


EXPECTED = """\
<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="tapwright" tests="11" failures="4" errors="2" skipped="2" time="98.765">
  <testsuite name="tests/shop/pay card.feature" tests="2" failures="2" errors="0" skipped="0" time="2.355">
    <testcase classname="tests.shop.pay_card" name="Pay by card" time="2.345" file="tests/shop/pay card.feature" line="5">
      <failure message="step 2 failed: Click &quot;Pay&quot; [ELEMENT_NOT_FOUND] no &quot;Pay&quot; button[0m" type="ELEMENT_NOT_FOUND">Step 2 (step) at tests/shop/pay card.feature:7: Click "Pay"
Error: [ELEMENT_NOT_FOUND] no "Pay" button[0m
Status: ELEMENT_NOT_FOUND: no Pay button
  failed    web.click {'target': 'Pay'} -&gt; ELEMENT_NOT_FOUND: no Pay
  ?         web.snapshot None -&gt; 
Screenshot: screenshots/pay.png</failure>
      <system-out>1. [passed] Open the shop (1501 ms) ok
2. [failed] Click "Pay" (12 ms) ELEMENT_NOT_FOUND: no Pay button
3. [skipped] See "Thanks" (0 ms) </system-out>
    </testcase>
    <testcase classname="tests.shop.pay_card" name="Runner died" time="0.010" file="tests/shop/pay card.feature" line="20">
      <failure message="scenario failed: [BROWSER_CRASHED] the browser went away" type="BROWSER_CRASHED">The runner failed the scenario outside any step at tests/shop/pay card.feature:20
[BROWSER_CRASHED] the browser went away</failure>
      <system-out />
    </testcase>
  </testsuite>
  <testsuite name="x.md" tests="8" failures="2" errors="2" skipped="1" time="1.236">
    <testcase classname="x" name="No code" time="0.000" file="x.md">
      <failure message="scenario failed: something odd" type="FAILED">The runner failed the scenario outside any step at x.md
something odd</failure>
      <system-out />
    </testcase>
    <testcase classname="x" name="No message" time="0.001" file="x.md" line="2">
      <failure message="scenario failed: failed outside any step" type="FAILED">The runner failed the scenario outside any step at x.md:2
failed outside any step</failure>
      <system-out />
    </testcase>
    <testcase classname="x" name="Interrupted" time="0.000" file="x.md" line="3">
      <error message="scenario cancelled: [CANCELLED] the run was interrupted" type="CANCELLED">The scenario was cancelled outside any step at x.md:3
[CANCELLED] the run was interrupted</error>
      <system-out />
    </testcase>
    <testcase classname="x" name="Flaky one" time="1.234" file="x.md" line="9">
      <flakyFailure message="step 1 failed: Wait [TIMEOUT] TIMEOUT: 100 ms" type="TIMEOUT">Step 1 (setup) at x.md:9: Wait
Error: [TIMEOUT] TIMEOUT: 100 ms
Status: TIMEOUT: 100 ms</flakyFailure>
      <properties>
        <property name="attempts" value="2" />
        <property name="flaky" value="true" />
        <property name="ran_on" value="ws://h:1/" />
        <property name="lost_environment" value="ws://dead:2/ closed" />
      </properties>
      <system-out>1. [passed] Wait (3 ms) ok</system-out>
    </testcase>
    <testcase classname="x" name="Passed after retry" time="0.000" file="x.md" line="12">
      <properties>
        <property name="attempts" value="3" />
        <property name="flaky" value="false" />
      </properties>
      <system-out />
    </testcase>
    <testcase classname="x" name="Passed at once" time="0.000" file="x.md" line="13">
      <properties>
        <property name="ran_on" value="emulator-5554" />
      </properties>
      <system-out />
    </testcase>
    <testcase classname="x" name="Skipped with reason" time="0.000" file="x.md" line="14">
      <skipped message="@skip tag" />
      <system-out />
    </testcase>
    <testcase classname="x" name="Cancelled with reason" time="0.000" file="x.md" line="15">
      <error message="scenario cancelled: [CANCELLED] Ctrl-C" type="CANCELLED">The scenario was cancelled outside any step at x.md:15
[CANCELLED] Ctrl-C</error>
      <system-out />
    </testcase>
  </testsuite>
  <testsuite name="tapwright" tests="1" failures="0" errors="0" skipped="1" time="0.000">
    <testcase classname="tapwright" name="Never ran" time="0.000">
      <skipped message="skipped" />
      <system-out />
    </testcase>
  </testsuite>
</testsuites>
"""


def test_every_ending_renders_exactly() -> None:
    assert render_junit(_run()) == EXPECTED


def test_an_empty_run_is_an_empty_green_document() -> None:
    assert render_junit(RunResult(duration_ms=5.0)) == (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<testsuites name="tapwright" tests="0" failures="0" errors="0" skipped="0" time="0.005" />\n'
    )


def test_characters_xml_cannot_carry_are_dropped_and_whitespace_is_kept() -> None:
    bad = "".join(chr(c) for c in [*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0xFFFE, 0xFFFF])
    name = f"a{bad}b\tc\nd\re é \u2028"
    run = RunResult(scenarios=[ScenarioResult(name=name, source="s.md", status="cancelled", message=name)])
    case = ET.fromstring(render_junit(run)).find("testsuite/testcase")
    assert case is not None
    error = case.find("error")
    assert error is not None
    assert case.get("name") == "ab\tc\nd\re é \u2028"
    assert error.get("message") == "scenario cancelled: [CANCELLED] ab\tc\nd\re é \u2028"
    assert (error.text or "").endswith("\n[CANCELLED] " + "ab\tc\nd\re é \u2028".replace("\r", "\n"))  # XML reads a bare CR in text as a newline


def test_class_names_follow_the_folder_and_file() -> None:
    sources = ["a/b/c d.feature", "top.md", ".", "/abs/x.yaml"]
    run = RunResult(scenarios=[ScenarioResult(name=s, source=s, status="passed") for s in sources])
    cases = ET.fromstring(render_junit(run)).iter("testcase")
    assert [c.get("classname") for c in cases] == ["a.b.c_d", "top", "tapwright", "abs.x"]


def test_a_failed_step_without_an_error_code_is_typed_failed() -> None:
    step = StepResult(index=0, text="Check the total", status="failed", status_line="mismatch")
    run = RunResult(scenarios=[ScenarioResult(name="s", source="a.md", status="failed", steps=[step])])
    failure = ET.fromstring(render_junit(run)).find("testsuite/testcase/failure")
    assert failure is not None and failure.get("type") == "FAILED"


def test_a_scenario_that_failed_every_attempt_is_one_failure_with_its_attempts_counted() -> None:
    first = ScenarioResult(name="s", source="a.md", status="failed", message="[TIMEOUT] slow", attempts=1)
    run = RunResult(scenarios=[ScenarioResult(name="s", source="a.md", status="failed", message="[TIMEOUT] slow again",
                                              attempts=2, previous=[first])])  # fmt: skip
    case = ET.fromstring(render_junit(run)).find("testsuite/testcase")
    assert case is not None
    assert [child.tag for child in case] == ["failure", "properties", "system-out"]  # no flakyFailure: it never passed
    assert [(p.get("name"), p.get("value")) for p in case.iter("property")] == [("attempts", "2"), ("flaky", "false")]
