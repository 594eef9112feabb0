"""Over MCP (official client, stdio, real Chromium): a dialog a page's timer opens 300 ms after the click that
started it returned is told by the session's next call, whatever that call is (a read-only one too): what it said
and how it was answered. Never silently, never twice, and a secret it echoes is hidden in the text, the
structured metadata and the server's log."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from mcp_support import needs_web, stdio_params

from mcp import ClientSession, stdio_client

pytestmark = [pytest.mark.browser, needs_web]
PIN = "4711-zebra-crossing"
BETWEEN = "NOTE: after the previous call returned, while no call was running, the page opened"


def _text(result: Any) -> str:
    return "\n".join(str(c.text) for c in result.content if getattr(c, "text", None))


def _told(result: Any, message: str) -> int:
    """How many times ``result`` tells of the dialog whose text holds ``message``."""
    return _text(result).count(message)


def _told_once(clicked: Any, after: Any, said: str) -> Any:
    """The answer that tells of the dialog ``said`` (its line): the next call's, as opened after the click
    returned, or, when the click's own call outlasted the page's 300 ms timer (a loaded machine), the click's
    (as its own dialog, or as opened during it). Never both, never neither."""
    in_click, in_after = _text(clicked).count(said), _text(after).count(said)
    assert in_click + in_after == 1, (_text(clicked), _text(after))
    if in_after:
        assert _text(after).startswith(BETWEEN), _text(after)
        return after
    return clicked


async def test_a_dialog_opened_by_a_timer_is_told_by_the_next_call(pages_url: str, tmp_path: Any) -> None:
    log = tmp_path / "server.log"
    params = stdio_params("-v", "--secret", "PIN", "--env-file", "/nonexistent.env", env={"PIN": PIN})
    with log.open("w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as s:
            await s.initialize()
            assert not (await s.call_tool("web__navigate", {"url": pages_url + "/late.html"})).is_error
            assert not (await s.call_tool("web__fill", {"target": "PIN field", "text": "${secrets.PIN}"})).is_error

            # An alert 300 ms after the click: the click has returned by then, so it tells nothing of it;
            # the next call, a read-only snapshot, does.
            clicked = await s.call_tool("web__click", {"target": "Save later button"})
            assert not clicked.is_error, _text(clicked)
            await asyncio.sleep(1.0)
            look = await s.call_tool("web__snapshot", {})
            assert not look.is_error, _text(look)
            said = _told_once(clicked, look, 'dialog: alert "Saved with PIN ***" accepted (the default answer)')
            assert "Saved" in _text(look)  # the page went on after the alert was answered
            if said is look:
                assert look.meta is not None
                told = look.meta["tapwright/unreported"]["between_calls"]
                assert [(d["kind"], d["answer"], d["message"]) for d in told] == [("alert", "accepted", "Saved with PIN ***")]
            # Told once: the call after does not repeat it.
            again = await s.call_tool("web__verify_text", {"text": "Saved"})
            assert not again.is_error, _text(again)
            assert _told(again, "Saved with PIN") == 0 and again.meta is None, _text(again)

            # A confirmation 300 ms later, answered by the default (dismissed): the page shows what it got,
            # and the next call (another read-only one) says so, with how to answer it otherwise.
            clicked = await s.call_tool("web__click", {"target": "Delete later button"})
            assert not clicked.is_error, _text(clicked)
            await asyncio.sleep(1.0)
            check = await s.call_tool("web__verify_text", {"text": "Kept"})
            assert not check.is_error, _text(check)
            _told_once(clicked, check, 'dialog: confirmation "Delete every draft?" dismissed (the default answer;')

            # Answering it now is too late, and says so (it was dismissed when it opened) ...
            late = await s.call_tool("web__handle_dialog", {"action": "accept"})
            assert late.is_error and "too late" in _text(late), _text(late)
            # ... asked again, the answer is set for the next one: the timer's next confirmation is accepted,
            # and told by the next call all the same.
            armed = await s.call_tool("web__handle_dialog", {"action": "accept"})
            assert not armed.is_error, _text(armed)
            clicked = await s.call_tool("web__click", {"target": "Delete later button"})
            assert not clicked.is_error, _text(clicked)
            await asyncio.sleep(1.0)
            check = await s.call_tool("web__verify_text", {"text": "Deleted"})
            assert not check.is_error, _text(check)
            said = _told_once(clicked, check, 'dialog: confirmation "Delete every draft?" accepted')
            assert "the default answer" not in _text(said), _text(said)
            seen = [_text(r) for r in (look, check, clicked)] + [str(look.meta), str(check.meta), str(clicked.meta)]
    assert all(PIN not in t for t in seen)
    server_log = log.read_text()
    assert server_log.strip()  # the server logged (-v) ...
    assert PIN not in server_log  # ... and no secret


async def test_a_dialog_during_a_read_is_told_by_that_read(pages_url: str, tmp_path: Any) -> None:
    """A timer dialog that opens while a read-only call runs (not set off by it) is told in that call's answer."""
    errlog = (tmp_path / "server.log").open("w")
    async with stdio_client(stdio_params(), errlog=errlog) as (read, write), ClientSession(read, write) as s:
        await s.initialize()
        assert not (await s.call_tool("web__navigate", {"url": pages_url + "/late.html"})).is_error
        clicked = await s.call_tool("web__click", {"target": "Archive later button"})  # an alert 1.5 s later
        assert not clicked.is_error and "Archived" not in _text(clicked), _text(clicked)
        # A wait that outlasts the timer: the alert opens while it runs.
        waited = await s.call_tool("web__wait_for", {"text": "Archived", "timeout_ms": 10_000})
        text = _text(waited)
        assert not waited.is_error, text
        assert text.count('dialog: alert "Archived" accepted (the default answer)') == 1, text
        assert "NOTE: during this call, not set off by it, the page opened a dialog" in text, text
        assert waited.meta is not None
        assert [d["message"] for d in waited.meta["tapwright/unreported"]["during_call"]] == ["Archived"]
        assert waited.meta["tapwright/unreported"]["between_calls"] == []
    errlog.close()
