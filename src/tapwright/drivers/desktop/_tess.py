"""Tesseract kept loaded: its C API (libtesseract, installed with the tesseract-ocr package) through
ctypes, so each OCR pass costs the recognition only, not a process start and a model load.

:func:`engine` returns None when the library cannot be loaded; callers then run the binary.
"""

from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import os
import threading
from pathlib import Path

import numpy as np

_LIB_NAMES = ("libtesseract.so.5", "libtesseract.so.4", "libtesseract.so")
_TESSDATA_DIRS = ("/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata")


class TessEngine:
    """One initialised TessBaseAPI (English). Calls are serialised: the API is not re-entrant."""

    def __init__(self, lib: ctypes.CDLL, datapath: str) -> None:
        self.lib = lib
        self._lock = threading.Lock()
        lib.TessBaseAPICreate.restype = ctypes.c_void_p
        lib.TessBaseAPIInit3.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
        lib.TessBaseAPISetImage.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int]
        lib.TessBaseAPISetPageSegMode.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.TessBaseAPIGetTsvText.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.TessBaseAPIGetTsvText.restype = ctypes.c_void_p
        lib.TessBaseAPISetVariable.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
        lib.TessDeleteText.argtypes = [ctypes.c_void_p]
        lib.TessBaseAPIClear.argtypes = [ctypes.c_void_p]
        lib.TessBaseAPISetSourceResolution.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.TessBaseAPIDelete.argtypes = [ctypes.c_void_p]
        self.api = lib.TessBaseAPICreate()
        if lib.TessBaseAPIInit3(self.api, datapath.encode(), b"eng") != 0:
            raise OSError(f"Tesseract could not load its English data from {datapath}")
        lib.TessBaseAPISetVariable(self.api, b"debug_file", b"/dev/null")
        # Reading a line a second time inverted when it reads badly doubles the cost of hard words;
        # callers hand over dark text on light instead (see _ocr.read_words).
        lib.TessBaseAPISetVariable(self.api, b"tessedit_do_invert", b"0")
        atexit.register(self.close)

    def close(self) -> None:
        with self._lock:
            if self.api:
                self.lib.TessBaseAPIDelete(self.api)
                self.api = None

    def tsv(self, gray: np.ndarray, psm: int, dpi: int = 96) -> str:
        """Recognise a grayscale picture; Tesseract's TSV."""
        img = np.ascontiguousarray(gray, dtype=np.uint8)
        h, w = img.shape
        with self._lock:
            self.lib.TessBaseAPISetPageSegMode(self.api, psm)
            self.lib.TessBaseAPISetImage(self.api, img.ctypes.data, w, h, 1, w)
            self.lib.TessBaseAPISetSourceResolution(self.api, dpi)
            ptr = self.lib.TessBaseAPIGetTsvText(self.api, 0)
            try:
                text = ctypes.string_at(ptr).decode("utf-8", "replace") if ptr else ""
            finally:
                if ptr:
                    self.lib.TessDeleteText(ptr)
                self.lib.TessBaseAPIClear(self.api)
        # The C API's TSV has no header line; the binary's has one.
        return "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" + text


_engine: TessEngine | None = None
_failed = False
_init_lock = threading.Lock()


def _datapath() -> str | None:
    env = os.environ.get("TESSDATA_PREFIX")
    for d in ([env] if env else []) + list(_TESSDATA_DIRS):
        if d and Path(d, "eng.traineddata").is_file():
            return d
    return None


def engine() -> TessEngine | None:
    """The process's Tesseract engine, loaded on first use; None when libtesseract is unavailable."""
    global _engine, _failed
    with _init_lock:
        if _engine is None and not _failed:
            datapath = _datapath()
            # OpenMP threads only slow Tesseract down on small machines; read when the library loads.
            os.environ.setdefault("OMP_THREAD_LIMIT", "1")
            lib = None
            for name in (*_LIB_NAMES, ctypes.util.find_library("tesseract")):
                if not name:
                    continue
                try:
                    lib = ctypes.CDLL(name)
                    break
                except OSError:
                    continue
            if lib is None or datapath is None:
                _failed = True
                return None
            try:
                _engine = TessEngine(lib, datapath)
            except (OSError, AttributeError):
                _failed = True
        return _engine


def new_engine() -> TessEngine | None:
    """Another engine on the same library (each has its own model copy, so two can run at once)."""
    first = engine()
    datapath = _datapath()
    if first is None or datapath is None:
        return None
    try:
        return TessEngine(first.lib, datapath)
    except OSError:
        return None
