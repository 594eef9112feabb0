"""Importing the web pack must not import Playwright: every CLI start loads the pack."""

from __future__ import annotations

import subprocess
import sys

_PROBE = """
import sys
import tapwright.drivers.web
import tapwright.session
import tapwright.tools.web
from tapwright.registry.registry import Registry

assert "web.click" in Registry.default().names()
print(sorted(m for m in sys.modules if m.split(".")[0] == "playwright"))
"""


def test_web_pack_imports_without_playwright() -> None:
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_playwright_is_imported_on_first_use() -> None:
    probe = (
        "import sys\nfrom tapwright.drivers.web._pw import pw\nassert 'playwright' not in sys.modules\n"
        "from playwright.async_api import Error\nassert pw.Error is Error\nprint('ok')"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.strip() == "ok", done.stderr[-2000:]
