"""The snapshot collector's label lookup (one pass over the document's <label> elements, not
``el.labels`` per field, which searches the whole document each time) changes nothing it reports.

Compared with the plain walk (``collect(..., plain=True)``), full and query-filtered, on a page
with every way a label names a field: ``for``, wrapping, two labels, duplicate ids, a label for
something that is not a field, a label wrapping two fields, and fields inside a shadow root.
"""

from __future__ import annotations

from typing import Any

import pytest

from tapwright.drivers.web import WebSession, fastpath
from tapwright.drivers.web.snapshot import Snapshot, collect

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

LABELS = """<html><head><title>Labels</title></head><body>
<label for="a">First name</label><input id="a">
<label>Last <input name="last"></label>
<label for="e">Email</label><label for="e">(work)</label><input id="e" type="email">
<label for="d">Duplicate one</label><input id="d"><input id="d">
<label for="p">Not a field</label><p id="p">paragraph</p>
<label>Wrapped two <input name="w1"><input name="w2"></label>
<label for="c">Country</label><select id="c"><option>France</option></select>
<label for="t">Notes</label><textarea id="t"></textarea>
<div id="host"></div>
<label for="inner">Outside label</label>
<script>
  const root = document.getElementById("host").attachShadow({mode: "open"});
  root.innerHTML = '<label for="inner">Shadow label</label><input id="inner">';
</script>
</body></html>"""

SEEDED = ["first name", "last", "email", "work", "Email field", "duplicate one", "not a field", "wrapped two",
          "country", "Country dropdown", "notes", "shadow label", "outside label", "inner", "paragraph"]


def _texts(snap: Snapshot) -> list[str]:
    out: list[str] = []
    for e in snap.tree:
        out.extend(t for t in (e.name, e.text, e.attr("label"), e.attr("placeholder"), e.attr("title")) if t)
    return out


def _same(fast: Snapshot, plain: Snapshot) -> None:
    assert list(fast.tree) == list(plain.tree)
    assert [(start, count) for _, start, count in fast.spans] == [(start, count) for _, start, count in plain.spans]
    assert fast.stats == plain.stats


async def _check(session: WebSession, html: str) -> int:
    await session.page.set_content(html)
    full = await collect(session.page)
    _same(full, await collect(session.page, plain=True))
    compared = 0
    for description in dict.fromkeys(SEEDED + _texts(full) + [t.lower()[:5] for t in _texts(full)]):
        query = fastpath.plan(description)
        if query is None:
            continue
        args: dict[str, Any] = query.script_args()
        fast = await collect(session.page, query=args)
        _same(fast, await collect(session.page, query=args, plain=True))
        compared += 1
    return compared


async def test_label_lookup_matches_el_labels(session: WebSession) -> None:
    assert await _check(session, LABELS) >= 15
    tree = (await collect(session.page)).tree
    labels = {e.attr("label") for e in tree if e.role in ("textbox", "combobox")}
    assert {"First name", "Last", "Email (work)", "Duplicate one", "Wrapped two", "Country", "Notes",
            "Shadow label"} <= labels
    assert "Outside label" not in labels and "Not a field" not in labels
