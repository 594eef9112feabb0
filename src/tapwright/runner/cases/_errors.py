"""The loaders' error: a test file that cannot be read, named by file, line and column."""

from __future__ import annotations

from pathlib import Path

from tapwright.errors import UserError


class CaseError(UserError):
    """A test case file is malformed. ``str(error)`` reads ``path:line:col: message``.

    Attributes:
        path: The file (or ``<expr>`` for a bad filter expression).
        line: 1-based line, when known.
        col: 1-based column, when known.
        message: What is wrong, without the location.
    """

    def __init__(self, path: str | Path, message: str, line: int | None = None, col: int | None = None) -> None:
        self.path = str(path)
        self.line = line
        self.col = col
        self.message = message
        where = self.path + (f":{line}" if line is not None else "") + (f":{col}" if line is not None and col else "")
        super().__init__(f"{where}: {message}")
