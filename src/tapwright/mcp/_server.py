"""The MCP server: lists the registry's tools and runs calls through the executor."""

from __future__ import annotations

import asyncio
import base64
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import mcp.types as types
from mcp.server import Server, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from tapwright import __version__
from tapwright.core.context import ToolContext
from tapwright.core.element import UiTree
from tapwright.core.result import ToolResult
from tapwright.drivers.base import PENDING, Driver
from tapwright.errors import ErrorCode
from tapwright.mcp import _unreported as unreported
from tapwright.mcp._catalog import namespace, select_tools, to_mcp_tool
from tapwright.mcp._observe import render, structured
from tapwright.mcp._options import McpOptions
from tapwright.mcp._record import Recorder
from tapwright.mcp._sessions import Sessions
from tapwright.plan.executor import Executor, RetryPolicy
from tapwright.plan.trace import PlanTrace
from tapwright.registry.export import function_name
from tapwright.registry.registry import Registry
from tapwright.registry.spec import ToolSpec

log = logging.getLogger("tapwright.mcp")
SNAPSHOT_TIMEOUT_S = 15.0  # a look after a click may first let the page it opened load
CLOSE_TIMEOUT_S = 15.0
LOST_WAIT_S = 3.0  # after a BROWSER_CRASHED / DEVICE_LOST answer: how long to wait for the driver to say it died
MAX_IMAGE_BYTES = 5_000_000
INSTRUCTIONS = """\
tapwright gives you hands on a web page. Name elements the way a person would
(target="the blue Sign in button", "Email field in the login form"), or use a
ref such as "e12" from the snapshot tool. Actions answer with a status line and
only what changed (URL, title, a few elements that appeared or went away); call
the snapshot tool when you need to see the page. A failed call has isError set,
a status line such as "NOT_FOUND: [ELEMENT_NOT_FOUND] ..." and the error code in
structuredContent.error.code; AMBIGUOUS lists candidates to choose from.
${secrets.NAME} in an argument is replaced on the server by a configured secret
that you never see."""

ServerContext = ServerRequestContext[Sessions, Any]


class TapwrightMcp:
    """One server: the exposed tools, the per-client sessions and the MCP handlers.

    Example:
        app = TapwrightMcp(McpOptions(base_url="http://127.0.0.1:8000"))
        await serve_stdio(app)
    """

    def __init__(self, options: McpOptions | None = None, registry: Registry | None = None) -> None:
        self.options = options or McpOptions()
        self.options.check()
        base = registry if registry is not None else Registry.default()
        self.load_errors = list(base.load_errors)
        self.registry = select_tools(base, self.options.tools, self.options.caps)
        self.specs = self.registry.list()
        self.tools = [to_mcp_tool(s) for s in self.specs]
        self._has_output = {t.name: t.output_schema is not None for t in self.tools}
        self.sessions = Sessions(self.options, {namespace(s) for s in self.specs})
        self.recorder = Recorder(self.options.record, base_url=self.options.base_url, secrets=self.options.secrets) \
            if self.options.record else None  # fmt: skip
        self.server: Server[Sessions] = Server(
            "tapwright",
            version=__version__,
            title="tapwright",
            instructions=INSTRUCTIONS,
            lifespan=self._lifespan,
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
        )
        # Browser state lives in a session, which the 2026-07-28 stateless era does not have:
        # refusing discovery makes "auto" clients fall back to the initialize handshake.
        self.server.add_request_handler("server/discover", types.RequestParams, _no_discover)

    @asynccontextmanager
    async def _lifespan(self, _server: Server[Sessions]) -> AsyncIterator[Sessions]:
        try:
            yield self.sessions
        finally:
            # Shielded and bounded: a signal or shutdown cancels us, and the browser must still close.
            with anyio.move_on_after(CLOSE_TIMEOUT_S, shield=True):
                await self.sessions.aclose()

    async def _list_tools(self, ctx: ServerContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tools)

    async def _call_tool(self, ctx: ServerContext, params: types.CallToolRequestParams) -> types.CallToolResult:
        spec = self.registry.get(params.name)
        if spec is None:
            hints = ", ".join(self.registry.suggest(params.name.replace("__", "."))) or "none"
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {params.name} (closest: {hints})")
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
            raise MCPError(
                code=INVALID_REQUEST,
                message="tapwright keeps a browser per MCP session; connect with the initialize handshake",
            )
        connection = _connection_of(ctx)
        refused = self.sessions.refused(connection)
        if refused is not None:
            log.warning("a new client's call was refused: %s", refused)
            return self._answer(spec, ToolResult.failure(ErrorCode.BUDGET_EXCEEDED, refused).to_dict())
        state = self.sessions.state_for(connection)
        args = dict(params.arguments or {})
        if "max_chars" in spec.parameters.get("properties", {}) and "max_chars" not in args:
            args["max_chars"] = self.options.snapshot_max_chars
        self.sessions.running += 1
        try:
            async with state.lock:
                state.calls += 1
                between = unreported.take(state.ctx)  # a dialog a page's timer opened after the last call returned
                # A browser (or X server, device) that died under the session is replaced before the
                # call; a call that only reads, or is declared safe to repeat, then runs on the fresh one.
                # The answer says what was lost with it.
                renewed = await state.envs.renew()
                again = ""
                if renewed and not (spec.read_only is True or spec.idempotent is True):
                    # It died since the last call: an acting call would act on a fresh environment (an app
                    # started again, a blank page), not the screen it was meant for. It answers the loss's
                    # stable code instead, unrun; the next call runs on the fresh one.
                    lost = renewed[0]
                    answer = self._answer(spec, ToolResult.failure(lost.code, (
                        f"{lost.why}; this call was not run (it would have acted on a new environment, not the "
                        "screen it was meant for): call it again to run it there")).to_dict())  # fmt: skip
                else:
                    answer = await self._run(spec, args, state.ctx)
                    if _error_code(answer) in _LOST_CODES:
                        # It died during the call, or before it without the driver knowing yet: replaced now.
                        later = await state.envs.renew(wait_s=LOST_WAIT_S)
                        renewed += later
                        if later and spec.idempotent:  # declared safe to run twice: run it on the new one
                            answer = await self._run(spec, args, state.ctx)
                        elif later:
                            again = " This call was not repeated (it may act twice): call it again if it should run."
                for why in renewed:
                    log.warning("a client's environment was replaced: %s", why)
                if renewed:
                    answer.content.insert(0, types.TextContent(type="text", text=(
                        f"NOTE: {'; '.join(map(str, renewed))}. This session was given a new one: pages, cookies, logins "
                        f"and app state from before are gone; open the page (or app screen) again.{again}")))  # fmt: skip
                secrets = state.ctx.secrets
                unreported.attach(answer, between, unreported.take(state.ctx), redact_text=secrets.redact_text,
                                  redact=secrets.redact)
                return answer
        finally:
            self.sessions.running -= 1

    async def _run(self, spec: ToolSpec, args: dict[str, Any], ctx: ToolContext) -> types.CallToolResult:
        read_only = spec.read_only is True  # a tool that declares nothing is treated as acting
        driver = None if read_only else await _driver(ctx, tuple(spec.injected.values()))
        # One read of the screen per acting call: "before" is what the driver last read in full
        # (drivers that keep nothing are read once more first).
        before = None if driver is None else driver.known_tree() or await _snapshot(driver)
        tabs = 0 if driver is None else driver.tab_count()
        executor = Executor(self.registry, ctx, retry=RetryPolicy(max_attempts=self.options.retries))
        trace = await executor.run({"steps": [{"tool": spec.name, "args": args}]})
        result = _result_of(trace)
        if self.recorder is not None and not read_only and result.get("ok"):
            self.recorder.add(spec.name, ctx.secrets.redact(args), ctx.secrets.redact(result.get("data")))
        after = opened = None
        if driver is not None and result.get("ok"):
            data = result.get("data")
            changed = data.get("changed") if isinstance(data, dict) else None
            # A change the driver saw not to happen needs no look; any other is read once.
            after = before if changed is False else await _snapshot(driver)
            if changed == PENDING and isinstance(data, dict):
                settled = await driver.settle_change()
                data["changed"] = PENDING if settled is None else settled
            opened = await _opened_tab(driver, tabs, data)
        return self._answer(spec, result, read_only=read_only, before=before, after=after, opened=opened,
                            redact=ctx.secrets.redact_text)

    def _answer(self, spec: ToolSpec, result: dict[str, Any], *, read_only: bool = True, before: UiTree | None = None,
                after: UiTree | None = None, opened: UiTree | None = None,
                redact: Any = None) -> types.CallToolResult:  # fmt: skip
        """The MCP answer for a tool's result: status text with the change summary, image, structured content."""
        text = render(
            result,
            read_only=read_only,
            before=before,
            after=after,
            max_chars=self.options.snapshot_max_chars,
            redact=redact if redact is not None else self.sessions.secrets.redact_text,
            opened=opened,
        )
        content: list[types.ContentBlock] = [types.TextContent(type="text", text=text)]
        image = _image(result)
        if image is not None:
            content.append(image)
        has_output = self._has_output.get(function_name(spec.name), False)
        return types.CallToolResult(
            content=content,
            structured_content=structured(result, has_output_schema=has_output, max_chars=self.options.snapshot_max_chars),
            is_error=not result.get("ok"),
        )


async def _no_discover(ctx: ServerContext, params: types.RequestParams) -> types.EmptyResult:
    raise MCPError(code=METHOD_NOT_FOUND, message="Method not found", data="server/discover")


def _connection_of(ctx: ServerContext) -> Any:
    # The SDK keeps per-client state (``state``, ``exit_stack``, unwound when the client goes away)
    # on the Connection, which the low-level handler context reaches only through its session.
    connection = getattr(ctx.session, "_connection", None)
    if connection is None or not hasattr(connection, "exit_stack"):
        raise MCPError(code=INTERNAL_ERROR, message="this mcp SDK version exposes no per-client connection state")
    return connection


_LOST_CODES = (ErrorCode.BROWSER_CRASHED.value, ErrorCode.DEVICE_LOST.value)


def _error_code(answer: types.CallToolResult) -> str | None:
    """The error code of a failed answer (None when it succeeded)."""
    content = answer.structured_content if answer.is_error else None
    error = content.get("error") if isinstance(content, dict) else None
    return str(error.get("code")) if isinstance(error, dict) else None


def _result_of(trace: PlanTrace) -> dict[str, Any]:
    if trace.calls and trace.calls[0].result is not None:
        return trace.calls[0].result
    error = trace.error
    if error is None:
        return ToolResult.failure(ErrorCode.INTERNAL, "the call produced no result").to_dict()
    return ToolResult(ok=False, error=error).to_dict()


async def _driver(ctx: ToolContext, drivers: tuple[type, ...]) -> Driver | None:
    """The call's driver (created now if this is the session's first call), or None."""
    for cls in drivers:
        try:
            # The call would create it anyway; creating it first gives the summary a "before".
            driver: object = await ctx.aget(cls)
        except Exception:  # the call itself will report why the driver is unavailable
            return None
        if isinstance(driver, Driver):
            return driver
    return None


async def _snapshot(driver: Driver) -> UiTree | None:
    """The driver's screen now, or None (a page mid-navigation or a closed browser: no summary, not a failure)."""
    try:
        return await asyncio.wait_for(driver.snapshot(), SNAPSHOT_TIMEOUT_S)
    except Exception:
        return None


async def _opened_tab(driver: Driver, tabs_before: int, data: Any) -> UiTree | None:
    """The tab an acting call opened (a link with target=_blank, window.open), read once; None when it
    opened none. A tab that opened just after the action returned (the driver's answer missed it) is
    added to ``data`` as ``new_tab``."""
    if not isinstance(data, dict):
        return None
    tab = data.get("new_tab")
    found = await driver.opened_tab(tabs_before)
    if isinstance(tab, dict) and isinstance(tab.get("index"), int):
        index = int(tab["index"])
    elif found is not None:
        index = found
    else:
        return None
    try:
        tree = await asyncio.wait_for(driver.tab_snapshot(index), SNAPSHOT_TIMEOUT_S)
    except Exception:  # a tab closed at once, a browser gone: the answer names the tab without its page
        tree = None
    if not isinstance(tab, dict):
        data["new_tab"] = {"index": index, "url": tree.url if tree is not None else ""}
    return tree


def _image(result: dict[str, Any]) -> types.ImageContent | None:
    shot = result.get("screenshot")
    if not result.get("ok") or not isinstance(shot, dict) or not shot.get("path"):
        return None
    path = Path(str(shot["path"]))
    try:
        if path.stat().st_size > MAX_IMAGE_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    return types.ImageContent(type="image", data=base64.b64encode(data).decode(), mime_type=str(shot.get("mime_type", "image/png")))
