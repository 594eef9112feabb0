"""``tapwright snapshot`` and ``tapwright locate`` against a local page."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.browser


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tapwright.cli.main", *args], capture_output=True, text=True, timeout=120)


def test_snapshot_and_locate(server: str) -> None:
    snap = _cli("snapshot", f"{server}/form.html", "--max-chars", "2000")
    assert snap.returncode == 0, snap.stderr
    assert '"Log in"' in snap.stdout and snap.stdout.startswith('page "Login form"')
    as_json = json.loads(_cli("snapshot", f"{server}/form.html", "--json").stdout)
    assert any(e["name"] == "Email" for e in as_json["elements"])
    loc = _cli("locate", "--url", f"{server}/form.html", "Cancel button", "--json")
    found = json.loads(loc.stdout)
    assert loc.returncode == 0 and found["accepted"] and found["element"]["name"] == "Cancel" and found["error"] is None
    ranked = found["candidates"]
    assert ranked[0]["name"] == "Cancel" and ranked[0]["score"] >= ranked[-1]["score"]
    text = _cli("locate", f"{server}/form.html", "Cancel button")  # the older URL DESCRIPTION form, URL plainly a URL
    assert text.returncode == 0 and text.stdout.splitlines()[0].startswith("accepted: ") and "'Cancel'" in text.stdout
    blocked = _cli("snapshot", "file:///etc/passwd")
    assert blocked.returncode == 1 and "URL_BLOCKED" in blocked.stderr


def test_locate_exits_1_when_no_element_is_accepted_and_says_why(server: str) -> None:
    url = f"{server}/form.html"
    tied = _cli("locate", "--url", url, "Delete link")  # two rows' Delete links, nothing to tell them apart
    assert tied.returncode == 1 and tied.stderr.startswith("not accepted: [AMBIGUOUS] 2 elements match")
    lines = tied.stdout.splitlines()
    assert lines[0] == "nearest candidates (none accepted):"
    assert sum("'Delete'" in line and "tied with" in line for line in lines[1:]) == 2
    missing = _cli("locate", "--url", url, "the purple spaceship")
    assert missing.returncode == 1 and "[ELEMENT_NOT_FOUND] no element matches 'the purple spaceship'" in missing.stderr
    below = _cli("locate", "--url", url, "Remember my password checkbox", "--json")  # near words, under the bar
    data = json.loads(below.stdout)
    assert below.returncode == 1 and not data["accepted"] and data["element"] is None
    assert data["error"]["code"] == "ELEMENT_NOT_FOUND"
    assert data["candidates"] and all("< " in c["why_not"] for c in data["candidates"])  # each says its score is below the bar
    assert any(c["name"] == "Remember me" for c in data["candidates"])


def test_locate_refuses_two_descriptions_instead_of_reading_one_as_a_url(server: str) -> None:
    two = _cli("locate", "Cancel button", "Log in button")
    assert two.returncode == 2 and "locate takes one DESCRIPTION, got 2" in two.stderr and "--url URL" in two.stderr
    both = _cli("locate", "--url", f"{server}/form.html", f"{server}/form.html", "Cancel button")
    assert both.returncode == 2 and "got 2" in both.stderr
