"""How a candidate is drawn unlike what the description's noun says: not acceptable, whatever its name.

A tag, chip or pill is drawn on its own (a clickable word inside running text is none); a field, box or input is
something a person types in (a "Bcc" link that shows the Bcc field is no field).
"""

from __future__ import annotations

from tapwright.core.element import Element
from tapwright.locator.query import Query

_TAG_SETS = frozenset({"list", "listbox", "group", "toolbar", "listitem", "row"})
# Roles that are never a field, box or input, however well their words match ("the Bcc field" is no "Bcc" link).
_NEVER_FIELDS = frozenset({"link", "heading", "tab", "img", "menuitem"})


def unlike(e: Element, q: Query) -> str:
    """Why ``e`` is not the kind of thing the description's noun says, or "" when nothing says so."""
    if q.drawn == "tag":
        return _unlike_a_tag(e)
    if q.roles and q.roles[0] == "textbox" and e.role in _NEVER_FIELDS:
        return f"a {e.role}, not a field a person types in"
    return ""


def _unlike_a_tag(e: Element) -> str:
    """Why ``e`` is not known to be a tag, chip or pill, or "": a tag is drawn on its own, which the page says by
    the snapshot (a web element not inside running text) or by a set it is one of (a list or group of them)."""
    if e.attrs.get("in_text"):
        return "a word inside running text, not a tag, chip or pill drawn on its own"
    if "tag" in e.attrs or e.role in ("option", "listitem"):
        return ""  # the web snapshot read where it is drawn (not in a text), or one item of a list by its role
    if any(c.split(":", 1)[0] in _TAG_SETS for c in e.context):
        return ""
    return "not known to be a tag, chip or pill (neither drawn on its own nor one of a list or group)"
