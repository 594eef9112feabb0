"""Words a ligature icon font draws as one glyph (``icons.js``): the one page-side definition that every
script reading the page's text shares (the snapshot, the table and text readers, a text check's read)."""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def _source() -> str:
    return resources.files("tapwright.drivers.web").joinpath("icons.js").read_text(encoding="utf-8").strip()


def with_icons(function_js: str) -> str:
    """The page function ``function_js`` (``(arg) => ...``), able to call ``twIcons()`` for a fresh reader of
    the words drawn as icons (``word(el)``, ``text(node)``, ``wordsIn(root)``, ``strip(root, innerText)``)."""
    return f"((twIcons) => ({function_js.strip()}))({_source()})"
