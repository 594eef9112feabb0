"""OCR word by word: each word the layout pass found (see :mod:`._layout`) is cut out and read once.

A word is remembered by its pixels (not its place), so a word read anywhere before, on this screen
(a label repeated down a form) or an earlier one (a window that changed in one place, moved or
scrolled), is not read again. The words that must be read are shared between two Tesseract
engines (one per core, at most two) on two threads; ctypes lets go of the GIL while Tesseract works.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

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

    def __init__(self, engines: list[_tess.TessEngine]) -> None:
        self.engines = engines
        self._pool = ThreadPoolExecutor(max_workers=len(engines), thread_name_prefix="tapwright-ocr")
        self._cache: OrderedDict[bytes, TsvText] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

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
            # Widest first, dealt in turn: each engine gets about the same number of columns to read.
            order = sorted(todo.items(), key=lambda kv: -crops[kv[1]][0].shape[1])
            shares = [order[k :: len(self.engines)] for k in range(len(self.engines))]
            futures = [self._pool.submit(self._read_all, engine, [(key, crops[i]) for key, i in share], dpi)
                       for engine, share in zip(self.engines, shares, strict=True) if share]  # fmt: skip
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
    def _read_all(engine: _tess.TessEngine, items: list[tuple[bytes, tuple[np.ndarray, int]]], dpi: int) -> dict[bytes, TsvText]:
        return {key: engine.tsv(crop, psm, dpi=dpi) for key, (crop, psm) in items}

    def forget(self) -> None:
        """Drop every remembered crop."""
        with self._lock:
            self._cache.clear()


_reader: CropReader | None = None
_reader_lock = threading.Lock()


def reader() -> CropReader | None:
    """The process's crop reader; None when libtesseract cannot be loaded (callers run the binary)."""
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
            _reader = CropReader(engines)
        return _reader
