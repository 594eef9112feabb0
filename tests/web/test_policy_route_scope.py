"""The URL policy is enforced without turning the browser's cache off (real Chromium, issue 28): the policy proxy
checks every connection, and a Playwright route (which turns the HTTP cache off, and makes each request it sees wait
for a round trip to tapwright) is added only for a policy the proxy cannot answer for alone, and then leaves out
the session's own origin when the policy lets that whole origin through. A request to another origin is still
refused when the policy says so."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator

import pytest

from tapwright.drivers.web import WebBrowser
from tapwright.drivers.web._rules import UrlPolicy

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]

_PIXEL = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ff"
                       "ff3f0005fe02fea7d6a4b00000000049454e44ae426082")


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, list[str]]]:
    """A page with five pictures of its own origin and one of another (the same server spelled ``localhost``);
    the paths the server was asked for."""
    asked: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            asked.append(self.path)
            port = self.server.server_address[1]
            cache = "no-store"
            if self.path.startswith("/res/"):
                body, kind, cache = _PIXEL, "image/png", "max-age=3600"
            else:
                pictures = "".join(f"<img src='/res/{n}.png' alt='own {n}'>" for n in range(5))
                body = (f"<h1>Pictures</h1>{pictures}<img src='http://localhost:{port}/res/other.png' alt='other'>"
                        ).encode()
                kind = "text/html"
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", cache)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", asked
    finally:
        httpd.shutdown()
        httpd.server_close()


class _Counting(UrlPolicy):
    """The default policy, noting every URL the guard asks it about."""

    def __init__(self, seen: list[str], **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        object.__setattr__(self, "seen", seen)

    def check(self, url: str) -> str | None:
        self.seen.append(url)  # type: ignore[attr-defined]
        return super().check(url)


def _loaded_js() -> str:
    return "() => Array.from(document.images).map((i) => [i.alt, i.complete && i.naturalWidth > 0])"


async def test_no_request_is_routed_and_the_cache_stays_on(browser: WebBrowser, site: tuple[str, list[str]]) -> None:
    base, asked = site
    seen: list[str] = []
    s = await browser.new_session(base_url=base)
    try:
        s.guard.policy = _Counting(seen)  # a route would ask the guard's policy at each request
        for _ in range(2):
            asked.clear()
            await s.page.goto(base + "/")
            await s.page.wait_for_load_state("load")
            assert await s.page.evaluate(_loaded_js()) == [[f"own {n}", True] for n in range(5)] + [["other", True]]
        assert asked == ["/"]  # the second load took the pictures from the cache
        assert not [u for u in seen if "/res/" in u]
    finally:
        await s.aclose()


async def test_a_policy_that_tells_schemes_apart_routes_all_but_its_own_origin(browser: WebBrowser,
                                                                                site: tuple[str, list[str]]) -> None:  # fmt: skip
    base, asked = site
    seen: list[str] = []
    s = await browser.new_session(base_url=base, policy=UrlPolicy(allowed_schemes={"http"}))
    try:
        s.guard.policy = _Counting(seen, allowed_schemes={"http"})
        asked.clear()
        await s.page.goto(base + "/")
        await s.page.wait_for_load_state("load")
        assert await s.page.evaluate(_loaded_js()) == [[f"own {n}", True] for n in range(5)] + [["other", True]]
        assert [u for u in seen if "/res/" in u] == [base.replace("127.0.0.1", "localhost") + "/res/other.png"]
    finally:
        await s.aclose()


async def test_another_origin_the_policy_refuses_is_still_refused(browser: WebBrowser,
                                                                  site: tuple[str, list[str]]) -> None:  # fmt: skip
    base, asked = site
    s = await browser.new_session(base_url=base, policy=UrlPolicy(blocked_origins=["localhost"]))
    try:
        asked.clear()
        await s.page.goto(base + "/")
        await s.page.wait_for_load_state("load")
        shown = dict(await s.page.evaluate(_loaded_js()))
        assert shown == {**{f"own {n}": True for n in range(5)}, "other": False}
        assert "/res/other.png" not in asked
        assert s.guard.last_reason() is not None and "localhost" in s.guard.last_reason()
    finally:
        await s.aclose()

