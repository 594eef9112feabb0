"""A web step whose element never appears fails after one ``--timeout``, not two: the tool
already waited its whole timeout for the element, so the executor does not call it again.
A real run in Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _support import serve
from tapwright.cli.main import main

EMPTY = "<!doctype html><title>Empty</title><p>Nothing to press here.</p>"

CASE = """name: Missing button
base_url: {url}
steps:
  - Go to /empty.html
  - Click the "Send order" button
"""


@pytest.mark.browser
def test_a_missing_element_fails_after_one_wait_with_one_attempt(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "empty.html").write_text(EMPTY, encoding="utf-8")
    with serve(site) as url:
        (tmp_path / "missing.yaml").write_text(CASE.format(url=url), encoding="utf-8")
        report = tmp_path / "report"
        code = main(["run", str(tmp_path / "missing.yaml"), "--timeout", "2", "--report-dir", str(report),
                     "--env-file", str(tmp_path / "none.env"), "--no-screenshots", "-q"])  # fmt: skip
    assert code == 1
    steps = json.loads((report / "trace.json").read_text(encoding="utf-8"))["scenarios"][0]["steps"]
    step = steps[1]
    assert step["status"] == "failed" and step["error_code"] == "ELEMENT_NOT_FOUND", step["status_line"]
    (call,) = step["trace"]["calls"]
    # One attempt: the click waited its whole 2 s for the button, and that wait was the retry.
    assert len(call["attempts"]) == 1, [a["result"]["error"] for a in call["attempts"]]
    assert call["attempts"][0]["result"]["error"]["waited"] is True
