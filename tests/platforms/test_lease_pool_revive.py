"""A dead pool member asked again (:meth:`LeasePool._revive_one`): a few times when nothing answers,
until the revive deadline while it says it is coming back (a device adb is still reconnecting: under
load that takes longer than a few tries). The members are doubles; the real adb path is
``tests/android/test_device_recovery.py``."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import pytest

from tapwright.errors import DriverError, ErrorCode
from tapwright.platforms._lease_pool import LeasePool, Member


class _Pool(LeasePool):
    """Members that fail to connect ``fails`` times, ``back`` saying whether they are on their way back."""

    revive: ClassVar[bool] = True

    def __init__(self, fails: int, back: bool) -> None:
        self.fails, self.back, self.launches = fails, back, 0
        super().__init__([Member("m1")], launch=self._connect)

    async def _connect(self, member: Member) -> str:
        self.launches += 1
        if self.launches <= self.fails:
            raise DriverError(ErrorCode.DEVICE_LOST, f"{member.name} is offline (try {self.launches})")
        return "connected"

    async def coming_back(self, member: Any) -> bool:
        return self.back


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The pauses between tries, recorded instead of slept (the deadline is then never reached)."""
    seen: list[float] = []
    real = asyncio.sleep

    async def sleep(delay: float, *args: Any) -> Any:
        seen.append(delay)
        return await real(0, *args)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    return seen


async def test_a_member_that_does_not_answer_is_asked_four_times_one_second_apart(waits: list[float]) -> None:
    pool = _Pool(fails=10, back=False)
    with pytest.raises(DriverError, match=r"try 4\)"):
        await pool._revive_one(pool.members[0])
    assert pool.launches == 4 and waits == [1.0, 1.0, 1.0]
    assert pool.members[0].resource is None


async def test_a_member_answering_at_the_fourth_try_is_live(waits: list[float]) -> None:
    pool = _Pool(fails=3, back=False)
    await pool._revive_one(pool.members[0])
    assert pool.launches == 4 and pool.members[0].resource == "connected"


async def test_a_member_coming_back_is_asked_past_four_tries_further_apart(waits: list[float]) -> None:
    pool = _Pool(fails=7, back=True)
    await pool._revive_one(pool.members[0])
    assert pool.launches == 8 and pool.members[0].resource == "connected"
    assert waits == [1.0, 2.0, 3.0, 3.0, 3.0, 3.0, 3.0]


async def test_a_member_coming_back_is_given_up_at_the_revive_deadline() -> None:
    pool = _Pool(fails=100, back=True)
    pool.revive_timeout_s = 2.5  # tries at 0 s and 1 s; the next pause (2 s) would end past the deadline
    with pytest.raises(DriverError, match=r"try 2\)"):
        await pool._revive_one(pool.members[0])
    assert pool.launches == 2
