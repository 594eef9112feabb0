"""A pool of Android devices (several ``device:`` serials) that scenarios lease, one app at a time each.

The lease rules are :class:`~tapwright.platforms._lease_pool.LeasePool`'s, shared with browser
endpoint pools: the least used free device, waiting while every one is busy, a device lost
mid-scenario taken out of the pool and named in the report, the scenario retried once on another.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, ClassVar

from tapwright.errors import DriverError, ErrorCode, UserError
from tapwright.platforms._lease_pool import LeasePool, Member

_PING = "tapwright-ping"


def parse_serials(value: Any, *, what: str = "device") -> list[str]:
    """Serials from a setting: one serial, several separated by commas or spaces, or a list of them.

    Raises:
        UserError: a serial listed twice, or a value that is not text.
    """
    if value is None or value == "":
        return []
    items = value if isinstance(value, list | tuple) else [value]
    out: list[str] = []
    for item in items:
        if not isinstance(item, str | int):
            raise UserError(f"{what}: give a serial or a list of serials, got {type(item).__name__}")
        for serial in str(item).replace(",", " ").split():
            if serial in out:
                raise UserError(f"{what}: {serial} is listed twice")
            out.append(serial)
    return out


def read_serials(file: str) -> list[str]:
    """Serials from a file, one a line, ``#`` comments.

    Raises:
        UserError: the file cannot be read, or lists a serial twice.
    """
    try:
        lines = Path(file).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise UserError(f"--devices {file}: {exc.strerror}") from None
    return parse_serials([line.split("#", 1)[0] for line in lines], what=f"--devices {file}")


class DevicePool(LeasePool):
    """Leases devices of one adb server; a device is attached (checked online) on its first lease.

    Args:
        members: The devices (capacity 1 each), possibly shared with other pools of the same runtime.
        port: The adb server's port (None: ``ANDROID_ADB_SERVER_PORT`` or 5037).
        changed: The condition shared by pools holding the same members.
        timeout_s: How long a lease waits for a free device (None: as long as it takes).
    """

    kind: ClassVar[str] = "device"
    exhausted_code: ClassVar[ErrorCode] = ErrorCode.DEVICE_LOST
    revive: ClassVar[bool] = True  # a device lost and plugged back in (or its adb server restarted) serves again

    def __init__(self, members: list[Member], *, port: int | None, changed: asyncio.Condition | None = None,
                 timeout_s: float | None = None) -> None:  # fmt: skip
        self.port = port
        super().__init__(members, launch=self._attach, changed=changed, timeout_s=timeout_s)

    async def _attach(self, member: Member) -> Any:
        from tapwright.drivers.android import _adb

        client = _adb.client(port=self.port)
        await asyncio.to_thread(_adb.ensure_server, client)
        await asyncio.to_thread(_adb.choose_serial, client, member.name)  # DEVICE_LOST when offline / not attached
        return client

    async def ping(self, member: Any) -> None:
        from tapwright.drivers.android import _adb

        out = await _adb.call(f"checking {member.name}", _adb.run_service, member.resource, member.name,
                              f"shell:echo {_PING}", 5)  # fmt: skip
        if _PING.encode() not in out:
            raise DriverError(ErrorCode.DEVICE_LOST, f"{member.name} did not echo back ({out[:80]!r})")

    async def coming_back(self, member: Any) -> bool:
        """adb still lists the device, offline: it is reconnecting (a phone plugged back in, a network
        device answering again) and needs longer than a few seconds under load."""
        from tapwright.drivers.android import _adb

        try:
            rows = await _adb.call("listing devices", lambda: [(d.serial, d.state) for d in _adb.client(port=self.port).list()])
        except DriverError:
            return False
        return (member.name, "offline") in rows

    def status(self) -> dict[str, Any]:
        return {"devices": [{"serial": m.name, "in_use": m.in_use, "leases": m.leases, "dead": m.dead}
                            for m in self.members], "device_waits": self.waits}  # fmt: skip
