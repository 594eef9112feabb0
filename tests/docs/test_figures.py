"""Figures in the README and the docs' home page come from the code, not from memory."""

from __future__ import annotations

import ast
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


def _web_tools() -> int:
    from tapwright.registry.registry import Registry

    return sum(1 for spec in Registry.default().list() if spec.name.startswith("web."))


def test_every_tool_count_in_the_readme_and_home_page_is_the_registrys() -> None:
    for page in (ROOT / "README.md", ROOT / "docs" / "index.md"):
        counts = [int(n) for n in re.findall(r"\b(\d+) (?:web )?tools\b", page.read_text(encoding="utf-8"))]
        assert counts, f"{page.name} names the number of web tools"
        assert set(counts) == {_web_tools()}, (page.name, counts)


def _status(text: str) -> list[str]:
    """The rows of a page's status table, its links made relative to docs/."""
    table = text.split("## Status", 1)[1].split("\n\n", 2)[1]
    return [row.replace("(docs/", "(") for row in table.splitlines()]


def test_the_home_page_status_is_the_readmes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert _status(home) == _status(readme)
    assert len(_status(readme)) >= 10


def test_the_silent_wrong_figures_are_the_measured_ones() -> None:
    measured = (ROOT / "bench" / "results" / "trust_after.txt").read_text(encoding="utf-8")
    wrong = {half: int(n) for half, n in re.findall(r"^(tuning|held_back): .*?(\d+) silently wrong", measured, re.M)}
    android = ast.parse((ROOT / "tests" / "android" / "test_android_trust.py").read_text(encoding="utf-8"))
    known = next(node.value for node in android.body if isinstance(node, ast.AnnAssign)
                 and isinstance(node.target, ast.Name) and node.target.id == "KNOWN_SILENT_WRONGS")  # fmt: skip
    assert isinstance(known, ast.Dict)
    expected = (f"{wrong['tuning']} silent wrongs on the tuning half, {wrong['held_back']} left on the held-back half "
                f"and {len(known.keys)} on the Android trust cases")  # fmt: skip
    for page in (ROOT / "README.md", ROOT / "docs" / "index.md"):
        assert expected in page.read_text(encoding="utf-8"), page.name
