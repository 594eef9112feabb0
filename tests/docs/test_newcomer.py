"""The newcomer path, end to end: a fresh copy of the tree -> ``make demo`` -> the report in Chromium.

What a newcomer does first: run ``make demo`` and open the report it prints. The copy
holds only the repository's files (what a fresh clone has); the installed ``.venv`` of
this checkout is reused instead of bootstrapping a second one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest

from tapwright.platforms.web import REPORT_SCALE

REPO = Path(__file__).resolve().parents[2]
FAILING = {"missing-button.md": "ELEMENT_NOT_FOUND", "wrong-welcome.yaml": "ASSERTION_FAILED",
           "unknown-step.feature": "PLAN_INVALID"}  # fmt: skip

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Put in the environment of `make demo`: every process it starts inherits it, so any left running
# afterwards (an Xvfb, a D-Bus daemon, an app) can be found by it.
RUN_MARK = f"NEWCOMER_DEMO_RUN={uuid.uuid4().hex}"


def _fresh_copy(dest: Path) -> Path:
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO, capture_output=True,
                           check=True).stdout.decode().split("\0")  # fmt: skip
    for rel in filter(None, files):
        src = REPO / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    clone = _fresh_copy(tmp_path_factory.mktemp("clone"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TAPWRIGHT_", "DEMO_", "OPENAI_"))}
    env["TAPWRIGHT_SKIP_BOOTSTRAP"] = "1"
    env.pop("DISPLAY", None)  # a fresh machine has no X server: the desktop suite starts its own Xvfb
    key, value = RUN_MARK.split("=", 1)
    env[key] = value
    proc = subprocess.run(["make", "--no-print-directory", "demo", f"VENV={Path(sys.executable).parents[1]}"],
                          cwd=clone, env=env, capture_output=True, text=True, timeout=900)  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-3000:]
    return clone, proc.stdout


def test_make_demo_prints_a_report_under_2_mb(demo: tuple[Path, str]) -> None:
    clone, out = demo
    m = re.search(r"report size: (\d+\.\d\d) MB in tapwright-report/ \(report\.html (\d+) KB, (\d+) screenshots", out)
    assert m, out[-3000:]
    size_mb = float(m.group(1))
    real = sum(p.stat().st_size for p in (clone / "tapwright-report").rglob("*") if p.is_file()) / 1_000_000
    # 40 scenarios on four platforms (web, Android, desktop, iOS); 1.5 MB held while it was 32 on three.
    assert abs(real - size_mb) < 0.01 and size_mb < 2.0, (real, size_mb)
    assert "as expected: the 3 scenarios in examples/tests/failing failed on purpose" in out
    assert re.search(r"\b(\d+) scenarios: (\d+) passed, 3 failed", out), out[-3000:]


def test_the_report_names_no_path_of_the_machine(demo: tuple[Path, str]) -> None:
    clone, _ = demo
    for name in ("report.html", "trace.json", "junit.xml"):
        text = (clone / "tapwright-report" / name).read_text()
        assert str(clone) not in text and str(REPO) not in text, name
        assert "examples/tests/failing/missing-button.md" in text


@pytest.mark.asyncio(loop_scope="module")
async def test_the_report_shows_every_scenario_and_each_failure_with_screenshot_and_code(
    demo: tuple[Path, str], report_browser: Any
) -> None:
    clone, _ = demo
    page = await report_browser.new_page()
    await page.goto((clone / "tapwright-report" / "report.html").as_uri())
    scenarios = page.locator("section.scenario")
    total = await scenarios.count()
    assert total >= 16  # the web shop's suites, plus any platform suites in examples/
    for i in range(total):
        assert await scenarios.nth(i).locator("summary .name").first.is_visible()
    for i in range(3):  # the failed-on-purpose ones: first, open, at the failing step
        section = scenarios.nth(i)
        assert await section.get_attribute("data-status") == "failed"
        source = await section.locator("summary .where").first.inner_text()
        code = FAILING[Path(source.split(":")[0]).name]
        step = section.locator("li.step.failed")
        assert await step.locator(".error .code").inner_text() == code
        assert await step.locator(".error .msg").is_visible()
        img = step.locator("figure.shot img")
        assert await img.is_visible()
        # A lazy image out of view never loads: ask it to load now, then wait for it to decode.
        loaded = "e => { e.loading = 'eager'; return e.decode().then(() => e.naturalWidth, () => 0); }"
        assert await img.evaluate(loaded) == round(1280 * REPORT_SCALE)  # the linked WebP file loads
        assert (await img.get_attribute("src") or "").endswith(".webp")
        if code == "ELEMENT_NOT_FOUND":  # the elements the locator considered instead
            cands = step.locator("table.cands tbody tr")
            assert await cands.count() >= 1 and await cands.first.is_visible()
    await page.close()


def test_make_demo_leaves_no_process_behind(demo: tuple[Path, str]) -> None:
    left = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if RUN_MARK.encode() in environ:
            left.append(f"{pid}: {cmdline}")
    assert not left, left


@pytest.mark.asyncio(loop_scope="module")
async def test_the_desktop_suite_is_in_the_same_report_each_step_with_its_screenshot(
    demo: tuple[Path, str], report_browser: Any
) -> None:
    clone, _ = demo
    page = await report_browser.new_page()
    await page.goto((clone / "tapwright-report" / "report.html").as_uri())
    sections = page.locator("section.scenario")
    desktop = android = ios = 0
    for i in range(await sections.count()):
        section = sections.nth(i)
        where = await section.locator("summary .where").first.inner_text()
        android += where.startswith("examples/android-tests/")
        if where.startswith("examples/ios-tests/"):
            ios += 1
            assert await section.get_attribute("data-status") == "passed", where
        if not where.startswith("examples/desktop-tests/"):
            continue
        desktop += 1
        assert await section.get_attribute("data-status") == "passed", where
        steps = section.locator("li.step")
        assert await steps.count() >= 4, where
        for j in range(await steps.count()):
            img = steps.nth(j).locator("figure.shot img")
            assert await img.count() == 1, (where, j)
            assert (await img.get_attribute("src") or "").endswith(".webp"), (where, j)
    assert desktop == len(list((REPO / "examples" / "desktop-tests").glob("*.yaml"))) == 6
    assert android >= 5  # and the Android suite in the same report
    assert ios >= 8  # and the iOS suite, against the simulated WebDriverAgent
    await page.close()
