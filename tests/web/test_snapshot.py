"""Snapshots: roles, names, states, contexts, frames (same- and cross-origin), shadow roots, rects."""

from __future__ import annotations

import pytest

from tapwright.core.render import render_tree
from tapwright.drivers.web import WebSession

pytestmark = [pytest.mark.asyncio(loop_scope="session")]


async def test_form_elements_and_state(session: WebSession) -> None:
    await session.navigate("/form.html")
    tree = await session.snapshot()
    by_id = {e.attr("id"): e for e in tree if e.attr("id")}
    email = by_id["email"]
    assert (email.role, email.name, email.attr("label"), email.attr("placeholder")) == ("textbox", "Email", "Email", "you@example.com")
    assert email.attr("test_id") == "email-input" and email.state.editable
    assert by_id["remember"].role == "checkbox" and by_id["remember"].state.checked is False
    assert by_id["country"].role == "combobox" and by_id["country"].value == "France"
    assert by_id["login-btn"].attr("background") == "rgb(0, 90, 200)"
    assert by_id["login-btn"].context == ("form:Login",)
    assert not by_id["disabled-btn"].state.enabled
    assert not by_id["hidden-btn"].state.visible
    assert by_id["nick"].attr("near") == "Nickname:"
    assert by_id["icon"].name == "Delete item"
    deletes = [e for e in tree if e.role == "link" and e.name == "Delete"]
    assert [d.context[-1] for d in deletes] == ["row:Leo Smith | leo@example.com", "row:Ana Diaz | ana@example.com"]
    heading = next(e for e in tree if e.role == "heading")
    assert heading.name == "Sign in" and heading.attr("level") == "1" and not heading.interactive
    assert len({e.ref for e in tree}) == len(tree)


async def test_password_value_is_masked(session: WebSession) -> None:
    await session.navigate("/form.html")
    await session.page.fill("#password", "hunter2-secret")
    tree = await session.snapshot()
    pw = next(e for e in tree if e.attr("id") == "password")
    assert pw.value == "********"
    assert "hunter2" not in render_tree(tree)


async def test_frames_and_shadow_dom(session: WebSession, other_origin: str) -> None:
    await session.navigate(f"/frames.html?cross={other_origin}/inner.html")
    await session.page.wait_for_timeout(200)
    tree = await session.snapshot()
    pays = [e for e in tree if e.name == "Pay now"]
    assert len(pays) == 2
    same, cross = sorted(pays, key=lambda e: e.rect.x if e.rect else 0)
    assert same.attrs["frame"] == "same" and cross.attrs["frame"] == "payment"
    assert "frame:payment" in cross.context
    # iframe at (100,200) + 5px border + button at (20,30) inside the frame
    assert same.rect is not None and (same.rect.x, same.rect.y) == (125, 235)
    assert cross.rect is not None and (cross.rect.x, cross.rect.y) == (620, 230)
    # the rect really is where the element is: clicking there hits it
    await session.click_at(cross.rect.center_x, cross.rect.center_y)
    frame = next(f for f in session.page.frames if f.name == "payment")
    assert await frame.inner_text("#inner-btn") == "Pay done"
    shadow = [e for e in tree if e.attr("shadow") == "1"]
    assert any(e.name == "Shadow button" for e in shadow)
    assert any(e.name == "Slotted link" and e.role == "link" for e in tree)


async def test_refs_act_on_the_snapshot_node(session: WebSession, other_origin: str) -> None:
    await session.navigate(f"/frames.html?cross={other_origin}/inner.html")
    await session.page.wait_for_timeout(200)
    tree = await session.snapshot()
    shadow_btn = next(e for e in tree if e.name == "Shadow button")
    target = await session.resolve(shadow_btn.ref)
    await target.handle.click()
    await target.dispose()
    assert "Shadow clicked" in [e.name for e in await session.snapshot()]


async def test_render_is_compact_and_capped(session: WebSession) -> None:
    await session.navigate("/form.html")
    tree = await session.snapshot()
    text = render_tree(tree)
    assert 'e9 button "Log in"' in text.replace(next(e.ref for e in tree if e.attr("id") == "login-btn") + " ", "e9 ")
    assert "[form:Login]" in text and "disabled" in text
    short = render_tree(tree, max_chars=300)
    assert len(short) <= 300 and "truncated" in short
