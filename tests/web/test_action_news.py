"""An action's own result says what it set off: the dialog it opened (and its answer), the download it started
(its suggested name, where it was saved), in the same call; a quiet click says nothing of either and waits for none."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession

Call = Callable[..., Awaitable[ToolResult]]

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


async def _open(call: Call, session: WebSession) -> None:
    assert (await call("web.navigate", url="/news.html")).ok
    session.take_events()


async def test_a_click_that_opens_a_dialog_says_so_with_its_answer(call: Call, session: WebSession) -> None:
    await _open(call, session)
    clicked = await call("web.click", target="Delete item button")
    assert clicked.ok, clicked.status_line()
    assert clicked.data["dialogs"] == [{
        "kind": "confirm", "message": "Delete the item?", "answer": "dismissed", "by_default": True,
        "said": "confirmation \"Delete the item?\" dismissed (the default answer; to answer it otherwise, say e.g. "
                "'Accept the confirmation' before the step that opens it)"}]
    assert "downloads" not in clicked.data
    assert '"dialogs"' in clicked.status_line()
    # Answered as set beforehand: the result says so (and the page got that answer).
    assert (await call("web.handle_dialog", action="accept", text="Ada")).ok
    renamed = await call("web.click", target="Rename button")
    assert renamed.data["dialogs"][0] | {"said": ""} == {
        "kind": "prompt", "message": "Your name?", "answer": "accepted", "by_default": False, "text": "Ada", "said": ""}
    assert await session.page.text_content("#out") == "Name: Ada"
    # Two dialogs from one click: both, in order.
    twice = await call("web.click", target="Save twice button")
    assert [d["message"] for d in twice.data["dialogs"]] == ["Saved!", "Really saved!"]
    # A key that opens one (Enter in a field) says so too.
    assert (await call("web.fill", target="Note field", text="hi")).ok
    pressed = await call("web.press_key", key="Enter", target="Note field")
    assert pressed.ok and [d["message"] for d in pressed.data["dialogs"]] == ["Note: hi"], pressed.data


async def test_a_click_that_starts_a_download_says_where_it_was_saved(call: Call, session: WebSession) -> None:
    await _open(call, session)
    folder = session.prompts.folder().resolve()
    for target, suggested, name in (
        ("Export report link", "report.csv", "report.csv"),  # an attachment: the navigation becomes a download
        ("Save this page link", "copy of page.html", "copy of page.html"),  # a download attribute: no navigation
        ("Build slow export button", "late.csv", "late.csv"),  # a script's navigation, answered 600 ms later
        ("Export report link", "report.csv", "report (2).csv"),  # the same name again: never over the first
    ):
        clicked = await call("web.click", target=target)
        assert clicked.ok, clicked.status_line()
        downloads = clicked.data.get("downloads")
        assert downloads is not None and len(downloads) == 1, (target, clicked.data)
        item = downloads[0]
        assert item["suggested_name"] == suggested and item["status"] == "saved", item
        assert item["name"] == name and Path(item["path"]) == folder / name, item
        assert Path(item["path"]).stat().st_size == item["size"] > 0
        assert "dialogs" not in clicked.data


async def test_a_download_begun_by_a_click_playwright_does_not_wait_for_is_still_the_clicks(
    call: Call, session: WebSession
) -> None:
    """A word inside a paragraph is clicked with the mouse at the word, which waits for no navigation; the
    paragraph's handler navigates to a file answered 600 ms later. The page said it began a navigation, so
    the click's result waits for it to commit or end, and reports the download (it used to come with the next
    step: on a loaded machine even Playwright's own click can return before the navigation's request shows)."""
    await _open(call, session)
    clicked = await call("web.click", target="get the slow word file")
    assert clicked.ok, clicked.status_line()
    downloads = clicked.data.get("downloads")
    assert downloads is not None and [d["suggested_name"] for d in downloads] == ["word.csv"], clicked.data
    assert downloads[0]["status"] == "saved", downloads


async def test_quiet_clicks_report_nothing_and_do_not_wait(call: Call, session: WebSession) -> None:
    await _open(call, session)

    quiet = await call("web.click", target="Count quietly button")
    assert quiet.ok and "dialogs" not in quiet.data and "downloads" not in quiet.data, quiet.data
    # A navigation answered "no content" ends without a document and is no download: nothing is waited for.
    ping = await call("web.click", target="Ping the server link")
    assert ping.ok and "downloads" not in ping.data, ping.data
    assert session.prompts.started == 0
    # A dialog a timer opens after the click returned belongs to no click: it is a page event for the next look.
    later = await call("web.click", target="Remind me later button")
    assert later.ok and "dialogs" not in later.data
    deadline = time.monotonic() + 10
    while session.prompts.opened == 0 and time.monotonic() < deadline:
        await session.page.wait_for_timeout(50)
    assert [e.message for e in session.take_events() if e.kind == "dialog"] == ['alert "Too late" accepted (the default answer)']
