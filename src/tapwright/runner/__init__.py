"""The test runner: test files -> scenarios -> results -> reports, in one import.

Example:
    import asyncio
    from tapwright.runner import run_suite

    result = asyncio.run(run_suite(["tests/"], base_url="http://127.0.0.1:8000", report_dir="tapwright-report"))
    print(result.summary_line())

For finer control: :func:`load_cases` and :func:`filter_cases` select scenarios,
:class:`Runner` (with :class:`RunOptions` and a planner from :func:`make_planner`)
runs them, :func:`write_reports` writes HTML, JUnit and JSON.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tapwright.planners.factory import make_planner
from tapwright.runner.cases import CaseError, filter_cases, load_cases
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.reports import ReportFiles, write_reports
from tapwright.runner.results import RunResult, ScenarioResult, StepResult
from tapwright.runner.run import Runner, RunOptions, run_scenarios


async def run_suite(
    paths: Sequence[str | Path],
    *,
    base_url: str | None = None,
    planner: str = "auto",
    report_dir: str | Path | None = "tapwright-report",
    keyword: str | None = None,
    tags: str | Sequence[str] | None = None,
    **options: Any,
) -> RunResult:
    """Load, filter and run the scenarios under ``paths``; write the reports when ``report_dir`` is set.

    Args:
        paths: Test files and folders (YAML, Markdown, Gherkin).
        base_url: Overrides every scenario's base URL.
        planner: ``auto``, ``rules`` or ``llm`` (see :func:`make_planner`).
        report_dir: Where report.html, junit.xml, trace.json and screenshots go; None writes nothing.
        keyword: A ``-k`` expression over scenario names and tags.
        tags: Tags to select (``"smoke and not slow"`` or a list).
        **options: Other :class:`RunOptions` fields (``jobs``, ``retries``, ``trace``, ``headed`` ...).

    Raises:
        UserError: a malformed test file (CaseError), an unknown platform or planner.
    """
    scenarios = filter_cases(load_cases(paths), keyword, tags)
    folder = Path(report_dir) if report_dir is not None else None
    chosen = make_planner(planner)
    try:
        result = await run_scenarios(scenarios, chosen, RunOptions(base_url=base_url, report_dir=folder, **options))
    finally:
        await chosen.aclose()
    if folder is not None:
        write_reports(result, folder)
    return result


__all__ = [
    "CaseError",
    "ReportFiles",
    "RunOptions",
    "RunResult",
    "Runner",
    "Scenario",
    "ScenarioResult",
    "StepResult",
    "StepSpec",
    "filter_cases",
    "load_cases",
    "make_planner",
    "run_scenarios",
    "run_suite",
    "write_reports",
]
