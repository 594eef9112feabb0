"""A text check whose description finds a record's tick box ("issue #145" finds "Select issue #145") reads the
record the box stands for: a box shows no text (its value "on" is no text it says), and labels drawn side by side
with no space between them are separate words."""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.planners.rules import compile_step

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

_PAGE = """
<ul>
  <li><input type=checkbox aria-label="Select issue #144"> Docs: update install guide<span>documentation</span><span>good first issue</span> #144</li>
  <li><input type=checkbox aria-label="Select issue #145"> Settings page crashes <span>bug</span> #145</li>
</ul>
"""


@pytest.mark.parametrize(("text", "target", "ok"), [
    ("good first issue", "issue #144", True), ("good first issue", "issue #145", False),
    ("on", "issue #144", False), ("bug", "issue #145", True)])
async def test_a_text_check_reads_the_record_of_the_box_found(session: WebSession, call, text: str, target: str,
                                                              ok: bool) -> None:
    await session.page.set_content(_PAGE)
    session.action_timeout_ms, was = 800, session.action_timeout_ms  # (a failing check waits this long)
    try:
        result = await call("web.verify_text", text=text, target=target)
    finally:
        session.action_timeout_ms = was
    assert result.ok is ok, result.status_line()


async def test_a_box_said_as_a_box_is_read_as_one(session: WebSession, call) -> None:
    await session.page.set_content(_PAGE)
    session.action_timeout_ms, was = 800, session.action_timeout_ms
    try:
        assert not (await call("web.verify_text", text="bug", target="issue #145 checkbox")).ok
    finally:
        session.action_timeout_ms = was


async def test_a_mark_a_record_has_is_its_text() -> None:
    assert [(s.tool, s.args) for s in compile_step('Issue #144 should have the "good first issue" label').steps] == [
        ("web.verify_text", {"text": "good first issue", "target": "Issue #144"})]
