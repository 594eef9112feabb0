"""One Chromium per corpus module (each part is a module of its own, see corpus_runner.PARTS)."""

from __future__ import annotations

from _support import chromium_fixture

browser = chromium_fixture("module")
