"""``tapwright init [DIR]``: a starter project a newcomer can run at once.

Writes ``tests/`` with one scenario per format (YAML, Markdown, Gherkin) against the
URL it is given or asks for, ``tests/_suite.yaml`` holding that URL, a
``tapwright.toml`` whose options are explained in comments, a ``.env.example``, and a
``.gitignore`` (created, or the missing lines appended) that keeps ``.env`` and the reports out of git;
then prints the command to run next. When the page can be fetched, the starter
checks assert its real title and heading, so the first run passes. Existing files are
left alone unless ``--force``.
"""

from __future__ import annotations

import argparse
import re
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Any

from tapwright.cli._starter import files_for

DEMO_URL = "http://127.0.0.1:8765"


def register(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "init", help="write a starter tests/ folder, tapwright.toml, .env.example and .gitignore, then print the next command"
    )
    p.add_argument("directory", nargs="?", default=".", help="project folder (default: the current one)")
    p.add_argument("--url", help=f"the app to test (asked for in a terminal; default {DEMO_URL}, the demo shop)")
    p.add_argument("--force", action="store_true", help="overwrite files that already exist")
    p.set_defaults(handler=handle)


@dataclass(frozen=True, slots=True)
class PageFacts:
    """What the starter checks assert: the page's title and first heading, when they could be read."""

    title: str | None = None
    heading: str | None = None


def read_page(url: str, timeout_s: float = 5.0) -> PageFacts:
    """Fetch ``url`` and pick its ``<title>`` and first ``<h1>``; empty facts when it cannot be read."""
    try:
        with urllib.request.urlopen(url, timeout=timeout_s) as resp:
            text = resp.read(500_000).decode(resp.headers.get_content_charset() or "utf-8", "replace")
    except (OSError, ValueError, urllib.error.URLError):
        return PageFacts()
    return PageFacts(_first(r"<title[^>]*>(.*?)</title>", text), _first(r"<h1[^>]*>(.*?)</h1>", text))


def _first(pattern: str, text: str) -> str | None:
    match = re.search(pattern, text, re.IGNORECASE | re.DOTALL)
    if not match:
        return None
    plain = " ".join(unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split())
    # A value with a double quote cannot be written as a quoted step value; skip it.
    return plain if plain and '"' not in plain and len(plain) <= 80 else None


def _ask_url() -> str:
    try:
        answer = input(f"URL of the app to test [{DEMO_URL}]: ").strip()
    except EOFError:
        answer = ""
    return answer or DEMO_URL


def _normalise(url: str) -> str:
    url = url.strip().rstrip("/")
    return url if re.match(r"^[a-z][a-z0-9+.-]*://", url, re.IGNORECASE) else f"http://{url}"


# What a project never commits: its secrets, the reports and the plan cache of its runs.
IGNORED = (".env", "tapwright-report/", ".tapwright/")


def _ignore(path: Path) -> list[str]:
    """Add the lines of :data:`IGNORED` that ``path`` (a .gitignore, created if missing) lacks; keep the rest."""
    text = path.read_text(encoding="utf-8") if path.is_file() else ""
    have = {line.strip() for line in text.splitlines()}
    missing = [entry for entry in IGNORED if entry not in have and entry.rstrip("/") not in have]
    if missing:
        lead = "" if not text or text.endswith("\n") else "\n"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + lead + "\n".join(missing) + "\n", encoding="utf-8")
    return missing


def handle(args: argparse.Namespace) -> int:
    url = _normalise(args.url or (_ask_url() if sys.stdin.isatty() else DEMO_URL))
    root = Path(args.directory)
    facts = read_page(url + "/")
    written, kept = [], []
    for rel, text in files_for(url, facts.title, facts.heading).items():
        path = root / rel
        if path.exists() and not args.force:
            kept.append(rel)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(rel)
    ignored = _ignore(root / ".gitignore")
    for rel in written:
        print(f"wrote {rel}")
    if ignored:
        print(f"added {', '.join(ignored)} to .gitignore")
    for rel in kept:
        print(f"kept  {rel} (exists; --force overwrites it)")
    if facts.title is None and facts.heading is None:
        print(f"note: {url} could not be read now, so the starter checks are placeholders: edit them to name "
              "text on your page")  # fmt: skip
    print("\nnext:")
    if url == DEMO_URL:
        print("  tapwright demo serve &     # the demo shop on " + DEMO_URL)
    where = "" if root == Path(".") else f"cd {root} && "
    print(f"  {where}tapwright run tests/")
    return 0
