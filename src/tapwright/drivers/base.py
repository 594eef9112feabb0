"""The narrow driver seam: a handful of async methods and a lifecycle.

Only modules under ``drivers/`` import Playwright, ADB or X11 libraries. Drivers
map their library's exceptions to ErrorCodes at this boundary (raising
:class:`~tapwright.errors.DriverError`) with the original message as ``cause``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, ClassVar, Literal

from tapwright.core.context import Resource, ToolContext
from tapwright.core.diagnostics import PageEvent
from tapwright.core.element import UiTree
from tapwright.core.result import Screenshot
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.locator import Candidate, locate

MouseButton = Literal["left", "right", "middle"]

# What an action reports as ``changed`` when nothing changed yet and it did not wait for a late
# change; ``Driver.settle_change`` says later whether one came (see docs/reference/result-contract.md).
PENDING: Literal["pending"] = "pending"
Changed = bool | Literal["pending"]


class Driver(Resource, ABC):
    """Something with a screen: a browser page, an Android device, an X display.

    Attributes:
        default_wait_s: How long the platform's actions and checks wait for their element when
            nothing says otherwise, in seconds (0: one look at the screen); None where its tools do
            not wait at all (then :meth:`action_timeout` changes nothing).
    """

    kind: str = "generic"
    default_wait_s: ClassVar[float | None] = None
    _wait_s: float | None = None  # set by action_timeout (a run's --timeout, a file's or a step's timeout:)

    @abstractmethod
    async def snapshot(self) -> UiTree:
        """The elements on screen now."""

    @abstractmethod
    async def click_at(self, x: float, y: float, *, button: MouseButton = "left", count: int = 1) -> None:
        """Click (or double-click with ``count=2``) at screen coordinates."""

    @abstractmethod
    async def move_to(self, x: float, y: float) -> None:
        """Move the pointer."""

    @abstractmethod
    async def type_text(self, text: str) -> None:
        """Type into whatever has focus."""

    @abstractmethod
    async def press_key(self, key: str) -> None:
        """Press a key or a combination such as ``Control+A``."""

    @abstractmethod
    async def screenshot(self, path: str | None = None) -> Screenshot:
        """Capture the screen, to ``path`` when given."""

    # -- optional hooks: callers use these, never getattr; the defaults do nothing ----------

    async def box(self, target: str) -> dict[str, Any]:
        """Where the element best matching ``target`` is: ``x, y, width, height, center_x, center_y``,
        plus ``ref``, ``role`` and ``name``. Drivers that can scroll it into view first do so.

        Raises:
            ToolFailure: ELEMENT_NOT_FOUND / AMBIGUOUS (with candidates), or NOT_VISIBLE when it has no box.
        """
        found = locate(await self.snapshot(), target)
        rect = found.element.rect
        if rect is None:
            raise ToolFailure(ErrorCode.NOT_VISIBLE, f"{target!r} has no position on screen")
        out: dict[str, Any] = rect.to_dict()
        out.update({"ref": found.element.ref, "role": found.element.role, "name": found.element.name})
        return out

    async def find_element(self, description: str) -> Candidate:
        """The element best matching ``description`` in a fresh snapshot (drivers that can wait for it do).

        Raises:
            ToolFailure: ELEMENT_NOT_FOUND or AMBIGUOUS, with candidates in ``data``.
        """
        return locate(await self.snapshot(), description)

    def native(self) -> Any:
        """The library object underneath (the Playwright page, the adb device), or None: the escape hatch."""
        return None

    async def mark(self) -> object:
        """A token ``changed`` compares against (None when the driver cannot tell)."""
        return None

    async def changed(self, mark: object) -> Changed | None:
        """Whether the screen changed since ``mark``; None when the driver cannot tell.

        ``"pending"``: nothing changed yet and the driver did not wait for a late change;
        :meth:`settle_change` says later whether one came.
        """
        return None

    def known_tree(self) -> UiTree | None:
        """The screen as the driver last read it in full, without reading it again; None when it keeps none."""
        return None

    def tab_count(self) -> int:
        """How many tabs (or windows) the driver has open; one where the platform has no tabs."""
        return 1

    async def opened_tab(self, tabs_before: int) -> int | None:
        """The index of a tab opened since the driver had ``tabs_before``, waiting (bounded) for one the
        screen said it is opening (a tab is announced after the click that opened it returned); None
        when none opened, or the platform has no tabs."""
        return None

    def follow_new_tabs(self) -> None:
        """From now on, a tab the screen opens by itself (a link with target=_blank, a script's
        window.open) becomes the current one, as a tester's eyes follow it: at
        :meth:`followed_tabs`, and between two looks of a waiting check. Nothing where there are no tabs."""

    async def followed_tabs(self, *, wait: bool = False) -> list[str]:
        """Follow a tab opened since the last call (with ``wait``, one the screen said it is opening is
        awaited, bounded) and return the address of each tab followed since the last call, once each
        (its first page loaded, bounded). None by default."""
        return []

    async def tab_snapshot(self, index: int) -> UiTree | None:
        """Tab ``index`` read without switching to it (its opening load awaited, bounded); None where
        there are no tabs, no such tab, or it could not be read."""
        return None

    async def settle_change(self) -> bool | None:
        """Whether the screen changed since the last action whose ``changed`` was ``"pending"``,
        read now without waiting; None when none is pending (or the driver cannot tell)."""
        return None

    async def clear_focused(self) -> None:
        """Empty the focused field when select-all + Backspace is not enough (do nothing by default)."""

    async def check_field(self, expected: str) -> None:
        """Raise a DriverError when the focused field does not hold ``expected`` (do nothing when the driver cannot read it)."""

    def action_timeout(self, seconds: float | None = None) -> float | None:
        """How long an action or check waits for its element, in seconds, before ``seconds`` (when given)
        replaces it; None where the driver has no such wait (then ``seconds`` changes nothing).

        The platform's tools read it as :attr:`wait_s`; the web keeps its own (Playwright's timeouts)."""
        if self.default_wait_s is None:
            return None
        previous = self.wait_s
        if seconds is not None:
            self._wait_s = float(seconds)
        return previous

    @property
    def wait_s(self) -> float:
        """How long an action or check waits for its element now, in seconds (0: one look)."""
        return self._wait_s if self._wait_s is not None else self.default_wait_s or 0.0

    async def trace_step(self, title: str, *, file: str | None = None, line: int | None = None) -> None:
        """Open a group named ``title`` (a test step, at ``file``:``line``) in the trace being recorded: the
        calls that follow are shown under it. Nothing by default, or when no trace is recorded."""

    async def trace_step_end(self, failure: str | None = None) -> None:
        """Close the group :meth:`trace_step` opened; ``failure`` (why the step failed) is shown in it first."""

    async def save_trace(self, path: Path) -> bool:
        """Save the trace recorded since the driver started, if it records one. True when a file was written."""
        return False

    def event_mark(self) -> int:
        """A mark for :meth:`events_since`: page events recorded so far are before it."""
        return 0

    def events_since(self, mark: int) -> list[PageEvent]:
        """Problems the screen reported after ``mark`` (console errors, failed requests ...); none by default."""
        return []

    def take_events(self) -> list[PageEvent]:
        """Problems reported since the previous call (each one is handed out once); none by default."""
        return []

    def take_unreported(self) -> list[dict[str, Any]]:
        """What the screen set off on its own that no action's result reported: a dialog a page's timer
        opened after the action that started it had returned (each with ``kind``, ``message``, ``answer``
        and ``said``, one line saying what it said and how it was answered). Each is handed out once;
        none by default."""
        return []

    def take_acted(self) -> list[dict[str, Any]]:
        """The elements acted on since the previous call, each a box as fractions of the screen
        (``x``, ``y``, ``width``, ``height`` from 0 to 1) with its ``role`` and ``name``: where the
        report marks them on the picture taken before the step. None known by default."""
        return []

    async def finish_events(self, timeout_s: float) -> None:
        """Wait (at most ``timeout_s``) for work a step started that will report an event (a download
        being saved), so the step reports it; nothing to wait for by default."""

    async def aclose(self) -> None:
        """Release the driver's resources."""

    async def __aenter__(self) -> Driver:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def current_driver(ctx: ToolContext) -> Driver | None:
    """The driver a context already holds (None before a tool started one)."""
    return ctx.find(Driver)  # type: ignore[type-abstract]
