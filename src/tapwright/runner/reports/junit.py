"""JUnit XML as CI systems read it: a testsuite per test file, a testcase per scenario.

A failed scenario carries ``<failure message="..." type="ERROR_CODE">`` whose text
names the failing step, its file line, status line and tool calls; a skipped or
interrupted scenario carries ``<skipped>``; a flaky one passes with a property
saying how many attempts it took.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import PurePath

from tapwright.runner.results import RunResult, ScenarioResult

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
    return ".".join([*path.parent.parts, path.stem]).replace(" ", "_") or "tapwright"


def _failure_text(scenario: ScenarioResult) -> tuple[str, str, str]:
    """(message, type, body) of a failed scenario."""
    step = scenario.failed_step
    if step is None:
        return _clean(scenario.message or "failed"), "FAILED", _clean(scenario.message or "")
    where = f"{scenario.source}:{step.line}" if scenario.source and step.line else scenario.source
    message = f"step {step.index + 1} failed: {step.text} [{step.error_code}] {step.error_message or ''}".strip()
    lines = [
        f"Step {step.index + 1} ({step.phase}) at {where}: {step.text}",
        f"Error: [{step.error_code}] {step.error_message or ''}",
        f"Status: {step.status_line}",
    ]
    for call in step.calls:
        lines.append(f"  {call.get('status', '?'):9} {call.get('tool')} {call.get('args')} -> {call.get('status_line', '')}")
    if step.screenshot:
        lines.append(f"Screenshot: {step.screenshot}")
    return _clean(message), step.error_code or "FAILED", _clean("\n".join(lines))


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
    elif scenario.status in ("skipped", "cancelled"):
        ET.SubElement(case, "skipped", {"message": _clean(scenario.message or scenario.status)})
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
    steps_out = [f"{s.index + 1}. [{s.status}] {s.text} ({s.duration_ms:.0f} ms) {s.status_line}" for s in scenario.steps]
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
            "errors": "0",
            "skipped": str(counts["skipped"] + counts["cancelled"]),
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
                "errors": "0",
                "skipped": str(sum(s.status in ("skipped", "cancelled") for s in scenarios)),
                "time": _seconds(sum(s.duration_ms for s in scenarios)),
            },
        )
        for scenario in scenarios:
            suite.append(_testcase(scenario))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
