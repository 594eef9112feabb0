"""The honesty audit set runs on the instruction corpus's runner (tests/corpus/corpus_runner.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from _support import chromium_fixture

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "corpus"))

browser = chromium_fixture("module")
