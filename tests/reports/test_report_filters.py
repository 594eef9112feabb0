"""The report's search box, tag / file / platform filters and before/after pictures, used in a real Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from html_fixture import rich_run

from tapwright.runner.reports import write_reports

pytestmark = [pytest.mark.asyncio(loop_scope="module")]


async def _shown(page: Any) -> list[str]:
    return await page.locator("section.scenario:visible .name").all_inner_texts()


async def _open(report_browser: Any, tmp_path: Path) -> tuple[Any, list[str]]:
    files = write_reports(rich_run(tmp_path), tmp_path)
    page = await report_browser.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda err: problems.append(str(err)))
    await page.goto(files.html.as_uri())
    return page, problems


async def test_search_and_filters_narrow_the_scenarios(tmp_path: Path, report_browser: Any) -> None:
    page, problems = await _open(report_browser, tmp_path)
    try:
        everything = await _shown(page)
        assert sorted(everything) == ["Passes", "Shop", "Skipped", "Stopped", "Wobbly"]
        await page.fill("#q", "save the FORM")  # a step's text, any case, words in any place
        assert await _shown(page) == ["Shop"]
        assert await page.inner_text("#shown") == "1 of 5 scenarios match"
        await page.fill("#q", "")
        assert sorted(await _shown(page)) == sorted(everything) and await page.inner_text("#shown") == ""
        await page.select_option("#ftag", "smoke")
        assert await _shown(page) == ["Shop"]
        await page.select_option("#ftag", "")
        await page.select_option("#ffile", "b.md")
        assert sorted(await _shown(page)) == ["Skipped", "Stopped", "Wobbly"]
        await page.select_option("#fplat", "android")  # filters add up
        assert await _shown(page) == ["Stopped"]
        await page.select_option("#ffile", "")
        await page.select_option("#fplat", "")
        await page.click("label[for=f-failed]")  # the status filter (no script) still works beside them
        assert await _shown(page) == ["Shop", "Stopped"]
        assert problems == []  # the script ran under the page's CSP, and nothing else tried to
    finally:
        await page.close()


async def test_the_element_acted_on_is_outlined_on_the_picture_before_the_step(tmp_path: Path, report_browser: Any) -> None:
    page, _ = await _open(report_browser, tmp_path)
    try:
        pair = page.locator("li.step.failed .pair").first
        assert await pair.is_visible()
        before = pair.locator("figure.before img")
        await before.evaluate("img => img.decode()")
        img, box = await before.bounding_box(), await pair.locator(".acted").bounding_box()
        assert img and box and img["width"] > 0
        assert abs(box["x"] - (img["x"] + img["width"] * 0.25)) <= 1.5  # 25 % across ...
        assert abs(box["y"] - (img["y"] + img["height"] * 0.5)) <= 1.5  # ... half way down
        assert abs(box["width"] - img["width"] * 0.5) <= 1.5
        assert await pair.locator(".acted").count() == 1  # the box off the picture is not drawn
        assert "before: button Save <1>" in await pair.locator("figure.before figcaption").inner_text()
    finally:
        await page.close()


async def _in_view(page: Any, selector: str) -> bool:
    return bool(await page.eval_on_selector(
        selector, "el => { const r = el.getBoundingClientRect(); return r.top > -2 && r.top < innerHeight; }"))


async def test_the_step_in_a_scenarios_heading_opens_and_shows_the_failing_step(tmp_path: Path, report_browser: Any) -> None:
    page, problems = await _open(report_browser, tmp_path)
    try:
        await page.set_viewport_size({"width": 900, "height": 400})  # the step is below the fold
        step = page.locator("#s1-step2 > details")
        await page.locator("#s1-step2 > details > summary").click()  # the reader folded it
        assert not await step.evaluate("d => d.open")
        await page.evaluate("scrollTo(0, 0)")
        link = page.locator("section.scenario.failed .smsg a.tostep")
        assert await link.inner_text() == "step 2"
        await link.click()
        assert await step.evaluate("d => d.open")
        assert await _in_view(page, "#s1-step2"), await page.eval_on_selector("#s1-step2", "el => [el.getBoundingClientRect().top, innerHeight, scrollY, document.body.scrollHeight]")
        assert await page.locator("#s1-step2 .error").is_visible()
        assert page.url.endswith("#s1-step2")
        # A failed attempt's line points into that attempt's steps, folded away until then.
        earlier = page.locator("#s1-try1-step1")
        assert not await earlier.is_visible()
        await page.locator("details.previous > summary a.tostep").click()
        assert await earlier.is_visible() and await _in_view(page, "#s1-try1-step1")
        assert await page.locator("#s1-try1-step1 > details").evaluate("d => d.open")
        # The address with a step's anchor opens on that step.
        await page.goto(page.url.split("#")[0] + "#s1-try1-step1")
        await page.reload()
        assert await earlier.is_visible()
        assert problems == []  # the script still runs under the page's CSP
    finally:
        await page.close()
