"""A fill types through the page's own editing command, in the call that probes the field or in one call of its
own (real Chromium, issue 28): the page sees what Playwright's fill makes it see (the same trusted events, the
same value under ``maxlength`` or a refused edit), no Playwright fill is sent for a field that can take the text at
once, one that cannot yet (read-only for a moment, folded) is still waited for by Playwright's fill, and whether
the edit changed the page is known from the edit's own call."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tapwright.drivers.web import WebSession
from tapwright.drivers.web._pw import pw

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

# Two of each kind of text field: one for Playwright's fill, one for tapwright's. The events named are logged per
# field (no key listener: a key handler would make tapwright type the last key).
_PAIRS = """<form onsubmit="return false">
<label for="a1">Alpha one</label> <input id="a1"> <label for="a2">Alpha two</label> <input id="a2">
<label for="p1">Secret one</label> <input id="p1" type="password"> <label for="p2">Secret two</label> <input id="p2" type="password">
<label for="m1">Short one</label> <input id="m1" maxlength="3"> <label for="m2">Short two</label> <input id="m2" maxlength="3">
<label for="n1">Note one</label> <textarea id="n1"></textarea> <label for="n2">Note two</label> <textarea id="n2"></textarea>
<label for="d1">Digits one</label> <input id="d1"> <label for="d2">Digits two</label> <input id="d2">
<div role="textbox" contenteditable="true" aria-label="Rich one" id="r1"><p>old</p></div>
<div role="textbox" contenteditable="true" aria-label="Rich two" id="r2"><p>old</p></div>
</form>
<script>
  window.log = {};
  for (const el of document.querySelectorAll('input, textarea, [contenteditable]')) {
    window.log[el.id] = [];
    for (const type of %s) {
      el.addEventListener(type, (ev) => window.log[el.id].push(
        [ev.type, ev.isTrusted, ev.inputType || '', ev.data || '', ev.cancelable]));
    }
  }
  // A field that takes digits only: the edit of anything else is refused before it happens.
  for (const id of ['d1', 'd2']) document.getElementById(id).addEventListener('beforeinput', (ev) => {
    if (ev.data && /\\D/.test(ev.data)) ev.preventDefault(); });
</script>"""
_HEARD = ["focus", "beforeinput", "textInput", "input"]  # a page that listens to an edit's announcement
_QUIET = ["focus", "input", "change"]  # one that does not (the digits field still does)

_FIELDS = [  # (the field Playwright fills, the one tapwright fills, the text)
    ("#a1", "Alpha two", "hello world"),
    ("#p1", "Secret two", "s3cret!"),
    ("#m1", "Short two", "abcdef"),  # maxlength 3
    ("#n1", "Note two", "a long note, " * 20),
    ("#d1", "Digits two", "12ab"),  # refused: holds nothing
    ("#r1", "Rich two", "new text"),
]


@pytest.fixture
def fills() -> Iterator[list[int]]:
    """How many times Playwright's own fill was sent (``Locator.fill`` and ``ElementHandle.fill``: ``[0]``) and
    text inserted through the browser's input channel (``Keyboard.insert_text``: ``[1]``)."""
    sent = [0, 0]
    originals = {(cls, name): getattr(cls, name) for cls, name in
                 ((pw.Locator, "fill"), (pw.ElementHandle, "fill"), (pw.Keyboard, "insert_text"))}

    def counting(original: Any, at: int) -> Any:
        async def call(self: Any, *args: Any, **kwargs: Any) -> Any:
            sent[at] += 1
            return await original(self, *args, **kwargs)
        return call

    for (cls, name), original in originals.items():
        setattr(cls, name, counting(original, int(name == "insert_text")))
    try:
        yield sent
    finally:
        for (cls, name), original in originals.items():
            setattr(cls, name, original)


async def _open(session: WebSession, call: Any, server: str, html: str) -> None:
    """The page loaded as a document of its own (``set_content`` rewrites the document, which drops the listeners
    the observer keeps on its window)."""
    await session.page.route(server + "/typing", lambda route: route.fulfill(body=html, content_type="text/html"))
    assert (await call("web.navigate", url="/typing")).ok


async def _value(session: WebSession, selector: str) -> str:
    return str(await session.page.eval_on_selector(selector, "(e) => e.isContentEditable ? e.innerText : e.value"))


@pytest.mark.parametrize("events", [_HEARD, _QUIET], ids=["announcement heard", "quiet"])
@pytest.mark.parametrize(("theirs", "ours", "text"), _FIELDS)
async def test_the_page_sees_what_playwrights_fill_makes_it_see(call, session: WebSession, fills: list[int],
                                                              theirs: str, ours: str, text: str,
                                                              events: list[str], server: str) -> None:  # fmt: skip
    """Where a script listens to an edit's announcement (``beforeinput``, ``textInput``), the text goes in through
    the browser's input channel, announced as Playwright's fill announces it (and refused when a handler refuses
    it); where none does, the page's editing command inserts it in the same call, and the events the page hears
    are the same."""
    await _open(session, call, server, _PAIRS % events)
    await session.page.locator(theirs).fill(text)
    sent = list(fills)
    result = await call("web.fill", target=f"{ours} field", text=text)
    assert result.ok, result.status_line()
    assert fills[0] == sent[0]  # no Playwright fill sent
    # The browser's input channel where an edit's announcement is heard (the digits field always hears it), else
    # the page's editing command.
    assert fills[1] - sent[1] == int(events is _HEARD or theirs == "#d1")
    await session.page.evaluate("() => document.activeElement && document.activeElement.blur()")  # its change event
    mine = theirs.replace("1", "2")
    assert await _value(session, mine) == await _value(session, theirs)
    log = await session.page.evaluate("() => window.log")
    assert log[mine[1:]] == log[theirs[1:]], (log[mine[1:]], log[theirs[1:]])
    # Typed through the browser's input channel, the change is known from the page's push, or pending until a later
    # look; a refused edit changes nothing.
    changed = result.data["changed"]
    if changed == "pending":
        changed = await session.settle_change()
    assert changed is True or theirs == "#d1", changed


async def test_an_edit_typed_through_the_input_channel_is_changed_or_pending_never_false(call, session: WebSession,
                                                                                          server: str) -> None:  # fmt: skip
    """Typed through the browser's input channel (a page that hears an edit's announcement), the edit's change is
    taken from the page's push without a read of its own: ``True`` when the push came with the reply, else
    ``"pending"``, which the next look settles truthfully: changed for an edit that went in, not for one the page
    refused."""
    await _open(session, call, server, """<label for="c">Card</label> <input id="c">
      <label for="d">Digits</label> <input id="d">
      <script>document.getElementById('c').addEventListener('beforeinput', () => {});
      document.getElementById('d').addEventListener('beforeinput', (ev) => { if (/\\D/.test(ev.data || '')) ev.preventDefault(); });
      </script>""")
    seen: dict[str, set[object]] = {"Card": set(), "Digits": set()}
    # The first fill of the digits field takes the focus from the card field, whose change event that fires is a
    # change of the page: it is left out.
    for field, texts in (("Card", [f"4111 {i}" for i in range(12)]), ("Digits", ["abc"] * 13)):
        for n, text in enumerate(texts):
            result = await call("web.fill", target=f"{field} field", text=text)
            assert result.ok, result.status_line()
            changed = result.data["changed"]
            assert changed in (True, "pending"), changed
            settled = await session.settle_change() if changed == "pending" else True
            if field == "Card" or n > 0:
                seen[field].add((changed, settled))
    assert seen["Card"] <= {(True, True), ("pending", True)}, seen
    assert seen["Digits"] == {("pending", False)}, seen  # refused: nothing pushed, and the settling read says so
    assert await session.page.input_value("#c") == "4111 11" and await session.page.input_value("#d") == ""


async def test_a_handler_added_when_the_field_gets_the_focus_hears_the_announcement(call, session: WebSession,
                                                                                     server: str,
                                                                                     fills: list[int]) -> None:  # fmt: skip
    """A page that starts listening when the field gets the focus (an editor set up lazily): the listener is looked
    for after the call focused the field, and the text goes in through the browser's input channel, announced."""
    await _open(session, call, server, """<label for="f">Card</label> <input id="f">
      <script>window.heard = []; const f = document.getElementById('f');
      f.addEventListener('focus', () => f.addEventListener('beforeinput', (ev) => window.heard.push(ev.data)), {once: true});
      </script>""")
    result = await call("web.fill", target="Card field", text="4111")
    assert result.ok, result.status_line()
    assert await session.page.input_value("#f") == "4111"
    assert await session.page.evaluate("() => window.heard") == ["4111"]
    assert fills == [0, 1]  # through Keyboard.insert_text, no Playwright fill


async def test_a_field_that_cannot_take_the_text_yet_is_waited_for(call, session: WebSession, fills: list[int]) -> None:
    """Read-only for a moment: the page's command is not used (nothing is done), Playwright's fill waits for it."""
    await session.page.set_content("""<label for="f">Code</label> <input id="f" readonly>
      <script>setTimeout(() => document.getElementById('f').readOnly = false, 300);</script>""")
    result = await call("web.fill", target="Code field", text="XY-12")
    assert result.ok, result.status_line()
    assert await session.page.input_value("#f") == "XY-12"
    assert fills[0] == 1


async def test_the_edit_says_whether_it_changed_the_page_without_another_read(call, session: WebSession,
                                                                             server: str) -> None:  # fmt: skip
    """The counter is read by the edit's own call after the page's microtasks (a framework's re-render): the
    action's answer needs no read of its own, and nothing is left pending."""
    await _open(session, call, server, """<label for="f">Name</label> <input id="f"
      oninput="const v = this.value; queueMicrotask(() => document.getElementById('p').textContent = 'Hi ' + v)">
      <p id="p"></p>""")
    await session.page.evaluate("""() => { const m = window.__twMut, get = m.get; window.reads = 0;
        m.get = () => { window.reads += 1; return get(); }; }""")
    result = await call("web.fill", target="Name field", text="Ada")
    assert result.ok and result.data["changed"] is True, result.data
    assert await session.page.text_content("#p") == "Hi Ada"
    assert await session.page.evaluate("() => window.reads") == 2  # the snapshot's and the edit's own
    assert session.change.pending is None


async def test_a_target_no_snapshot_kept_is_filled_by_playwright(call, session: WebSession, fills: list[int]) -> None:
    """A selector's target is pinned, not kept by a snapshot, with no key handler known: Playwright fills it."""
    await session.page.set_content("""<label for="f">Town</label> <input id="f">""")
    result = await call("web.fill", target="css=#f", text="Lyon")
    assert result.ok, result.status_line()
    assert await session.page.input_value("#f") == "Lyon"
