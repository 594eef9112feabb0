"""Every web.* tool: one success and one failure each, through the registry (the validation path)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession
from tapwright.errors import ErrorCode

Call = Callable[..., Awaitable[ToolResult]]



pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def _form(call: Call) -> None:
    r = await call("web.navigate", url="/form.html")
    assert r.ok, r.status_line()


async def _status(session: WebSession) -> str:
    return await session.page.inner_text("#status")


async def test_navigate(call: Call, session: WebSession) -> None:
    r = await call("web.navigate", url="/page2.html")
    assert r.ok and r.data["title"] == "Second page" and r.data["status"] == 200 and r.data["changed"]
    bad = await call("web.navigate", url="http://127.0.0.1:1/")
    assert bad.code is ErrorCode.NAVIGATION_FAILED and bad.error and bad.error.cause
    blocked = await call("web.navigate", url="data:text/html,<b>x</b>")
    assert blocked.code is ErrorCode.URL_BLOCKED


async def test_click_success_and_failures(call: Call, session: WebSession) -> None:
    await _form(call)
    r = await call("web.click", target="Cancel")
    assert r.ok and r.data["changed"] is True and r.data["name"] == "Cancel"
    assert await _status(session) == "Cancelled"
    assert (await call("web.click", target="Disabled action")).code is ErrorCode.NOT_INTERACTABLE
    assert (await call("web.click", target="css=#hidden-btn")).code is ErrorCode.NOT_VISIBLE
    assert (await call("web.click", target="css=#covered-btn")).code is ErrorCode.NOT_INTERACTABLE
    assert (await call("web.click", target="css=a")).code is ErrorCode.AMBIGUOUS
    missing = await call("web.click", target="css=#nope")
    assert missing.code is ErrorCode.ELEMENT_NOT_FOUND


async def test_click_reports_no_change(call: Call, session: WebSession) -> None:
    await _form(call)
    await session.page.wait_for_selector("#late")  # the page adds this itself 300 ms after load
    r = await call("web.click", target="css=#email")
    assert r.ok and r.data["changed"] == "pending"  # nothing yet, and the click did not wait for more
    assert await session.settle_change() is False


async def test_double_right_click_and_hover(call: Call, session: WebSession) -> None:
    await _form(call)
    assert (await call("web.double_click", target="#dbl")).ok
    assert await session.page.inner_text("#dbl") == "double clicked"
    assert (await call("web.right_click", target="#dbl")).data["changed"] is True
    assert await session.page.inner_text("#dbl") == "right clicked"
    h = await call("web.hover", target="#dbl")
    assert h.ok and h.data["changed"] is None  # a hover is not watched for change
    assert await session.page.get_attribute("#dbl", "data-hovered") == "1"
    assert (await call("web.double_click", target="css=#disabled-btn")).code is ErrorCode.NOT_INTERACTABLE
    assert (await call("web.right_click", target="css=#nope")).code is ErrorCode.ELEMENT_NOT_FOUND
    assert (await call("web.hover", target="css=#hidden-btn")).code is ErrorCode.NOT_VISIBLE


async def test_focus_clear_fill(call: Call, session: WebSession) -> None:
    await _form(call)
    assert (await call("web.focus", target="Email")).ok
    assert await session.page.evaluate("document.activeElement.id") == "email"
    f = await call("web.fill", target="Email", text="alice@example.com")
    assert f.ok and f.data["text_length"] == 17 and "alice" not in str(f.to_dict())
    assert await session.page.input_value("#email") == "alice@example.com"
    more = await call("web.fill", target="#email", text=".fr", clear=False)
    assert more.ok and await session.page.input_value("#email") == "alice@example.com.fr"
    c = await call("web.clear", target="Bio")
    assert c.ok and c.data["changed"] is True and await session.page.input_value("#bio") == ""
    assert (await call("web.fill", target="css=#login-btn", text="x")).code is ErrorCode.NOT_INTERACTABLE
    assert (await call("web.clear", target="css=#disabled-btn")).code is ErrorCode.NOT_INTERACTABLE
    assert (await call("web.focus", target="css=#nope")).code is ErrorCode.ELEMENT_NOT_FOUND


async def test_check_uncheck_select(call: Call, session: WebSession) -> None:
    await _form(call)
    assert (await call("web.check", target="Remember me")).ok
    assert await session.page.is_checked("#remember")
    assert (await call("web.uncheck", target="#remember")).ok
    assert not await session.page.is_checked("#remember")
    assert (await call("web.check", target="css=#login-btn")).code is ErrorCode.NOT_INTERACTABLE
    assert (await call("web.uncheck", target="css=#nope")).code is ErrorCode.ELEMENT_NOT_FOUND
    s = await call("web.select", target="Country", option="Germany")
    assert s.ok and s.data["selected"] == ["de"] and await session.page.input_value("#country") == "de"
    assert (await call("web.select", target="#country", option="jp")).ok
    assert (await call("web.select", target="Country", option="Mars")).code is ErrorCode.ELEMENT_NOT_FOUND


async def test_submit_and_press_key(call: Call, session: WebSession) -> None:
    await _form(call)
    await call("web.fill", target="#email", text="abc")
    invalid = await call("web.submit", target="Email")
    assert invalid.ok and invalid.data["submitted"] is False and "Email" in invalid.data["invalid"][0]
    await call("web.fill", target="#email", text="a@b.c")
    s = await call("web.submit", target="Email")
    assert s.ok and s.data["changed"] and await _status(session) == "Submitted 5"
    assert (await call("web.submit", target="Next page")).code is ErrorCode.NOT_INTERACTABLE
    await _form(call)
    await call("web.fill", target="#email", text="ab@cd")
    p = await call("web.press_key", key="Enter", target="#email")
    assert p.ok and await _status(session) == "Submitted 5"
    assert (await call("web.press_key", key="Tab")).ok
    assert (await call("web.press_key", key="NoSuchKey")).code is ErrorCode.INVALID_INPUT
    await _form(call)
    assert (await call("web.submit")).data["submitted"] is True  # the page's only form
    await call("web.navigate", url="/page2.html")
    assert (await call("web.submit")).code is ErrorCode.ELEMENT_NOT_FOUND


async def test_scroll_wait_and_wait_for(call: Call) -> None:
    await _form(call)
    s = await call("web.scroll", direction="down", amount=400)
    assert s.ok and s.data["scroll_y"] == 400 and "changed" not in s.data
    assert (await call("web.scroll", target="Far button")).ok
    assert (await call("web.scroll", target="css=#nope")).code is ErrorCode.ELEMENT_NOT_FOUND
    assert (await call("web.wait", seconds=0.05)).ok
    assert (await call("web.wait", seconds=61)).code is ErrorCode.INVALID_INPUT
    w = await call("web.wait_for", text="Loaded later", timeout_ms=3000)
    assert w.ok, w.status_line()
    assert (await call("web.wait_for", target="css=#late", timeout_ms=3000)).ok
    assert (await call("web.wait_for", target="Hidden button", state="hidden", timeout_ms=1000)).ok
    t = await call("web.wait_for", text="never shows up", timeout_ms=300)
    assert t.code is ErrorCode.TIMEOUT
    assert (await call("web.wait_for")).code is ErrorCode.INVALID_INPUT


async def test_get_text_and_value(call: Call, session: WebSession) -> None:
    await _form(call)
    assert (await call("web.get_text", target="#status")).data["text"] == "Idle"
    assert (await call("web.get_value", target="Bio")).data["value"] == "hello"
    await session.page.fill("#password", "s3cret-value")
    pw = await call("web.get_value", target="Password")
    assert pw.data == {"value": "********", "length": 12, "ref": pw.data["ref"], "role": "textbox", "name": "Password"}
    assert (await call("web.get_value", target="#remember")).data["value"] is False
    assert (await call("web.get_value", target="css=#next")).code is ErrorCode.NOT_INTERACTABLE
    assert (await call("web.get_text", target="css=#nope")).code is ErrorCode.ELEMENT_NOT_FOUND


async def test_click_link_and_button(call: Call, session: WebSession) -> None:
    await _form(call)
    b = await call("web.click_button", text="cancel")
    assert b.ok and await _status(session) == "Cancelled"
    assert (await call("web.click_button", text="No such button")).code is ErrorCode.ELEMENT_NOT_FOUND
    assert (await call("web.click_link", text="Delete", exact=True)).code is ErrorCode.AMBIGUOUS
    link = await call("web.click_link", text="next")
    assert link.ok and link.data["changed"]
    await session.page.wait_for_url("**/page2.html")


async def test_tabs_and_history(call: Call, session: WebSession) -> None:
    await _form(call)
    t = await call("web.open_new_tab", url="/page2.html")
    assert t.ok and t.data["tabs"] == 2 and t.data["index"] == 1
    assert (await call("web.open_new_tab", url="file:///etc/passwd")).code is ErrorCode.URL_BLOCKED
    s = await call("web.switch_tab", title="login")
    assert s.ok and s.data["index"] == 0
    assert (await call("web.switch_tab", index=9)).code is ErrorCode.INVALID_INPUT
    assert (await call("web.switch_tab", title="nope")).code is ErrorCode.ELEMENT_NOT_FOUND
    newest = await call("web.switch_tab", index=-1)
    assert newest.ok and newest.data["index"] == 1 and newest.data["url"].endswith("/page2.html")
    assert (await call("web.switch_tab", index=-2)).code is ErrorCode.INVALID_INPUT
    await call("web.switch_tab", index=0)
    closing = await call("web.close_tab", index=-1)
    assert closing.ok and closing.data["url"].endswith("/form.html")
    await call("web.open_new_tab", url="/page2.html")
    closing = await call("web.close_tab")
    assert closing.ok and len(session.pages) == 1
    assert (await call("web.close_tab")).code is ErrorCode.INVALID_INPUT
    await _form(call)
    await call("web.navigate", url="/page2.html")
    back = await call("web.go_back")
    assert back.ok and back.data["url"].endswith("/form.html")
    fwd = await call("web.go_forward")
    assert fwd.ok and fwd.data["url"].endswith("/page2.html")
    r = await call("web.reload")
    assert r.ok and r.data["title"] == "Second page"


async def test_upload_file(call: Call, session: WebSession, tmp_path: Path) -> None:
    await _form(call)
    f = tmp_path / "report.txt"
    f.write_text("hello")
    r = await call("web.upload_file", target="Attachment", path=str(f))
    assert r.ok and r.data["file"] == "report.txt"
    assert await session.page.evaluate("document.getElementById('upload').files[0].name") == "report.txt"
    outside = await call("web.upload_file", target="Attachment", path="/etc/hostname")
    assert outside.code is ErrorCode.INVALID_INPUT and "outside" in outside.error.message


async def test_drag(call: Call, session: WebSession) -> None:
    await call("web.navigate", url="/drag.html")
    r = await call("web.drag", source="Task card", target="Done column")
    assert r.ok and r.data["changed"] is True
    assert await session.page.inner_text("#result") == "dropped on done"
    assert (await call("web.drag", source="css=#nope", target="Done column")).code is ErrorCode.ELEMENT_NOT_FOUND


async def test_screenshot(call: Call, tmp_path: Path) -> None:
    await _form(call)
    path = tmp_path / "shot.png"
    r = await call("web.screenshot", path=str(path))
    assert r.ok and path.read_bytes()[:4] == b"\x89PNG" and r.data["width"] == 1280 and r.screenshot is not None
    full = await call("web.screenshot", full_page=True)
    assert full.ok and full.data["height"] > 800
    bad = await call("web.screenshot", path="/proc/nope/shot.png")
    assert not bad.ok and bad.code is not ErrorCode.INTERNAL


async def test_screenshot_format_follows_the_suffix(call: Call, tmp_path: Path) -> None:
    await _form(call)
    sizes = {}
    for name, magic, mime in (("s.webp", b"RIFF", "image/webp"), ("s.jpg", b"\xff\xd8", "image/jpeg"),
                              ("s.png", b"\x89PNG", "image/png")):  # fmt: skip
        r = await call("web.screenshot", path=str(tmp_path / name))
        raw = (tmp_path / name).read_bytes()
        assert r.ok and raw.startswith(magic) and r.screenshot is not None and r.screenshot.mime_type == mime
        assert (r.data["width"], r.data["height"]) == (1280, 800)
        sizes[name] = len(raw)
    # Why reports store WebP: the smallest of the three. (JPEG against PNG depends on how the page is drawn: on this
    # page the headless shell's lossless PNG is the smaller of those two.)
    assert sizes["s.webp"] < min(sizes["s.jpg"], sizes["s.png"])
    full = await call("web.screenshot", path=str(tmp_path / "full.webp"), full_page=True)
    assert full.ok and (tmp_path / "full.webp").read_bytes()[:4] == b"RIFF" and full.data["height"] > 800


async def test_locate_and_coordinate_tools(call: Call, session: WebSession) -> None:
    await _form(call)
    loc = await call("web.locate", target="Cancel")
    assert loc.ok and loc.data["role"] == "button" and loc.data["name"] == "Cancel"
    x, y = loc.data["center_x"], loc.data["center_y"]
    c = await call("web.click_at", x=x, y=y, element_description="Cancel button")
    assert c.ok and c.status_line() == f"TAPPED: ({x},{y})" and c.data["changed"] is True
    assert await _status(session) == "Cancelled"
    assert (await call("web.locate", target="css=#nope")).code is ErrorCode.ELEMENT_NOT_FOUND
    far = await call("web.locate", target="Far button")  # scrolled into view, so the centre is clickable
    assert far.ok and 0 <= far.data["center_y"] <= 800
    await call("web.click_at", x=far.data["center_x"], y=far.data["center_y"])
    assert await _status(session) == "far clicked"
    await _form(call)
    d = (await call("web.locate", target="#dbl")).data
    assert (await call("web.double_click_at", x=d["center_x"], y=d["center_y"])).ok
    assert await session.page.inner_text("#dbl") == "double clicked"
    assert (await call("web.right_click_at", x=d["center_x"], y=d["center_y"])).ok
    assert await session.page.inner_text("#dbl") == "right clicked"
    assert (await call("web.move_to", x=d["center_x"], y=d["center_y"])).ok
    for tool in ("web.click_at", "web.double_click_at", "web.right_click_at", "web.move_to"):
        assert (await call(tool, x=5000, y=5)).code is ErrorCode.INVALID_INPUT, tool


async def test_type_text_at_coordinates(call: Call, session: WebSession) -> None:
    await _form(call)
    bio = (await call("web.locate", target="Bio")).data
    r = await call("web.type_text", text="new bio", x=bio["center_x"], y=bio["center_y"], wipe_out_old_content=True)
    assert r.ok and r.data["text_length"] == 7 and "new bio" not in str(r.to_dict())
    assert await session.page.input_value("#bio") == "new bio"
    assert (await call("web.type_text", text="x", x=99999, y=1)).code is ErrorCode.INVALID_INPUT


async def test_snapshot_tool(call: Call) -> None:
    await _form(call)
    r = await call("web.snapshot")
    assert r.ok and '"Log in"' in r.data["text"] and r.data["elements"] > 20 and not r.data["truncated"]
    small = await call("web.snapshot", max_chars=500)
    assert small.ok and small.data["truncated"] and len(small.data["text"]) <= 500
    assert (await call("web.snapshot", max_chars=10)).code is ErrorCode.INVALID_INPUT


async def test_verifications(call: Call) -> None:
    await _form(call)
    assert (await call("web.verify_visible", target="Log in")).ok
    assert (await call("web.verify_visible", target="css=#hidden-btn")).code is ErrorCode.ASSERTION_FAILED
    assert (await call("web.verify_not_visible", target="css=#hidden-btn")).ok
    assert (await call("web.verify_not_visible", target="css=#login-btn")).code is ErrorCode.ASSERTION_FAILED
    assert (await call("web.verify_text", text="Idle")).ok
    assert (await call("web.verify_text", text="Idle", target="#status", exact=True)).ok
    assert (await call("web.verify_text", text="Nowhere to be seen")).code is ErrorCode.ASSERTION_FAILED
    assert (await call("web.verify_value", target="Bio", value="hello")).ok
    v = await call("web.verify_value", target="Bio", value="bye")
    assert v.code is ErrorCode.ASSERTION_FAILED and "hello" in v.error.message
    assert (await call("web.verify_url", expected="/form.html")).ok
    assert (await call("web.verify_url", expected=r"form\.html$", match="regex")).ok
    assert (await call("web.verify_url", expected="/other")).code is ErrorCode.ASSERTION_FAILED
    assert (await call("web.verify_title", expected="Login form", match="equals")).ok
    assert (await call("web.verify_title", expected="Dashboard")).code is ErrorCode.ASSERTION_FAILED
    assert (await call("web.verify_url", expected="(", match="regex")).code is ErrorCode.INVALID_INPUT
