"""Pictures of a WebSession: where a screenshot may be written, and a capture with the run's secrets masked."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tapwright.core.fence import FileFence
from tapwright.core.result import Screenshot
from tapwright.core.secrets import SecretStore
from tapwright.drivers._secret_boxes import black_out
from tapwright.drivers.web import _picture_text as picture_text
from tapwright.drivers.web import shots
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web._tabs import Tabs
from tapwright.drivers.web.errors import mapped
from tapwright.drivers.web.masking import Marked, mark_secrets
from tapwright.drivers.web.settle import NavigationWatch
from tapwright.drivers.web.targets import check_text
from tapwright.errors import DriverError, ErrorCode, ToolFailure

if TYPE_CHECKING:
    from playwright.async_api import Page

_shot_ids = itertools.count(1)


class Pictures:
    """Screenshots of the current tab. ``mask_secrets`` (the run's secrets) are masked in every one."""

    def __init__(self, tabs: Tabs, watch: NavigationWatch, folders: tuple[Path, ...]) -> None:
        self.tabs = tabs
        self.watch = watch
        self.folders = folders
        self.mask_secrets: SecretStore | None = None

    def check_output_path(self, path: str) -> Path:
        """Where a tool may write a picture: the file fence (:mod:`tapwright.core.fence`) over the
        upload folders (see :meth:`WebSession.check_output_path`)."""
        check_text(path, "path")
        return FileFence(self.folders).writable(path)

    async def screenshot(self, path: str | None = None, *, full_page: bool = False, scale: float = 1.0) -> Screenshot:
        """A screenshot of the current tab (see :meth:`WebSession.screenshot`)."""
        out = Path(path) if path else Path(tempfile.gettempdir()) / "tapwright-shots" / f"shot-{next(_shot_ids)}.png"
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"cannot write a screenshot to {out}: {exc.strerror}") from None
        with contextlib.suppress(DriverError):
            await self.watch.settle(self.tabs.current_page())
        try:
            mime, data = await self._capture(out, full_page, scale)
        except ToolFailure as exc:
            if exc.code is ErrorCode.BROWSER_CRASHED:
                raise
            # A page in the middle of a navigation (a form just submitted) cannot be captured:
            # let the new document load, then try once more.
            with contextlib.suppress(Exception):
                await self.tabs.current_page().wait_for_load_state("load", timeout=5_000)
            mime, data = await self._capture(out, full_page, scale)
        self.watch.pictured()
        width, height = shots.image_size(data)
        return Screenshot(mime, str(out), width, height)

    async def _capture(self, out: Path, full_page: bool, scale: float) -> tuple[str, bytes]:
        page = self.tabs.current_page()  # a screenshot is evidence: it leaves a crash notice for the next call
        marked = await self._mark_secrets(page)
        pictures = await self._pictures(page)
        try:
            async with mapped("screenshot"):
                mask = marked.locators() if marked is not None and marked.frames else None
                mime, data = await shots.capture(page, out, full_page=full_page, mask=mask, scale=scale)
        finally:
            if marked is not None:
                await marked.undo()
        if pictures is not None and self.mask_secrets is not None:
            try:
                boxes = await asyncio.to_thread(picture_text.secret_boxes, data, pictures, self.mask_secrets,
                                                full_page=full_page)  # fmt: skip
                if boxes:
                    data = black_out(data, boxes, mime)
                    out.write_bytes(data)
            except BaseException:  # OCR failed or hung: the picture may show a secret, so it is not kept
                out.unlink(missing_ok=True)
                raise
        return mime, data

    async def _pictures(self, page: Page) -> dict[str, Any] | None:
        """Where the page shows pictures that OCR reads for secrets (see :mod:`._picture_text`); None when the
        run has no secrets, the page shows none, or OCR cannot run here."""
        store = self.mask_secrets
        if store is None or not store.values() or not picture_text.can_read():
            return None
        with contextlib.suppress(pw.Error):
            return await picture_text.picture_regions(page)
        return None

    async def _mark_secrets(self, page: Page) -> Marked | None:
        """Mark the elements of every frame of ``page`` that show a secret (see masking); None without secrets."""
        store = self.mask_secrets
        if store is None or not store.values():
            return None
        try:
            return await mark_secrets(page, store)
        except pw.Error:
            # Masking could not run (the page is navigating): the screenshot must not be taken
            # unmasked, so it fails like any screenshot of a page mid-navigation and is retried.
            raise DriverError(ErrorCode.DRIVER_ERROR, "could not mask secrets on the page; no screenshot taken") from None
