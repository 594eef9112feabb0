"""Finding, launching and connecting to a Chromium: :class:`BrowserOptions` and :class:`WebBrowser`."""

from __future__ import annotations

import contextlib
import glob
import itertools
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from tapwright.drivers.web._features import with_features
from tapwright.drivers.web._proxy import check_bind, is_loopback, resolver_overrides
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import map_error
from tapwright.drivers.web.policy import PolicyGuard, UrlPolicy
from tapwright.drivers.web.targets import ENGINE, ENGINE_JS
from tapwright.errors import DriverError, ErrorCode

if TYPE_CHECKING:
    from playwright.async_api import Browser, BrowserContext, Playwright

    from tapwright.drivers.web.session import WebSession

# Flags that keep a headless Chromium quiet and working inside containers and CI.
BASE_ARGS = (
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
_trace_ids = itertools.count(1)
_CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
_SHELLS = ("chromium-headless-shell", "chrome-headless-shell")  # Debian's package; Chrome for Testing's name
# Debian's /usr/bin/chromium-headless-shell is a shell script that runs this binary as its child (no exec):
# launched directly, the browser is one process that Playwright starts, watches and stops.
_SHELL_BINARIES = ("/usr/lib/chromium/chromium-headless-shell",)
_MAC_APPS = (
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
)


@dataclass(frozen=True)
class BrowserOptions:
    """How to get a browser.

    Args:
        headless: Run without a window (the default); False shows it for debugging.
        executable_path: The Chromium to launch; found with :func:`find_chromium` when None.
        ws_endpoint: Connect to a Playwright server (``ws://127.0.0.1:3000/``) instead of launching.
        cdp_url: Connect to a running Chromium over CDP (``http://127.0.0.1:9222``) instead of launching.
        slow_mo_ms: Slow every browser operation down by this many milliseconds.
        extra_args: More command-line flags for a launched Chromium.
        hosts: Host names resolved to fixed addresses (``{"app.test": "127.0.0.1"}``, like
            ``/etc/hosts``) by the policy proxy; the URL policy checks those addresses
            like any name's.
        proxy_bind: The address the policy proxy listens on: loopback by default. A browser
            on another machine (``ws_endpoint``, ``cdp_url``) needs an address of this machine
            it can reach; off loopback the proxy asks for credentials only the browser
            context is given.
        proxy_host: The host the browser is told to reach the proxy at (default:
            ``proxy_bind``; required when that is ``0.0.0.0`` or ``::``).
    """

    headless: bool = True
    executable_path: str | None = None
    ws_endpoint: str | None = None
    cdp_url: str | None = None
    slow_mo_ms: int = 0
    extra_args: tuple[str, ...] = ()
    hosts: Mapping[str, str] = field(default_factory=dict)
    proxy_bind: str = "127.0.0.1"
    proxy_host: str | None = None

    def __post_init__(self) -> None:
        try:
            resolver_overrides(self.hosts)
            check_bind(self.proxy_bind, self.proxy_host)
        except ValueError as exc:
            raise DriverError(ErrorCode.INVALID_INPUT, str(exc)) from None

    def launch_args(self, *, features: bool = True) -> list[str]:
        """The command-line switches of a launched Chromium. With ``features``, the one
        ``--disable-features`` switch holds Playwright's list and tapwright's (:mod:`._features`): for a
        browser this Playwright launches, locally or through a Playwright server on this machine."""
        args = list(BASE_ARGS)
        # Chromium refuses to start as root with its sandbox on (containers, CI).
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--no-sandbox")
        args.extend(self.extra_args)
        return with_features(args) if features else args


def _playwright_installed(*, headless: bool = False) -> list[str]:
    """Playwright's own downloads: its headless shell's binary (``headless``), else its full Chromium's."""
    root = os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or str(Path.home() / ".cache" / "ms-playwright")
    if headless:
        patterns: tuple[str, ...] = ("chromium_headless_shell-*/chrome-*linux*/*headless*shell",
                                     "chromium_headless_shell-*/chrome-*mac*/*headless*shell",
                                     "chromium_headless_shell-*/chrome-*win*/*headless*shell.exe")  # fmt: skip
    else:
        patterns = ("chromium-*/chrome-linux*/chrome", "chromium-*/chrome-mac*/Chromium.app/Contents/MacOS/Chromium",
                    "chromium-*/chrome-win*/chrome.exe")  # fmt: skip
    found: list[str] = []
    for pattern in patterns:
        found.extend(sorted(glob.glob(os.path.join(root, pattern)), reverse=True))
    return found


def _first(paths: list[str] | tuple[str, ...], names: tuple[str, ...]) -> str | None:
    """The first of ``paths`` that can be run, else the first of ``names`` found on PATH."""
    for path in paths:
        if os.access(path, os.X_OK):
            return path
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def find_chromium(*, headless: bool = True) -> str | None:
    """The Chromium to launch: ``TAPWRIGHT_BROWSER``; for a headless browser, a headless shell (Playwright's
    download, then the distribution's ``chromium-headless-shell``); then Playwright's own full Chromium,
    the distribution's ``chromium`` / ``chromium-browser``, then Google Chrome.

    The headless shell is Chromium without a browser window: a full Chromium run headless still opens a
    hidden window for every browser context, which costs it about twice the CPU per context
    (``bench/bench_contexts.py``). A headed browser (``--headed``, the trace viewer) is never the shell.
    """
    env = os.environ.get("TAPWRIGHT_BROWSER")
    if env:
        from_env = shutil.which(env) or (env if Path(env).is_file() else None)
        if from_env:
            return from_env
    if headless:
        shell = _first([*_playwright_installed(headless=True), *_SHELL_BINARIES], _SHELLS)
        if shell:
            return shell
    full = _first(_playwright_installed(), _CANDIDATES)
    if full:
        return full
    if sys.platform == "darwin":
        for app in _MAC_APPS:
            if Path(app).is_file():
                return app
    return None


class WebBrowser:
    """One Playwright driver process and one browser; hands out isolated sessions.

    Example:
        browser = await WebBrowser.launch(BrowserOptions())
        session = await browser.new_session(base_url="http://127.0.0.1:8000")
        ...
        await browser.aclose()
    """

    def __init__(self, playwright: Playwright, browser: Browser, options: BrowserOptions, *, owned: bool) -> None:
        self.playwright = playwright
        self.browser = browser
        self.options = options
        self._owned = owned
        self._sessions: list[WebSession] = []
        self._closed = False
        self._relaunches = 0
        self.traces_dir: Path | None = None

    @classmethod
    async def launch(cls, options: BrowserOptions | None = None) -> WebBrowser:
        """Launch a local Chromium, or connect to a remote one when the options say so.

        Raises:
            DriverError: BROWSER_CRASHED when no browser can be started or reached.
        """
        options = options or BrowserOptions()
        driver = await pw.async_playwright().start()
        traces = Path(tempfile.mkdtemp(prefix="tapwright-traces-"))
        try:
            await driver.selectors.register(ENGINE, ENGINE_JS)  # how actions find a snapshot's nodes
            browser = await _open(driver, options, traces)
        except BaseException:
            await driver.stop()
            shutil.rmtree(traces, ignore_errors=True)
            raise
        made = cls(driver, browser, options, owned=options.ws_endpoint is None and options.cdp_url is None)
        made.traces_dir = traces
        return made

    async def new_session(
        self,
        base_url: str | None = None,
        policy: UrlPolicy | None = None,
        storage_state: str | Path | None = None,
        record_trace: bool = False,
        viewport: tuple[int, int] = (1280, 800),
        *,
        action_timeout_ms: int = 5_000,
        upload_dirs: tuple[str | Path, ...] | None = None,
        trace_screenshots: bool = True,
        downloads_dir: str | Path | None = None,
    ) -> WebSession:
        """A new isolated browser context with one page.

        Args:
            base_url: Paths given to ``navigate`` are joined to it.
            policy: The URL policy (http and https only by default).
            storage_state: A file written by ``save_storage_state`` (cookies, local storage).
            record_trace: Record a Playwright trace; save it with ``stop_trace(path)``.
            viewport: Page size in CSS pixels.
            action_timeout_ms: How long an action waits for its element to become actionable.
            upload_dirs: Folders ``upload_file`` may read from (default: the working directory
                and the system temp directory).
            trace_screenshots: Record the trace's film strip (left out when secrets are typed:
                an image cannot be redacted).
            downloads_dir: Where downloads are saved (default: a private temp folder removed
                with the session).
        """
        from tapwright.drivers.web.session import WebSession

        if storage_state is not None and not Path(storage_state).is_file():
            raise DriverError(ErrorCode.INVALID_INPUT, f"storage state file {storage_state} does not exist")
        await self._relaunch_if_gone()
        guard = PolicyGuard(policy or UrlPolicy())
        options = self.options
        proxy = await guard.start_proxy(options.hosts, options.proxy_bind, options.proxy_host)
        try:
            context = await self.browser.new_context(
                proxy=proxy,  # type: ignore[arg-type]
                base_url=base_url,
                viewport={"width": viewport[0], "height": viewport[1]},
                storage_state=str(storage_state) if storage_state is not None else None,
            )
            if not self._owned:
                await _check_proxy_reachable(context, guard, options)
            context.set_default_timeout(action_timeout_ms)
            context.set_default_navigation_timeout(max(action_timeout_ms * 3, 15_000))
            await guard.install(context, base_url)
            if record_trace:
                trace_name = f"tw-{os.getpid()}-{next(_trace_ids)}"
                await context.tracing.start(name=trace_name, screenshots=trace_screenshots, snapshots=True)
            session = await WebSession.create(context, guard, base_url=base_url, upload_dirs=upload_dirs,
                                              downloads_dir=downloads_dir)
        except pw.Error as exc:
            await guard.aclose()
            raise map_error(exc, "new session") from None
        except BaseException:
            await guard.aclose()
            raise
        session.tracing = record_trace
        if record_trace and self.traces_dir is not None:
            # Playwright streams the trace into traces_dir as it records: what a dead browser
            # leaves there is saved when the trace cannot be stopped normally.
            session.trace_files = (self.traces_dir, trace_name)
        session.action_timeout_ms = float(action_timeout_ms)
        self._sessions.append(session)
        return session

    @property
    def relaunches(self) -> int:
        """How many times the browser died and was launched again."""
        return self._relaunches

    async def _relaunch_if_gone(self) -> None:
        """A browser we launched that died (killed, crashed) is launched again for the next session."""
        if self._closed or self.browser.is_connected() or not self._owned:
            return
        self._sessions = [s for s in self._sessions if not s.closed]
        self.browser = await _open(self.playwright, self.options, self.traces_dir)
        self._relaunches += 1

    async def aclose(self) -> None:
        """Close every session, then the browser (or the connection to a remote one)."""
        if self._closed:
            return
        self._closed = True
        for session in list(self._sessions):
            await session.aclose()
        try:
            await self.browser.close()
        except pw.Error:
            pass  # already gone: closing is best effort
        await self.playwright.stop()
        if self.traces_dir is not None:
            shutil.rmtree(self.traces_dir, ignore_errors=True)

    async def __aenter__(self) -> WebBrowser:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


async def _check_proxy_reachable(context: BrowserContext, guard: PolicyGuard, options: BrowserOptions) -> None:
    """A remote browser must reach the policy proxy, or every page would fail obscurely: load the proxy's probe.

    Raises:
        DriverError: DRIVER_ERROR saying where the proxy listens and what to set.
    """
    proxy = guard.proxy
    assert proxy is not None
    page = await context.new_page()
    failure = ""
    try:
        await page.goto(proxy.probe_url, timeout=15_000)
    except pw.Error as exc:
        failure = str(exc).split("\n", 1)[0][:300]
    finally:
        with contextlib.suppress(pw.Error):
            await page.close()
    if proxy.probed and not failure:
        return
    await context.close()
    where = options.ws_endpoint or options.cdp_url
    hint = ("set proxy_bind (`--set web.proxy_bind=ADDRESS`) to an address of this machine the browser reaches"
            if is_loopback(proxy.bind) else "check that the browser's machine can reach that address and port")
    raise DriverError(
        ErrorCode.DRIVER_ERROR,
        f"the remote browser ({where}) cannot reach tapwright's URL-policy proxy at {proxy.url}: {hint}",
        cause=failure or "the probe page loaded without reaching the proxy",
    )


async def _open(playwright: Playwright, options: BrowserOptions, traces_dir: Path | None = None) -> Browser:
    try:
        if options.ws_endpoint:
            # A server on this machine is most likely this Playwright: its feature list is the one read here.
            local = is_loopback(urlsplit(options.ws_endpoint).hostname or "")
            launch = {"headless": options.headless, "args": options.launch_args(features=local)}
            if options.executable_path:
                launch["executablePath"] = options.executable_path
            # A Playwright server launches the browser itself with these options.
            headers = {"x-playwright-launch-options": json.dumps(launch)}
            return await playwright.chromium.connect(options.ws_endpoint, headers=headers, slow_mo=options.slow_mo_ms)
        if options.cdp_url:
            return await playwright.chromium.connect_over_cdp(options.cdp_url, slow_mo=options.slow_mo_ms)
        executable = options.executable_path or find_chromium(headless=options.headless)
        if executable is None:
            raise DriverError(
                ErrorCode.BROWSER_CRASHED,
                "no Chromium found: set TAPWRIGHT_BROWSER, install chromium, or run `playwright install chromium`",
            )
        return await playwright.chromium.launch(
            traces_dir=str(traces_dir) if traces_dir is not None else None,
            executable_path=executable,
            headless=options.headless,
            args=options.launch_args(),
            slow_mo=options.slow_mo_ms,
        )
    except pw.Error as exc:
        where = options.ws_endpoint or options.cdp_url or "launch"
        raise DriverError(ErrorCode.BROWSER_CRASHED, f"cannot start or reach the browser ({where})",
                          cause=f"{type(exc).__name__}: {exc}"[:2000]) from None
