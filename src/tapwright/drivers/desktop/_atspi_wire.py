"""D-Bus calls on the accessibility bus, sent together and answered together, over jeepney's wire
format (pure Python): unpacking a reply this way costs a fraction of GLib's variant unpacking through
PyGObject, which was most of a snapshot's time.

Loaded by the AT-SPI reader process (``_atspi_worker``, standalone: it imports this file by name from
its own directory); the reader falls back to GLib's D-Bus when jeepney is not importable.
"""

from __future__ import annotations

import select
import struct
import time
from typing import Any

from jeepney import DBusAddress, HeaderFields, new_method_call
from jeepney.io.blocking import DBusConnection, open_dbus_connection
from jeepney.low_level import Message

_ERROR = 3  # message type of an error reply


class WireError(OSError):
    """An error reply (or no reply in time) to one call."""


class WireBatch:
    """Calls added with :meth:`add` are written in one go by :meth:`run`, which then reads every reply.

    Replies come back as GLib's unpacking gives them (a tuple of the reply's values), so the reader's
    code does not care which batch it has; a variant's value is given without its signature.
    """

    def __init__(self, address: str, timeout: float = 5.0) -> None:
        self.conn: DBusConnection = open_dbus_connection(address)
        self.timeout = timeout
        self._calls: list[tuple[Any, str, Any]] = []
        # From here on the socket is read here; take what jeepney's parser already holds.
        pending = self.conn.parser.buf
        self._buf = bytearray(pending.read(pending.bytes_buffered) if pending.bytes_buffered else b"")

    def add(self, key: Any, dest: str | None, path: str, iface: str, method: str, sig: str = "", body: tuple[Any, ...] = ()) -> None:
        target = DBusAddress(path, bus_name=dest, interface=iface)
        self._calls.append((key, method, new_method_call(target, method, sig or None, body)))

    def run(self) -> dict[Any, Any]:
        """{key: reply tuple or WireError} for every call added since the last run."""
        calls, self._calls = self._calls, []
        if not calls:
            return {}
        waiting: dict[int, tuple[Any, str]] = {}
        chunks = []
        for key, method, msg in calls:
            serial = next(self.conn.outgoing_serial)
            waiting[serial] = (key, method)
            chunks.append(_call_bytes(msg, serial))
        sock = self.conn.sock
        sock.sendall(b"".join(chunks))
        out: dict[Any, Any] = {}
        deadline = time.monotonic() + self.timeout
        while waiting:
            for raw in self._messages(deadline):
                serial, kind, sig, pos = _header(raw)
                if serial not in waiting:
                    continue  # a signal, or an answer to a call given up on
                key, method = waiting.pop(serial)
                if kind == _ERROR:
                    msg = Message.from_buffer(raw)
                    name = msg.header.fields.get(HeaderFields.error_name, "error")
                    out[key] = WireError(f"{name}: {msg.body[0] if msg.body else ''}")
                elif sig == "(iiii)":
                    out[key] = (struct.unpack_from("<4i", raw, pos),)  # the extents: most replies, read directly
                elif sig == ITEMS:
                    out[key] = (_items(raw, pos),)  # the cache: the largest reply, read directly
                else:
                    out[key] = _plain(method, Message.from_buffer(raw).body)
            if waiting and time.monotonic() >= deadline:
                for key, _method in waiting.values():
                    out[key] = WireError("no answer in time")
                break
        return out

    def _messages(self, deadline: float) -> list[bytes]:
        """The whole messages received so far (waiting for more until ``deadline`` when there are none)."""
        while True:
            buf = self._buf
            done = []
            at = 0
            while len(buf) - at >= 16:
                body_len, fields_len = struct.unpack_from("<I", buf, at + 4)[0], struct.unpack_from("<I", buf, at + 12)[0]
                size = 16 + fields_len + (-(16 + fields_len) % 8) + body_len
                if len(buf) - at < size:
                    break
                done.append(bytes(buf[at : at + size]))
                at += size
            del buf[:at]
            if done:
                return done
            left = deadline - time.monotonic()
            if left <= 0:
                return []
            ready, _w, _x = select.select([self.conn.sock], [], [], left)
            if ready:
                data = self.conn.sock.recv(1 << 20)
                if not data:
                    raise WireError("the accessibility bus closed the connection")
                buf += data

    def close(self) -> None:
        self.conn.close()


def _plain(method: str, body: tuple[Any, ...]) -> tuple[Any, ...]:
    """Variants without their signatures, as GLib unpacks them (the Properties calls carry them)."""
    if method == "Get" and body:
        return (body[0][1],)
    if method == "GetAll" and body:
        return ({k: v[1] for k, v in body[0].items()},)
    return body


def _align(n: int, to: int) -> int:
    return n + (-n % to)


def _header(raw: bytes) -> tuple[int, int, str, int]:
    """(reply serial, message type, body signature, where the body starts) of a little-endian message."""
    if raw[:1] != b"l":
        msg = Message.from_buffer(raw)  # a big-endian peer: rare, read the slow way
        return int(msg.header.fields.get(HeaderFields.reply_serial, 0)), int(msg.header.message_type.value), "", len(raw)
    kind = raw[1]
    fields_end = 16 + struct.unpack_from("<I", raw, 12)[0]
    at, serial, sig = 16, 0, ""
    while at < fields_end:
        at = _align(at, 8)
        code, sig_len = raw[at], raw[at + 1]
        vsig = raw[at + 2 : at + 2 + sig_len]
        at += 3 + sig_len
        if vsig in (b"s", b"o"):
            at = _align(at, 4)
            n = struct.unpack_from("<I", raw, at)[0]
            at += 5 + n
        elif vsig == b"g":
            n = raw[at]
            if code == 8:
                sig = raw[at + 1 : at + 1 + n].decode()
            at += 2 + n
        elif vsig == b"u":
            at = _align(at, 4)
            if code == 5:
                serial = struct.unpack_from("<I", raw, at)[0]
            at += 4
        else:  # a header field of a type the spec does not use: read the slow way
            msg = Message.from_buffer(raw)
            return int(msg.header.fields.get(HeaderFields.reply_serial, 0)), kind, "", len(raw)
    body = _align(fields_end, 8)
    return serial, kind, sig, body


ITEMS = "a((so)(so)(so)iiassusau)"  # Cache.GetItems: path, app, parent, index, children, interfaces, name, role, description, states
_U32 = struct.Struct("<I").unpack_from


def _text(raw: bytes, at: int) -> tuple[str, int]:
    at = _align(at, 4)
    n = _U32(raw, at)[0]
    return raw[at + 4 : at + 4 + n].decode("utf-8", "replace"), at + 5 + n


def _items(raw: bytes, pos: int) -> list[tuple[Any, ...]]:
    """Cache.GetItems' array, read straight from the message (little-endian)."""
    at = _align(pos, 4)
    end = _align(at + 4, 8) + _U32(raw, at)[0]
    at = _align(at + 4, 8)
    out: list[tuple[Any, ...]] = []
    while at < end:
        refs = []
        for _ref in range(3):
            bus, at = _text(raw, _align(at, 8))
            path, at = _text(raw, at)
            refs.append((bus, path))
        at = _align(at, 4)
        index, count = struct.unpack_from("<ii", raw, at)
        size = _U32(raw, at + 8)[0]
        at += 12
        stop, ifaces = at + size, []
        while at < stop:
            iface, at = _text(raw, at)
            ifaces.append(iface)
        name, at = _text(raw, at)
        at = _align(at, 4)
        role = _U32(raw, at)[0]
        desc, at = _text(raw, at + 4)
        at = _align(at, 4)
        size = _U32(raw, at)[0]
        states = list(struct.unpack_from(f"<{size // 4}I", raw, at + 4))
        at += 4 + size
        out.append((refs[0], refs[1], refs[2], index, count, ifaces, name, role, desc, states))
    return out


def _call_bytes(msg: Message, serial: int) -> bytes:
    """A method call on the wire (what ``msg.serialise(serial)`` gives, written directly for the few
    argument kinds the reader sends: strings, 32-bit integers)."""
    fields = msg.header.fields
    sig = fields.get(HeaderFields.signature, "")
    body = bytearray()
    for kind, value in zip(sig, msg.body, strict=True):
        if kind in "ui":
            body += b"\0" * (-len(body) % 4) + struct.pack("<I" if kind == "u" else "<i", value)
        elif kind == "s":
            data = value.encode()
            body += b"\0" * (-len(body) % 4) + struct.pack("<I", len(data)) + data + b"\0"
        else:
            return bytes(msg.serialise(serial))
    head = bytearray()
    for code, vsig in ((1, "o"), (2, "s"), (3, "s"), (6, "s"), (8, "g")):
        value = fields.get(HeaderFields(code))
        if value is None:
            continue
        head += b"\0" * (-len(head) % 8) + bytes((code, 1, ord(vsig), 0))
        data = value.encode()
        if vsig == "g":
            head += bytes((len(data),)) + data + b"\0"
        else:
            head += struct.pack("<I", len(data)) + data + b"\0"
    start = struct.pack("<cBBBIII", b"l", 1, 0, 1, len(body), serial, len(head))
    return start + head + b"\0" * (-(16 + len(head)) % 8) + body
