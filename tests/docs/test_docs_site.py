"""The docs site: generated reference pages are fresh, and ``mkdocs build --strict`` passes offline."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]


def _gen() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_docs", REPO / "scripts" / "gen_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generated_reference_pages_are_fresh() -> None:
    gen = _gen()
    assert gen.stale() == [], "run `make docs-gen` and commit the pages"


def test_a_stale_or_missing_page_is_caught(tmp_path: Path) -> None:
    gen = _gen()
    pages = gen.generated()
    for rel, text in pages.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert gen.stale(tmp_path) == []
    errors = tmp_path / "reference" / "errors.md"
    errors.write_text(errors.read_text().replace("| `TIMEOUT` | yes |", "| `TIMEOUT` | no |"))
    (tmp_path / "reference" / "tools" / "fake.md").unlink()
    assert sorted(gen.stale(tmp_path)) == ["reference/errors.md", "reference/tools/fake.md"]


def test_generated_pages_cover_every_tool_code_and_command() -> None:
    from tapwright.cli.main import COMMAND_MODULES
    from tapwright.errors import ErrorCode

    pages = _gen().generated()
    tools = _gen().builtin_registry()
    for spec in tools.list():
        ns = spec.name.split(".")[0]
        assert f"## `{spec.name}`" in pages[f"reference/tools/{ns}.md"]
    web_count = len(tools.list(namespace="web"))
    assert web_count >= 44 and f"| [`web`](web.md) | {web_count} |" in pages["reference/tools/index.md"]
    assert all(f"| `{code.value}` |" in pages["reference/errors.md"] for code in ErrorCode)
    cli = pages["reference/cli.md"]
    assert len(COMMAND_MODULES) >= 8
    for command in ("run", "init", "demo run", "mcp", "exec", "plan", "tools export"):
        assert f"`tapwright {command}`" in cli, command
    assert "`--inline-screenshots`" in cli


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """The site built once for the module's tests, with the build's output."""
    site = tmp_path_factory.mktemp("docs") / "site"
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)], cwd=REPO,
                          capture_output=True, text=True, timeout=600, env={"NO_MKDOCS_2_WARNING": "1",
                          "PATH": str(Path(sys.executable).parent)})  # fmt: skip
    return site, proc


@pytest.mark.slow
def test_site_builds_strictly_and_offline(built: tuple[Path, subprocess.CompletedProcess[str]]) -> None:
    site, proc = built
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not re.search(r"^(WARNING|ERROR)", proc.stderr, re.MULTILINE), proc.stderr
    pages = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    assert {"index.html", "getting-started.html", "reference/api.html", "reference/tools/web.html",
            "reference/errors.html", "reference/cli.html", "platforms/web.html"} <= pages  # fmt: skip
    api = (site / "reference" / "api.html").read_text()
    assert "What every tool returns" in api and "tapwright.runner.run.Runner" in api  # docstrings rendered
    for page in site.rglob("*.html"):
        text = page.read_text()
        assert "fonts.googleapis.com" not in text, page  # nothing fetched when reading offline
        assert not re.search(r"<script[^>]*\bsrc=\"(https?:)?//", text), page  # no script from another host


@pytest.mark.slow
@pytest.mark.asyncio(loop_scope="module")
async def test_the_search_box_finds_pages_when_the_site_is_opened_from_files(
    built: tuple[Path, subprocess.CompletedProcess[str]], report_browser: Any
) -> None:
    site, proc = built
    assert proc.returncode == 0, proc.stderr
    page = await report_browser.new_page()
    try:
        await page.set_viewport_size({"width": 1280, "height": 900})  # the search box shows in the header
        await page.goto((site / "guide" / "running.html").as_uri())
        await page.fill("input.md-search__input", "trace viewer")
        results = page.locator(".md-search-result__item")
        await results.first.wait_for(timeout=30_000)
        titles = " ".join(await results.all_inner_texts())
        assert "Replaying a failure" in titles or "show-trace" in titles, titles
    finally:
        await page.close()


def test_readme_is_short_and_its_links_resolve() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 250
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    local = [link for link in links if "://" not in link]
    assert len(local) >= 15
    missing = [link for link in local if not (REPO / link).exists()]
    assert missing == [], missing
    assert "tapwright.session" not in readme  # one spelling of the web facade: tapwright.web
