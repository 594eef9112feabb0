"""The AT-SPI reader's own D-Bus wire code against jeepney's: the same bytes out, the same values in."""

from __future__ import annotations

import importlib.util
import struct
import sys
from pathlib import Path

import pytest

jeepney = pytest.importorskip("jeepney")
from jeepney import DBusAddress, new_method_call, new_method_return  # noqa: E402
from jeepney.low_level import Message  # noqa: E402

# The reader process imports it by name from its own directory; loaded the same way here, without
# putting that directory on sys.path.
_spec = importlib.util.spec_from_file_location("_atspi_wire", Path(__file__).resolve().parents[2] / "src/tapwright/drivers/desktop/_atspi_wire.py")
assert _spec is not None and _spec.loader is not None
wire = importlib.util.module_from_spec(_spec)
sys.modules["_atspi_wire"] = wire
_spec.loader.exec_module(wire)


@pytest.mark.parametrize(("sig", "body"), [("", ()), ("u", (0,)), ("s", ("Name",)), ("ss", ("org.a11y.atspi.Value", "CurrentValue")), ("ii", (0, -1))])
def test_a_call_is_written_as_jeepney_writes_it(sig: str, body: tuple[object, ...]) -> None:
    target = DBusAddress("/org/a11y/atspi/accessible/1234", bus_name=":1.42", interface="org.a11y.atspi.Component")
    msg = new_method_call(target, "GetExtents", sig or None, body)
    assert wire._call_bytes(msg, 77) == msg.serialise(77)


def _reply(sig: str, body: tuple[object, ...], serial: int = 9) -> bytes:
    call = new_method_call(DBusAddress("/x", bus_name=":1.1", interface="a.b"), "M")
    call.header.serial = serial
    raw: bytes = new_method_return(call, sig, body).serialise(500)
    return raw


def test_extents_and_the_cache_are_read_as_jeepney_reads_them() -> None:
    raw = _reply("(iiii)", ((10, -20, 300, 40),))
    serial, kind, sig, pos = wire._header(raw)
    assert (serial, kind, sig) == (9, 2, "(iiii)")
    assert struct.unpack_from("<4i", raw, pos) == (10, -20, 300, 40)
    items = [
        ((":1.5", "/org/a11y/atspi/accessible/root"), (":1.5", "/org/a11y/atspi/accessible/root"), ("", "/org/a11y/atspi/null"),
         -1, 2, ["org.a11y.atspi.Accessible", "org.a11y.atspi.Application"], "Bench GTK", 75, "", [0x40000, 0]),
        ((":1.5", "/org/a11y/atspi/accessible/7"), (":1.5", "/org/a11y/atspi/accessible/root"), (":1.5", "/org/a11y/atspi/accessible/root"),
         0, 0, [], "Sign in ✓", 43, "presses the button", [1, 2, 3]),
    ]  # fmt: skip
    raw = _reply(wire.ITEMS, (items,), serial=11)
    serial, kind, sig, pos = wire._header(raw)
    assert (serial, sig) == (11, wire.ITEMS)
    assert wire._items(raw, pos) == [tuple(i) for i in Message.from_buffer(raw).body[0]]
    assert wire._items(raw, pos)[1][6] == "Sign in ✓"


def test_variants_come_back_without_their_signatures() -> None:
    assert wire._plain("Get", (("s", "Username"),)) == ("Username",)
    assert wire._plain("GetAll", ({"Name": ("s", "OK"), "ChildCount": ("i", 0)},)) == ({"Name": "OK", "ChildCount": 0},)
    assert wire._plain("GetRoleName", ("push button",)) == ("push button",)
