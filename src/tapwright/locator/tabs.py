"""What is "in the X tab": the content a tab strip shows below it, when the page reports no tab panel.

Pages often draw a tab's content without a ``tabpanel`` role or name a snapshot can report. A person
sees the content as what lies under the tab strip, within its width. So "Buttons ... in the README
tab" holds for an element below the strip that holds a tab named README, horizontally inside the
strip; anything else (a side panel beside the strip) is out, by more than a name can make up for.
Whether the tab is the selected one is the caller's to check (``verify_state``).
"""

from __future__ import annotations

from tapwright.core.element import Rect
from tapwright.locator.index import TreeIndex
from tapwright.locator.query import Container
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form, tokens

_OUTSIDE = -1.0  # a hard edge: an exact text outside the strip's content stays under the bar


def apply_tab_content(index: TreeIndex, scored: list[Scored], container: Container) -> bool:
    """Reward candidates under the strip of the tab named like ``container``; False when there is none."""
    strip = _strip_of(index, container.name)
    if strip is None:
        return False
    for s in scored:
        r = index.elements[s.i].rect
        inside = r is not None and strip.x - 2 <= r.center_x <= strip.x + strip.width + 2 and r.y >= strip.y + strip.height - 2
        if inside:
            s.add(0.3, f"under the {container.name!r} tab's strip")
        else:
            s.add(_OUTSIDE, "not under the tab's strip")
    return True


def _strip_of(index: TreeIndex, name: str) -> Rect | None:
    """The box of the tab strip holding the one tab named ``name`` (None: no such tab, or two)."""
    wanted = tokens(loose_form(name))
    named = [i for i in index.by_role.get("tab", ()) if wanted and tokens(loose_form(index.elements[i].name)) == wanted]
    if len(named) != 1 or index.elements[named[0]].rect is None:
        return None
    tab = index.elements[named[0]]
    strip = [index.elements[i].rect for i in index.by_role.get("tab", ())
             if index.elements[i].context == tab.context and index.elements[i].rect is not None]  # fmt: skip
    boxes = [r for r in strip if r is not None]
    left, top = min(r.x for r in boxes), min(r.y for r in boxes)
    right, bottom = max(r.x + r.width for r in boxes), max(r.y + r.height for r in boxes)
    return Rect(left, top, right - left, bottom - top)
