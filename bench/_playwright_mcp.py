"""Playwright MCP (``@playwright/mcp`` from the npm registry) for the MCP comparison in bench_mcp.

``install()`` is the bench's own bootstrap step: it installs the pinned version into
``bench/.node`` with npm (once; later runs reuse it) and returns the command that starts
the server on the system Chromium, or None and the reason it could not.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

VERSION = "0.0.83"
FOLDER = Path(__file__).parent / ".node"
INSTALL_TIMEOUT_S = 900


def _cli() -> Path:
    return FOLDER / "node_modules" / "@playwright" / "mcp" / "cli.js"


def install(chromium: str | None) -> tuple[list[str] | None, str]:
    """The command that starts Playwright MCP over stdio on ``chromium``, installing it first if needed;
    else (None, why)."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return None, "node/npm not found on PATH"
    if chromium is None:
        return None, "no system Chromium found"
    if not _cli().is_file():
        FOLDER.mkdir(parents=True, exist_ok=True)
        try:
            argv = [npm, "install", "--prefix", str(FOLDER), "--no-audit", "--no-fund", f"@playwright/mcp@{VERSION}"]
            done = subprocess.run(argv, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S, check=False)
        except subprocess.TimeoutExpired:
            return None, f"npm install @playwright/mcp@{VERSION} took over {INSTALL_TIMEOUT_S} s"
        if done.returncode != 0 or not _cli().is_file():
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
            return None, f"npm install @playwright/mcp@{VERSION} failed: {tail[0][:200]}"
    return [node, str(_cli()), "--headless", "--isolated", "--browser", "chromium",
            "--executable-path", str(chromium)], ""  # fmt: skip


if __name__ == "__main__":
    command, why = install(shutil.which("chromium"))
    print(command or f"not installed: {why}")
