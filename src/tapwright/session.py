"""The user-facing facade: ``async with tapwright.open("web", base_url=...) as session:``.

One :class:`Session` for every platform; :func:`web`, :func:`android` and
:func:`desktop` are thin wrappers around :func:`open`.

Example:
    async with tapwright.open("web", base_url="http://127.0.0.1:8000") as session:
        await session.call("web.navigate", url="/login")
        await session.call("web.fill", target="Email field", text="a@b.c")
        result = await session.call("web.click", target="Log in button")
        assert result.ok, result.status_line()
        await session.page.screenshot(path="after.png")   # the Playwright page, as an escape hatch
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from tapwright import platforms
from tapwright.core.context import ToolContext
from tapwright.core.element import UiTree
from tapwright.core.result import ToolResult
from tapwright.drivers.base import Driver
from tapwright.errors import StepFailed
from tapwright.locator import Candidate
from tapwright.platforms import EnvOptions, Runtimes
from tapwright.registry.registry import Registry

if TYPE_CHECKING:
    from tapwright.planners.base import StepPlanner
    from tapwright.runner.results import StepResult
    from tapwright.task import PlannerChoice, TaskResult


class Session:
    """A live environment on one platform with the tool registry bound to it.

    Attributes:
        platform: The platform's name (``web``, ``android``, ``desktop``, ...).
        driver: The platform's :class:`~tapwright.drivers.base.Driver`: the escape hatch.
        ctx: The ToolContext the tools run in (the driver is in it).
        registry: The tools ``call`` can run.
        base_url: What relative URLs resolve against (web).
        check: The default of ``do(check=...)``: raise :class:`~tapwright.errors.StepFailed` for a
            step that does not pass (the pytest fixtures turn it on).
    """

    def __init__(self, driver: Driver, ctx: ToolContext, registry: Registry, *, platform: str = "web",
                 base_url: str | None = None, check: bool = False) -> None:  # fmt: skip
        self.driver = driver
        self.ctx = ctx
        self.registry = registry
        self.platform = platform
        self.base_url = base_url
        self.check = check
        self._planner: StepPlanner | None = None
        self._following = False  # do() follows a tab the screen opens, as a test run does

    @property
    def page(self) -> Any:
        """The driver's native handle: the current Playwright page on the web platform."""
        return self.driver.native()

    async def call(self, tool: str, args: dict[str, Any] | None = None, /, **kwargs: Any) -> ToolResult:
        """Run one tool by name (``web.click``, ``web__click``) with validation. Never raises."""
        merged = dict(args or {})
        merged.update(kwargs)
        return await self.registry.call(tool, merged, self.ctx)

    async def locate(self, description: str) -> Candidate:
        """The element best matching ``description`` in a fresh snapshot.

        Raises:
            ToolFailure: ELEMENT_NOT_FOUND or AMBIGUOUS, with candidates in ``data``.
        """
        return await self.driver.find_element(description)

    async def snapshot(self) -> UiTree:
        """The current screen as a UiTree."""
        return await self.driver.snapshot()

    async def do(
        self,
        instruction: str,
        *,
        planner: StepPlanner | None = None,
        vars: dict[str, Any] | None = None,
        check: bool | None = None,
        timeout: float | None = None,
    ) -> StepResult:
        """Run one plain-English step or instruction and return its step result.

        The step is planned by ``planner`` (default: the ``auto`` planner, offline rules
        first, then the LLM when ``TAPWRIGHT_LLM_*`` is configured) and run like a test step.
        From the first ``do()`` on, a tab the page opens (a link with ``target=_blank``, a script's
        ``window.open``) is followed as a test run follows it: the next steps act on it, and the
        step's ``notes`` say so.

        Args:
            instruction: The step, e.g. ``Click the "Save" button``.
            planner: The step planner (the ``auto`` planner when None).
            vars: Values for ``${vars.NAME}``.
            check: Raise :class:`~tapwright.errors.StepFailed` (an AssertionError carrying the
                error code and message) when the step does not pass; None takes the session's
                default (off, except in the pytest fixtures). Off, a failing step is returned.
            timeout: Seconds this step's actions and checks wait for their element (a test file step's
                ``timeout:``), on every platform whose tools wait; None keeps the session's wait.

        Example:
            result = await session.do("Enter 'x' into the Name field and press Submit")
            assert result.status == "passed", result.status_line
            await session.do('I should see "Saved"', check=True)   # raises with the code and reason
        """
        from tapwright.platforms.base import timeout_seconds
        from tapwright.runner.planning import make_planner
        from tapwright.runner.step import run_step, tabs_opened_before, tabs_opened_by

        if planner is None:
            self._planner = self._planner or make_planner("auto")
            planner = self._planner
        __tracebackhide__ = True
        if timeout is not None:
            timeout = timeout_seconds(timeout, "a step's timeout")
        if not self._following:  # from the first do() on, as a tester's eyes follow a tab the page opens
            self.driver.follow_new_tabs()
            self._following = True
        before = await tabs_opened_before(self.driver, self.ctx)
        step = await run_step(instruction, self.ctx, planner=planner, registry=self.registry, vars=vars,
                              base_url=self.base_url, namespace=self.platform, timeout_s=timeout)  # fmt: skip
        step.notes[:0] = before
        step.notes += await tabs_opened_by(step, self.driver, self.ctx)
        return expect(step) if (self.check if check is None else check) else step

    async def aclose_planner(self) -> None:
        """Close the model client ``do()`` opened, if any."""
        if self._planner is not None:
            planner, self._planner = self._planner, None
            await planner.aclose()

    async def task(
        self, instruction: str, *, url: str | None = None, planner: PlannerChoice = "auto"
    ) -> TaskResult:
        """Get validated data from the page by saying what you want (``tapwright task`` in Python). Never raises.

        The instruction becomes a plan (by the tools' triggers with ``planner="rules"``, or
        written by the configured model with ``"llm"``; ``"auto"`` picks ``llm`` when a model
        is configured; ``"offline"`` and ``"model"`` are older spellings of ``rules`` and ``llm``), runs through the executor, and its result is checked by the
        result validator.

        Example:
            result = await session.task("Find all products under 150 in the Outdoor category", url="/products")
            assert result.ok, result.reason
            print(result.data)     # [{"name": ..., "price": 35.0, "currency": "USD", ...}, ...]
        """
        from tapwright.task import run_task

        return await run_task(instruction, self.ctx, self.registry, url=url, planner=planner)


_R = TypeVar("_R")


def expect(result: _R, what: str | None = None) -> _R:
    """``result`` itself when it passed; else raise :class:`~tapwright.errors.StepFailed` saying why.

    Takes what :meth:`Session.do` returns (a StepResult) or what :meth:`Session.call` returns
    (a ToolResult). The exception is an AssertionError, so pytest reports the test as failed,
    with the error code and message.

    Example:
        expect(await session.call("web.click", target="Save button"))
        row = expect(await session.do('I should see "Saved"'))

    Raises:
        StepFailed: ``result`` did not pass.
        TypeError: ``result`` is neither a StepResult nor a ToolResult (an un-awaited coroutine, say).
    """
    from tapwright.runner.results import StepResult

    __tracebackhide__ = True  # pytest shows the test's line, not this one
    if isinstance(result, ToolResult):
        if result.ok:
            return result
        error = result.error
        code = error.code.value if error is not None else None
        raise StepFailed(what or "the call", code, error.message if error is not None else result.status_line(), result)
    if isinstance(result, StepResult):
        if result.status == "passed":
            return result
        raise StepFailed(what or f"step {result.text!r}", result.error_code, result.reason, result)
    hint = " (did you forget await?)" if inspect.isawaitable(result) else ""
    raise TypeError(f"expect() takes a StepResult or a ToolResult, got {type(result).__name__}{hint}")


@asynccontextmanager
async def open(
    platform: str = "web",
    base_url: str | None = None,
    *,
    headed: bool = False,
    registry: Registry | None = None,
    run_settings: dict[str, Any] | None = None,
    check: bool = False,
    **settings: Any,
) -> AsyncIterator[Session]:
    """Open one environment on ``platform``; closes everything it opened on exit.

    Keyword settings the platform takes in a test file (``device=``, ``app=``, ``viewport=``)
    configure the environment; any other keyword is a run-wide setting of the platform's
    runtime (for web: ``browser``, ``policy``, ``executable_path``, ``browser_endpoint``,
    ``action_timeout_ms``, ``upload_dirs``).

    Args:
        platform: The platform's name; an unknown one is a UserError listing the installed ones.
        base_url: Relative URLs resolve against it (web).
        headed: Show the browser or window.
        registry: The tools to offer (``Registry.default()`` when None).
        run_settings: Run-wide settings, as a mapping (merged with the keyword ones).
        check: Make ``session.do()`` raise StepFailed for a step that does not pass.
        **settings: Environment and run-wide settings (see above).
    """
    found = platforms.get(platform)
    own = found.check_settings({k: v for k, v in settings.items() if k in found.option_keys})
    run = {**(run_settings or {}), **{k: v for k, v in settings.items() if k not in found.option_keys}}
    runtimes = Runtimes(headed=headed, settings={platform: run})
    try:
        env = await runtimes.open(platform, EnvOptions(base_url=base_url, settings=own))
        session = Session(env.driver, env.ctx, registry or Registry.default(), platform=platform, base_url=base_url,
                          check=check)  # fmt: skip
        try:
            yield session
        finally:
            await session.aclose_planner()
            await env.close()
    finally:
        await runtimes.aclose()


def web(base_url: str | None = None, **options: Any) -> Any:
    """``tapwright.open("web", ...)``: a fresh browser context (see :func:`open` for the options).

    Web options: ``headed``, ``policy`` (a UrlPolicy), ``browser`` (a running WebBrowser to
    share, left open), ``storage_state``, ``viewport``, ``action_timeout_ms``, ``upload_dirs``,
    ``executable_path``, ``browser_endpoint`` (a Playwright server), ``cdp_url``.
    """
    return open("web", base_url, **options)


def android(**options: Any) -> Any:
    """``tapwright.open("android", ...)``: one device lease (``device=SERIAL``, ``app=PACKAGE``)."""
    return open("android", **options)


def desktop(**options: Any) -> Any:
    """``tapwright.open("desktop", ...)``: an app on an X display (``app="command line"``)."""
    return open("desktop", **options)


__all__ = ["Session", "android", "desktop", "expect", "open", "web"]
