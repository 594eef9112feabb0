"""The platform seam: what a platform (web, android, desktop, a third party's) declares once.

A :class:`Platform` names a tool namespace and says, for that namespace:

* which :class:`~tapwright.drivers.base.Driver` type its tools act through,
* its :class:`~tapwright.registry.toolset.Toolset`,
* how one run's shared resources start (a :class:`Runtime`: a browser, an adb
  connection, an X display) and how that runtime opens one isolated
  :class:`PlatformEnv` per scenario, MCP client or facade session,
* its rules-planner vocabulary (semantic verb -> tool-call templates),
* how its screen is rendered for a model, and its MCP capability text.

Front ends (runner, ``exec``, ``snapshot`` / ``locate``, MCP, the pytest plugin, the
Python facade) look a platform up by name in :mod:`tapwright.platforms` and never
branch on a platform's name.
"""

from __future__ import annotations

import asyncio
import contextlib
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from tapwright.core.context import ToolContext
from tapwright.core.element import UiTree
from tapwright.core.render import render_for_model
from tapwright.core.secrets import SecretStore
from tapwright.drivers.base import Driver
from tapwright.errors import ErrorCode, UserError
from tapwright.plan.templates import Table, coordinate_table
from tapwright.registry.toolset import Toolset

if TYPE_CHECKING:
    from tapwright.tools.actions import ActionSeam

Closer = Callable[[], Awaitable[Any]]
LostCheck = Callable[[], Awaitable["str | None"]]
Shooter = Callable[[Path], Awaitable[Any]]

# EnvOptions.settings key under which the runner passes a scenario's URL policy layers
# (``{"allow": [[...], ...], "block": [...]}`` from its test files) to the platforms that load URLs.
POLICY_LAYERS = "url_policy_layers"


@dataclass(slots=True)
class LaunchOptions:
    """Run-wide options, given once when a runtime starts.

    Attributes:
        headed: Show the browser / window (debugging).
        settings: Platform-specific run-wide settings, e.g. ``executable_path`` or
            ``browser_endpoint`` for web, ``device`` for android, ``display_size`` for desktop.
        common: Settings a front end gives every platform; each takes the ones it understands
            (``allowed_origins`` and ``blocked_origins`` for a URL policy, ``storage_state``).
    """

    headed: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    common: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        """A setting: the platform's own first, then the common one."""
        if key in self.settings:
            return self.settings[key]
        return self.common.get(key, default)


@dataclass(slots=True)
class EnvOptions:
    """What one isolated environment is opened with.

    Attributes:
        base_url: Relative URLs (web) are joined to it.
        secrets: The run's secrets (values never leave the tools).
        record_trace: Record a trace the env can save on close (web: a Playwright trace).
        settings: The platform's own keys from the test file or the caller (``app:``, ``device:``),
            already checked against :attr:`Platform.option_keys`.
        downloads_dir: Where files the app downloads are kept (the run's report folder); a private
            temporary folder, removed with the environment, when None.
    """

    base_url: str | None = None
    secrets: SecretStore = field(default_factory=SecretStore)
    record_trace: bool = False
    settings: dict[str, Any] = field(default_factory=dict)
    downloads_dir: Path | None = None


def timeout_seconds(value: Any, what: str = "--timeout") -> float:
    """A wait in seconds (more than 0, at most an hour); UserError naming ``what`` otherwise."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise UserError(f"{what} must be a number of seconds, not {value!r}") from None
    if not 0 < seconds <= 3600:
        raise UserError(f"{what} must be more than 0 and at most 3600 seconds, not {value!r}")
    return seconds


class PlatformEnv:
    """One isolated environment: the ToolContext its tools run in, the driver, and how to close it.

    Args:
        ctx: The tool context (the driver in it).
        driver: The platform's driver.
        closer: Called on :meth:`close` after the context is closed (release a lease, close a page).
        label: Where it runs, for reports (a browser endpoint, a device serial); None when there is one place only.
        lost: Says why the environment's infrastructure died under it (a dead browser endpoint, a device gone),
            or None while it is fine. A scenario failed by a lost environment is retried elsewhere once.
        shooter: Takes a report's screenshot (the web's smaller view-scale picture); the driver's
            ``screenshot`` when None.
        dead: Says, cheaply (no round trip), why the environment can serve no more calls (its browser,
            X server or device process is gone), or None. A long-lived front end (an MCP session) asks
            before each call and opens a fresh environment in its place.
        lost_code: The error code a call answers when the environment died under it (``DEVICE_LOST``;
            the web's is ``BROWSER_CRASHED``).
    """

    def __init__(self, ctx: ToolContext, driver: Driver, *, closer: Closer | None = None, label: str | None = None,
                 lost: LostCheck | None = None, shooter: Shooter | None = None,
                 dead: LostCheck | None = None, lost_code: ErrorCode = ErrorCode.DEVICE_LOST) -> None:  # fmt: skip
        self.ctx = ctx
        self.lost_code = lost_code
        self.driver = driver
        self.label = label
        self._closer = closer
        self._lost = lost
        self._dead = dead
        self.shooter = shooter

    async def lost(self) -> str | None:
        """Why the environment's infrastructure died, or None (asked after a scenario failed)."""
        return await self._lost() if self._lost is not None else None

    async def dead(self) -> str | None:
        """Why the environment can serve no more calls, or None (cheap: asked before every MCP call)."""
        return await self._dead() if self._dead is not None else None

    async def screenshot(self, path: Path) -> bool:
        """Save a screenshot of the current screen; False when none could be taken."""
        path.parent.mkdir(parents=True, exist_ok=True)
        # A screenshot is evidence, never a verdict: whatever goes wrong taking it
        # (a crashed page, a closed context, a lost device) must not fail the scenario.
        try:
            if self.shooter is not None:
                await self.shooter(path)
            else:
                await self.driver.screenshot(str(path))
        except Exception:
            return False
        if path.is_file():
            await asyncio.to_thread(compress_screenshot, path)
        return path.is_file()

    async def close(self, trace_path: Path | None = None) -> bool:
        """Close the environment, saving its trace first when asked. True if a trace was saved."""
        saved = False
        if trace_path is not None:
            trace_path.parent.mkdir(parents=True, exist_ok=True)
            try:
                saved = await self.driver.save_trace(trace_path)
            except Exception:  # a lost trace must not fail the test
                saved = False
        # The scenario is over; an environment that refuses to close cleanly is not its failure.
        with contextlib.suppress(Exception):
            await self.ctx.aclose()
        if self._closer is not None:
            with contextlib.suppress(Exception):
                await self._closer()
        return saved


def compress_screenshot(path: Path, *, quality: int = 28, max_side: int = 960) -> None:
    """Re-encode a PNG a driver wrote under a ``.webp`` / ``.jpg`` name in the format the name asks for.

    Drivers that can only produce PNG (a device's ``screencap``, an X display) get the same small
    report files as the web's encoder gives; without Pillow the PNG stays (browsers read it anyway).
    """
    suffix = path.suffix.lower()
    if suffix not in (".webp", ".jpg", ".jpeg"):
        return
    with path.open("rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            return  # already in the asked format
    try:
        from PIL import Image  # the android and desktop extras bring Pillow
    except ImportError:
        return
    with contextlib.suppress(OSError, ValueError):
        with Image.open(path) as image:
            converted = image.convert("RGB")
        if max(converted.size) > max_side:  # a phone's 1080x2400 screencap: the report shows it smaller anyway
            ratio = max_side / max(converted.size)
            converted = converted.resize((round(converted.width * ratio), round(converted.height * ratio)))
        if suffix == ".webp":
            # method 2 of 0-6: a quarter less CPU than the default 4 for the same quality setting (a
            # simulated iPhone's 1170x2532 screen: 0.028 s against 0.038 s, mean pixel difference 0.2 of 255)
            converted.save(path, format="WEBP", quality=quality, method=2)
        else:
            converted.save(path, format="JPEG", quality=quality)


class Runtime(ABC):
    """A platform's resources shared by one run (or one MCP server): opens isolated environments."""

    @abstractmethod
    async def open(self, options: EnvOptions) -> PlatformEnv:
        """A fresh isolated environment (browser context, device lease, app on a display)."""

    async def aclose(self) -> None:  # noqa: B027 - an optional hook: a runtime that starts nothing has nothing to stop
        """Stop what the runtime started (browser, Xvfb, adb connections)."""

    def status(self) -> dict[str, Any]:
        """Counts for a server's status endpoint and logs (nothing by default)."""
        return {}


class Platform(ABC):
    """One platform, declared once and found by name through the ``tapwright.platforms`` entry points.

    Subclasses set the class attributes and implement :meth:`toolset`, :meth:`runtime`
    and :attr:`driver_type`; the other hooks have working defaults.

    Attributes:
        name: The tool namespace (``web``, ``android``, ``desktop``, ``toy``).
        description: One line for ``tapwright platforms`` and MCP capability lists.
        option_keys: Keys a test file (or ``tapwright.open(name, **settings)``) may set for
            this platform, besides the common ones (``base_url``).
        needs_cap: Hidden by the MCP server unless enabled with ``--caps NAME``
            (platforms that need a device or a display).
    """

    name: ClassVar[str]
    description: ClassVar[str] = ""
    option_keys: ClassVar[frozenset[str]] = frozenset()
    needs_cap: ClassVar[bool] = True

    @property
    @abstractmethod
    def driver_type(self) -> type[Driver]:
        """The Driver subclass the platform's tools receive (imported lazily by implementations)."""

    @abstractmethod
    def toolset(self) -> Toolset:
        """Every tool of the platform, namespaced ``<name>.``."""

    @abstractmethod
    def runtime(self, options: LaunchOptions) -> Runtime:
        """A runtime for one run; nothing is started until its first :meth:`Runtime.open`."""

    def vocabulary(self) -> Table:
        """The rules planner's table: semantic verb -> tool-call templates (default: the coordinate tools)."""
        return coordinate_table(self.name)

    def action_seam(self) -> type[ActionSeam[Any]] | None:
        """The seam the platform's catalog actions are derived from (:mod:`tapwright.tools.actions`).

        None (the default) when the platform offers none of them. A platform that returns a seam
        lists ``action_tools(seam)`` in its toolset; the catalog contract test then checks that
        every action the seam offers is there, with the catalog's output keys and effects.
        """
        return None

    def render(self, tree: UiTree, *, max_chars: int) -> str:
        """The screen as a model sees it (default: the shared compact rendering)."""
        return render_for_model(tree, max_chars=max_chars)

    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The platform's settings, or UserError naming the unknown keys and the accepted ones."""
        unknown = sorted(set(settings) - self.option_keys)
        if unknown:
            accepted = ", ".join(sorted(self.option_keys)) or "none"
            raise UserError(f"platform {self.name!r} does not take {', '.join(map(repr, unknown))}; it takes: {accepted}")
        out = dict(settings)
        if out.get("timeout") is not None:  # how long actions and checks wait, wherever a platform takes it
            out["timeout"] = timeout_seconds(out["timeout"], "timeout")
        return out

    @property
    def mcp_caption(self) -> str:
        """The capability text of the MCP server's ``--caps`` help."""
        return self.description

