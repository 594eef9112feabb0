"""The ADB *device* side of the wire: messages, the connection handshake and streams.

Written from the protocol's public description (AOSP ``protocol.txt``, ``SERVICES.TXT``,
``SYNC.TXT``): a message is a 24-byte little-endian header (command, arg0, arg1, payload
length, payload checksum, command ^ 0xffffffff) and a payload. The host opens a stream
with ``OPEN(local_id, 0, "service\\0")``; the device answers ``OKAY(its_id, local_id)``,
then sends ``WRTE`` and waits for an ``OKAY`` after each, and ends with ``CLSE``.

The device answers the host's ``CNXN`` directly (no ``AUTH``), as a device with
authentication off does, so ``adb connect 127.0.0.1:PORT`` lists it as ``device``.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

A_SYNC, A_CNXN, A_OPEN, A_OKAY, A_CLSE, A_WRTE, A_AUTH = (
    0x434E5953, 0x4E584E43, 0x4E45504F, 0x59414B4F, 0x45534C43, 0x45545257, 0x48545541)  # fmt: skip
A_VERSION = 0x01000001  # payload checksums optional from this version on
MAX_PAYLOAD = 256 * 1024
_HEADER = struct.Struct("<6I")


def encode(command: int, arg0: int, arg1: int, payload: bytes = b"") -> bytes:
    """One message: header plus payload."""
    checksum = sum(payload) & 0xFFFFFFFF
    return _HEADER.pack(command, arg0, arg1, len(payload), checksum, command ^ 0xFFFFFFFF) + payload


async def read_message(reader: asyncio.StreamReader) -> tuple[int, int, int, bytes]:
    """The next message from the host; raises ConnectionError on a bad header."""
    header = await reader.readexactly(_HEADER.size)
    command, arg0, arg1, length, _checksum, magic = _HEADER.unpack(header)
    if magic != command ^ 0xFFFFFFFF or length > 16 * 1024 * 1024:
        raise ConnectionError("bad ADB message header")
    payload = await reader.readexactly(length) if length else b""
    return command, arg0, arg1, payload


@dataclass
class Stream:
    """One open stream: the service writes with :meth:`write` and reads host data from ``inbox``."""

    conn: Connection
    local_id: int
    remote_id: int
    inbox: asyncio.Queue[bytes | None] = field(default_factory=asyncio.Queue)
    acked: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False

    async def write(self, data: bytes) -> None:
        """Send data in chunks the host accepts, waiting for its OKAY after each."""
        step = max(1024, self.conn.max_payload)
        for start in range(0, len(data), step):
            if self.closed:
                raise ConnectionError("stream closed by the host")
            self.acked.clear()
            await self.conn.send(A_WRTE, self.local_id, self.remote_id, data[start : start + step])
            await self.acked.wait()

    async def read(self, n: int) -> bytes:
        """Exactly ``n`` bytes the host wrote (sync requests); ConnectionError when it closes first."""
        while len(self.conn.pending(self)) < n:
            chunk = await self.inbox.get()
            if chunk is None:
                raise ConnectionError("stream closed by the host")
            self.conn.pending(self).extend(chunk)
        buf = self.conn.pending(self)
        out = bytes(buf[:n])
        del buf[:n]
        return out


Service = Callable[[Stream, str], Awaitable[None]]


class Connection:
    """One TCP connection from the adb server."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, banner: str, service: Service) -> None:
        self.reader, self.writer = reader, writer
        self.banner = banner
        self.service = service
        self.max_payload = 4096
        self.streams: dict[int, Stream] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self._buffers: dict[int, bytearray] = {}
        self._next_id = 1
        self._lock = asyncio.Lock()

    def pending(self, stream: Stream) -> bytearray:
        return self._buffers.setdefault(stream.local_id, bytearray())

    async def send(self, command: int, arg0: int, arg1: int, payload: bytes = b"") -> None:
        async with self._lock:
            self.writer.write(encode(command, arg0, arg1, payload))
            await self.writer.drain()

    async def serve(self) -> None:
        try:
            while True:
                command, arg0, arg1, payload = await read_message(self.reader)
                await self._dispatch(command, arg0, arg1, payload)
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            for task in list(self.tasks):
                task.cancel()
            with contextlib.suppress(Exception):
                self.writer.close()

    async def _dispatch(self, command: int, arg0: int, arg1: int, payload: bytes) -> None:
        if command == A_CNXN:
            self.max_payload = min(max(arg1, 4096), MAX_PAYLOAD)
            await self.send(A_CNXN, A_VERSION, MAX_PAYLOAD, self.banner.encode() + b"\0")
        elif command == A_OPEN:
            name = payload.rstrip(b"\0").decode("utf-8", "replace")
            local_id, self._next_id = self._next_id, self._next_id + 1
            stream = Stream(self, local_id, arg0)
            self.streams[local_id] = stream
            await self.send(A_OKAY, local_id, arg0)
            task = asyncio.create_task(self._run(stream, name))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        elif command == A_OKAY:
            acked = self.streams.get(arg1)
            if acked is not None:
                acked.acked.set()
        elif command == A_WRTE:
            target = self.streams.get(arg1)
            if target is not None:
                await self.send(A_OKAY, target.local_id, target.remote_id)
                target.inbox.put_nowait(payload)
        elif command == A_CLSE:
            gone = self.streams.pop(arg1, None)
            if gone is not None and not gone.closed:
                gone.closed = True
                gone.acked.set()
                gone.inbox.put_nowait(None)
                await self.send(A_CLSE, gone.local_id, gone.remote_id)
        # AUTH / SYNC / unknown commands from a host are ignored: this device never asks for auth.

    async def _run(self, stream: Stream, name: str) -> None:
        try:
            await self.service(stream, name)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            if not stream.closed:
                stream.closed = True
                self.streams.pop(stream.local_id, None)
                self._buffers.pop(stream.local_id, None)
                with contextlib.suppress(Exception):
                    await self.send(A_CLSE, stream.local_id, stream.remote_id)
