"""Where the time of one web action goes: ``python bench/profile_web_action.py [small|large] [N]``.

On the ``bench_web`` page, for a click that changes nothing, a click that changes the page and
typing into a field, each by description and by raw Playwright, alternating: the medians of
the whole call, of its parts (the page reads: the one that finds the target, and a fill's own call to the
page; Python between the calls, Playwright's action), the Python CPU time, the in-page JavaScript of the page read, and the
Playwright calls one action sends to the driver (each a round trip through the driver to the
browser). Not a pass/fail bench: it says which part to work on.

The call counter wraps Playwright's transport, a private part of the client: it only counts.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from playwright._impl import frame as _frame
from playwright._impl import input as _input
from playwright._impl import locator as _locator
from playwright._impl import transport as _transport

sys.path.insert(0, str(Path(__file__).parent))
from bench_web import ROWS, page, serve

from tapwright.drivers.web import BrowserOptions, WebBrowser, fastpath
from tapwright.drivers.web.snapshot import _collector_key
from tapwright.session import web

_LONG = "note 7: " + "the quick brown fox jumps over the lazy dog " * 10
_marks: list[tuple[str, float]] = []
_sent: list[str] = []


def _instrument() -> None:
    send = _transport.PipeTransport.send

    def counted(self: Any, message: dict[str, Any]) -> None:
        _sent.append(str(message.get("method")))
        send(self, message)

    _transport.PipeTransport.send = counted  # type: ignore[method-assign]
    for cls, names in ((_frame.Frame, ("evaluate",)), (_locator.Locator, ("click", "fill", "press_sequentially")),
                       (_input.Keyboard, ("type", "insert_text"))):
        for name in names:
            _timed(cls, name)


def _timed(cls: Any, name: str) -> None:
    inner = getattr(cls, name)

    async def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        _marks.append((name, time.perf_counter()))
        try:
            return await inner(self, *args, **kwargs)
        finally:
            _marks.append((f"/{name}", time.perf_counter()))

    setattr(cls, name, wrapper)


def _parts(t0: float, t1: float) -> dict[str, float]:
    """The call's time split at the Playwright calls it made: their own time, and Python's between them."""
    out: dict[str, float] = {"whole": (t1 - t0) * 1000, "python": 0.0}
    last = t0
    for name, at in _marks:
        if name.startswith("/"):
            key = "page read" if name == "/evaluate" else "action"
            out[key] = out.get(key, 0.0) + (at - last) * 1000
        else:
            out["python"] += (at - last) * 1000
        last = at
    out["python"] += (t1 - last) * 1000
    return out


async def _profile(size: str, count: int) -> None:
    httpd, base = serve({size: page(ROWS[size])})
    try:
        async with await WebBrowser.launch(BrowserOptions()) as browser, web(base, browser=browser, action_timeout_ms=60_000) as s:
            assert (await s.call("web.navigate", url=f"/{size}")).ok
            pw = s.page
            pw.set_default_timeout(60_000)  # raw get_by_role on 12,000 controls of a loaded machine
            cases: list[tuple[str, Callable[[], Awaitable[Any]], Callable[[], Awaitable[Any]]]] = [
                ("click, changes nothing", lambda: s.call("web.click", target="Count quietly button"),
                 lambda: pw.get_by_role("button", name="Count quietly", exact=True).click()),
                ("click, changes the page", lambda: s.call("web.click", target="Edit user 7 button"),
                 lambda: pw.get_by_role("button", name="Edit user 7", exact=True).click()),
                ("type into a field", lambda: s.call("web.fill", target="Search users field", text="user 7"),
                 lambda: pw.get_by_role("textbox", name="Search users", exact=True).fill("user 7")),
                ("type a long value", lambda: s.call("web.fill", target="Notes field", text=_LONG),
                 lambda: pw.get_by_role("textbox", name="Notes", exact=True).fill(_LONG)),
                ("type into a rich-text box", lambda: s.call("web.fill", target="Comment field", text="comment 7"),
                 lambda: pw.get_by_role("textbox", name="Comment", exact=True).fill("comment 7")),
                ("type where the page hears the edit", lambda: s.call("web.fill", target="Card number field", text="4111 7"),
                 lambda: pw.get_by_role("textbox", name="Card number", exact=True).fill("4111 7")),
            ]  # fmt: skip
            _instrument()
            for name, ours, raw in cases:
                parts: dict[str, list[float]] = {}
                cpu: dict[str, list[float]] = {"ours": [], "raw": []}
                calls: dict[str, list[int]] = {"ours": [], "raw": []}
                for _ in range(count):
                    for side, fn in (("ours", ours), ("raw", raw)):
                        _marks.clear()
                        _sent.clear()
                        c0, t0 = time.process_time(), time.perf_counter()
                        await fn()
                        t1 = time.perf_counter()
                        cpu[side].append((time.process_time() - c0) * 1000)
                        # A binding's answer ("resolve") is sent without waiting for it: not a round trip.
                        calls[side].append(sum(1 for m in _sent if m != "resolve"))
                        for key, ms in _parts(t0, t1).items():
                            parts.setdefault(f"{side} {key}", []).append(ms)
                med = {k: statistics.median(v) for k, v in parts.items()}
                print(f"[{size}] {name}: tapwright {med['ours whole']:.1f} ms, raw {med['raw whole']:.1f} ms,"
                      f" ratio {med['ours whole'] / med['raw whole']:.2f}")
                print(f"  tapwright: page read {med.get('ours page read', 0):.1f}, python {med['ours python']:.1f},"
                      f" action {med.get('ours action', 0):.1f} ms; Python CPU {statistics.median(cpu['ours']):.1f} ms;"
                      f" Playwright calls {statistics.median(calls['ours']):.0f}")
                print(f"  raw:       action {med.get('raw action', 0):.1f} ms; Python CPU {statistics.median(cpu['raw']):.1f} ms;"
                      f" Playwright calls {statistics.median(calls['raw']):.0f}")
            key = _collector_key()
            for description in ("Count quietly button", "Search users field"):
                args = {"max": 50_000, "q": fastpath.plan(description).script_args(), "plain": False}  # type: ignore[union-attr]
                ms = [await pw.evaluate(f"(a) => {{ const t = performance.now(); window['{key}'](a);"
                                        " return performance.now() - t; }", args) for _ in range(count)]
                print(f"[{size}] in-page JavaScript of the page read for {description!r}: {statistics.median(ms):.2f} ms")
    finally:
        httpd.shutdown()


def main() -> int:
    size = sys.argv[1] if len(sys.argv) > 1 else "small"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 31
    asyncio.run(_profile(size, count))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
