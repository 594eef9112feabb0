"""Web tools use the Driver seam and the WebSession's parts, never Playwright's page directly (issue 25)."""

from __future__ import annotations

import re
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "src" / "tapwright" / "tools"
_PAGE = re.compile(r"\bsession\.page\b")


def test_no_tool_reaches_past_the_session_to_its_page() -> None:
    files = sorted(TOOLS.rglob("*.py"))
    assert any(f.name == "web_log.py" for f in files)  # the walk sees the web tools
    reaching = [f"{f.relative_to(TOOLS)}:{n}" for f in files
                for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1) if _PAGE.search(line)]  # fmt: skip
    assert reaching == []
