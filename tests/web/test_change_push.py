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
<button>Do nothing</button>
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
