"""X11 / process exceptions -> ErrorCodes: the desktop driver's one mapping table.

Everything the desktop driver raises out of python-xlib, mss, the AT-SPI reader or Tesseract
goes through :func:`map_x_error`, keeping the original as ``cause``.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

from Xlib import error as xerror

from tapwright.errors import DriverError, ErrorCode, ToolFailure

# (exception type, code, what it means for the user). First match wins; order from specific to general.
_TABLE: tuple[tuple[type[BaseException], ErrorCode, str], ...] = (
    (xerror.BadWindow, ErrorCode.STALE_REF, "the window no longer exists"),
    (xerror.BadDrawable, ErrorCode.STALE_REF, "the window no longer exists"),
    (xerror.BadValue, ErrorCode.INVALID_INPUT, "the X server rejected a value"),
    (xerror.ConnectionClosedError, ErrorCode.DEVICE_LOST, "the X display connection was lost"),
    (xerror.DisplayError, ErrorCode.DRIVER_ERROR, "the X display cannot be opened"),
    (xerror.XError, ErrorCode.DRIVER_ERROR, "the X server reported an error"),
    (subprocess.TimeoutExpired, ErrorCode.TIMEOUT, "a helper program took too long"),
    (BrokenPipeError, ErrorCode.DEVICE_LOST, "the X display connection was lost"),
    (ConnectionError, ErrorCode.DEVICE_LOST, "the X display connection was lost"),
    (FileNotFoundError, ErrorCode.DRIVER_ERROR, "a program the desktop driver needs is not installed"),
    (OSError, ErrorCode.DRIVER_ERROR, "an operating-system call failed"),
)


def to_failure(exc: BaseException, doing: str) -> ToolFailure:
    """The DriverError ``exc`` means, with ``doing`` saying what was attempted."""
    if isinstance(exc, ToolFailure):
        return exc
    for kind, code, meaning in _TABLE:
        if isinstance(exc, kind):
            return DriverError(code, f"cannot {doing}: {meaning} ({type(exc).__name__}: {exc})", cause=repr(exc))
    return DriverError(ErrorCode.DRIVER_ERROR, f"cannot {doing}: {type(exc).__name__}: {exc}", cause=repr(exc))


@contextmanager
def map_x_error(doing: str) -> Iterator[None]:
    """Raise the mapped DriverError for any X / OS exception inside the block."""
    try:
        yield
    except ToolFailure:
        raise
    except (xerror.XError, xerror.DisplayError, xerror.ConnectionClosedError, subprocess.SubprocessError, OSError) as exc:
        raise to_failure(exc, doing) from exc
