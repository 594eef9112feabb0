"""Reports of a run: an HTML page (screenshots linked, or inlined on request), JUnit XML for CI, and a JSON trace for replay."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from tapwright.runner.reports.html import render_html
from tapwright.runner.reports.json_trace import load_trace, render_json
from tapwright.runner.reports.junit import render_junit
from tapwright.runner.results import RunResult

HTML_NAME, JUNIT_NAME, JSON_NAME = "report.html", "junit.xml", "trace.json"


@dataclass(frozen=True, slots=True)
class ReportFiles:
    """Where the reports of a run were written."""

    html: Path
    junit: Path
    json: Path


def write_reports(
    run: RunResult, report_dir: str | Path, *, title: str = "tapwright report", inline_screenshots: bool = False
) -> ReportFiles:
    """Write ``report.html``, ``junit.xml`` and ``trace.json`` into ``report_dir``.

    Args:
        run: The run's results.
        report_dir: The report folder (created if missing); the runner saved the
            screenshots under its ``screenshots/``.
        title: The HTML page's heading.
        inline_screenshots: Embed the screenshots in ``report.html`` so the page can be
            mailed or attached on its own; by default it links the files next to it.

    Returns:
        Where each report was written.
    """
    folder = Path(report_dir)
    folder.mkdir(parents=True, exist_ok=True)
    files = ReportFiles(folder / HTML_NAME, folder / JUNIT_NAME, folder / JSON_NAME)
    # Each file is written whole or not at all (no 0-byte trace.json on a full disk).
    _write_atomic(files.json, render_json(run))
    _write_atomic(files.junit, render_junit(run))
    _write_atomic(files.html, render_html(run, folder, title=title, inline_screenshots=inline_screenshots))
    return files


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


__all__ = ["ReportFiles", "load_trace", "render_html", "render_json", "render_junit", "write_reports"]
