"""Playwright exceptions -> ErrorCodes: the one mapping table of the web driver.

Playwright raises ``TimeoutError`` and ``Error`` with a message and a call log. The
call log says *why* an action timed out (hidden, disabled, covered), so the table is
matched against the whole text, first row first; the original text is kept as
``cause``.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from tapwright.drivers.web._pw import pw
from tapwright.errors import DriverError, ErrorCode, ToolFailure

# (pattern over the message and call log, code, message shown to the model). First match wins.
ERROR_TABLE: tuple[tuple[re.Pattern[str], ErrorCode, str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE | re.DOTALL), code, text)
    for pattern, code, text in (
        (r"net::ERR_BLOCKED_BY_CLIENT", ErrorCode.URL_BLOCKED, "the URL policy blocked the request"),
        (r"strict mode violation", ErrorCode.AMBIGUOUS, "the selector matches several elements"),
        (r"Target crashed|Page crashed", ErrorCode.BROWSER_CRASHED,
         "the tab crashed (renderer); a fresh tab replaces it, so load the page again"),
        (r"Target (page, context or browser )?(has been )?closed|Browser has been closed|Browser closed"
         r"|browser has disconnected|Connection closed",
         ErrorCode.BROWSER_CRASHED, "the browser, context or page is closed"),
        (r"not attached to the DOM|Element is detached|element was detached|stale|"
         r"Execution context was destroyed|Cannot find context with specified id|Node is detached|"
         r"JSHandle is disposed|no longer points at",
         ErrorCode.STALE_REF, "the element is no longer on the page; take a new snapshot"),
        (r"intercepts pointer events|element is outside of the viewport", ErrorCode.NOT_INTERACTABLE,
         "another element covers it"),
        (r"element is not enabled|element is disabled|is not editable|element is readonly|<[^>]*disabled",
         ErrorCode.NOT_INTERACTABLE, "the element is disabled or read-only"),
        (r"element is not visible|element is not displayed|is not visible",
         ErrorCode.NOT_VISIBLE, "the element is not visible"),
        (r"net::ERR_\w+|NS_ERROR_\w+|Protocol error \(Page\.navigate\)|Cannot navigate to invalid URL",
         ErrorCode.NAVIGATION_FAILED, "the page could not be loaded"),
        (r"Element is not an? <(input|select|textarea)|Not a checkbox or radio|is not a <select>|"
         r"Element is not a checkbox|Cannot type text into|Clicking the checkbox did not change its state",
         ErrorCode.NOT_INTERACTABLE, "the element does not accept this action"),
        (r"did not find some options|no options? (matching|to select)", ErrorCode.ELEMENT_NOT_FOUND,
         "no option matches"),
        (r"Unknown key|Keyboard\.press", ErrorCode.INVALID_INPUT, "unknown key"),
        (r"Unexpected token|is not a valid selector|Unknown engine|Failed to parse|SyntaxError",
         ErrorCode.INVALID_INPUT, "the selector is not valid"),
    )
)


def map_error(exc: BaseException, action: str = "") -> DriverError:
    """A Playwright exception as a DriverError with a stable code and the original as cause."""
    text = str(exc)
    where = f"{action}: " if action else ""
    for pattern, code, message in ERROR_TABLE:
        if pattern.search(text):
            # A timeout whose call log shows the element was hidden/covered keeps that code.
            return DriverError(code, where + message, cause=_cause(exc), waited=isinstance(exc, pw.TimeoutError))
    if isinstance(exc, pw.TimeoutError):
        # Playwright waited its whole timeout (actionability, a selector): running it again waits as long.
        return DriverError(ErrorCode.TIMEOUT, where + "timed out", cause=_cause(exc), waited=True)
    return DriverError(ErrorCode.DRIVER_ERROR, where + "the browser reported an error", cause=_cause(exc))


def _cause(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]


@asynccontextmanager
async def mapped(action: str = "") -> AsyncIterator[None]:
    """Translate Playwright exceptions raised inside the block (ToolFailures pass through)."""
    try:
        yield
    except ToolFailure:
        raise
    except pw.Error as exc:  # TimeoutError is a subclass
        raise map_error(exc, action) from None
