"""An action learns that it changed the page from the page itself (observer.js pushes the first
DOM change after each read of its counter through a Playwright binding), and only ever for
the document it read: a push from an earlier document never says a later action changed anything.
"""

from __future__ import annotations

from typing import Any

import pytest

from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

PAGE = """<html><head><title>Push</title></head><body><p id="s">Ready</p>
<button onclick="document.getElementById('s').textContent = 'clicked ' + Date.now()">Change it</button>
<button>Do nothing</button> <label>Note <input id="note"></label>
<script>window.keys = Object.keys(window).filter((k) => k.startsWith("__tw"));
window.callable = typeof window.__twChanged;</script></body></html>"""


async def test_a_change_is_pushed_and_reported(session: WebSession, call: Any, server: str) -> None:
    await session.page.route(server + "/push", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    assert (await call("web.navigate", url="/push")).ok
    assert await session.page.evaluate("() => [window.keys, window.callable]") == [[], "undefined"]  # hidden
    changed = await call("web.click", target="Change it button")
    assert changed.ok and changed.data["changed"] is True
    pushed = session.change.pushed.get(session.page.main_frame)
    assert pushed is not None and pushed[0] == await session.page.evaluate("() => window.__twMut.doc")
    quiet = await call("web.click", target="Do nothing button")
    assert quiet.ok and quiet.data["changed"] == "pending" and await session.settle_change() is False


async def test_a_push_from_an_earlier_document_does_not_count(session: WebSession, call: Any, server: str) -> None:
    await session.page.route(server + "/push", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    assert (await call("web.navigate", url="/push")).ok
    for _ in range(5):  # the first document's counter runs well ahead of the next one's
        assert (await call("web.click", target="Change it button")).data["changed"] is True
    old = session.change.pushed.get(session.page.main_frame)
    assert old is not None
    await session.page.reload()  # the same URL, a new document whose counter starts again
    quiet = await call("web.click", target="Do nothing button")
    assert quiet.ok and quiet.data["changed"] == "pending" and await session.settle_change() is False, quiet.data
    assert await session.page.evaluate("() => window.__twMut.doc") != old[0]


async def test_an_action_asks_the_page_nothing_after_it_acts(session: WebSession, call: Any, server: str) -> None:
    """The snapshot that found the target read the counter (and armed the push): the answer needs no second read."""
    await session.page.route(server + "/push", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    assert (await call("web.navigate", url="/push")).ok
    await session.page.evaluate("""() => { const m = window.__twMut, get = m.get; window.reads = 0;
        m.get = () => { window.reads += 1; return get(); }; }""")
    quiet = await call("web.click", target="Do nothing button")
    assert quiet.ok and quiet.data["changed"] == "pending"
    assert await session.page.evaluate("() => window.reads") == 1  # the snapshot's own read, none after the click
    assert await session.settle_change() is False  # settling asks
    assert await session.page.evaluate("() => window.reads") == 2


async def test_a_change_at_once_is_seen_every_time(session: WebSession, call: Any, server: str) -> None:
    """A change the action made is never ``"pending"``: a click's is pushed ahead of its reply, a fill's is read."""
    await session.page.route(server + "/push", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    assert (await call("web.navigate", url="/push")).ok
    seen = [(await call("web.click", target="Change it button")).data["changed"] for _ in range(30)]
    assert seen == [True] * 30
    # A fill's own edit may be pushed after Playwright's reply: a field's change is read when no push came.
    typed = [(await call("web.fill", target="Note field", text=f"note {n}")).data["changed"] for n in range(30)]
    assert typed == [True] * 30


async def test_a_look_after_a_pending_action_settles_it_without_another_read(session: WebSession, call: Any,
                                                                               server: str) -> None:  # fmt: skip
    """The MCP server's one read after a call, or a check's look, already read the counter: settling reuses it."""
    await session.page.route(server + "/push", lambda route: route.fulfill(body=PAGE, content_type="text/html"))
    assert (await call("web.navigate", url="/push")).ok
    await session.page.evaluate("""() => { const m = window.__twMut, get = m.get; window.reads = 0;
        m.get = () => { window.reads += 1; return get(); }; }""")
    quiet = await call("web.click", target="Do nothing button")
    assert quiet.ok and quiet.data["changed"] == "pending"
    await session.snapshot()
    assert await session.page.evaluate("() => window.reads") == 2  # the click's snapshot and this one
    assert await session.settle_change() is False
    assert await session.page.evaluate("() => window.reads") == 2  # settled from the look, no read of its own
    # A change the look saw settles true from the look alone (its push dropped here, as if still on its way).
    quiet = await call("web.click", target="Do nothing button")
    await session.page.evaluate("() => { document.getElementById('s').textContent = 'later'; }")
    await session.snapshot()
    session.change.pushed.clear()
    reads = await session.page.evaluate("() => window.reads")
    assert await session.settle_change() is True
    assert await session.page.evaluate("() => window.reads") == reads
