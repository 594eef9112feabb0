"""Figures in the README and the docs' home page come from the code, not from memory."""

from __future__ import annotations

import re
from pathlib import Path

from tapwright import platforms
from tapwright.cli.demo_cmd import demo_suites
from tapwright.runner.cases import load_cases

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "examples" / "demo-app"


def test_the_readme_demo_counts_are_the_demo_suites() -> None:
    passing = load_cases(demo_suites(APP))
    failing = load_cases([ROOT / "examples" / "tests" / "failing"])
    total = len(passing) + len(failing)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^(\d+) scenarios: (\d+) passed, (\d+) failed in", readme, flags=re.MULTILINE)
    assert found, "the README shows the end of `make demo`"
    assert (int(found.group(1)), int(found.group(2)), int(found.group(3))) == (total, len(passing), len(failing))
    assert f"{len(failing)} scenarios fail on purpose" in readme


def test_the_home_page_names_every_built_in_platform() -> None:
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    intro = home.split("## ", 1)[0]
    assert "today" not in intro  # no "web today" once more platforms ship
    names = {"web": "the web", "android": "Android", "desktop": "desktop"}
    for platform in platforms.all_platforms():
        if platform.name in names:
            assert names[platform.name] in intro, platform.name
