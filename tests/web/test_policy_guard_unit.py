"""PolicyGuard's decisions without a browser: which request it aborts, what it records, which pages it closes.

The end-to-end proof (a real Chromium, real redirects, popups and frames) is tests/web/test_policy.py;
these tests pin the pure decision logic with small stand-ins for Playwright's Route, Request, Frame,
Page and BrowserContext that record what the guard asked of them, so a mutation run (which leaves
the browser tests out) sees every branch.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from playwright.async_api import Error as PlaywrightError

from tapwright.drivers.web import UrlPolicy
from tapwright.drivers.web.policy import PolicyGuard

OK = "http://127.0.0.1:8000/page.html"
BAD = "file:///etc/passwd"


class FakePage:
    def __init__(self, url: str = "about:blank", *, opener: Any = None, close_error: bool = False) -> None:
        self.url = url
        self._opener = opener
        self.closed = 0
        self.close_error = close_error
        self.handlers: dict[str, list[Any]] = {}

    def on(self, event: str, handler: Any) -> None:
        self.handlers.setdefault(event, []).append(handler)

    async def opener(self) -> Any:
        return self._opener

    async def close(self) -> None:
        self.closed += 1
        if self.close_error:
            raise PlaywrightError("Target page, context or browser has been closed")

    def __hash__(self) -> int:
        return id(self)


class FakeFrame:
    def __init__(self, page: FakePage, url: str, parent: FakeFrame | None = None, *, fail: bool = False) -> None:
        self.page = page
        self.url = url
        self.parent_frame = parent
        self.gotos: list[str] = []
        self.scripts: list[str] = []
        self.fail = fail

    async def goto(self, url: str) -> None:
        self.gotos.append(url)
        if self.fail:
            raise PlaywrightError("frame was detached")

    async def evaluate(self, script: str) -> None:
        self.scripts.append(script)
        if self.fail:
            raise PlaywrightError("frame was detached")


class FakeRequest:
    def __init__(self, url: str, frame: FakeFrame | None, *, navigation: bool = True) -> None:
        self.url = url
        self._frame = frame
        self.navigation = navigation

    @property
    def frame(self) -> FakeFrame:
        if self._frame is None:
            raise PlaywrightError("Service Worker requests do not have an associated frame.")
        return self._frame

    def is_navigation_request(self) -> bool:
        return self.navigation


class FakeRoute:
    def __init__(self, *, error: bool = False) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.error = error

    async def abort(self, *args: Any) -> None:
        self.calls.append(("abort", args))
        if self.error:
            raise PlaywrightError("Route is already handled!")

    async def fallback(self, *args: Any) -> None:
        self.calls.append(("fallback", args))
        if self.error:
            raise PlaywrightError("Route is already handled!")


class FakeContext:
    def __init__(self, pages: list[FakePage]) -> None:
        self.pages = pages
        self.routes: list[tuple[str, Any]] = []
        self.handlers: dict[str, list[Any]] = {}

    async def route(self, pattern: str, handler: Any) -> None:
        self.routes.append((pattern, handler))

    def on(self, event: str, handler: Any) -> None:
        self.handlers.setdefault(event, []).append(handler)


async def _settle(guard: PolicyGuard) -> None:
    """Let the guard's spawned tasks (closing a popup, blanking a frame) finish; none may fail."""
    while guard._tasks:
        results = await asyncio.gather(*list(guard._tasks), return_exceptions=True)
        assert not [r for r in results if isinstance(r, BaseException)], results


def _guard(**policy: Any) -> PolicyGuard:
    return PolicyGuard(UrlPolicy(**policy))


# -- routing ----------------------------------------------------------------------------------------


async def test_an_allowed_request_falls_through_untouched() -> None:
    guard = _guard()
    route = FakeRoute()
    await guard._route(route, FakeRequest(OK, FakeFrame(FakePage(OK), OK)))  # type: ignore[arg-type]
    assert route.calls == [("fallback", ())]
    assert guard.blocked == [] and guard.block_count == 0


async def test_a_refused_request_is_aborted_as_blocked_by_client_and_recorded() -> None:
    guard = _guard()
    route = FakeRoute()
    page = FakePage(OK)
    await guard._route(route, FakeRequest(BAD, FakeFrame(page, OK), navigation=False))  # type: ignore[arg-type]
    assert route.calls == [("abort", ("blockedbyclient",))]
    assert guard.block_count == 1
    assert guard.blocked == [(BAD, UrlPolicy().check(BAD))]
    await _settle(guard)
    assert page.closed == 0  # a sub-resource: nothing to close


async def test_a_route_that_went_away_is_not_an_error() -> None:
    guard = _guard()
    await guard._route(FakeRoute(error=True), FakeRequest(BAD, FakeFrame(FakePage(OK), OK)))  # type: ignore[arg-type]
    await guard._route(FakeRoute(error=True), FakeRequest(OK, FakeFrame(FakePage(OK), OK)))  # type: ignore[arg-type]
    assert guard.block_count == 1  # the refusal was still recorded


async def test_a_request_without_a_frame_is_recorded_and_aborted() -> None:
    guard = _guard()
    route = FakeRoute()
    await guard._route(route, FakeRequest(BAD, None))  # type: ignore[arg-type]
    assert route.calls == [("abort", ("blockedbyclient",))] and guard.block_count == 1


# -- popups opened on a refused URL -------------------------------------------------------------------


async def test_a_popup_whose_first_navigation_is_refused_is_closed() -> None:
    guard = _guard()
    popup = FakePage("about:blank", opener=FakePage(OK))
    await guard._route(FakeRoute(), FakeRequest(BAD, FakeFrame(popup, "about:blank")))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 1


class HangingPage(FakePage):
    """A popup whose close by Playwright never answers (a popup closed while it is still being set up), which a
    script's ``window.close()`` closes."""

    def __init__(self, url: str, *, opener: Any, closes_itself: bool = True) -> None:
        super().__init__(url, opener=opener)
        self.shut = asyncio.Event()
        self.asked: list[str] = []
        self.closes_itself = closes_itself

    async def close(self) -> None:
        self.closed += 1
        await self.shut.wait()

    def is_closed(self) -> bool:
        return self.shut.is_set()

    async def evaluate(self, script: str) -> None:
        self.asked.append(script)
        if self.closes_itself and "window.close()" in script:
            self.shut.set()


@pytest.mark.parametrize("closes_itself", [True, False])
async def test_a_popup_whose_close_never_answers_is_asked_to_close_itself(closes_itself: bool) -> None:
    guard = _guard()
    popup = HangingPage("about:blank", opener=FakePage(OK), closes_itself=closes_itself)
    await guard._route(FakeRoute(), FakeRequest(BAD, FakeFrame(popup, "about:blank")))  # type: ignore[arg-type]
    await _settle(guard)  # bounded: the guard's follow-ups end whether or not the page ever closes
    assert popup.closed == 1 and len(popup.asked) == 1 and "window.close()" in popup.asked[0]
    assert popup.is_closed() is closes_itself
    assert not guard._tasks
    popup.shut.set()  # the close left waiting ends with the test
    await asyncio.sleep(0)


@pytest.mark.parametrize("blank", ["", "about:blank"])
async def test_both_spellings_of_an_empty_page_count_as_a_fresh_popup(blank: str) -> None:
    guard = _guard()
    popup = FakePage(blank, opener=FakePage(OK))
    await guard._route(FakeRoute(), FakeRequest(BAD, FakeFrame(popup, blank)))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 1


async def test_the_main_page_without_an_opener_is_never_closed() -> None:
    guard = _guard()
    page = FakePage("about:blank", opener=None)
    await guard._route(FakeRoute(), FakeRequest(BAD, FakeFrame(page, "about:blank")))  # type: ignore[arg-type]
    await _settle(guard)
    assert page.closed == 0


@pytest.mark.parametrize(
    ("why", "page_url", "child", "navigation"),
    [
        ("the page already shows a document", OK, False, True),
        ("the request came from a child frame", "about:blank", True, True),
        ("it is not a navigation", "about:blank", False, False),
    ],
)
async def test_a_refused_request_closes_nothing_when(why: str, page_url: str, child: bool, navigation: bool) -> None:
    guard = _guard()
    page = FakePage(page_url, opener=FakePage(OK))
    top = FakeFrame(page, page_url)
    frame = FakeFrame(page, "about:blank", parent=top) if child else top
    await guard._route(FakeRoute(), FakeRequest(BAD, frame, navigation=navigation))  # type: ignore[arg-type]
    await _settle(guard)
    assert page.closed == 0, why
    assert guard.block_count == 1


async def test_closing_a_popup_that_is_already_gone_is_quiet() -> None:
    guard = _guard()
    popup = FakePage("about:blank", opener=FakePage(OK), close_error=True)
    await guard._route(FakeRoute(), FakeRequest(BAD, FakeFrame(popup, "about:blank")))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 1


# -- navigations that never reach the network (frames) -------------------------------------------------


async def test_a_top_frame_on_a_refused_url_goes_back_to_about_blank() -> None:
    guard = _guard()
    page = FakePage(OK)
    frame = FakeFrame(page, "data:text/html,<b>x</b>")
    guard._on_frame(frame)  # type: ignore[arg-type]
    await _settle(guard)
    assert frame.gotos == ["about:blank"] and frame.scripts == []
    assert guard.blocked == [("data:text/html,<b>x</b>", UrlPolicy().check("data:text/html,<b>x</b>"))]


async def test_a_child_frame_on_a_refused_url_is_replaced_from_inside() -> None:
    guard = _guard()
    page = FakePage(OK)
    child = FakeFrame(page, "javascript:alert(1)", parent=FakeFrame(page, OK))
    guard._on_frame(child)  # type: ignore[arg-type]
    await _settle(guard)
    assert child.gotos == [] and child.scripts == ["() => { location.replace('about:blank'); }"]
    assert guard.block_count == 1


async def test_a_frame_that_went_away_while_being_blanked_is_quiet() -> None:
    guard = _guard()
    page = FakePage(OK)
    top = FakeFrame(page, BAD, fail=True)
    child = FakeFrame(page, BAD, parent=FakeFrame(page, OK), fail=True)
    guard._on_frame(top)  # type: ignore[arg-type]
    guard._on_frame(child)  # type: ignore[arg-type]
    await _settle(guard)
    assert top.gotos == ["about:blank"] and len(child.scripts) == 1 and guard.block_count == 2


async def test_an_allowed_frame_is_left_alone() -> None:
    guard = _guard()
    frame = FakeFrame(FakePage(OK), OK)
    guard._on_frame(frame)  # type: ignore[arg-type]
    await _settle(guard)
    assert frame.gotos == [] and frame.scripts == [] and guard.blocked == []


async def test_an_error_page_of_a_popup_whose_only_load_was_refused_closes_it() -> None:
    guard = _guard()
    popup = FakePage("about:blank", opener=FakePage(OK))
    guard._on_page(popup)  # type: ignore[arg-type]  # mark: 0 blocks when it opened
    guard._record(BAD, "refused")  # its request was refused before its frame was known
    guard._on_frame(FakeFrame(popup, "chrome-error://chromewebdata/"))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 1
    assert guard.block_count == 1  # the error page itself is not a new block


async def test_an_error_page_with_no_block_since_the_popup_opened_is_left() -> None:
    guard = _guard()
    guard._record(BAD, "refused")  # an older block, before the popup
    popup = FakePage("about:blank", opener=FakePage(OK))
    guard._on_page(popup)  # type: ignore[arg-type]
    guard._on_frame(FakeFrame(popup, "chrome-error://chromewebdata/"))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 0  # a plain network error on a popup is shown, not hidden


async def test_an_error_page_on_a_page_that_showed_a_document_is_left() -> None:
    guard = _guard()
    popup = FakePage("about:blank", opener=FakePage(OK))
    guard._on_page(popup)  # type: ignore[arg-type]
    guard._on_frame(FakeFrame(popup, OK))  # type: ignore[arg-type]  # it loaded a document
    guard._record(BAD, "refused")
    guard._on_frame(FakeFrame(popup, "chrome-error://chromewebdata/"))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 0


async def test_an_error_page_in_a_child_frame_closes_nothing() -> None:
    guard = _guard()
    popup = FakePage("about:blank", opener=FakePage(OK))
    guard._on_page(popup)  # type: ignore[arg-type]
    guard._record(BAD, "refused")
    guard._on_frame(FakeFrame(popup, "chrome-error://chromewebdata/", parent=FakeFrame(popup, OK)))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 0


@pytest.mark.parametrize("blank", ["", "about:blank"])
async def test_an_empty_top_frame_is_not_a_loaded_document(blank: str) -> None:
    guard = _guard()
    popup = FakePage("about:blank", opener=FakePage(OK))
    guard._on_page(popup)  # type: ignore[arg-type]
    guard._on_frame(FakeFrame(popup, blank))  # type: ignore[arg-type]
    guard._record(BAD, "refused")
    guard._on_frame(FakeFrame(popup, "chrome-error://chromewebdata/"))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 1


async def test_a_child_frame_document_does_not_mark_the_page_loaded() -> None:
    guard = _guard()
    popup = FakePage("about:blank", opener=FakePage(OK))
    guard._on_page(popup)  # type: ignore[arg-type]
    guard._on_frame(FakeFrame(popup, OK, parent=FakeFrame(popup, "about:blank")))  # type: ignore[arg-type]
    guard._record(BAD, "refused")
    guard._on_frame(FakeFrame(popup, "chrome-error://chromewebdata/"))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 1


# -- pages and installation ---------------------------------------------------------------------------


async def test_a_new_page_is_watched_and_one_opened_on_a_refused_url_is_closed() -> None:
    guard = _guard()
    fine, refused, empty = FakePage(OK), FakePage(BAD, close_error=True), FakePage("")
    for page in (fine, refused, empty):
        guard._on_page(page)  # type: ignore[arg-type]
    await _settle(guard)
    assert [p.closed for p in (fine, refused, empty)] == [0, 1, 0]
    assert all(p.handlers == {"framenavigated": [guard._on_frame]} for p in (fine, refused, empty))
    assert guard.blocked == [(BAD, UrlPolicy().check(BAD))]


async def test_install_watches_existing_and_new_pages_and_routes_only_what_the_proxy_cannot_tell() -> None:
    guard = _guard()
    existing = [FakePage(OK), FakePage(BAD)]
    context = FakeContext(existing)
    await guard.install(context, "http://127.0.0.1:8000/")  # type: ignore[arg-type]
    await _settle(guard)
    assert context.routes == []  # the proxy answers for every URL of this policy: the browser's cache stays on
    one_scheme = _guard(allowed_schemes={"https"})
    other = FakeContext([])
    await one_scheme.install(other)  # type: ignore[arg-type]
    assert other.routes == [("**/*", one_scheme._route)]  # a tunnel does not say whether it carries https
    assert context.handlers == {"page": [guard._on_page]}
    assert all(p.handlers == {"framenavigated": [guard._on_frame]} for p in existing)
    assert [p.closed for p in existing] == [0, 1]


async def test_aclose_cancels_what_is_still_running() -> None:
    guard = _guard()
    never = asyncio.Event()
    guard._spawn(never.wait())  # type: ignore[arg-type]
    task = next(iter(guard._tasks))
    await guard.aclose()
    assert task.cancelled()


async def test_aclose_stops_the_proxy() -> None:
    guard = _guard()
    settings = await guard.start_proxy()
    url = settings["server"]
    assert url.startswith("http://127.0.0.1:") and guard.proxy is not None
    assert "username" not in settings  # on loopback the proxy asks for no credentials
    await guard.aclose()
    host, port = url.removeprefix("http://").rstrip("/").split(":")
    with pytest.raises(OSError):
        await asyncio.open_connection(host, int(port))


# -- what it remembers ----------------------------------------------------------------------------------


def test_last_reason_by_url_and_since_a_mark() -> None:
    guard = _guard()
    assert guard.last_reason() is None
    guard._record("http://a/", "ra")
    assert guard.last_reason() == "ra" and guard.last_reason("http://a/") == "ra"
    mark = guard.block_count
    guard._record("http://b/", "rb")
    guard._record("http://a/", "ra2")
    assert guard.last_reason() == "ra2"
    assert guard.last_reason("http://b/") == "rb"
    assert guard.last_reason("http://c/") is None
    assert guard.last_reason("http://a/", since=mark) == "ra2"
    assert guard.last_reason("http://b/", since=guard.block_count - 1) is None  # b was before that mark
    assert guard.last_reason(since=guard.block_count) is None
    assert guard.last_reason(since=guard.block_count - 1) == "ra2"  # exactly one block since that mark
    assert guard.last_reason("http://b/", since=mark) == "rb"


def test_the_record_keeps_the_last_fifty_and_long_urls_are_cut() -> None:
    guard = _guard()
    for i in range(60):
        guard._record(f"http://h/{i}", f"r{i}")
    assert guard.block_count == 60
    assert len(guard.blocked) == 50 and guard.blocked[0] == ("http://h/10", "r10") and guard.blocked[-1] == ("http://h/59", "r59")
    assert guard.last_reason(since=0) == "r59"
    assert guard.last_reason("http://h/5", since=0) is None  # dropped from the record
    long = "http://h/" + "x" * 1000
    guard._record(long, "long")
    assert guard.blocked[-1] == (long[:500], "long")
    assert guard.last_reason(long[:500]) == "long"


def test_recording_logs_the_url_and_reason(caplog: pytest.LogCaptureFixture) -> None:
    guard = _guard()
    with caplog.at_level("INFO", logger="tapwright.web.policy"):
        guard._record("http://h/" + "y" * 400, "why not")
    [record] = caplog.records
    assert record.getMessage() == f"blocked {('http://h/' + 'y' * 400)[:200]}: why not"


async def test_an_error_page_of_a_page_never_seen_opening_counts_every_block() -> None:
    # A page the guard did not see open (no mark) is compared with zero blocks.
    guard = _guard()
    popup = FakePage("about:blank", opener=FakePage(OK))
    guard._record(BAD, "refused")
    guard._on_frame(FakeFrame(popup, "chrome-error://chromewebdata/"))  # type: ignore[arg-type]
    await _settle(guard)
    assert popup.closed == 1
