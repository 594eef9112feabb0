"""The Playwright trace of a WebSession: saved when asked, salvaged from its stream when the browser died."""

from __future__ import annotations

import contextlib
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import mapped
from tapwright.errors import ErrorCode, ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import BrowserContext

_TITLE_CHARS = 300  # a group's title in the viewer's action list (a step, or why it failed)
_MESSAGE_CHARS = 2000  # why a step failed, in the viewer's Errors tab


class Traces:
    """Whether the context records a trace, and where Playwright streams it (set by the launcher)."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.tracing = False
        self.files: tuple[Path, str] | None = None  # (traces folder, trace name) while recording
        self.groups = 0  # groups open (a step's)

    async def group(self, title: str, *, file: str | None = None, line: int | None = None) -> None:
        """Open a group in the trace (Playwright's trace viewer lists the calls that follow under ``title``)."""
        if not self.tracing:
            return
        location: Any = {"file": file, "line": line, "column": 1} if file and line else None
        with contextlib.suppress(pw.Error):
            await self.context.tracing.group(title[:_TITLE_CHARS], location=location)
            self.groups += 1

    async def group_end(self, failure: str | None = None) -> None:
        """Close the group :meth:`group` opened; ``failure`` is shown in it first, as an entry of its own."""
        if not self.tracing or not self.groups:
            return
        with contextlib.suppress(pw.Error):
            if failure:
                await self.context.tracing.group(f"✗ {failure}"[:_TITLE_CHARS])
                await self._failed_call(failure)
                await self.context.tracing.group_end()
            await self.context.tracing.group_end()
        self.groups -= 1

    async def _failed_call(self, failure: str) -> None:
        """A call that fails with ``failure`` itself, under the ✗ entry: the trace viewer opens a trace
        on its last failed call, so it opens on the failing step and shows why in its Errors tab.
        It throws inside the evaluation only: the page sees no error (no ``pageerror``, no console)."""
        pages = self.context.pages
        if not pages:
            return
        with contextlib.suppress(pw.Error):
            await pages[-1].evaluate("m => { throw new Error(m); }", failure[:_MESSAGE_CHARS])

    async def save(self, path: Path) -> bool:
        """Stop and save the trace if one is recorded; True when a file was written."""
        if not self.tracing:
            return False
        await self.stop(path)
        return Path(path).is_file()

    async def stop(self, path: str | Path) -> None:
        """Save the Playwright trace recorded since the session started (``record_trace=True``)."""
        if not self.tracing:
            raise ToolFailure(ErrorCode.INVALID_INPUT, "this session does not record a trace (record_trace=False)")
        try:
            async with mapped("save trace"):
                await self.context.tracing.stop(path=str(path))
        except ToolFailure:
            if not self._salvage(Path(path)):
                raise
        self.tracing = False

    def _salvage(self, path: Path) -> bool:
        """Zip what Playwright streamed to its traces folder (the browser died before the trace was stopped)."""
        if self.files is None:
            return False
        folder, name = self.files
        parts = [folder / f"{name}.trace", folder / f"{name}.network"]
        if not parts[0].is_file():
            return False
        path.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for part in parts:
                if part.is_file():
                    z.write(part, "trace" + part.suffix)
            # Only this trace's resources: the folder is shared by every context of the browser.
            text = "".join(p.read_text(encoding="utf-8", errors="replace") for p in parts if p.is_file())
            resources = folder / "resources"
            if resources.is_dir():
                for item in resources.iterdir():
                    if item.name in text:
                        z.write(item, f"resources/{item.name}")
        return True
