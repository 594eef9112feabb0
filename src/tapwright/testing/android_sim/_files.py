"""The device side of ``sync:`` (file transfer), from AOSP's SYNC.TXT: requests are a 4-byte id,
a little-endian length and a path; answers are STAT, DATA chunks then DONE, OKAY or FAIL."""

from __future__ import annotations

import struct
import time

from tapwright.testing.android_sim._wire import Stream


async def serve_sync(stream: Stream, files: dict[str, bytes]) -> None:
    """The ``sync:`` service: STAT, RECV (pull), SEND (push), LIST, QUIT over one stream."""
    while True:
        header = await stream.read(8)
        ident, length = header[:4], struct.unpack("<I", header[4:])[0]
        if ident == b"QUIT":
            return
        path = (await stream.read(length)).decode("utf-8", "replace")
        if ident == b"STAT":
            data = files.get(path)
            mode = 0o100644 if data is not None else 0
            await stream.write(b"STAT" + struct.pack("<III", mode, len(data or b""), int(time.time()) if data else 0))
        elif ident == b"RECV":
            data = files.get(path)
            if data is None:
                msg = b"No such file or directory"
                await stream.write(b"FAIL" + struct.pack("<I", len(msg)) + msg)
                continue
            for i in range(0, len(data), 64 * 1024):
                chunk = data[i : i + 64 * 1024]
                await stream.write(b"DATA" + struct.pack("<I", len(chunk)) + chunk)
            await stream.write(b"DONE" + struct.pack("<I", 0))
        elif ident == b"SEND":
            target = path.rsplit(",", 1)[0]
            buf = bytearray()
            while True:
                kind = await stream.read(4)
                size = struct.unpack("<I", await stream.read(4))[0]
                if kind == b"DONE":
                    break
                buf += await stream.read(size)
            files[target] = bytes(buf)
            await stream.write(b"OKAY" + struct.pack("<I", 0))
        elif ident in (b"LIST", b"LIS2"):
            await stream.write(b"DONE" + bytes(16))
        else:
            msg = b"unknown sync request"
            await stream.write(b"FAIL" + struct.pack("<I", len(msg)) + msg)
            return
