"""JavaScript dialogs and downloads: answered and saved as they happen, reported as page events.

A dialog (``alert``, ``confirm``, ``prompt``, ``beforeunload``) blocks its page until it
is answered, so it is answered the moment it opens: with the answer a step set up
beforehand (:meth:`Prompts.arm`, the ``web.handle_dialog`` tool: "Accept the
confirmation", "Answer the prompt with "Bob""), or else by default: an alert is
acknowledged, a leave-page warning lets the page go, a confirmation or a prompt is
dismissed (the safe answer: nothing is confirmed that no step asked for). Either way
the step reports it (a ``dialog`` page event: its kind, text and how it was answered).

A download is saved into the session's downloads folder under a cleaned name (no path,
no hidden or reserved name, never over an existing file) and reported with its name,
size and path (a ``download`` page event); :meth:`Prompts.saved` lists them.

The action that opened a dialog or started a download says so in its own result
(:meth:`Prompts.news`): the dialog's kind, text and answer, the download's suggested name and
where it was saved. Knowing that costs a quiet action nothing: a dialog is answered before the
click that opened it returns; a download starts either before it returns or right after a
navigation of the click's that ended without a new document, or one the page announced as a
download (observer.js pushes that ahead of the click's reply); only then does the action wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import tempfile
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from tapwright.core.diagnostics import PageEvent, event
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.pageevents import safe_url

if TYPE_CHECKING:
    from playwright.async_api import Dialog, Download, Page

Sink = Callable[[PageEvent], None]
DialogKind = Literal["alert", "confirm", "prompt", "beforeunload"]
DIALOG_KINDS: tuple[str, ...] = ("alert", "confirm", "prompt", "beforeunload")
_LABEL = {"alert": "alert", "confirm": "confirmation", "prompt": "prompt", "beforeunload": "leave-page warning"}
MAX_ARMED = 20
# After a navigation that ended without a new document (or a download the page announced), how long
# an action waits for the browser to say a download began (it says so within milliseconds).
DOWNLOAD_START_WAIT_S = 1.0
# A download larger than this is not kept (it could fill the disk of a CI machine).
MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024
_BAD_NAME = re.compile(r"[\x00-\x1f\x7f/\\:*?\"<>|]+")
_RESERVED = re.compile(r"^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Answer:
    """How to answer the next dialog (of ``kind``, or of any kind when None)."""

    accept: bool
    text: str | None = None
    kind: str | None = None

    def fits(self, kind: str) -> bool:
        return self.kind is None or self.kind == kind


@dataclass(frozen=True, slots=True)
class DialogRecord:
    """A dialog that opened and how it was answered."""

    kind: str
    message: str
    accepted: bool
    text: str | None
    by_default: bool
    actions: int  # the session's action count when it opened (see Prompts.too_late)
    seq: int = 0  # which dialog of the session it was (1 for the first): tells the reported ones apart

    def describe(self) -> str:
        label = _LABEL.get(self.kind, self.kind)
        said = f" {_quote(self.message)}" if self.message else ""
        if self.kind == "prompt" and self.accepted:
            how = f"answered {_quote(self.text or '')}"
        else:
            how = "accepted" if self.accepted else "dismissed"
        if self.by_default:
            hint = "" if self.kind in ("alert", "beforeunload") else (
                f"; to answer it otherwise, say e.g. 'Accept the {label}' before the step that opens it")
            how += f" (the default answer{hint})"
        return f"{label}{said} {how}"

    def to_dict(self) -> dict[str, Any]:
        """What an action's result says about the dialog it opened."""
        out: dict[str, Any] = {"kind": self.kind, "message": self.message,
                               "answer": "accepted" if self.accepted else "dismissed", "by_default": self.by_default}
        if self.text is not None:
            out["text"] = self.text
        out["said"] = self.describe()
        return out


@dataclass(frozen=True, slots=True)
class PromptMark:
    """Dialogs opened, downloads begun and downloads the page announced, before an action."""

    opened: int
    started: int
    asked: int


@dataclass(frozen=True, slots=True)
class SavedFile:
    """A finished download."""

    name: str
    path: str
    size: int
    url: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "size": self.size, "url": self.url}


def _quote(text: str) -> str:
    flat = " ".join(text.split())
    return '"' + (flat[:200] + "…" if len(flat) > 200 else flat) + '"'


def clean_name(suggested: str) -> str:
    """A download's suggested name made safe to write: its last path part, no control or reserved
    characters, no leading dots (hidden files, ``..``), at most 150 characters; ``download`` if nothing is left."""
    name = unicodedata.normalize("NFC", suggested).replace("\\", "/").rsplit("/", 1)[-1]
    name = _BAD_NAME.sub("_", name).strip().lstrip(".").strip()
    if _RESERVED.match(name):
        name = "_" + name
    if len(name) > 150:
        stem, dot, suffix = name.rpartition(".")
        name = (stem[: 150 - len(suffix) - 1] + "." + suffix) if dot and len(suffix) <= 10 else name[:150]
    return name or "download"


def unique_path(folder: Path, name: str) -> Path:
    """``folder/name``, or ``name (2)``, ``name (3)`` ... when that exists: never over an existing file."""
    path = folder / name
    stem, suffix = Path(name).stem, Path(name).suffix
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem} ({n}){suffix}"
    return path


class Prompts:
    """A session's dialog answers and downloads (one per WebSession)."""

    def __init__(self, sink: Sink, spawn: Callable[[Any], None], downloads_dir: Path | None = None) -> None:
        self._sink = sink
        self._spawn = spawn
        self._armed: list[Answer] = []
        self._dir = downloads_dir
        self._own_dir: Path | None = None
        self._pending: set[asyncio.Future[Any]] = set()
        self.dialogs: list[DialogRecord] = []
        self.opened = 0  # dialogs opened so far (``dialogs`` keeps only the latest)
        self.files: list[SavedFile] = []
        self.actions = 0  # actions the session ran (set by the session): tells a late answer apart
        self._late_told: DialogRecord | None = None
        self._reported: set[int] = set()  # the ``seq`` of dialogs some result has reported (see take_unreported)
        self.started = 0  # downloads begun so far
        self.asked = 0  # downloads the page announced (observer.js: a link with a download attribute)
        self._begun: list[tuple[str, asyncio.Future[SavedFile | str]]] = []  # the latest 50: (suggested name, its saving)
        self._began = asyncio.Event()

    # -- dialogs ---------------------------------------------------------------------------

    def arm(self, answer: Answer) -> None:
        """Answer the next dialog that fits with ``answer`` (answers are used once, oldest first)."""
        if len(self._armed) >= MAX_ARMED:
            self._armed.pop(0)
        self._armed.append(answer)

    @property
    def armed(self) -> list[Answer]:
        return list(self._armed)

    def too_late(self, answer: Answer) -> DialogRecord | None:
        """The dialog ``answer`` was evidently meant for and that was already answered otherwise:
        the latest dialog, answered by default, of the kind asked for, with no action since it opened.
        Said once per dialog: asked again, the answer is taken for the next dialog."""
        last = self.dialogs[-1] if self.dialogs else None
        if last is None or not last.by_default or not answer.fits(last.kind) or last.actions != self.actions:
            return None
        if last is self._late_told:
            return None
        same = last.accepted == answer.accept and (answer.text is None or answer.text == last.text)
        if same:
            return None
        self._late_told = last
        return last

    def _answer_for(self, kind: str) -> tuple[Answer, bool]:
        for i, armed in enumerate(self._armed):
            if armed.fits(kind):
                return self._armed.pop(i), False
        # The defaults: acknowledge an alert, let a page be left, confirm and answer nothing.
        return Answer(accept=kind in ("alert", "beforeunload")), True

    async def _on_dialog(self, dialog: Dialog) -> None:
        kind = dialog.type
        self.opened += 1
        answer, by_default = self._answer_for(kind)
        text = answer.text if kind == "prompt" and answer.accept else None
        if kind == "prompt" and answer.accept and text is None:
            text = dialog.default_value
        record = DialogRecord(kind, dialog.message, answer.accept, text, by_default, self.actions, self.opened)
        self.dialogs.append(record)
        del self.dialogs[:-50]
        self._reported.intersection_update(range(self.dialogs[0].seq, self.opened + 1))
        self._sink(event("dialog", record.describe(), safe_url(dialog.page.url) if dialog.page else ""))
        with contextlib.suppress(pw.Error):
            if answer.accept:
                await (dialog.accept(text) if text is not None else dialog.accept())
            else:
                await dialog.dismiss()

    def take_unreported(self) -> list[dict[str, Any]]:
        """The dialogs no action's result reported (a page's timer opened them after the action returned,
        or while a read ran), each as :meth:`DialogRecord.to_dict` says it; each is handed out once."""
        out = [record for record in self.dialogs if record.seq not in self._reported]
        self._reported.update(record.seq for record in out)
        return [record.to_dict() for record in out]

    # -- downloads -------------------------------------------------------------------------

    def folder(self) -> Path:
        """Where downloads are saved (a private temp folder unless the session was given one)."""
        if self._dir is None:
            self._own_dir = self._dir = Path(tempfile.mkdtemp(prefix="tapwright-downloads-"))
        self._dir.mkdir(parents=True, exist_ok=True)
        return self._dir

    async def _on_download(self, download: Download) -> SavedFile | str:
        """Save ``download``; the saved file, or why it was not kept (also reported as a page event)."""
        url = safe_url(download.url)
        name = clean_name(download.suggested_filename)
        try:
            failure = await download.failure()
            if failure is not None:
                return self._not_kept(f"{name} failed: {failure}", url)
            source = await download.path()
            size = source.stat().st_size
            if size > MAX_DOWNLOAD_BYTES:
                return self._not_kept(f"{name} not kept: {size:,} bytes is over the {MAX_DOWNLOAD_BYTES:,}-byte limit", url)
            folder = self.folder().resolve()
            target = unique_path(folder, name)
            if target.resolve().parent != folder:  # a name that still escapes: never write outside
                target = unique_path(folder, "download")
            await download.save_as(target)
        except (pw.Error, OSError) as exc:
            return self._not_kept(f"{name} could not be saved: {str(exc).splitlines()[0][:200]}", url)
        saved = SavedFile(target.name, str(target), target.stat().st_size, url)
        self.files.append(saved)
        self._sink(event("download", f"saved {saved.name} ({saved.size:,} bytes) to {saved.path}", url))
        return saved

    def _not_kept(self, why: str, url: str) -> str:
        self._sink(event("download", why, url))
        return why

    async def wait_downloads(self, timeout_s: float) -> None:
        """Wait (at most ``timeout_s``) for downloads still being saved."""
        deadline = time.monotonic() + timeout_s
        while self._pending and (left := deadline - time.monotonic()) > 0:
            await asyncio.wait(set(self._pending), timeout=left)

    # -- wiring ----------------------------------------------------------------------------

    def listen(self, page: Page) -> None:
        """Answer ``page``'s dialogs and save its downloads from now on."""
        page.on("dialog", lambda d: self._spawn(self._on_dialog(d)))
        page.on("download", self._track)

    def _track(self, download: Download) -> None:
        task = asyncio.ensure_future(self._on_download(download))
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
        self.started += 1
        self._begun.append((download.suggested_filename, task))
        del self._begun[:-50]
        self._began.set()
        self._spawn(_wait(task))

    # -- what an action set off --------------------------------------------------------------

    def mark(self) -> PromptMark:
        return PromptMark(self.opened, self.started, self.asked)

    def announced_download(self) -> None:
        """The page is about to download a file (a link with a download attribute was followed)."""
        self.asked += 1

    async def news(self, mark: PromptMark, *, navigation_ended: bool, save_wait_s: float) -> dict[str, Any]:
        """What the action since ``mark`` set off: ``dialogs`` it opened (each with its answer) and
        ``downloads`` it started (each saved, or why not, or still coming after ``save_wait_s``).

        Waits only when a download is evidently on its way and has not begun yet (the page announced
        one, or a navigation of the action's ended without a new document: at most
        :data:`DOWNLOAD_START_WAIT_S`), and for downloads begun to be saved.
        """
        out: dict[str, Any] = {}
        opened = min(self.opened - mark.opened, len(self.dialogs))
        if opened > 0:
            out["dialogs"] = [record.to_dict() for record in self.dialogs[-opened:]]
            self._reported.update(record.seq for record in self.dialogs[-opened:])
        if self.started == mark.started and (navigation_ended or self.asked > mark.asked):
            deadline = time.monotonic() + DOWNLOAD_START_WAIT_S
            while self.started == mark.started and (left := deadline - time.monotonic()) > 0:
                self._began.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._began.wait(), left)
        begun = min(self.started - mark.started, len(self._begun))
        if begun > 0:
            out["downloads"] = await self._outcomes(self._begun[-begun:], save_wait_s)
        return out

    async def _outcomes(self, begun: list[tuple[str, asyncio.Future[SavedFile | str]]],
                        wait_s: float) -> list[dict[str, Any]]:  # fmt: skip
        tasks = {task for _, task in begun if not task.done()}
        if tasks and wait_s > 0:
            await asyncio.wait(tasks, timeout=wait_s)
        out: list[dict[str, Any]] = []
        for suggested, task in begun:
            item: dict[str, Any] = {"suggested_name": suggested}
            if not task.done():
                item.update(status="downloading", folder=str(self.folder()),
                            note=f"still downloading after {wait_s:g} s; web.downloads lists it once saved")
            elif task.cancelled():
                item.update(status="not saved", reason="cancelled")
            elif isinstance(saved := task.result(), SavedFile):
                item.update(status="saved", **saved.to_dict())
            else:
                item.update(status="not saved", reason=saved)
            out.append(item)
        return out

    def cleanup(self) -> None:
        """Remove the private downloads folder (a folder the session was given is left alone)."""
        if self._own_dir is not None:
            import shutil

            shutil.rmtree(self._own_dir, ignore_errors=True)


async def _wait(task: asyncio.Future[Any]) -> None:
    with contextlib.suppress(asyncio.CancelledError):
        await task
