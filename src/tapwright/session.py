"""The user-facing facade: ``async with tapwright.web(base_url=...) as session:``.

Example:
    async with tapwright.web(base_url="http://127.0.0.1:8000") as session:
        await session.call("web.navigate", url="/login")
        await session.call("web.fill", target="Email field", text="a@b.c")
        result = await session.call("web.click", target="Log in button")
        assert result.ok, result.status_line()
        await session.page.screenshot(path="after.png")   # the Playwright page, as an escape hatch
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from tapwright.core.context import ToolContext
from tapwright.core.element import UiTree
from tapwright.core.result import ToolResult
from tapwright.drivers.web import BrowserOptions, UrlPolicy, WebBrowser, WebSession
from tapwright.locator import Candidate
from tapwright.registry.registry import Registry

if TYPE_CHECKING:
    from tapwright.planners.base import StepPlanner
    from tapwright.runner.results import StepResult
    from tapwright.task import TaskResult


class Session:
    """A live web session with the tool registry bound to it.

    Attributes:
        driver: The :class:`~tapwright.drivers.web.WebSession`.
        ctx: The ToolContext the tools run in (the driver is in it).
        registry: The tools ``call`` can run.
    """

    def __init__(self, driver: WebSession, ctx: ToolContext, registry: Registry) -> None:
        self.driver = driver
        self.ctx = ctx
        self.registry = registry

    @property
    def page(self) -> Any:
        """The current Playwright page (``playwright.async_api.Page``): the escape hatch."""
        return self.driver.page

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
        return (await self.driver.find(description))[1]

    async def snapshot(self) -> UiTree:
        """The current page as a UiTree (every frame and open shadow root included)."""
        return await self.driver.snapshot()

    async def do(
        self, instruction: str, *, planner: StepPlanner | None = None, vars: dict[str, Any] | None = None
    ) -> StepResult:
        """Run one plain-English step or instruction and return its step result. Never raises for a failing step.

        The step is planned by ``planner`` (default: the ``auto`` planner, offline rules
        first, then the LLM when ``TAPWRIGHT_LLM_*`` is configured) and run like a test step.

        Example:
            result = await session.do("Enter 'x' into the Name field and press Submit")
            assert result.status == "passed", result.status_line
        """
        from tapwright.runner.planning import make_planner
        from tapwright.runner.step import run_step

        if planner is None:
            planner = getattr(self, "_planner", None) or make_planner("auto")
            self._planner = planner
        return await run_step(
            instruction, self.ctx, planner=planner, registry=self.registry, vars=vars, base_url=self.driver.base_url
        )

    async def task(
        self, instruction: str, *, url: str | None = None, planner: Literal["auto", "offline", "model"] = "auto"
    ) -> TaskResult:
        """Get validated data from the page by saying what you want (``tapwright task`` in Python). Never raises.

        The instruction becomes a seed-1 plan (offline by tool triggers, or written by the
        configured model), runs through the executor, and its result is checked by the
        result validator.

        Example:
            result = await session.task("Find all products under 150 in the Outdoor category", url="/products")
            assert result.ok, result.reason
            print(result.data)     # [{"name": ..., "price": 35.0, "currency": "USD", ...}, ...]
        """
        from tapwright.task import run_task

        return await run_task(instruction, self.ctx, self.registry, url=url, planner=planner)


@asynccontextmanager
async def web(
    base_url: str | None = None,
    *,
    headed: bool = False,
    policy: UrlPolicy | None = None,
    browser: WebBrowser | BrowserOptions | None = None,
    registry: Registry | None = None,
    storage_state: str | Path | None = None,
    viewport: tuple[int, int] = (1280, 800),
    action_timeout_ms: int = 5_000,
    upload_dirs: tuple[str | Path, ...] | None = None,
) -> AsyncIterator[Session]:
    """Open a browser session for tools; closes everything it opened on exit.

    Args:
        base_url: Paths given to ``web.navigate`` are joined to it.
        headed: Show the browser window (debugging).
        policy: The URL policy (http and https only by default).
        browser: A running :class:`WebBrowser` to reuse (left open on exit), or options to launch one.
        registry: The tools to offer (``Registry.default()`` when None).
        storage_state: Load cookies and local storage saved by ``save_storage_state``.
        viewport: Page size in CSS pixels.
        action_timeout_ms: How long actions wait for their element to become actionable.
        upload_dirs: Folders ``web.upload_file`` may read (default: working directory and temp dir).
    """
    owned = not isinstance(browser, WebBrowser)
    if isinstance(browser, WebBrowser):
        running = browser
    else:
        running = await WebBrowser.launch(browser or BrowserOptions(headless=not headed))
    try:
        driver = await running.new_session(
            base_url=base_url, policy=policy, storage_state=storage_state, viewport=viewport,
            action_timeout_ms=action_timeout_ms, upload_dirs=upload_dirs,
        )  # fmt: skip
        ctx = ToolContext([driver])
        session = Session(driver, ctx, registry or Registry.default())
        try:
            yield session
        finally:
            await ctx.aclose()
            await driver.aclose()
            if getattr(session, "_planner", None) is not None:  # the model client of session.do()
                from tapwright.runner.planning import close_planner

                await close_planner(session._planner)
    finally:
        if owned:
            await running.aclose()


__all__ = ["Session", "web"]
