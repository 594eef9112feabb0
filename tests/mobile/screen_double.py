"""A phone that only plays one parsed uiautomator screen, and finds with the real Android locator: the double the
shared mobile seam's tests drive (a phone cannot exist here)."""

from __future__ import annotations

from tapwright.core.element import UiTree
from tapwright.drivers.android.hierarchy import app_tree
from tapwright.drivers.android.locating import find
from tapwright.locator import Candidate


class _NoToasts:
    def find(self, text: str) -> None:
        return None  # no toast or snackbar seen lately


class ScreenDouble:
    """Plays one parsed screen; finds with the real Android locator."""

    wait_s = 0.0  # a check looks once (no step timeout)
    transient = _NoToasts()

    def __init__(self, tree: UiTree) -> None:
        self.tree = tree

    async def snapshot(self) -> UiTree:
        return self.tree

    def app_tree(self, tree: UiTree) -> UiTree:
        return app_tree(tree)

    async def find(self, description: str) -> Candidate:
        return find(self.tree, description)

    def snapshot_note(self) -> str:
        return "fresh"
