"""OCR by bands: the picture cut across at rows with no text, each band read once and remembered.

A screen that changed in one place (a label after a click) is read again only where it changed, and
the bands that must be read are shared between two Tesseract engines on two threads. A band is
remembered by its pixels (not its place), so a window that moved is not read again either.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from tapwright.drivers.desktop import _tess

# A band is at least this tall (screen pixels) before it may be cut: Tesseract's cost per call is
# not only its pixels, and many tiny bands read worse than a few.
MIN_BAND = 160
# Rows of the neighbouring bands read with each band (screen pixels): more than half a text line.
MARGIN = 16
_QUIET = 40  # a change of luminance this sharp is an edge
_GAP = 2  # a cut goes in the middle of at least this many rows without ink
_CACHE_SIZE = 512

TsvText = str


def cuts(gray: np.ndarray, min_band: int = MIN_BAND) -> list[tuple[int, int]]:
    """(top, bottom) row ranges covering the picture, cut in the middle of runs of rows without text."""
    h, w = gray.shape
    # Text makes many sharp changes along a row; a widget's border line makes two. A row without
    # text may cross borders (tightly packed widgets leave no blank row between them).
    changes = (np.abs(np.diff(gray.astype(np.int16), axis=1)) > _QUIET).sum(axis=1)
    quiet = changes <= max(2, w // 50)
    bands: list[tuple[int, int]] = []
    top = 0
    y = 0
    while y < h:
        if quiet[y] and y - top >= min_band:
            run_end = y
            while run_end < h and quiet[run_end]:
                run_end += 1
            if run_end - y < _GAP:
                y = run_end
                continue
            if h - run_end < min_band // 2:  # the rest is too small to stand alone
                break
            cut = (y + run_end) // 2
            bands.append((top, cut))
            top = cut
            y = run_end
            continue
        y += 1
    bands.append((top, h))
    return bands


class BandReader:
    """Tesseract engines (one per core, at most two) and the bands they have read."""

    def __init__(self, engines: list[_tess.TessEngine]) -> None:
        self.engines = engines
        self._free: list[_tess.TessEngine] = list(engines)
        self._cond = threading.Condition()
        self._pool = ThreadPoolExecutor(max_workers=len(engines), thread_name_prefix="tapwright-ocr")
        self._cache: OrderedDict[bytes, TsvText] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def _read(self, img: np.ndarray, psm: int, dpi: int) -> TsvText:
        with self._cond:
            while not self._free:
                self._cond.wait()
            engine = self._free.pop()
        try:
            return engine.tsv(img, psm, dpi=dpi)
        finally:
            with self._cond:
                self._free.append(engine)
                self._cond.notify()

    def tsv_bands(self, img: np.ndarray, bands: list[tuple[int, int]], psm: int, dpi: int) -> list[tuple[int, TsvText]]:
        """(top row, Tesseract's TSV of the band) for each band of ``img``; remembered bands are not read."""
        keys = []
        for top, bottom in bands:
            band = np.ascontiguousarray(img[top:bottom])
            digest = hashlib.blake2b(band.tobytes(), digest_size=16)
            digest.update(f"{band.shape}:{psm}:{dpi}".encode())
            keys.append(digest.digest())
        out: dict[int, TsvText] = {}
        todo = []
        with self._lock:
            for i, key in enumerate(keys):
                if key in self._cache:
                    self._cache.move_to_end(key)
                    out[i] = self._cache[key]
                    self.hits += 1
                else:
                    todo.append(i)
                    self.misses += 1
        futures = {i: self._pool.submit(self._read, img[bands[i][0] : bands[i][1]], psm, dpi) for i in todo}
        for i, fut in futures.items():
            out[i] = fut.result()
            with self._lock:
                self._cache[keys[i]] = out[i]
                while len(self._cache) > _CACHE_SIZE:
                    self._cache.popitem(last=False)
        return [(bands[i][0], out[i]) for i in range(len(bands))]

    def forget(self) -> None:
        """Drop every remembered band."""
        with self._lock:
            self._cache.clear()


_reader: BandReader | None = None
_reader_lock = threading.Lock()


def reader() -> BandReader | None:
    """The process's band reader; None when libtesseract cannot be loaded (callers run the binary)."""
    global _reader
    with _reader_lock:
        if _reader is None:
            first = _tess.engine()
            if first is None:
                return None
            engines = [first]
            if (os.cpu_count() or 1) > 1:
                second = _tess.new_engine()
                if second is not None:
                    engines.append(second)
            _reader = BandReader(engines)
        return _reader
