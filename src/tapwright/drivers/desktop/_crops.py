"""OCR word by word: each word the layout pass found (see :mod:`._layout`) is cut out and read once.

A word is remembered by its pixels (not its place), so a word read anywhere before, on this screen
(a label repeated down a form) or an earlier one (a window that changed in one place, moved or
scrolled), is not read again. The words that must be read are shared between Tesseract engines
on threads of their own (ctypes lets go of the GIL while Tesseract works): one per core, at most two,
on a machine with a core to spare, and more while the machine is busy (see :func:`engine_count`).

Each engine reads its one-line words side by side in a strip (see :func:`strips`): one Tesseract
call per strip instead of one per word, which saves about a third of the reading's CPU (each call
finds lines and sets up the network again) and reads the same words.
"""

from __future__ import annotations

import hashlib
import math
import os
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from tapwright.drivers.desktop import _tess

_CACHE_SIZE = 8192

TsvText = str


def _key(crop: np.ndarray, psm: int, dpi: int) -> bytes:
    digest = hashlib.blake2b(crop.tobytes(), digest_size=16)
    digest.update(f"{crop.shape}:{psm}:{dpi}".encode())
    return digest.digest()


class CropReader:
    """Tesseract engines and the crops they have read."""

    def __init__(self, engines: list[_tess.TessEngine], *, follow_load: bool = False) -> None:
        self.engines = engines
        self._pool = ThreadPoolExecutor(max_workers=MAX_ENGINES, thread_name_prefix="tapwright-ocr")
        self._cache: OrderedDict[bytes, TsvText] = OrderedDict()
        self._lock = threading.Lock()
        self._starting: threading.Thread | None = None
        self.follow_load = follow_load  # start more engines while the machine is busy (engine_count)
        self.hits = 0
        self.misses = 0
        self.strip_width = STRIP_WIDTH  # 0: one Tesseract call per word (the benchmark's baseline)

    def _top_up(self) -> None:
        """Start the engines the machine's load now asks for, on a thread of their own: this reading
        uses the engines that are ready (an engine starts in about 50 ms); the next one has them all."""
        wanted = engine_count()
        with self._lock:
            if wanted <= len(self.engines) or (self._starting is not None and self._starting.is_alive()):
                return

            def start(more: int) -> None:
                for _ in range(more):
                    engine = _tess.new_engine()
                    if engine is None:
                        return
                    with self._lock:
                        self.engines = [*self.engines, engine]

            self._starting = threading.Thread(target=start, args=(wanted - len(self.engines),), name="tapwright-ocr-start", daemon=True)
            self._starting.start()

    def tsv_crops(self, crops: list[tuple[np.ndarray, int]], dpi: int) -> list[TsvText]:
        """Tesseract's TSV for each (picture, page segmentation mode); remembered crops are not read,
        and a crop that appears several times is read once."""
        keys = [_key(c, psm, dpi) for c, psm in crops]
        out: dict[bytes, TsvText] = {}
        todo: dict[bytes, int] = {}
        with self._lock:
            for i, key in enumerate(keys):
                if key in out or key in todo:
                    self.hits += 1
                elif key in self._cache:
                    self._cache.move_to_end(key)
                    out[key] = self._cache[key]
                    self.hits += 1
                else:
                    todo[key] = i
                    self.misses += 1
        if todo:
            if self.follow_load:
                self._top_up()
            engines = self.engines
            # Widest first, dealt in turn: each engine gets about the same number of columns to read.
            order = sorted(todo.items(), key=lambda kv: -crops[kv[1]][0].shape[1])
            shares = [order[k :: len(engines)] for k in range(len(engines))]
            futures = [self._pool.submit(self._read_all, engine, [(key, crops[i]) for key, i in share], dpi, self.strip_width)
                       for engine, share in zip(engines, shares, strict=True) if share]  # fmt: skip
            for fut in futures:
                got = fut.result()
                out.update(got)
                with self._lock:
                    for key, tsv in got.items():
                        self._cache[key] = tsv
                    while len(self._cache) > _CACHE_SIZE:
                        self._cache.popitem(last=False)
        return [out[k] for k in keys]

    @staticmethod
    def _read_all(engine: _tess.TessEngine, items: list[tuple[bytes, tuple[np.ndarray, int]]], dpi: int,
                  width: int) -> dict[bytes, TsvText]:  # fmt: skip
        out: dict[bytes, TsvText] = {}
        lines = [(key, crop) for key, (crop, psm) in items if psm == LINE_PSM] if width else []
        for strip in strips(lines, width):
            out.update(strip.split(engine.tsv(strip.picture, LINE_PSM, dpi=dpi)))
        # Words alone: several lines, and any word the strip did not read cleanly (none, or one run
        # across two words) is read on its own, as before.
        for key, (crop, psm) in items:
            if key not in out:
                out[key] = engine.tsv(crop, psm, dpi=dpi)
        return out

    def forget(self) -> None:
        """Drop every remembered crop."""
        with self._lock:
            self._cache.clear()


MIN_CONFIDENCE = 35.0  # a word Tesseract is less sure of is not trusted (the OCR reports it apart)
LINE_PSM = 7  # Tesseract's page segmentation mode "one line of text"
STRIP_WIDTH = 2400  # pixels; a longer strip saves no more calls worth having
_HEADER = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"


@dataclass(slots=True)
class Strip:
    """Words of one height side by side, far enough apart that Tesseract never joins two."""

    picture: np.ndarray
    spans: list[tuple[bytes, int, int]]  # key, first column, last column + 1
    top: int

    def split(self, tsv: TsvText) -> dict[bytes, TsvText]:
        """Each word's own TSV (boxes relative to the word's picture), from the strip's TSV; a word
        the strip did not read, read as one run with its neighbour, or read below MIN_CONFIDENCE
        (its neighbours can sway it) is left out."""
        found: dict[bytes, list[str]] = {key: [] for key, _a, _b in self.spans}
        spoilt: set[bytes] = set()
        for line in tsv.splitlines():
            cols = line.split("\t")
            if len(cols) < 12 or cols[0] != "5" or not cols[11].strip():
                continue
            left, width = int(cols[6]), int(cols[8])
            hit = [(key, a) for key, a, b in self.spans if left < b and left + width > a]
            if len(hit) != 1 or float(cols[10]) < MIN_CONFIDENCE:
                spoilt.update(key for key, _a in hit)
                continue
            key, a = hit[0]
            cols[6], cols[7] = str(left - a), str(int(cols[7]) - self.top)
            found[key].append("\t".join(cols))
        return {key: _HEADER + "".join(f"{row}\n" for row in rows) for key, rows in found.items() if rows and key not in spoilt}


def _even(crop: np.ndarray) -> np.ndarray:
    """The crop stretched to black on white: Tesseract evens out the contrast of a line as a whole,
    so each word in a strip gets what it would get alone."""
    lo, hi = int(crop.min()), int(crop.max())
    if hi - lo < 8:
        return np.full(crop.shape, 255, dtype=np.uint8)
    return ((crop.astype(np.int32) - lo) * 255 // (hi - lo)).astype(np.uint8)


def strips(crops: list[tuple[bytes, np.ndarray]], width: int = STRIP_WIDTH) -> list[Strip]:
    """One-line word pictures laid side by side, words of one height in a strip (so baselines meet),
    each in a gap of twice its height (Tesseract sees a word space at a fraction of that)."""
    by_height: dict[int, list[tuple[bytes, np.ndarray]]] = {}
    for key, crop in crops:
        by_height.setdefault(crop.shape[0], []).append((key, crop))
    out: list[Strip] = []
    for h, group in sorted(by_height.items()):
        gap, margin = 2 * h, 4
        row: list[tuple[bytes, np.ndarray, int]] = []
        x = gap
        for key, crop in [*group, (b"", np.zeros((h, width + 1), dtype=np.uint8))]:
            if row and (not key or x + crop.shape[1] + gap > width):
                picture = np.full((h + 2 * margin, x), 255, dtype=np.uint8)
                for _k, piece, at in row:
                    picture[margin : margin + h, at : at + piece.shape[1]] = _even(piece)
                out.append(Strip(picture, [(k, at, at + piece.shape[1]) for k, piece, at in row], margin))
                row, x = [], gap
            if key:
                row.append((key, crop, x))
                x += crop.shape[1] + gap
    return out


_reader: CropReader | None = None
_reader_lock = threading.Lock()
MAX_ENGINES = 8


def _setting() -> int | None:
    """Engines set by ``TAPWRIGHT_OCR_ENGINES`` (a whole number above 0, at most MAX_ENGINES), else None."""
    wanted = os.environ.get("TAPWRIGHT_OCR_ENGINES", "").strip()
    return min(int(wanted), MAX_ENGINES) if wanted.isdigit() and int(wanted) > 0 else None


def engine_count() -> int:
    """How many Tesseract engines (each on its own thread) read a new screen: ``TAPWRIGHT_OCR_ENGINES``
    (at most :data:`MAX_ENGINES`), else one per core, at most two, and while the machine's run queue
    (the 1-minute load average) is longer than its cores, one per process in it, at most
    :data:`MAX_ENGINES`.

    Linux shares a busy CPU between runnable threads (within a session first, when autogroups are
    on): with R busy processes beside it, k reader threads get k / (R + k) of the cores, so at load 8
    on two cores two engines read a new 1280x800 screen in 740 ms and eight in 497 ms (same run,
    `bench/results/desktop_ocr_engines.txt`); on an idle machine both take the same. Each engine holds
    its own model copy (about 11 MB) and starts in about 50 ms.
    """
    wanted = _setting()
    if wanted is not None:
        return wanted
    cores = os.cpu_count() or 1
    base = min(2, cores)
    try:
        load = os.getloadavg()[0]
    except OSError:  # not every system keeps a load average
        return base
    if load <= cores:
        return base
    return max(base, min(MAX_ENGINES, math.ceil(load)))


def reader() -> CropReader | None:
    """The process's crop reader; None when libtesseract cannot be loaded (callers run the binary)."""
    global _reader
    with _reader_lock:
        if _reader is None:
            first = _tess.engine()
            if first is None:
                return None
            more = engine_count() - 1
            with ThreadPoolExecutor(max_workers=max(1, more)) as starting:  # each starts in a few hundred ms
                others = list(starting.map(lambda _i: _tess.new_engine(), range(more)))
            _reader = CropReader([first, *(e for e in others if e is not None)], follow_load=_setting() is None)
        return _reader
