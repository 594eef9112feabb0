"""An edit's change is taken from the push when the push comes before the page answers the read
(the read waits behind the frame the browser draws after the edit); a push about another frame
does not count, and without any push the read's answer stands."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from tapwright.drivers.web._change import ChangeWatch, Mark

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

DOC = "doc1"


class _Frame:
    """A frame as the watch keeps it (weakly, by identity)."""


def _watch() -> tuple[ChangeWatch, Any]:
    frame, other = _Frame(), _Frame()
    page = SimpleNamespace(url="http://x/", main_frame=frame)
    tabs = SimpleNamespace(page=page, pages=[page])
    watch = ChangeWatch(tabs, lambda: 0, lambda: 0, SimpleNamespace(pending=lambda page: False))  # type: ignore[arg-type]
    return watch, SimpleNamespace(main=frame, other=other)


def _mark() -> Mark:
    # An edited field in the main frame: no push is promised before the reply, so the page is read.
    return Mark("http://x/", 1, 0, 0, main=5, inner=-1, doc=DOC)


def _slow_read(watch: ChangeWatch, monkeypatch: pytest.MonkeyPatch, answer: bool) -> asyncio.Event:
    release = asyncio.Event()
    finished: list[bool] = []

    async def read(before: Mark) -> bool:
        await release.wait()
        finished.append(True)
        return answer

    monkeypatch.setattr(watch, "_read", read)
    release.finished = finished  # type: ignore[attr-defined]
    return release


async def test_a_push_arriving_during_the_read_answers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    watch, frames = _watch()
    release = _slow_read(watch, monkeypatch, answer=True)
    loop = asyncio.get_running_loop()
    loop.call_soon(watch.on_push, {"frame": frames.main}, DOC, 6)
    loop.call_later(0.5, release.set)  # the read comes back later (without the race, the answer would wait for it)
    assert await watch.changed(_mark()) is True
    assert release.finished == []  # answered from the push; the read had not come back
    await release.wait()
    await asyncio.sleep(0)
    assert release.finished == [True]  # and it still ends (its answer nobody waits for)


async def test_a_push_about_another_frame_or_document_waits_for_the_read(monkeypatch: pytest.MonkeyPatch) -> None:
    watch, frames = _watch()
    release = _slow_read(watch, monkeypatch, answer=False)
    loop = asyncio.get_running_loop()
    loop.call_soon(watch.on_push, {"frame": frames.other}, DOC, 9)
    loop.call_soon(watch.on_push, {"frame": frames.main}, "an earlier document", 99)
    loop.call_later(0.02, release.set)
    assert await watch.changed(_mark()) == "pending"
    assert release.finished == [True]


async def test_without_a_push_the_read_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    watch, _ = _watch()
    release = _slow_read(watch, monkeypatch, answer=True)
    asyncio.get_running_loop().call_soon(release.set)
    assert await watch.changed(_mark()) is True
    assert watch._push_waiter is None
