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
    loc = _cli("locate", f"{server}/form.html", "Cancel button", "--json")
    ranked = json.loads(loc.stdout)
    assert ranked[0]["name"] == "Cancel" and ranked[0]["score"] >= ranked[-1]["score"]
    text = _cli("locate", f"{server}/form.html", "Cancel button")
    assert text.returncode == 0 and "Cancel" in text.stdout.splitlines()[0]
    blocked = _cli("snapshot", "file:///etc/passwd")
    assert blocked.returncode == 1 and "URL_BLOCKED" in blocked.stderr
