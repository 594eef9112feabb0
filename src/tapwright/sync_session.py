"""A blocking twin of :class:`~tapwright.session.Session`, for code and tests that are not async.

Like Playwright's sync API, it runs the same async session on an event loop of its own:
every method blocks until the step or call has really run. It cannot be used where an
event loop is already running (inside ``async def``): use the async session there.

Example:
    with tapwright.open_sync("web", base_url="http://127.0.0.1:8765") as session:
        session.call("web.navigate", url="/login")
        session.do('Type "alice" into the Username field', check=True)
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator
from contextlib import AbstractAsyncContextManager, contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from tapwright.errors import UserError

if TYPE_CHECKING:
    from tapwright.core.element import UiTree
    from tapwright.core.result import ToolResult
    from tapwright.locator import Candidate
    from tapwright.runner.results import StepResult
    from tapwright.session import Session

_T = TypeVar("_T")


def _no_running_loop(what: str) -> None:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    raise UserError(f"{what} blocks, and an event loop is running here (an async test or function): "
                    "use the async session (the `tapwright` fixture, `async with tapwright.open(...)`) and await it")  # fmt: skip


class SyncSession:
    """The blocking methods of a :class:`~tapwright.session.Session` (``session.aio`` is the async one).

    Attributes:
        aio: The async Session underneath (its driver, ctx and registry are the same).
    """

    def __init__(self, session: Session, loop: asyncio.AbstractEventLoop) -> None:
        self.aio = session
        self._loop = loop

    def _run(self, coro: Coroutine[Any, Any, _T]) -> _T:
        __tracebackhide__ = True
        try:
            _no_running_loop("the sync tapwright session")
        except UserError:
            coro.close()
            raise
        return self._loop.run_until_complete(coro)

    @property
    def page(self) -> Any:
        """The driver's native handle (an *async* Playwright page on the web platform)."""
        return self.aio.page

    @property
    def check(self) -> bool:
        """Whether ``do()`` raises StepFailed for a step that does not pass, by default."""
        return self.aio.check

    @check.setter
    def check(self, value: bool) -> None:
        self.aio.check = value

    def call(self, tool: str, args: dict[str, Any] | None = None, /, **kwargs: Any) -> ToolResult:
        """Run one tool by name; see :meth:`Session.call <tapwright.session.Session.call>`. Never raises."""
        return self._run(self.aio.call(tool, args, **kwargs))

    def do(self, instruction: str, *, vars: dict[str, Any] | None = None, check: bool | None = None,
           timeout: float | None = None) -> StepResult:  # fmt: skip
        """Run one plain-English step; see :meth:`Session.do <tapwright.session.Session.do>`."""
        __tracebackhide__ = True
        return self._run(self.aio.do(instruction, vars=vars, check=check, timeout=timeout))

    def locate(self, description: str) -> Candidate:
        """The element best matching ``description``; raises ToolFailure (ELEMENT_NOT_FOUND, AMBIGUOUS)."""
        return self._run(self.aio.locate(description))

    def snapshot(self) -> UiTree:
        """The current screen as a UiTree."""
        return self._run(self.aio.snapshot())


@contextmanager
def open_sync(platform: str = "web", base_url: str | None = None, **options: Any) -> Iterator[SyncSession]:
    """``tapwright.open(...)`` for code that is not async: a :class:`SyncSession` on a private event loop.

    Takes the same arguments as :func:`tapwright.open <tapwright.session.open>`.

    Raises:
        UserError: called where an event loop is running (use ``async with tapwright.open(...)``).
    """
    from tapwright.session import open as open_session

    _no_running_loop("tapwright.open_sync()")
    loop = asyncio.new_event_loop()
    opened: AbstractAsyncContextManager[Session] = open_session(platform, base_url, **options)
    try:
        session = loop.run_until_complete(opened.__aenter__())
        try:
            yield SyncSession(session, loop)
        except BaseException as exc:
            if not loop.run_until_complete(opened.__aexit__(type(exc), exc, exc.__traceback__)):
                raise
        else:
            loop.run_until_complete(opened.__aexit__(None, None, None))
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.close()


__all__ = ["SyncSession", "open_sync"]
