"""OCR: Tesseract's words with boxes and confidence, merged into phrases (labels, button texts).

The picture is handed to the ``tesseract`` binary as a PGM (no encoder needed), scaled up for small
UI fonts, and read back as TSV. Phrases never cross the edge of a box found in the picture
(see :mod:`._boxes`), so a label and the value in the field beside it stay apart.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tapwright.drivers.desktop import _crops, _layout
from tapwright.errors import DriverError, ErrorCode

MIN_CONFIDENCE = _crops.MIN_CONFIDENCE
INSTALL_HINT = "sudo apt-get install -y tesseract-ocr tesseract-ocr-eng"
_TIMEOUT = 60.0


@dataclass(frozen=True, slots=True)
class Word:
    """One word Tesseract read: text, box in screen pixels, confidence 0..100."""

    text: str
    x: int
    y: int
    w: int
    h: int
    conf: float


@dataclass(slots=True)
class Phrase:
    """Words on one line close enough to read as one label or button text."""

    words: list[Word] = field(default_factory=list)
    _box: tuple[int, tuple[int, int, int, int]] | None = field(default=None, repr=False, compare=False)

    @property
    def text(self) -> str:
        """The words, without stray symbols (widget borders and indicators read as "|", "*", "—")."""
        return " ".join(w.text for w in self.words if not is_symbol(w.text)) or self.raw_text

    @property
    def raw_text(self) -> str:
        return " ".join(w.text for w in self.words)

    @property
    def box(self) -> tuple[int, int, int, int]:
        """x, y, w, h around the words (not the stray symbols); remembered until a word is added."""
        if self._box is not None and self._box[0] == len(self.words):
            return self._box[1]
        words = [w for w in self.words if not is_symbol(w.text)] or self.words
        x0 = min(w.x for w in words)
        y0 = min(w.y for w in words)
        x1 = max(w.x + w.w for w in words)
        y1 = max(w.y + w.h for w in words)
        self._box = (len(self.words), (x0, y0, x1 - x0, y1 - y0))
        return self._box[1]

    @property
    def conf(self) -> float:
        return min(w.conf for w in self.words)


_SYMBOLS = frozenset("|*—–-_=~•·°©®¦!lI[](){}<>/\\'\"`,.:;^vV▾▼⌄")


def is_symbol(text: str) -> bool:
    """A "word" that is only border or indicator marks (a lone "I" or "l" is a bar more often than a word)."""
    return len(text) <= 2 and all(c in _SYMBOLS for c in text)


def tesseract_path() -> str:
    """The tesseract binary.

    Raises:
        DriverError: DRIVER_ERROR with the install command when it is missing.
    """
    found = shutil.which("tesseract")
    if found is None:
        raise DriverError(ErrorCode.DRIVER_ERROR, f"OCR needs Tesseract, which is not installed; install it with: {INSTALL_HINT}")
    return found


def _pgm(gray: np.ndarray) -> bytes:
    h, w = gray.shape
    return f"P5 {w} {h} 255\n".encode() + np.ascontiguousarray(gray, dtype=np.uint8).tobytes()


def prepare(gray: np.ndarray, scale: int) -> np.ndarray:
    """Upscale (bilinear-ish: nearest then a 2x2 box blur) and make text dark on light."""
    img = gray
    if scale > 1:
        img = np.repeat(np.repeat(img, scale, axis=0), scale, axis=1)
        f = img.astype(np.uint16)
        f[1:, :] = (f[1:, :] + f[:-1, :]) // 2
        f[:, 1:] = (f[:, 1:] + f[:, :-1]) // 2
        img = f.astype(np.uint8)
    return img


def read_words(gray: np.ndarray, *, offset: tuple[int, int] = (0, 0), scale: int = 2, psm: int = 11) -> tuple[list[Word], list[Word]]:
    """Words Tesseract reads in a grayscale picture: (confident words, discarded low-confidence words).

    Boxes are returned in screen pixels (``offset`` is where the picture's corner is on screen).
    With libtesseract loaded, the words a layout pass finds are read one by one (each once, see
    :mod:`._crops`); the whole picture is read at once when it finds none, or without libtesseract.

    Raises:
        DriverError: DRIVER_ERROR when Tesseract is missing or fails, TIMEOUT when it hangs.
    """
    crops = _crops.reader()
    if crops is not None:
        boxes = _layout.text_boxes(gray)
        if boxes:
            return _read_boxes(crops, gray, boxes, offset=offset, scale=scale)
        tsv = crops.tsv_crops([(prepare(gray, scale), psm)], dpi=96 * scale)[0]
        return parse_tsv(tsv, offset=offset, scale=scale)
    img = prepare(gray, scale)
    exe = tesseract_path()
    fd, name = tempfile.mkstemp(prefix="tapwright-ocr-", suffix=".pgm")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(_pgm(img))
        env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
        try:
            done = subprocess.run([exe, name, "stdout", "--psm", str(psm), "-l", "eng", "tsv"],
                                  capture_output=True, timeout=_TIMEOUT, env=env, check=False)  # fmt: skip
        except subprocess.TimeoutExpired as exc:
            raise DriverError(ErrorCode.TIMEOUT, f"Tesseract took over {_TIMEOUT:.0f} s", cause=repr(exc)) from exc
    finally:
        Path(name).unlink(missing_ok=True)
    if done.returncode != 0:
        raise DriverError(ErrorCode.DRIVER_ERROR, f"Tesseract failed ({done.returncode}): {done.stderr.decode(errors='replace')[-400:]}")
    return parse_tsv(done.stdout.decode("utf-8", "replace"), offset=offset, scale=scale)


PAD = 2  # pixels of background kept around a word cut out for reading


def _read_boxes(crops: _crops.CropReader, gray: np.ndarray, boxes: list[tuple[int, int, int, int]], *,
                offset: tuple[int, int], scale: int) -> tuple[list[Word], list[Word]]:  # fmt: skip
    h, w = gray.shape
    pieces: list[tuple[np.ndarray, int]] = []
    corners = []
    for x, y, bw, bh in boxes:
        x0, y0 = max(0, x - PAD), max(0, y - PAD)
        crop = gray[y0 : min(h, y + bh + PAD), x0 : min(w, x + bw + PAD)]
        # Light text on a dark ground (a selected row, a dark theme) is turned dark on light: the
        # crop's rim is its ground, and a ground nearer the crop's darkest pixel than its lightest
        # carries light ink. The rim's median, not its mean: a field's border line along one side
        # of the crop (its text cursor made the word as tall as the field) is not the ground.
        rim = np.concatenate((crop[0], crop[-1], crop[:, 0], crop[:, -1]))
        if np.median(rim) < (int(crop.min()) + int(crop.max())) / 2:
            crop = 255 - crop
        pieces.append((prepare(crop, scale), 7 if bh <= 32 else 6))
        corners.append((x0, y0))
    good: list[Word] = []
    weak: list[Word] = []
    for (x, y, bw, bh), (x0, y0), tsv in zip(boxes, corners, crops.tsv_crops(pieces, dpi=96 * scale), strict=True):
        g, wk = parse_tsv(tsv, offset=(offset[0] + x0, offset[1] + y0), scale=scale)
        g = _glue(g)
        # A word belongs to the box its middle is in: a sliver of a neighbour in the margin is not read twice.
        lo_x, lo_y, hi_x, hi_y = offset[0] + x - 1, offset[1] + y - 1, offset[0] + x + bw + 1, offset[1] + y + bh + 1
        good += [v for v in g if lo_x <= v.x + v.w / 2 <= hi_x and lo_y <= v.y + v.h / 2 <= hi_y]
        weak += [v for v in wk if lo_x <= v.x + v.w / 2 <= hi_x and lo_y <= v.y + v.h / 2 <= hi_y]
    return good, weak


def _glue(words: list[Word]) -> list[Word]:
    """Join words of one crop that Tesseract split where there is next to no gap ("Arch ive"): the
    layout pass cut the picture at every gap wide enough to be a space already."""
    out: list[Word] = []
    for w in sorted(words, key=lambda v: v.x):
        prev = out[-1] if out else None
        if prev is not None:
            overlap = min(prev.y + prev.h, w.y + w.h) - max(prev.y, w.y)
            gap = w.x - (prev.x + prev.w)
            if overlap >= 0.5 * min(prev.h, w.h) and gap <= 0.22 * max(prev.h, w.h):
                x1, y0, y1 = max(prev.x + prev.w, w.x + w.w), min(prev.y, w.y), max(prev.y + prev.h, w.y + w.h)
                out[-1] = Word(prev.text + w.text, prev.x, y0, x1 - prev.x, y1 - y0, min(prev.conf, w.conf))
                continue
        out.append(w)
    return out


def parse_tsv(tsv: str, *, offset: tuple[int, int] = (0, 0), scale: int = 1) -> tuple[list[Word], list[Word]]:
    """Tesseract's TSV -> (words at or above MIN_CONFIDENCE, the rest), boxes in screen pixels."""
    good: list[Word] = []
    weak: list[Word] = []
    ox, oy = offset
    for line in tsv.splitlines():
        cols = line.split("\t")
        if len(cols) < 12 or cols[0] != "5":
            continue
        text = cols[11].strip()
        if not text:
            continue
        left, top, width, height = (int(c) for c in cols[6:10])
        conf = float(cols[10])
        word = Word(text, ox + left // scale, oy + top // scale, max(1, width // scale), max(1, height // scale), conf)
        (good if conf >= MIN_CONFIDENCE else weak).append(word)
    return good, weak


def phrases(words: list[Word], *, walls: list[tuple[int, int, int, int]] = ()) -> list[Phrase]:  # type: ignore[assignment]
    """Group words into phrases: same line (vertical overlap), gap under ~0.8 line heights,
    and not separated by the edge of a box (``walls``: x, y, w, h of boxes found in the picture)."""

    # The smallest wall around each word's middle, for all words at once (-1: none).
    owner: dict[int, int] = {}
    if walls and words:
        wall = np.asarray(walls, dtype=np.float64)
        cx = np.array([w.x + w.w / 2 for w in words])[:, None]
        cy = np.array([w.y + w.h / 2 for w in words])[:, None]
        inside = (wall[:, 0] <= cx) & (cx <= wall[:, 0] + wall[:, 2]) & (wall[:, 1] <= cy) & (cy <= wall[:, 1] + wall[:, 3])
        area = np.where(inside, wall[:, 2] * wall[:, 3], np.inf)
        best = np.argmin(area, axis=1)
        found = inside[np.arange(len(words)), best]
        owner = {id(w): int(best[i]) if found[i] else -1 for i, w in enumerate(words)}

    def box_of(w: Word) -> int:
        return owner.get(id(w), -1)

    ordered = sorted(words, key=lambda w: (w.y + w.h / 2, w.x))
    lines: list[list[Word]] = []
    for w in ordered:
        for line in lines:
            last = line[-1]
            top, bottom = max(last.y, w.y), min(last.y + last.h, w.y + w.h)
            if bottom - top >= 0.5 * min(last.h, w.h):
                line.append(w)
                break
        else:
            lines.append([w])
    out: list[Phrase] = []
    for line in lines:
        line.sort(key=lambda w: w.x)
        current = Phrase([line[0]])
        for w in line[1:]:
            prev = current.words[-1]
            height = max(prev.h, w.h)
            gap = w.x - (prev.x + prev.w)
            if gap <= 0.8 * height and box_of(prev) == box_of(w):
                current.words.append(w)
            else:
                out.append(current)
                current = Phrase([w])
        out.append(current)
    return out
