"""What a step sends to the browser besides its action (real Chromium, issue 28): a question about a node a snapshot
kept is one call to the page (never a Locator's look-up, evaluate and release: three), and the round trip that lets
an action's news arrive at the end of a step is not made when no action began since the last one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tapwright.drivers.web import WebSession
from tapwright.drivers.web._pw import pw

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_FORM = """<form onsubmit="return false"><label for="w">Gift wrap</label> <input type="checkbox" id="w">
<label for="s">Size</label> <select id="s"><option>Small</option><option>Large</option></select>
<p id="badge">3 items</p></form>"""


@pytest.fixture
def sent() -> Iterator[dict[str, int]]:
    """How many times each of these Playwright calls was made."""
    counts: dict[str, int] = {}
    wrapped = [(pw.Locator, "evaluate"), (pw.Locator, "evaluate_handle"), (pw.ElementHandle, "evaluate"),
               (pw.ElementHandle, "evaluate_handle"), (pw.BrowserContext, "cookies")]
    originals = {(cls, name): getattr(cls, name) for cls, name in wrapped}

    def counting(original: Any, key: str) -> Any:
        async def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            counts[key] = counts.get(key, 0) + 1
            return await original(self, *args, **kwargs)
        return call

    for (cls, name), original in originals.items():
        setattr(cls, name, counting(original, f"{cls.__name__}.{name}"))
    try:
        yield counts
    finally:
        for (cls, name), original in originals.items():
            setattr(cls, name, original)


async def test_ticking_choosing_and_reading_a_kept_node_ask_the_page_once(call, session: WebSession,
                                                                          sent: dict[str, int]) -> None:  # fmt: skip
    await session.page.set_content(_FORM)
    ticked = await call("web.check", target="Gift wrap checkbox")
    assert ticked.ok and await session.page.is_checked("#w"), ticked.status_line()
    chosen = await call("web.select", target="Size dropdown", option="Large")
    assert chosen.ok and await session.page.input_value("#s") == "Large", chosen.status_line()
    read = await call("web.get_text", target="3 items")
    assert read.ok and read.data["text"] == "3 items", read.status_line()
    assert not {k: v for k, v in sent.items() if "evaluate" in k}, sent  # all through the kept nodes
    again = await call("web.check", target="Gift wrap checkbox")  # already ticked: said so, nothing clicked
    assert again.ok and again.data.get("was") is True and await session.page.is_checked("#w")


async def test_a_tick_box_found_for_its_label_is_still_ticked(call, session: WebSession) -> None:
    """The label's own node is no tick box: the one it is for is found and ticked, as before."""
    await session.page.set_content("""<label id="l"><input type="checkbox" id="c" style="position:absolute;opacity:0">
      <span>Send me news</span></label>""")
    result = await call("web.check", target="Send me news")
    assert result.ok, result.status_line()
    assert await session.page.is_checked("#c")


async def test_the_end_of_a_step_asks_the_browser_only_after_an_action(session: WebSession,
                                                                       sent: dict[str, int]) -> None:  # fmt: skip
    await session.page.set_content(_FORM)
    await session.finish_events(1.0)
    base = sent.get("BrowserContext.cookies", 0)
    await session.finish_events(1.0)  # nothing acted since: no round trip
    assert sent.get("BrowserContext.cookies", 0) == base
    session.watch.acting()
    await session.finish_events(1.0)
    assert sent.get("BrowserContext.cookies", 0) == base + 1
