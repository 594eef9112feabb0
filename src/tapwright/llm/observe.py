"""The compact page observation a model sees, the page signature, and element fingerprints.

The observation is the shared compact rendering (:mod:`tapwright.core.render`:
one line per visible element, ``e5 button "Log in"``, grouped by container),
capped in size; non-interactive text is dropped first when the cap bites. It is
driver-independent (any UiTree), so the same prompt shape serves the web,
Android and desktop packs.

The page signature keys the plan cache. It is deliberately coarse: the URL path
(plus ``#/route`` fragments), the title with digits folded, and the set of
interactive roles on the page. A renamed button or a moved field keeps the
signature, so the cached plan is found and healed by fingerprints instead of
being re-planned from scratch; hosts and ports are left out so a server on
another port still hits the cache.
"""

from __future__ import annotations

import hashlib
import json
import re
import urllib.parse
from dataclasses import dataclass
from typing import Any

from tapwright import platforms
from tapwright.core.context import ToolContext
from tapwright.core.element import Element, UiTree
from tapwright.core.render import render_for_model
from tapwright.errors import ErrorCode, ToolFailure, UserError
from tapwright.registry.registry import Registry

DEFAULT_MAX_CHARS = 12_000
_TEXT_CAP = 80
_FINGERPRINT_KEYS = ("test_id", "id", "label", "placeholder", "tag", "type", "title", "alt")


@dataclass(frozen=True, slots=True)
class Observation:
    """What the model is shown of the screen, and the tree it came from."""

    text: str
    tree: UiTree
    signature: str

    @property
    def url(self) -> str:
        return self.tree.url


async def observe(
    ctx: ToolContext, registry: Registry, namespace: str, *, max_chars: int = DEFAULT_MAX_CHARS
) -> Observation:
    """Snapshot the screen of platform ``namespace`` and render it as that platform shows a model (secrets scrubbed).

    Raises:
        ToolFailure: DRIVER_ERROR when the platform is unknown or its driver is not available.
    """
    try:
        platform = platforms.get(namespace)
    except UserError as exc:
        raise ToolFailure(ErrorCode.DRIVER_ERROR, f"cannot observe the screen: {exc}") from None
    driver = await ctx.aget(platform.driver_type)
    tree = await driver.snapshot()
    text = ctx.secrets.redact_text(platform.render(tree, max_chars=max_chars))
    return Observation(text, tree, page_signature(tree))


# -- rendering ------------------------------------------------------------------------


def render(tree: UiTree, *, max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """The compact text of a tree (see :func:`tapwright.core.render.render_for_model`)."""
    return render_for_model(tree, max_chars=max_chars)


# -- signatures and fingerprints ------------------------------------------------------------


def _route(url: str) -> str:
    parsed = urllib.parse.urlsplit(url)
    route = parsed.path or "/"
    if parsed.fragment.startswith("/"):
        route += "#" + parsed.fragment.split("?", 1)[0]
    return route if parsed.scheme not in ("about", "data") else parsed.scheme + ":" + parsed.path


def page_signature(tree: UiTree) -> str:
    """A short, stable hash of the page's identity (see the module docstring for what counts)."""
    roles = sorted({e.role for e in tree.elements if e.interactive and e.state.visible})
    title = re.sub(r"\d+", "#", " ".join(tree.title.split()).casefold())
    raw = json.dumps([tree.source, _route(tree.url), title, roles], separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def fingerprint(tree: UiTree, element: Element) -> dict[str, Any]:
    """What identifies an element across runs, without absolute paths or refs.

    ``position`` is the element's index among elements of the same role in the same container.
    """
    siblings = [e.ref for e in tree.elements if e.role == element.role and e.context == element.context]
    out: dict[str, Any] = {"role": element.role, "name": element.name}
    for key in _FINGERPRINT_KEYS:
        if element.attr(key):
            out[key] = element.attr(key)
    if element.text and element.text != element.name:
        out["text"] = element.text[:_TEXT_CAP]
    if element.context:
        out["context"] = list(element.context)
    out["position"] = siblings.index(element.ref) if element.ref in siblings else 0
    return out


def match_score(fp: dict[str, Any], e: Element, tree: UiTree) -> float:
    """How well an element matches a fingerprint: 1.0 is identical, below ~0.5 is another element.

    Strong identifiers (test id, id) dominate; role must agree; name, label and text
    add evidence; position breaks ties between look-alikes.
    """
    if fp.get("role") != e.role:
        return 0.0
    for key in ("test_id", "id"):
        if fp.get(key) and e.attr(key):
            if fp[key] == e.attr(key):
                return 0.95 if fp.get("name") != e.name else 1.0
            return 0.1
    score, weight = 0.0, 0.0
    for key, w in (("name", 3.0), ("label", 2.0), ("placeholder", 1.0), ("text", 1.0), ("title", 1.0), ("alt", 1.0)):
        want = fp.get(key) or ""
        have = e.name if key == "name" else (e.text if key == "text" else e.attr(key))
        if want or have:
            weight += w
            score += w * (1.0 if want == have else 0.0)
    if fp.get("context") is not None or e.context:
        weight += 1.0
        score += 1.0 if list(e.context) == list(fp.get("context") or []) else 0.0
    siblings = [x.ref for x in tree.elements if x.role == e.role and x.context == e.context]
    weight += 1.0
    score += 1.0 if (siblings.index(e.ref) if e.ref in siblings else -1) == fp.get("position") else 0.0
    return score / weight if weight else 0.0
