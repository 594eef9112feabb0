"""A pool of places that scenarios lease: remote browsers (web), devices (android).

Each member hosts up to ``capacity`` environments at once (a browser endpoint several
contexts, a phone one app). A scenario leases the least loaded live member, **waiting**
while every one is full. A member that cannot be reached, or dies under a scenario, is
taken out of the pool for the rest of the run and named in the report; the runner retries
the scenario it was running on another member, once (:meth:`LeasePool.open_env` gives the
environment the ``label`` and ``lost`` check the runner reads).

Platforms subclass :class:`LeasePool` for what differs: how a member is connected, how its
death shows (:meth:`LeasePool.alive`, :meth:`LeasePool.ping`), what to close, and the
error code when none is left. :mod:`tapwright.platforms._browser_pool` and
:mod:`tapwright.platforms._device_pool` are the two.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tapwright.errors import DriverError, ErrorCode
from tapwright.platforms.base import PlatformEnv


@dataclass(slots=True, eq=False)
class Member:
    """One place in a pool: its name (a URL, a serial), how many environments it hosts at once, its state."""

    name: str
    capacity: int = 1
    in_use: int = 0
    resource: Any = None  # what the pool connected on first lease (a browser, an adb client)
    dead: str | None = None  # why it was taken out of the pool
    leases: int = 0
    _connect: asyncio.Lock = field(default_factory=asyncio.Lock)


Launch = Callable[[Any], Awaitable[Any]]


class LeasePool:
    """Leases members with free capacity, connecting each on first use.

    Args:
        members: The pool's members, in the order ties are broken.
        launch: ``async (member) -> resource``: connects a member (a DriverError means it cannot serve).

    Subclasses set :attr:`kind` (for messages) and :attr:`exhausted_code`, and override
    :meth:`alive`, :meth:`ping` and :meth:`close_resource` as their members need.
    """

    kind: ClassVar[str] = "member"
    exhausted_code: ClassVar[ErrorCode] = ErrorCode.DRIVER_ERROR
    # Try the dead members again (connect and ping, within revive_timeout_s) when none is left, before
    # failing a lease: a phone plugged back in, an adb server started again, serves the next scenario.
    revive: ClassVar[bool] = False
    revive_timeout_s: ClassVar[float] = 20.0

    def __init__(self, members: list[Any], *, launch: Launch, changed: asyncio.Condition | None = None,
                 timeout_s: float | None = None) -> None:  # fmt: skip
        self.members = members
        self._launch = launch
        # Pools sharing members (two device lists naming the same phone) share the condition too.
        self._changed = changed or asyncio.Condition()
        self.timeout_s = timeout_s  # how long a lease waits for a free member (None: as long as it takes)
        self.waits = 0  # leases that had to wait for a member to free up

    # -- what subclasses say about their members ---------------------------------------------

    def alive(self, member: Any) -> str | None:
        """Why a connected member is unusable, told without asking it anything (None: no sign of death)."""
        return None

    async def ping(self, member: Any) -> None:
        """Ask a connected member to do a small thing; raises when it cannot (it is then taken out)."""

    async def close_resource(self, resource: Any) -> None:
        """Close what :meth:`_launch` made."""

    async def coming_back(self, member: Any) -> bool:
        """Whether a member that just failed to connect is on its way back (worth asking again until the
        revive deadline, not only a few times)."""
        return False

    # -- leases ---------------------------------------------------------------------------

    def _live(self) -> list[Any]:
        return [m for m in self.members if m.dead is None]

    async def lease(self) -> Any:
        """The least loaded live member with room, connected; waits while every live one is full.

        Raises:
            DriverError: :attr:`exhausted_code` when every member is dead (the message names each and why);
                TIMEOUT when every one stayed busy for :attr:`timeout_s`.
        """
        if self.timeout_s is None:
            return await self._lease()
        try:
            async with asyncio.timeout(self.timeout_s):
                return await self._lease()
        except TimeoutError:
            busy = ", ".join(m.name for m in self._live())
            raise DriverError(ErrorCode.TIMEOUT, f"every {self.kind} stayed in use for {self.timeout_s:g} s ({busy}): "
                              "add one, or run fewer scenarios at once") from None  # fmt: skip

    async def _lease(self) -> Any:
        revived = False
        while True:
            member = None
            async with self._changed:
                waited = False
                while True:
                    live = self._live()
                    if not live and self.revive and not revived:
                        break  # try the dead ones again, outside the lock (it takes network calls)
                    if not live:
                        why = "; ".join(f"{m.name}: {m.dead}" for m in self.members)
                        raise DriverError(self.exhausted_code, f"no {self.kind} is left ({why})")
                    free = [m for m in live if m.in_use < m.capacity]
                    if free:
                        member = min(free, key=lambda m: (m.in_use / m.capacity, m.leases, self.members.index(m)))
                        member.in_use += 1
                        member.leases += 1
                        break
                    if not waited:
                        waited, self.waits = True, self.waits + 1
                    await self._changed.wait()
            if member is None:
                revived = True
                await self._revive()
                continue
            try:
                await self._ensure_connected(member)
            except DriverError as exc:
                await self.release(member, dead=f"cannot connect: {exc.message}")
                continue
            except BaseException:
                await self.release(member)
                raise
            return member

    async def _revive_one(self, member: Any, tries: int = 4) -> None:
        """Connect ``member`` and ping it; the last failure is raised.

        A member that does not answer is asked again up to ``tries`` times, one second apart. One that
        :meth:`coming_back` says is on its way back (a device adb is still reconnecting) is asked again
        until :attr:`revive_timeout_s` has passed, further apart each time (1, 2, 3 s): how long it takes
        depends on the machine's load, and asking too often restarts its reconnection.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.revive_timeout_s
        delay = 1.0
        while True:
            try:
                member.resource = await self._launch(member)
                await self.ping(member)
                return
            except DriverError:
                await self._drop(member)
                if await self.coming_back(member):
                    wait, delay = delay, min(delay + 1.0, 3.0)
                else:
                    tries -= 1
                    wait = 1.0
                if tries <= 0 or loop.time() + wait > deadline:
                    raise
                await asyncio.sleep(wait)

    async def _revive(self) -> None:
        """Connect every dead, unleased member again and ask it to do a small thing; one that does is live again."""
        for member in [m for m in self.members if m.dead is not None and m.in_use == 0]:
            async with member._connect:
                await self._drop(member)
                try:
                    async with asyncio.timeout(self.revive_timeout_s):
                        await self._revive_one(member)
                except Exception as exc:  # any failure: it stays out, and the lease says why
                    await self._drop(member)
                    said = exc.message if isinstance(exc, DriverError) else type(exc).__name__
                    first = member.dead.split(" (tried again: ")[0]
                    member.dead = f"{first} (tried again: {said})"
                    continue
                member.dead = None
        async with self._changed:
            self._changed.notify_all()

    async def _ensure_connected(self, member: Any) -> None:
        async with member._connect:
            if member.resource is not None and self.alive(member) is not None:
                await self._drop(member)
            if member.resource is None:
                member.resource = await self._launch(member)

    async def _drop(self, member: Any) -> None:
        resource, member.resource = member.resource, None
        if resource is not None:
            with contextlib.suppress(Exception):
                await self.close_resource(resource)

    def check(self, member: Any) -> str | None:
        """Why ``member`` is unusable now (from :meth:`alive`), or None; marks it dead."""
        if member.dead is None and member.resource is not None:
            member.dead = self.alive(member)
        return f"{member.name}: {member.dead}" if member.dead else None

    async def probe(self, member: Any, timeout_s: float = 10.0) -> str | None:
        """Like :meth:`check`, but also asks the member to do a small thing (:meth:`ping`): one that died
        a moment ago may not have closed its connection yet."""
        if self.check(member) is not None or member.resource is None:
            return self.check(member)
        try:
            async with asyncio.timeout(timeout_s):
                await self.ping(member)
        except DriverError as exc:
            member.dead = f"stopped answering: {exc.message}"
        except Exception as exc:  # any failure to do the small thing means the member cannot serve scenarios
            member.dead = f"stopped answering ({type(exc).__name__})"
        return self.check(member)

    async def release(self, member: Any, *, dead: str | None = None) -> None:
        """Give a lease back; ``dead`` takes the member out of the pool."""
        async with self._changed:
            member.in_use = max(0, member.in_use - 1)
            if dead is not None and member.dead is None:
                member.dead = dead
            self._changed.notify_all()

    async def open_env(self, open_on: Callable[[Any], Awaitable[PlatformEnv]]) -> PlatformEnv:
        """An environment opened by ``open_on`` on a leased member, labelled with its name.

        A member that fails to open one and then fails :meth:`probe` is taken out and the next
        one is tried; a healthy member's failure is the caller's. Closing the environment gives
        the lease back (once); its ``lost`` check is :meth:`probe`.
        """
        while True:
            member = await self.lease()
            try:
                env = await open_on(member)
            except Exception:
                why = await self.probe(member)
                await self.release(member, dead=why)
                if why is None:
                    raise  # the member is fine: the failure is the scenario's own
                continue
            except BaseException:
                await self.release(member)
                raise
            return self._leased_env(member, env)

    def _leased_env(self, member: Any, env: PlatformEnv) -> PlatformEnv:
        inner = env._closer
        released = False

        async def close() -> None:
            nonlocal released
            try:
                if inner is not None:
                    await inner()
            finally:
                if not released:
                    released = True
                    await self.release(member, dead=self.check(member))

        async def lost() -> str | None:
            return await self.probe(member)

        return PlatformEnv(env.ctx, env.driver, closer=close, label=member.name, lost=lost, shooter=env.shooter)

    def status(self) -> dict[str, Any]:
        return {"members": [{"name": m.name, "capacity": m.capacity, "in_use": m.in_use, "leases": m.leases,
                             "dead": m.dead} for m in self.members], "waits": self.waits}  # fmt: skip

    async def aclose(self) -> None:
        for member in self.members:
            await self._drop(member)
