"""A click on a node that has held still since the look that found it is pressed at once (real Chromium, issue 28):
the page hears what Playwright's click makes it hear; a node that moves, is being animated, sits in a DOM that just
changed, needs scrolling, is disabled or covered is left to Playwright's click, which waits for it; and a press that
would land on something else is stopped before the page hears it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tapwright.drivers.web import WebSession, press
from tapwright.drivers.web._pw import pw

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_LOG = """<script>
  window.log = [];
  const types = ['pointerover', 'pointerenter', 'mouseover', 'mouseenter', 'pointermove', 'mousemove', 'pointerdown',
                 'mousedown', 'focus', 'pointerup', 'mouseup', 'click'];
  for (const el of document.querySelectorAll('button, input')) for (const type of types) {
    el.addEventListener(type, (ev) => window.log.push([el.id, ev.type, ev.isTrusted, ev.button, ev.detail || 0,
                                                        Math.round(ev.clientX || 0), Math.round(ev.clientY || 0)]));
  }
</script>"""


@pytest.fixture
def sent() -> Iterator[dict[str, int]]:
    """How many of Playwright's waiting clicks and checks were sent, and how many presses at once."""
    counts = {"playwright": 0, "at once": 0}
    originals = {(cls, name): getattr(cls, name) for cls, name in
                 ((pw.Locator, "click"), (pw.ElementHandle, "click"), (pw.Locator, "check"), (pw.ElementHandle, "check"))}
    pressed = press.pressed

    def counting(original: Any) -> Any:
        async def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            counts["playwright"] += 1
            return await original(self, *args, **kwargs)
        return call

    async def pressing(*args: Any) -> Any:  # (session, target, point)
        counts["at once"] += 1
        return await pressed(*args)

    for (cls, name), original in originals.items():
        setattr(cls, name, counting(original))
    press.pressed = pressing  # type: ignore[assignment]
    try:
        yield counts
    finally:
        for (cls, name), original in originals.items():
            setattr(cls, name, original)
        press.pressed = pressed  # type: ignore[assignment]


async def _open(session: WebSession, call: Any, server: str, html: str) -> None:
    """The page as a document of its own, loaded by navigation (the observer's script runs in it first)."""
    await session.page.route(server + "/press", lambda route: route.fulfill(body=html, content_type="text/html"))
    assert (await call("web.navigate", url="/press")).ok
    await session.page.wait_for_timeout(press.STILL_MS + 30)  # the document's DOM has been still a while


async def test_the_page_hears_what_playwrights_click_makes_it_hear(call, session: WebSession, server: str,
                                                                   sent: dict[str, int]) -> None:  # fmt: skip
    await _open(session, call, server, """<button id="theirs" style="margin:40px">Theirs</button>
      <button id="ours" style="margin:40px">Ours</button>""" + _LOG)
    await session.page.click("#theirs")
    theirs = await session.page.evaluate("() => window.log.splice(0)")
    sent["playwright"] = 0
    await session.page.mouse.move(0, 0)  # both clicks come from the same place
    result = await call("web.click", target="Ours button")
    assert result.ok, result.status_line()
    assert sent == {"playwright": 0, "at once": 1}
    ours = await session.page.evaluate("() => window.log")
    box = await session.page.eval_on_selector("#ours", "e => { const r = e.getBoundingClientRect(); "
                                                       "return [r.x + r.width / 2, r.y + r.height / 2]; }")
    assert [e[1:5] for e in ours] == [e[1:5] for e in theirs], (ours, theirs)  # the same trusted events, in order
    points = {tuple(e[5:]) for e in ours if e[1] in ("mousedown", "mouseup", "click")}
    assert len(points) == 1 and all(abs(a - b) <= 1 for a, b in zip(points.pop(), box, strict=True))  # at its middle


@pytest.mark.parametrize(("why", "html"), [
    ("a transition moves it", """<style>#b { position: relative; left: 0; transition: left 0.4s linear; }</style>
       <button id="b">Go</button><script>window.n = 0; document.getElementById('b').onclick = () => window.n++;
       requestAnimationFrame(() => requestAnimationFrame(() => { document.getElementById('b').style.left = '200px'; }));
       </script>"""),
    ("the DOM keeps changing", """<button id="b">Go</button><p id="t">0</p><script>window.n = 0;
       document.getElementById('b').onclick = () => window.n++;
       setInterval(() => { document.getElementById('t').textContent = String(Date.now()); }, 10);</script>"""),
    ("it is below the fold", """<div style="height:3000px"></div><button id="b">Go</button>
       <script>window.n = 0; document.getElementById('b').onclick = () => window.n++;</script>"""),
    ("it is covered for a moment", """<button id="b">Go</button><div id="veil" style="position:fixed;inset:0"></div>
       <script>window.n = 0; document.getElementById('b').onclick = () => window.n++;
       window.veiled = 0; document.getElementById('veil').onclick = () => window.veiled++;
       setTimeout(() => document.getElementById('veil').remove(), 400);</script>"""),
    ("it is disabled for a moment", """<button id="b" disabled>Go</button>
       <script>window.n = 0; document.getElementById('b').onclick = () => window.n++;
       setTimeout(() => { document.getElementById('b').disabled = false; }, 400);</script>"""),
])
async def test_a_node_not_known_to_hold_still_waits_for_playwrights_click(call, session: WebSession, server: str,
                                                                         sent: dict[str, int], why: str,
                                                                         html: str) -> None:  # fmt: skip
    await _open(session, call, server, html)
    result = await call("web.click", target="Go button")
    assert result.ok, (why, result.status_line())
    assert sent == {"playwright": 1, "at once": 0}, why
    assert await session.page.evaluate("() => window.n") == 1, why
    assert await session.page.evaluate("() => window.veiled || 0") == 0, why


async def test_a_dom_changed_a_moment_ago_is_pressed_after_one_still_frame(call, session: WebSession, server: str,
                                                                           sent: dict[str, int]) -> None:  # fmt: skip
    """The page changed a moment before the step (the last step's effect): a whole frame with no change since, the
    node's box the look's, is enough; a change within that frame leaves it to Playwright's click."""
    await _open(session, call, server, """<p id="t">ready</p><button id="b">Go</button>
      <script>window.n = 0; document.getElementById('b').onclick = () => window.n++;</script>""")
    await session.page.evaluate("() => { document.getElementById('t').textContent = 'changed just now'; }")
    result = await call("web.click", target="Go button")
    assert result.ok, result.status_line()
    assert sent == {"playwright": 0, "at once": 1}
    assert await session.page.evaluate("() => window.n") == 1
    # Changed now and again within the frame that follows (a timer the page set): Playwright's click. The page goes on
    # changing for 600 ms, so a look delayed by a loaded machine still sees it change (it had stopped after 40 ms).
    await session.page.evaluate("""() => { const t = document.getElementById('t'); t.textContent = 'and again';
      for (let ms = 5; ms <= 600; ms += 5) setTimeout(() => { t.textContent = 'again ' + ms; }, ms); }""")
    result = await call("web.click", target="Go button")
    assert result.ok, result.status_line()
    assert sent == {"playwright": 1, "at once": 1}
    assert await session.page.evaluate("() => window.n") == 2


async def test_a_press_the_page_moves_away_from_is_stopped_before_the_page_hears_it(call, session: WebSession,
                                                                                     server: str,
                                                                                     sent: dict[str, int]) -> None:  # fmt: skip
    """The pointer's arrival (the press's first move) makes the page draw a veil over the button: the press lands on
    the veil, which never hears it, and Playwright's click waits for the veil to go and clicks the button."""
    await _open(session, call, server, """<button id="b">Go</button><script>window.n = 0; window.veiled = 0;
      const b = document.getElementById('b'); b.onclick = () => window.n++;
      b.addEventListener('mousemove', () => {
        if (document.getElementById('veil')) return;
        const v = document.createElement('div'); v.id = 'veil'; v.style = 'position:fixed;inset:0';
        for (const t of ['pointerdown', 'mousedown', 'mouseup', 'click']) v.addEventListener(t, () => window.veiled++);
        document.body.append(v); setTimeout(() => v.remove(), 300);
      }, {once: true});</script>""")
    result = await call("web.click", target="Go button")
    assert result.ok, result.status_line()
    assert sent == {"playwright": 1, "at once": 1}
    assert await session.page.evaluate("() => [window.n, window.veiled]") == [1, 0]


async def test_a_tick_box_is_pressed_at_once_and_its_state_read_back(call, session: WebSession, server: str,
                                                                     sent: dict[str, int]) -> None:  # fmt: skip
    await _open(session, call, server, """<label><input type="checkbox" id="c"> Gift wrap</label>
      <label><input type="radio" name="r" id="r1" checked> Small</label>""")
    result = await call("web.check", target="Gift wrap checkbox")
    assert result.ok, result.status_line()
    assert await session.page.is_checked("#c")
    assert sent == {"playwright": 0, "at once": 1}
    untick = await call("web.uncheck", target="Gift wrap checkbox")
    assert untick.ok, untick.status_line()
    assert not await session.page.is_checked("#c")
    assert sent == {"playwright": 0, "at once": 2}
    # A radio is not unticked by pressing it: Playwright's answer (it cannot be) is kept.
    radio = await call("web.uncheck", target="Small radio")
    assert not radio.ok
    assert sent["at once"] == 2


async def test_the_guard_is_taken_down_after_the_press(call, session: WebSession, server: str) -> None:
    """A later press of another element, by the page's own pointer, is not stopped by an old guard."""
    await _open(session, call, server, """<button id="b">Go</button> <button id="o">Other</button>
      <script>window.hits = []; for (const id of ['b', 'o']) document.getElementById(id).onclick = () => window.hits.push(id);
      </script>""")
    assert (await call("web.click", target="Go button")).ok
    box = await session.page.eval_on_selector("#o", "e => { const r = e.getBoundingClientRect(); return [r.x + 5, r.y + 5]; }")
    await session.page.mouse.click(*box)
    assert await session.page.evaluate("() => window.hits") == ["b", "o"]


async def test_an_inline_node_is_pressed_where_playwright_presses_it(call, session: WebSession, server: str,
                                                                    sent: dict[str, int]) -> None:  # fmt: skip
    """Playwright presses a node's first box: an inline text holding a radio is pressed on the radio (Playwright's
    click, kept); a link of plain text on one line is one box, pressed at once at its middle."""
    await _open(session, call, server, """<span><input type="radio" name="f" id="r"> Plain text</span>
      <p><a href="#done" id="a">Read the terms</a></p>""")
    assert (await call("web.click", target="Plain text")).ok
    assert await session.page.is_checked("#r")
    assert sent == {"playwright": 1, "at once": 0}
    assert (await call("web.click", target="Read the terms link")).ok
    assert session.page.url.endswith("#done")
    assert sent == {"playwright": 1, "at once": 1}


async def test_a_press_that_starts_a_navigation_waits_for_it_to_commit(call, session: WebSession, server: str,
                                                                       sent: dict[str, int]) -> None:  # fmt: skip
    """As Playwright's click waits for the navigation it scheduled: the result comes with the new document."""
    await _open(session, call, server, """<form action="/slow" method="get"><input type="hidden" name="ms" value="300">
      <button>Send</button></form>""")
    result = await call("web.click", target="Send button")
    assert result.ok, result.status_line()
    assert sent == {"playwright": 0, "at once": 1}
    assert "/slow" in session.page.url and "navigation" not in result.data and result.data["changed"] is True


@pytest.mark.parametrize(("what", "html", "leaving"), [
    ("a form sent", '<form action="/slow"><input type="hidden" name="ms" value="1500"><button>Go</button></form>', True),
    ("a link followed", '<a href="/slow?ms=1500" style="display:inline-block">Go</a>', True),
    ("a script's navigation", '<button onclick="location.href = \'/slow?ms=1500\'">Go</button>', True),
    ("a form its handler keeps", '<form action="/slow" onsubmit="return false"><button>Go</button></form>', False),
    ("a link to a place on the page", '<a href="#end" style="display:inline-block">Go</a><p id="end">end</p>', False),
    ("a link to a new tab", '<a href="/slow?ms=1500" target="_blank" style="display:inline-block">Go</a>', False),
])
async def test_the_page_says_whether_the_press_is_leaving_the_document(call, session: WebSession, server: str,
                                                                       what: str, html: str, leaving: bool) -> None:  # fmt: skip
    """Read in the call that takes the guard down, once the page's handlers ran: the browser's word of a navigation
    can come after that call's answer on a loaded machine, and the next step must not cut the navigation short."""
    await _open(session, call, server, html)
    target = await session.resolve("Go", wait=False)
    point = await press.settled_point(target)
    assert point is not None, what
    await session.page.mouse.click(*point)
    try:
        said = (await session.page.evaluate(press._PRESSED_JS))[3]
    except pw.Error:  # the document is going already (Playwright answers so while the next one loads)
        said = True
    assert said is leaving, what
    for page in session.pages[1:]:
        await page.close()


async def test_a_press_follows_its_navigation_through_redirects(call, session: WebSession, server: str,
                                                                sent: dict[str, int]) -> None:  # fmt: skip
    """A sign-in form answered by a redirect (its first hop ends without a document): the press waits for the
    document at the end of the hops, so the next step does not cut the navigation short."""
    await _open(session, call, server, f"""<form action="/redirect" method="get">
      <input type="hidden" name="to" value="{server}/slow?ms=300"><button>Sign in</button></form>""")
    result = await call("web.click", target="Sign in button")
    assert result.ok, result.status_line()
    assert sent == {"playwright": 0, "at once": 1}
    assert "/slow" in session.page.url and "navigation" not in result.data
    assert (await call("web.navigate", url="/page2.html")).ok
    assert session.page.url.endswith("/page2.html")
