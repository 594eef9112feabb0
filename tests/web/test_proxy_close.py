"""The policy proxy leaves no socket behind when it closes while connections are arriving."""

from __future__ import annotations

import asyncio
import gc
import socket
import sys
import warnings
from typing import Any

from tapwright.drivers.web._proxy import PolicyProxy

ROUNDS = 40


def _allow(*_: Any) -> None:
    return None


async def test_closing_while_connections_arrive_leaks_nothing() -> None:
    """A browser opens connections as its context closes; each one accepted must be closed with the proxy.

    On Python 3.11 a connection still being set up when the server closes used to keep its socket open
    (a failed assertion in Server._attach); GC later reported it as an unclosed transport.
    """
    gc.collect()  # what other tests left for the collector is not this test's business
    leaked: list[str] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda u: leaked.append(f"{u.exc_type.__name__}: {u.exc_value}")
    clients: list[socket.socket] = []
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ResourceWarning)
            await _rounds(clients)
    finally:
        sys.unraisablehook = previous
    leaked += [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)]
    assert not [x for x in leaked if "unclosed <socket" in x or "unclosed transport" in x], leaked


async def _rounds(clients: list[socket.socket]) -> None:
    try:
        for _ in range(ROUNDS):
            proxy = PolicyProxy(_allow, _allow, lambda url, reason: None)
            await proxy.start()
            for _ in range(4):  # connections in flight while the proxy closes
                s = socket.socket()
                s.setblocking(False)
                try:
                    s.connect(("127.0.0.1", proxy.port))
                except BlockingIOError:
                    pass
                clients.append(s)
            await proxy.aclose()
            del proxy
        await asyncio.sleep(0.2)
        for s in clients:
            s.close()
        gc.collect()
    finally:
        for s in clients:
            s.close()
