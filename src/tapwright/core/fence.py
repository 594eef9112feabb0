"""The file fence: where a tool may write a file or read one, on every platform.

One rule set for every tool that takes a path from its caller (a model, a plan, an MCP
client): pictures and recordings it writes, files it uploads, folders it fills. A path is
resolved first (``~``, ``..`` and symbolic links followed), then it must lie inside one of
the fence's folders (by default the working directory and the temp directory), name a
file of the kind the tool writes, and never replace a file of another kind. Every refusal
is INVALID_INPUT with the path and the folders allowed, the same for web, Android and the
desktop.

A fence with no folders refuses every path: an agent run gets one for uploads unless an
upload folder is named (``--set web.upload_dirs=FOLDER``).
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from annotated_types import MaxLen

from tapwright.errors import ErrorCode, ToolFailure

# What each kind of file a tool writes may be named, and how its first bytes look (the only
# existing files it may replace).
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
VIDEO_SUFFIXES = (".mp4",)
_MAX_PATH = 4096
# The JSON Schema ``format`` a tool declares on a parameter that names a local file: such an
# argument never receives a secret (see :mod:`tapwright.plan.destinations`).
FILE_PATH_FORMAT = "file-path"
# The format of a parameter that names a URL to load (a secret in it is checked against that URL's origin).
URL_FORMAT = "uri-reference"
# The format of a parameter whose text the tool types or hands to the app as input (a field's text, a prompt's
# answer), never compares with the screen: with URL_FORMAT, the only kind of argument a secret may fill.
TYPED_FORMAT = "typed-text"


@dataclass(frozen=True)
class SchemaFormat:
    """``Annotated`` metadata: the JSON Schema ``format`` of a tool parameter (what its value names)."""

    name: str


# A tool parameter naming a file the tool writes or reads.
FilePath = Annotated[str, MaxLen(_MAX_PATH), SchemaFormat(FILE_PATH_FORMAT)]
# Text a tool types (see TYPED_FORMAT).
TypedInput = SchemaFormat(TYPED_FORMAT)


def is_picture(head: bytes) -> bool:
    """True for the first bytes of a PNG, JPEG or WebP file (what a screenshot may overwrite)."""
    return head.startswith((b"\x89PNG", b"\xff\xd8\xff")) or (head[:4] == b"RIFF" and head[8:12] == b"WEBP")


def is_video(head: bytes) -> bool:
    """True for the first bytes of an MP4 (ISO media) file (what a recording may overwrite)."""
    return head[4:8] == b"ftyp"


def default_roots() -> tuple[Path, ...]:
    """The folders a fence allows unless told otherwise: the working directory and the temp dir."""
    return (Path.cwd().resolve(), Path(tempfile.gettempdir()).resolve())


@dataclass(frozen=True)
class FileFence:
    """Folders a tool may write files to or read files from.

    Args:
        roots: the allowed folders (resolved on creation); an empty tuple allows nothing.
    """

    roots: tuple[Path, ...]

    @classmethod
    def of(cls, roots: Iterable[str | Path] | None) -> FileFence:
        """A fence over ``roots``; ``None`` means :func:`default_roots`."""
        if roots is None:
            return cls(default_roots())
        if isinstance(roots, (str, Path)):  # one folder (``--set web.upload_dirs=FOLDER``)
            roots = [roots]
        return cls(tuple(Path(r).expanduser().resolve() for r in roots))

    def _inside(self, path: str, what: str) -> Path:
        if not isinstance(path, str) or not path or len(path) > _MAX_PATH or "\x00" in path:
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{what}: not a usable path")
        try:
            out = Path(path).expanduser()
            out = (out if out.is_absolute() else Path.cwd() / out).resolve()
        except (OSError, RuntimeError, ValueError) as exc:  # a symlink loop, a name the OS refuses
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path}: not a usable path ({exc})") from None
        if not any(out.is_relative_to(folder) for folder in self.roots):
            allowed = ", ".join(str(d) for d in self.roots) or "none: name a folder first"
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} is outside the folders {what} ({allowed})")
        return out

    def resolve_inside(self, path: str | Path) -> Path | None:
        """``path`` resolved, when it lies inside one of the folders; None otherwise (never raises).

        For paths read from an untrusted file (a report shard): ``..``, absolute paths and
        symbolic links that lead out of the folders all give None.
        """
        try:
            out = Path(path).expanduser()
            out = (out if out.is_absolute() else Path.cwd() / out).resolve()
        except (OSError, RuntimeError, ValueError):
            return None
        return out if any(out.is_relative_to(folder) for folder in self.roots) else None

    def writable(self, path: str, *, kind: str = "picture") -> Path:
        """Where a tool may write a ``picture`` (``.png``/``.jpg``/``.webp``) or ``video`` (``.mp4``).

        Raises:
            ToolFailure: INVALID_INPUT outside the folders, for another suffix, or over a file of another kind.
        """
        suffixes, looks_right = (VIDEO_SUFFIXES, is_video) if kind == "video" else (PICTURE_SUFFIXES, is_picture)
        what = "a recording may be written to" if kind == "video" else "a screenshot may be written to"
        out = self._inside(path, what)
        if out.suffix.lower() not in suffixes:
            names = ", ".join(suffixes)
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path}: a {kind}'s name ends in {names}")
        if out.exists() and not out.is_file():
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} exists and is not a file")
        if out.is_file():
            with out.open("rb") as fh:
                head = fh.read(12)
            if not looks_right(head):
                raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} exists and is not a {kind}: refusing to overwrite it")
        return out

    def folder(self, path: str) -> Path:
        """A folder a tool may create files in (it names the files itself).

        Raises:
            ToolFailure: INVALID_INPUT outside the folders, or when it exists and is not a folder.
        """
        out = self._inside(path, "a file may be written to")
        if out.exists() and not out.is_dir():
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} exists and is not a folder")
        return out

    def readable(self, path: str) -> Path:
        """A file a tool may read (and hand to a page: an upload).

        Raises:
            ToolFailure: INVALID_INPUT outside the folders, or when it is not a file.
        """
        out = self._inside(path, "uploads may come from")
        if not out.is_file():
            raise ToolFailure(ErrorCode.INVALID_INPUT, f"{path} is not a file")
        return out
