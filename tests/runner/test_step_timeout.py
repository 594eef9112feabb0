"""``timeout:`` on one step (a YAML step written as a mapping): it replaces the file's for that step only,
for finding elements and for checks. A real run in Chromium on a page whose texts appear late."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _support import serve
from tapwright.cli.main import main
from tapwright.runner.cases import load_cases

LATE = """<!doctype html><title>Late</title><p id="a"></p><p id="b"></p>
<script>
setTimeout(() => { document.getElementById("a").textContent = "Late hello"; }, 1200);
setTimeout(() => { document.getElementById("b").textContent = "Later still"; }, 6000);
</script>"""

CASE = """name: Late texts
base_url: {url}
timeout: 0.5
steps:
  - Go to /late.html
  - text: I should see "Late hello"
    timeout: 4
  - I should see "Later still"
"""


def test_a_step_timeout_is_read_checked_and_named_in_errors(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(CASE.format(url="http://127.0.0.1:1"), encoding="utf-8")
    (scenario,) = load_cases([str(good)])
    assert [s.timeout_s for s in scenario.steps] == [None, 4.0, None]
    for value, why in (("soon", "must be a number of seconds"), ("0", "more than 0")):
        bad = tmp_path / "bad.yaml"
        bad.write_text(f"name: b\nsteps:\n  - text: Go to /x\n    timeout: {value}\n", encoding="utf-8")
        with pytest.raises(Exception, match=why) as caught:
            load_cases([str(bad)])
        assert "bad.yaml:3" in str(caught.value)
    typo = tmp_path / "typo.yaml"
    typo.write_text("name: t\nsteps:\n  - text: Go to /x\n    timout: 3\n", encoding="utf-8")
    with pytest.raises(Exception, match=r"unknown keys \['timout'\]"):
        load_cases([str(typo)])


@pytest.mark.browser
def test_the_step_waits_its_own_timeout_and_the_next_step_the_files(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "late.html").write_text(LATE, encoding="utf-8")
    with serve(site) as url:
        (tmp_path / "late.yaml").write_text(CASE.format(url=url), encoding="utf-8")
        report = tmp_path / "report"
        code = main(["run", str(tmp_path / "late.yaml"), "--report-dir", str(report), "--env-file",
                     str(tmp_path / "none.env"), "--no-screenshots", "-q"])  # fmt: skip
    assert code == 1
    steps = json.loads((report / "trace.json").read_text(encoding="utf-8"))["scenarios"][0]["steps"]
    # Step 2 waited past the file's 0.5 s for a text that came after 1.2 s: its own 4 s.
    assert steps[1]["status"] == "passed", steps[1]["status_line"]
    # Step 3 is back on the file's 0.5 s: the text that comes at 6 s is not there yet (with
    # the step's 4 s, twice, it would have been).
    assert steps[2]["status"] == "failed" and steps[2]["error_code"] == "ASSERTION_FAILED", steps[2]["status_line"]
