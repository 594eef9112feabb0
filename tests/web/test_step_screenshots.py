"""A step's screenshot shows the page the step led to: a click that opened another page is
photographed on the new document, not the old one (real Chromium, pages of one colour each).

The start page is red and links to a green one; the link is a plain link, a script that
navigates a moment after the click (a login posting with fetch, then redirecting), or a
form, and the green page may answer late.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tapwright.drivers.web import WebSession
from tapwright.runner.model import Scenario, StepSpec
from tapwright.runner.planning import make_planner
from tapwright.runner.run import RunOptions, run_scenarios

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

RED, GREEN = (255, 0, 0), (0, 192, 0)


def _colour(path: Path) -> tuple[int, int, int]:
    """The colour of a screenshot's bottom-right corner (away from the link's text)."""
    image = Image.open(io.BytesIO(path.read_bytes())).convert("RGB")
    r, g, b = image.getpixel((image.width - 5, image.height - 5))  # type: ignore[misc]
    return int(r), int(g), int(b)


def _near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(x - y) <= 40 for x, y in zip(a, b, strict=True))  # WebP is lossy


@pytest.mark.parametrize(("how", "delay_ms"), [("link", 0), ("link", 700), ("js", 0), ("js", 700), ("form", 700)])
async def test_the_screenshot_after_a_click_that_opens_a_page_shows_the_new_page(
    session: WebSession, call: Any, tmp_path: Path, how: str, delay_ms: int
) -> None:
    opened = await call("web.navigate", url=f"/tint?bg=ff0000&go=00c000&delay={delay_ms}&how={how}")
    assert opened.ok, opened.status_line()
    before = await session.screenshot(str(tmp_path / "before.webp"))
    assert _near(_colour(Path(before.path or "")), RED)  # the start page, as a control
    clicked = await call("web.click", target="Go on")
    assert clicked.ok, clicked.status_line()
    shot = await session.screenshot(str(tmp_path / "after.webp"), scale=0.66)
    assert _near(_colour(Path(shot.path or "")), GREEN), _colour(Path(shot.path or ""))


async def test_a_check_with_no_navigation_is_not_held_back(session: WebSession, call: Any, tmp_path: Path) -> None:
    opened = await call("web.navigate", url="/tint?bg=ff0000&go=00c000")
    assert opened.ok
    await session.screenshot(str(tmp_path / "opened.webp"))  # the picture of the step that opened the page
    assert not await session.watch.settle(session.page)  # nothing navigated: nothing committed
    assert session.watch.last.reason == "no action" and session.watch.last.waited == ()  # no action: no wait
    assert _near(_colour(Path((await session.screenshot(str(tmp_path / "s.webp"))).path or "")), RED)


@pytest.mark.parametrize("after_ms", [0, 50, 300])
async def test_a_script_that_moves_on_after_a_fetch_is_photographed_on_the_new_page(
    session: WebSession, call: Any, tmp_path: Path, after_ms: int
) -> None:
    """A sign-in that posts with fetch, then sets location (at once, or on a timer): the picture waits for it."""
    assert (await call("web.navigate", url=f"/tint?bg=ff0000&go=00c000&how=fetch&after={after_ms}")).ok
    await session.screenshot(str(tmp_path / "before.webp"))
    assert (await call("web.click", target="Go on")).ok
    shot = await session.screenshot(str(tmp_path / "after.webp"))
    assert _near(_colour(Path(shot.path or "")), GREEN), (_colour(Path(shot.path or "")), session.watch.last)
    assert session.watch.last.reason == "navigated", session.watch.last


async def test_a_move_on_too_late_after_the_answer_is_not_waited_for(session: WebSession, call: Any, tmp_path: Path) -> None:
    """A timer due 1.5 s after the answer is past the horizon: the picture shows the page as it is, and
    the next look sees the page the script opened."""
    assert (await call("web.navigate", url="/tint?bg=ff0000&go=00c000&how=fetch&after=1500")).ok
    await session.screenshot(str(tmp_path / "before.webp"))
    assert (await call("web.click", target="Go on")).ok
    shot = await session.screenshot(str(tmp_path / "after.webp"))
    last = session.watch.last
    assert last.reason == "quiet" and "timer" not in last.waited and "navigation" not in last.waited, last
    assert _near(_colour(Path(shot.path or "")), RED)
    await session.page.wait_for_url("**/tint?bg=00c000*", timeout=10_000)  # the script did move on, later


@pytest.mark.parametrize("how", ["nothing", "poll"])
async def test_a_click_that_sets_nothing_off_waits_for_nothing(
    session: WebSession, call: Any, tmp_path: Path, how: str
) -> None:
    """No request, no timer of the click's own (a page polling on a loop begun before it does not count):
    the picture is taken without waiting, and says so."""
    assert (await call("web.navigate", url=f"/tint?bg=ff0000&go=00c000&how={how}")).ok
    await session.screenshot(str(tmp_path / "before.webp"))
    assert (await call("web.click", target="Go on")).ok
    assert await session.page.evaluate("window.clicks") >= 1  # the click did land
    shot = await session.screenshot(str(tmp_path / "after.webp"))
    assert session.watch.last.reason == "quiet" and session.watch.last.waited == (), session.watch.last
    assert _near(_colour(Path(shot.path or "")), RED)


async def test_a_request_that_never_ends_is_waited_for_at_most_the_cap(session: WebSession, call: Any, tmp_path: Path) -> None:
    assert (await call("web.navigate", url="/tint?bg=ff0000&go=00c000&how=hang")).ok
    await session.screenshot(str(tmp_path / "before.webp"))
    assert (await call("web.click", target="Go on")).ok
    assert not await session.watch.settle(session.page, work_s=0.3)
    assert session.watch.last.reason == "capped" and session.watch.last.waited == ("request",), session.watch.last
    assert session.watch.last.seconds >= 0.3  # it did wait for the request, up to the cap


async def test_work_is_still_the_actions_when_the_question_reaches_the_page_late(
    session: WebSession, call: Any
) -> None:
    """On a loaded machine the question reaches the page long after "how long ago did the action begin"
    was measured: the work the click set off then looks older than the action. Here that delay is made
    as large as the time since the click (the watch's own clock says the action began just now); the
    page still counts the request, by the action's start on the wall clock it shares."""
    import time

    assert (await call("web.navigate", url="/tint?bg=ff0000&go=00c000&how=hang")).ok
    assert (await call("web.click", target="Go on")).ok
    await session.page.wait_for_timeout(300)  # the request is well under way
    session.watch.began_at = time.monotonic() + 0.2  # as if measured 0.2 s before the question arrives
    assert not await session.watch.settle(session.page, work_s=0.3)
    assert session.watch.last.reason == "capped" and session.watch.last.waited == ("request",), session.watch.last


async def test_the_runner_photographs_the_page_a_step_opened(server: str, tmp_path: Path) -> None:
    steps = [
        StepSpec(plan={"steps": [{"tool": "web.navigate", "args": {"url": "/tint?bg=ff0000&go=00c000&delay=500&how=js"}}]}),
        StepSpec(plan={"steps": [{"tool": "web.click", "args": {"target": "Go on"}}]}),
    ]
    scenario = Scenario("opens the green page", steps, base_url=server, platform="web")
    run = await run_scenarios([scenario], make_planner("rules"), RunOptions(report_dir=tmp_path, env_file=None))
    result = run.scenarios[0]
    assert result.status == "passed", result.failure
    first, second = (tmp_path / (s.screenshot or "") for s in result.steps)
    assert _near(_colour(first), RED) and _near(_colour(second), GREEN), (_colour(first), _colour(second))


async def test_a_new_page_is_photographed_once_it_has_drawn_what_it_fetched_on_load(
    session: WebSession, call: Any, tmp_path: Path
) -> None:
    """An app that fetches what it draws once loaded: a step that opened it is photographed after its start-up
    requests (the next step acts on the drawn page, as a person would), not on the empty frame."""
    import asyncio

    picturing = asyncio.Event()

    async def data(route: Any) -> None:
        # Answered only once the picture is under way (and a moment after): on a loaded machine the navigation alone
        # can take longer than a fixed delay, and the picture would then find nothing left to wait for.
        await picturing.wait()
        await asyncio.sleep(1.5)
        await route.fulfill(status=200, content_type="application/json", body='{"colour": "#00c000"}')

    page = ("<html><body style='background:#ff0000'><p>Loading</p><script>addEventListener('load', () => "
            "fetch('/drawn-data').then(r => r.json()).then(d => { document.body.style.background = d.colour; }));"
            "</script></body></html>")
    await session.page.route("**/drawn.html", lambda route: route.fulfill(status=200, content_type="text/html", body=page))
    await session.page.route("**/drawn-data", data)
    try:
        assert (await call("web.navigate", url="/drawn.html")).ok
        taking = asyncio.ensure_future(session.screenshot(str(tmp_path / "drawn.webp")))
        picturing.set()
        shot = await taking
        assert _near(_colour(Path(shot.path or "")), GREEN), (_colour(Path(shot.path or "")), session.watch.last)
        assert "request" in session.watch.last.waited, session.watch.last
    finally:
        await session.page.unroute("**/drawn.html")
        await session.page.unroute("**/drawn-data")
