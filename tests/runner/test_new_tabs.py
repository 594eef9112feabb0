"""A tab the page opens is followed by the runner, as a tester's eyes follow it: through ``tapwright run``
in a real Chromium, a link with target=_blank and a button whose script opens a page 3 s after the
click (long after the click step ended, however loaded the machine). The steps after act on the new tab, the step says which tab opened, and "Switch back to the
first tab" returns."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from _support import serve
from tapwright.cli.main import main

pytestmark = pytest.mark.browser

PAGES = {
    "index.html": '<!doctype html><title>Start</title><h1>Start page</h1>'
                  '<a href="/report.html" target="_blank">Open the report</a> '
                  "<button onclick=\"setTimeout(() => window.open('/later.html'), 3000)\">Open later</button>",
    "report.html": "<!doctype html><title>Report</title><h1>Quarterly report</h1>",
    "later.html": "<!doctype html><title>Later</title><h1>Later page</h1>",
    "form.html": "<!doctype html><title>Form</title>"
                 "<button onclick=\"setTimeout(() => window.open('/sign.html'), 3000)\">Start signing</button>",
    "sign.html": '<!doctype html><title>Sign</title><h1>Signature</h1>'
                 "<button onclick=\"document.querySelector('h1').textContent = 'Signed'\">Sign the form</button>",
}  # fmt: skip

CASES = """scenarios:
  - name: A link opens the report in a new tab
    steps:
      - Go to /index.html
      - Click "Open the report"
      - I should see "Quarterly report"
      - Switch back to the first tab
      - I should see "Start page"
  - name: A button opens a page a moment later
    steps:
      - Go to /index.html
      - Click "Open later"
      - I should see "Later page"
      - Switch back to the first tab
      - I should see "Start page"
      - I should not see "Later page"
  - name: An action waits for its element in a tab opened meanwhile
    steps:
      - Go to /form.html
      - Click "Start signing"
      - Click "Sign the form"
      - I should see "Signed"
"""


def test_the_steps_after_a_new_tab_act_on_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    for name, html in PAGES.items():
        (site / name).write_text(html, encoding="utf-8")
    (tmp_path / "tabs.yaml").write_text(CASES, encoding="utf-8")
    report = tmp_path / "report"
    with serve(site) as url:
        code = main(["run", str(tmp_path / "tabs.yaml"), "--base-url", url, "--report-dir", str(report),
                     "--env-file", str(tmp_path / "none.env"), "--timeout", "15", "-q"])  # fmt: skip
    runs = {s["name"]: s for s in json.loads((report / "trace.json").read_text(encoding="utf-8"))["scenarios"]}
    assert code == 0, {n: [st["status_line"] for st in s["steps"]] for n, s in runs.items()}
    link = runs["A link opens the report in a new tab"]["steps"]
    assert link[1]["notes"] == [f"opened a new tab at {url}/report.html: the next steps act on it "
                                "('Switch back to the first tab' returns)"]  # fmt: skip
    assert not [s["notes"] for s in link if s["index"] != 1 and s["notes"]]
    # The picture after the click shows the tab it opened, not the page the link was on.
    assert link[1]["screenshot"] != link[0]["screenshot"]
    later = runs["A button opens a page a moment later"]["steps"]
    # The click returned before the page opened its tab; the check waiting for "Later page" followed it.
    assert later[1]["notes"] == []
    assert later[2]["notes"] == [f"opened a new tab at {url}/later.html: the next steps act on it "
                                 "('Switch back to the first tab' returns)"]  # fmt: skip
    # The click on "Sign the form" waited for its button, which only the tab opened 3 s later holds.
    sign = runs["An action waits for its element in a tab opened meanwhile"]["steps"]
    assert [s["status"] for s in sign] == ["passed"] * 4
    assert sign[2]["notes"] == [f"opened a new tab at {url}/sign.html: the next steps act on it "
                                "('Switch back to the first tab' returns)"]  # fmt: skip


async def test_session_do_follows_a_new_tab(tmp_path: Path) -> None:
    import tapwright

    for name, html in PAGES.items():
        (tmp_path / name).write_text(html, encoding="utf-8")
    with serve(tmp_path) as url:
        async with tapwright.web(base_url=url, timeout=15) as session:
            assert (await session.do("Go to /index.html")).status == "passed"
            opened = await session.do('Click "Open the report"')
            assert opened.status == "passed", opened.status_line
            assert opened.notes == [f"opened a new tab at {url}/report.html: the next steps act on it "
                                    "('Switch back to the first tab' returns)"]  # fmt: skip
            seen = await session.do('I should see "Quarterly report"')
            assert seen.status == "passed", seen.status_line
            assert seen.notes == []
            back = await session.do("Switch back to the first tab")
            assert back.status == "passed", back.status_line
            assert (await session.do('I should see "Start page"')).status == "passed"
            # A tab a script opens after do() returned: the next do() acts on it and says so.
            assert (await session.do('Click "Open later"')).status == "passed"
            await asyncio.sleep(4)
            later = await session.do('I should see "Later page"')
            assert later.status == "passed", later.status_line
            assert later.notes == [f"a new tab opened before this step, at {url}/later.html: "
                                   "this step and the next act on it"]  # fmt: skip
