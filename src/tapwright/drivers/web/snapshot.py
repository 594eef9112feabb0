"""Page -> UiTree: one collector call per frame, merged into one tree in top-level viewport pixels.

The collector (``snapshot.js``) runs once in each frame (same-origin and cross-origin
iframes alike, through Playwright's frames), walks open shadow roots, and keeps the
DOM nodes it reported in the frame so a ref can be acted on later without a
selector. Refs (``e1``, ``e2`` ...) are numbered here, in document order per frame,
main frame first.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from tapwright.core.element import Element, ElementState, Rect, UiTree
from tapwright.drivers.web._pw import pw
from tapwright.drivers.web.errors import map_error
from tapwright.drivers.web.icon_words import with_icons
from tapwright.errors import DriverError, ErrorCode

if TYPE_CHECKING:
    from playwright.async_api import Frame, Page

MAX_ELEMENTS = 50_000
_NAVIGATION_RETRIES = 3
# The content-box origin of an <iframe> inside its parent frame's viewport.
_FRAME_OFFSET_JS = """e => { const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
  return [r.x + e.clientLeft + (parseFloat(cs.paddingLeft) || 0), r.y + e.clientTop + (parseFloat(cs.paddingTop) || 0),
          e.getAttribute('name') || e.getAttribute('title') || e.id || '',
          !!(e.checkVisibility ? e.checkVisibility() : true)]; }"""


@cache
def script(name: str) -> str:
    """The text of a JS file shipped next to this module."""
    return resources.files("tapwright.drivers.web").joinpath(name).read_text(encoding="utf-8")


@cache
def _collector_key() -> str:
    """The window property holding this version of the collector (a new version never meets an old one)."""
    return "__twCollect_" + hashlib.sha1(_collector().encode()).hexdigest()[:12]


@cache
def _collector() -> str:
    """The collector's source: snapshot.js with the reader of words drawn as icons (icons.js)."""
    return with_icons(script("snapshot.js"))


@cache
def collector_init_js() -> str:
    """An init script defining the collector in each new document, so a snapshot sends its
    arguments, not its 30 KB of source (read-only, not enumerable: the page's loops over window
    do not see it and its scripts cannot replace it)."""
    return (f"(() => {{ if (!Object.prototype.hasOwnProperty.call(window, '{_collector_key()}'))"
            f" Object.defineProperty(window, '{_collector_key()}', {{ value: ({_collector()}) }}); }})();")


@cache
def _call_js() -> str:
    key = _collector_key()
    return f"(a) => {{ const f = window['{key}']; return typeof f === 'function' ? f(a) : null; }}"


@cache
def _install_js() -> str:
    # A document that started before the init script (the first about:blank, a page adopted later):
    # define it there on first use, then call it.
    return f"(a) => {{ {collector_init_js()} return window['{_collector_key()}'](a); }}"


async def _run_collector(frame: Frame, args: dict[str, Any]) -> str:
    text = await frame.evaluate(_call_js(), args)
    if text is None:
        text = await frame.evaluate(_install_js(), args)
    if not isinstance(text, str):
        raise DriverError(ErrorCode.DRIVER_ERROR, "the snapshot collector returned nothing: the page replaced it")
    return text


@dataclass(slots=True)
class FrameInfo:
    frame: Frame
    offset: tuple[float, float]
    name: str
    visible: bool
    mutations: int = -1
    doc: str = ""  # which document's counter ``mutations`` is (observer.js)
    generation: int = 0  # the collector call's number in this frame: with an index, it names a node


@dataclass(frozen=True, slots=True)
class PrefixStats:
    """Page-wide words starting with one query word (what the locator expands that word to).

    Attributes:
        first: The alphabetically first of them (at most 65).
        more: Whether there are more than ``first`` holds.
        fuzzy: Whether some text that is not ASCII contains the word (its words are not counted).
    """

    first: tuple[str, ...]
    more: bool
    fuzzy: bool


@dataclass(slots=True)
class Snapshot:
    """A UiTree plus what is needed to act on its refs later.

    A *partial* snapshot (a query, see :func:`collect`) numbers refs exactly as a full one
    taken at the same moment would, but its tree holds only the elements that may match
    the query's words.
    """

    tree: UiTree
    # (frame, ref number of its first element, element count): refs e<start> .. e<start+count-1>
    spans: list[tuple[Frame, int, int]] = field(default_factory=list)
    frames: list[FrameInfo] = field(default_factory=list)
    truncated: bool = False
    partial: bool = False
    stats: dict[str, PrefixStats] = field(default_factory=dict)

    def locate_ref(self, ref: str) -> tuple[Frame, int] | None:
        """The frame and the index of the node among the ones its collector call kept, or None."""
        if not ref.startswith("e") or not ref[1:].isdigit():
            return None
        n = int(ref[1:])
        for frame, start, count in self.spans:
            if start <= n < start + count:
                return frame, n - start
        return None

    def info(self, frame: Frame) -> FrameInfo | None:
        """What the collector call in ``frame`` reported about the frame, or None when it is not in the snapshot."""
        return next((info for info in self.frames if info.frame is frame), None)

    def mutations(self, frame: Frame) -> int:
        info = self.info(frame)
        return info.mutations if info is not None else -1

    def mutations_doc(self, frame: Frame) -> str:
        info = self.info(frame)
        return info.doc if info is not None else ""

    def generation(self, frame: Frame) -> int:
        info = self.info(frame)
        return info.generation if info is not None else 0

_STATE_FLAGS = {"c": ("checked", True), "u": ("checked", False), "s": ("selected", True), "n": ("selected", False),
                "x": ("expanded", True), "o": ("expanded", False)}


def _state(flags: str, interactive: bool) -> ElementState:
    if not interactive:
        return ElementState(visible="v" in flags, enabled=True)
    kw: dict[str, Any] = {"visible": "v" in flags, "enabled": "d" not in flags, "focused": "f" in flags,
                          "editable": "e" in flags}
    for ch in flags:
        hit = _STATE_FLAGS.get(ch)
        if hit is not None:
            kw[hit[0]] = hit[1]
    return ElementState(**kw)


def _elements(raw: dict[str, Any], info: FrameInfo, start: int, frame_ctx: tuple[str, ...]) -> list[Element]:
    """Turn one frame's compact collector output into Elements; node ``k`` of the frame is ref ``e<start+k>``."""
    contexts = [frame_ctx + tuple(c) for c in raw["ctx"]]
    dx, dy = info.offset
    in_frame = bool(frame_ctx)
    out: list[Element] = []
    for o in raw["els"]:
        attrs: dict[str, str] = o["a"]
        if in_frame:
            attrs["frame"] = info.name
        b = o["b"]
        interactive = o.get("i", 1) != 0
        flags = o["s"] if info.visible else o["s"].replace("v", "")
        c = o.get("c")
        out.append(Element(
            ref=f"e{start + o['k']}", role=o["r"], name=o.get("n", ""), text=o.get("t", ""), value=o.get("v"), attrs=attrs,
            state=_state(flags, interactive), rect=Rect(b[0] + dx, b[1] + dy, b[2], b[3]),
            context=contexts[c] if c is not None else frame_ctx, interactive=interactive,
        ))  # fmt: skip
    return out


async def _frame_infos(page: Page) -> list[FrameInfo]:
    """Every frame with its offset in top-level viewport pixels, parents before children."""
    main = page.main_frame
    infos = [FrameInfo(main, (0.0, 0.0), "", True)]
    by_frame = {main: infos[0]}
    queue = list(main.child_frames)
    while queue:
        level = queue
        queue = []
        results = await asyncio.gather(*(_offset(f) for f in level), return_exceptions=True)
        for frame, res in zip(level, results, strict=True):
            parent = by_frame.get(frame.parent_frame) if frame.parent_frame else None
            if parent is None or isinstance(res, BaseException) or frame.is_detached():
                continue
            x, y, name, visible = res
            info = FrameInfo(frame, (parent.offset[0] + x, parent.offset[1] + y), name or frame.name or frame.url,
                             visible and parent.visible)
            infos.append(info)
            by_frame[frame] = info
            queue.extend(frame.child_frames)
    return infos


async def _offset(frame: Frame) -> tuple[float, float, str, bool]:
    handle = await frame.frame_element()
    try:
        x, y, name, visible = await handle.evaluate(_FRAME_OFFSET_JS)
    finally:
        await handle.dispose()
    return float(x), float(y), str(name), bool(visible)


async def collect(
    page: Page,
    *,
    max_elements: int = MAX_ELEMENTS,
    allowed: Any = None,
    query: dict[str, Any] | None = None,
    plain: bool = False,
) -> Snapshot:
    """Snapshot every frame of ``page`` into one UiTree.

    Args:
        page: The page.
        max_elements: Stop collecting after this many elements (the tree says it was truncated).
        allowed: Optional ``url -> bool``; frames whose URL it refuses are left out.
        query: Collect a partial snapshot: only the elements whose texts hold every one of
            ``query["words"]`` (as words or word starts), or whose whole text is one of
            ``query["compact"]``, plus unnamed form controls; with page-wide statistics of
            the words starting with each of ``query["prefixes"]``. Refs are numbered as in a
            full snapshot.
        plain: Walk without the collector's shortcut (labels looked up per field with
            ``el.labels`` rather than in one pass): the same result, slower; for tests.
    """
    # A navigation that commits while the collector runs destroys the document it walks:
    # collect the new document instead, as Playwright's own waits do (a few times, for a
    # page that hops through script redirects), rather than failing the caller's step.
    for _ in range(_NAVIGATION_RETRIES):
        try:
            return await _collect(page, max_elements, allowed, query, plain)
        except DriverError as exc:
            if exc.code is not ErrorCode.STALE_REF:
                raise
    return await _collect(page, max_elements, allowed, query, plain)


async def _collect(
    page: Page, max_elements: int, allowed: Any, query: dict[str, Any] | None, plain: bool = False
) -> Snapshot:
    try:
        infos = await _frame_infos(page) if page.main_frame.child_frames else [FrameInfo(page.main_frame, (0.0, 0.0), "", True)]
    except pw.Error as exc:
        raise map_error(exc, "snapshot") from None
    infos = [i for i in infos if i.frame is page.main_frame or allowed is None or allowed(i.frame.url)]
    args: dict[str, Any] = {"max": max_elements, "q": query, "plain": plain}
    texts = await asyncio.gather(*(_run_collector(i.frame, args) for i in infos), return_exceptions=True)
    raws = [t if isinstance(t, BaseException) else json.loads(t) for t in texts]
    main_raw = raws[0]
    if isinstance(main_raw, BaseException):
        if isinstance(main_raw, pw.Error):
            raise map_error(main_raw, "snapshot") from None
        raise main_raw
    elements: list[Element] = []
    spans: list[tuple[Frame, int, int]] = []
    kept: list[FrameInfo] = []
    stats: list[dict[str, Any]] = []
    truncated = False
    start = 1
    for info, raw in zip(infos, raws, strict=True):
        if isinstance(raw, BaseException):
            continue  # a child frame navigated or went away mid-snapshot: leave it out
        info.mutations = int(raw.get("mut", -1))
        info.doc = str(raw.get("mdoc") or "")
        info.generation = int(raw.get("gen", 0))
        frame_ctx = () if info.frame is page.main_frame else (f"frame:{info.name}",)
        elements.extend(_elements(raw, info, start, frame_ctx))
        count = int(raw.get("n", len(raw["els"])))
        spans.append((info.frame, start, count))
        start += count
        truncated = truncated or bool(raw.get("trunc"))
        if raw.get("stats"):
            stats.append(raw["stats"])
        kept.append(info)
    assert isinstance(main_raw, dict)
    tree = UiTree(
        elements=tuple(elements), url=str(main_raw["url"]), title=str(main_raw["title"]),
        width=int(main_raw["w"]), height=int(main_raw["h"]), source="web",
    )  # fmt: skip
    return Snapshot(tree, spans, kept, truncated, partial=query is not None, stats=_merge_stats(stats))


def _merge_stats(per_frame: list[dict[str, Any]]) -> dict[str, PrefixStats]:
    """One page-wide PrefixStats per word from each frame's (the first 65 of a union are in the frames' first 65s)."""
    out: dict[str, PrefixStats] = {}
    for word in {w for stats in per_frame for w in stats}:
        parts = [stats[word] for stats in per_frame if word in stats]
        union = sorted({t for p in parts for t in p["first"]})
        more = len(union) > 65 or any(p["n"] > len(p["first"]) for p in parts)
        out[word] = PrefixStats(tuple(union[:65]), more, any(p["fuzzy"] for p in parts))
    return out
