"""JUnit XML as CI systems read it: a testsuite per test file, a testcase per scenario.

A failed scenario carries ``<failure message="..." type="ERROR_CODE">`` (the message
holds the step, the code and the reason) whose text names the failing step, its file
line, status line and tool calls, or, when the runner itself failed it outside any step
(a dead browser, an unexpected error), the runner's error and code; ``type`` is
``FAILED`` only when the failure carried no code. A scenario interrupted while it ran
(Ctrl-C, a CI timeout) carries ``<error type="CANCELLED">`` naming the step it stopped in, so an interrupted run never reads as green; one that never
started carries ``<skipped>``. A flaky one passes with properties saying how many
attempts it took and a ``<flakyFailure>`` (the Maven Surefire element) per failed attempt.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import PurePath

from tapwright.runner.results import Failure, RunResult, ScenarioResult

# Characters XML 1.0 cannot carry at all (ANSI escapes in an error message, for example).
_INVALID_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _clean(text: object) -> str:
    return _INVALID_XML.sub("", str(text))


def _seconds(ms: float) -> str:
    return f"{ms / 1000:.3f}"


def _classname(source: str) -> str:
    if not source:
        return "tapwright"
    path = PurePath(source)
    if path.is_absolute():  # a suite given by absolute path: "/ci/tests/a.md" is class "ci.tests.a", not "/.ci.tests.a"
        path = path.relative_to(path.anchor)
    return ".".join([*path.parent.parts, path.stem]).replace(" ", "_") or "tapwright"


def _failure_text(scenario: ScenarioResult) -> tuple[str, str, str]:
    """(message, type, body) of a failed or cancelled scenario: the reason and its ErrorCode, always."""
    failure = scenario.failure or Failure(None, scenario.message or "failed outside any step", where=scenario.source)
    verb = "cancelled" if scenario.status == "cancelled" else "failed"
    kind = failure.code or "FAILED"
    step = failure.step
    if step is None:  # failed by the runner, outside any step: a dead browser, an unexpected error, an interruption
        head = "The scenario was cancelled" if verb == "cancelled" else "The runner failed the scenario"
        body = f"{head} outside any step at {failure.where}\n{failure.text}"
        return _clean(f"scenario {verb}: {failure.text}"), kind, _clean(body)
    message = f"step {step.index + 1} {verb}: {step.text} {failure.text}"
    lines = [
        f"Step {step.index + 1} ({step.phase}) at {failure.where}: {step.text}",
        f"Error: {failure.text}",
        f"Status: {step.status_line}",
    ]
    for call in step.calls:
        lines.append(
            f"  {call.get('status', '?'):9} {call.get('tool')} {call.get('args')} -> {call.get('status_line', '')}"
        )
    if step.screenshot:
        lines.append(f"Screenshot: {step.screenshot}")
    return _clean(message), kind, _clean("\n".join(lines))


def _testcase(scenario: ScenarioResult) -> ET.Element:
    case = ET.Element(
        "testcase",
        {
            "classname": _classname(scenario.source),
            "name": _clean(scenario.name),
            "time": _seconds(scenario.duration_ms),
        },
    )
    if scenario.source:
        case.set("file", scenario.source)
    if scenario.line:
        case.set("line", str(scenario.line))
    if scenario.status == "failed":
        message, kind, body = _failure_text(scenario)
        failure = ET.SubElement(case, "failure", {"message": message, "type": kind})
        failure.text = body
    elif scenario.status == "cancelled":
        message, kind, body = _failure_text(scenario)
        error = ET.SubElement(case, "error", {"message": message, "type": kind})
        error.text = body
    elif scenario.status == "skipped":
        ET.SubElement(case, "skipped", {"message": _clean(scenario.message or scenario.status)})
    for attempt in scenario.previous if scenario.status == "flaky" else []:
        message, kind, body = _failure_text(attempt)
        flaky = ET.SubElement(case, "flakyFailure", {"message": message, "type": kind})
        flaky.text = body
    properties: list[tuple[str, str]] = []
    if scenario.attempts > 1 or scenario.status == "flaky":
        properties += [("attempts", str(scenario.attempts)), ("flaky", str(scenario.status == "flaky").lower())]
    if scenario.ran_on:
        properties.append(("ran_on", _clean(scenario.ran_on)))
    properties += [("lost_environment", _clean(why)) for why in scenario.lost]
    if properties:
        props = ET.SubElement(case, "properties")
        for name, value in properties:
            ET.SubElement(props, "property", {"name": name, "value": value})
    steps_out = [
        f"{s.index + 1}. [{s.status}] {s.text} ({s.duration_ms:.0f} ms) {s.status_line}" for s in scenario.steps
    ]
    out = ET.SubElement(case, "system-out")
    out.text = _clean("\n".join(steps_out))
    return case


def render_junit(run: RunResult) -> str:
    """The run as a JUnit XML document (``<testsuites>`` root)."""
    by_file: dict[str, list[ScenarioResult]] = defaultdict(list)
    for scenario in run.scenarios:
        by_file[scenario.source or "tapwright"].append(scenario)
    counts = run.counts()
    root = ET.Element(
        "testsuites",
        {
            "name": "tapwright",
            "tests": str(counts["total"]),
            "failures": str(counts["failed"]),
            "errors": str(counts["cancelled"]),
            "skipped": str(counts["skipped"]),
            "time": _seconds(run.duration_ms),
        },
    )
    for source, scenarios in by_file.items():
        suite = ET.SubElement(
            root,
            "testsuite",
            {
                "name": source,
                "tests": str(len(scenarios)),
                "failures": str(sum(s.status == "failed" for s in scenarios)),
                "errors": str(sum(s.status == "cancelled" for s in scenarios)),
                "skipped": str(sum(s.status == "skipped" for s in scenarios)),
                "time": _seconds(sum(s.duration_ms for s in scenarios)),
            },
        )
        for scenario in scenarios:
            suite.append(_testcase(scenario))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
