"""A table cell named by its column heading and its row: "the Stock box in the Chef knife row".

People name a cell by where it is: the column (by its heading's words) and the row (by a text the row
shows). The cell itself shows neither; its heading is outside the row. So when a description's words
are a column heading's name and its relation names a row, the candidates are the elements of every
matching row that sit under that heading (the heading's horizontal span; a control of the kind asked for
in a cell, under the heading of its row of headings whose middle is nearest), each scored as an exact match. Two matching rows give two equal candidates (AMBIGUOUS); a heading with no element under it in
the row gives no candidate, never the heading itself.

A heading is a ``columnheader``, or (tables whose headings are sort links) an element of the top row
of its table. A row is named by its own name or by an element inside it that shows the words (the
row's title in a header cell).
"""

from __future__ import annotations

import re

from tapwright.locator import relations
from tapwright.locator.index import TreeIndex
from tapwright.locator.query import Container, Query
from tapwright.locator.score import score_all, shows_quoted
from tapwright.locator.scored import Scored
from tapwright.locator.text import loose_form, tokens

_ROWS = frozenset({"row", "listitem"})
_TABLES = ("table:", "grid:", "treegrid:")
_BARE_TABLES = frozenset({"table", "grid", "treegrid"})
_CELL_ROLES = frozenset({"cell", "gridcell", "text", "link", "button", "textbox", "spinbutton", "combobox",
                         "checkbox", "switch", "searchbox"})  # fmt: skip
_NAME_BAR = 0.9  # the words must be the heading's (or the row's) name, not just share a word with it


def column_cell(index: TreeIndex, q: Query) -> list[Scored] | None:
    """Candidates for "HEADING [role] in/for the ROW row", or None when the description is not of that shape.

    Args:
        index: The tree's index.
        q: The parsed description (its relation a row container, its text a column heading's name).
    """
    rel = q.relation
    if rel is None or rel.container is None or not q.text:
        return None
    container = rel.container
    if container.kinds is not None and not container.kinds & _ROWS:
        return None
    if not container.name and (container.ordinal is None or container.kinds is None):
        return None
    heads, shape = _headings(index, q.text), None
    said = [w for w in q.text.split() if w.lower() not in ("the", "a", "an")]
    if not heads and len(said) > 1 and said[-1].lower() in SHAPE_WORDS:
        # "the due date in the second row" under a column headed "Due": that column's cell, reading as a date
        heads, shape = _headings(index, " ".join(said[:-1])), SHAPES[SHAPE_WORDS[said[-1].lower()]]
    if not heads:
        return _by_shape(index, q, container) if container.name else None
    rows = _rows(index, container) if container.name else _placed_rows(index, heads, container.ordinal or 1)
    out: list[Scored] = []
    # "the Target field": a kind of control is asked for, so one in a cell may stand off its heading's words (an
    # unnamed column beside them, of Edit and Delete buttons, is no part of "the status").
    control = bool(q.roles) and not set(q.roles) & {"cell", "gridcell"}
    for i, e in enumerate(index.elements):
        if e.rect is None or e.role not in _CELL_ROLES or not e.state.visible or (q.roles and e.role not in q.roles):
            continue
        if shape is not None and not shape.match(" ".join((e.name or e.text or "").split())):
            continue
        entry = next((c for c in reversed(e.context) if c in rows), None)
        if entry is None:
            continue
        for h in heads:
            head = index.elements[h]
            r = head.rect
            same_table = all(c in e.context for c in head.context if c.startswith(_TABLES) or c in _BARE_TABLES)
            if r is None or not same_table or e.rect.y < r.y + r.height - 2 or entry in head.context:
                continue  # (a box holding the heading too is the table's own box, not one of its rows)
            # A heading is known by its words' box, often narrower than its column: a cell is under it when the
            # cell's middle is under the words, or when the cell (a whole column wide) spans the words' middle.
            under = r.x - 2 <= e.rect.center_x <= r.x + r.width + 2 or (
                e.role in ("cell", "gridcell") and e.rect.x - 2 <= r.x + r.width / 2 <= e.rect.x + e.rect.width + 2)
            if under or (control and _nearest_heading(index, h, e.rect.center_x)):
                out.append(Scored(i, 1.0, 1.0, [f"under the column heading {head.name or head.text!r}", f"in {entry[:40]}"], 1.0))
                break
    return _innermost(index, out) if out else None


def _nearest_heading(index: TreeIndex, h: int, x: float) -> bool:
    """Whether heading ``h`` is the one of its row of headings whose middle is nearest ``x``: a control in a cell
    is under the column whose heading is nearest, also when the heading's words are narrower than the column (a
    heading with a menu button beside its words is known by its words' box)."""
    head = index.elements[h]
    row = next((c for c in reversed(head.context) if c.startswith("row:")), None)
    if row is None or head.rect is None:
        return False
    mids = [(abs(o.rect.center_x - x), k) for k, o in enumerate(index.elements)
            if o.role == "columnheader" and o.rect is not None and o.state.visible and row in o.context]
    return bool(mids) and min(mids)[1] == h


def _headings(index: TreeIndex, text: str) -> list[int]:
    """Elements that head a column named ``text``: column headers, or elements of a table's top row."""
    literal = Query(raw=text, text=text, full_text=text)
    found = []
    for s in score_all(index, literal, as_anchor=True):
        e = index.elements[s.i]
        if s.text < _NAME_BAR:
            continue
        if e.role == "columnheader" or (e.role in ("link", "button", "text") and in_top_row(index, s.i)):
            found.append(s.i)
    return found


def _table_of(context: tuple[str, ...] | list[str]) -> str | None:
    """The innermost table entry of a context ("table:Orders", or "table" for one nothing names)."""
    return next((c for c in reversed(context) if c.startswith(_TABLES) or c in _BARE_TABLES), None)


def _placed_rows(index: TreeIndex, heads: list[int], ordinal: int) -> set[str]:
    """The ``ordinal``-th data row (-1: the last) below each heading: rows with a cell, top to bottom, so the
    row of headings and a row of filter boxes are not counted ("the description in the first row")."""
    out = set()
    for h in heads:
        head = index.elements[h]
        table = _table_of(head.context)
        if table is None or head.rect is None:
            continue
        tops: dict[str, float] = {}
        for o in index.elements:
            if o.role in ("cell", "gridcell") and o.rect is not None and o.state.visible and table in o.context \
                    and o.rect.y >= head.rect.y + head.rect.height - 2:
                entry = next((c for c in reversed(o.context) if c.startswith("row:")), None)
                if entry is not None:
                    tops[entry] = min(tops.get(entry, o.rect.y), o.rect.y)
        rows = sorted(tops, key=lambda k: tops[k])
        k = ordinal - 1 if ordinal > 0 else ordinal
        if -len(rows) <= k < len(rows):
            out.add(rows[k])
    return out


def in_top_row(index: TreeIndex, i: int) -> bool:
    """Whether element ``i`` is in the first row of its table (the row of headings)."""
    e = index.elements[i]
    table = _table_of(e.context)
    row = next((c for c in reversed(e.context) if c.startswith("row:")), None)
    if table is None or row is None or e.rect is None:
        return False
    tops: dict[str, float] = {}
    for o in index.elements:
        # (rows a grid keeps unshown, with no size at the page's top, are not its top row)
        if table in o.context and o.rect is not None and o.state.visible and o.rect.width > 0 and o.rect.height > 0:
            entry = next((c for c in reversed(o.context) if c.startswith("row:")), None)
            if entry is not None:
                tops[entry] = min(tops.get(entry, o.rect.y), o.rect.y)
    return bool(tops) and min(tops, key=lambda k: tops[k]) == row


def _rows(index: TreeIndex, container: Container) -> set[str]:
    """The row entries named like ``container``: by their own name, or by an element inside them."""
    kinds = container.kinds if container.kinds is not None else _ROWS
    rows = Container(kinds, container.name, container.ordinal, container.exact)  # a quoted name stays a literal
    wanted = relations.container_tokens(rows)
    out = set()
    for i in range(len(index.elements)):
        entry = relations.in_context(index, i, rows, wanted)
        if entry is not None:
            out.add(entry)
    literal = Query(raw=container.name, text=container.name, full_text=container.name)
    for s in score_all(index, literal, as_anchor=True):
        if s.text >= _NAME_BAR and (not container.exact or shows_quoted(index.fields[s.i], container.name)):
            entry = next((c for c in reversed(index.elements[s.i].context) if c.partition(":")[0] in kinds), None)
            if entry is not None:
                out.add(entry)
    if not out:  # "the row for document 13" where no row says "document": its one row with a cell 13
        keyed = relations.number_keyed_row(index, rows)
        out = {f"{kind}:{keyed.name}" for kind in kinds} if keyed is not None else out
    return out


def _innermost(index: TreeIndex, found: list[Scored]) -> list[Scored]:
    """One candidate per cell: a link or field inside a cell stands for it, not beside it."""
    keep = []
    for s in found:
        e = index.elements[s.i]
        holds_one = e.role in ("cell", "gridcell") and e.rect is not None and any(
            o is not s and relations.inside(index.elements[o.i].rect, [e.rect]) for o in found)
        if not holds_one:
            keep.append(s)
    return keep


_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
SHAPES = {
    "date": re.compile(rf"^(?:\d{{4}}[-/.]\d{{1,2}}[-/.]\d{{1,2}}|\d{{1,2}}[-/.]\d{{1,2}}[-/.]\d{{2,4}}|{_MONTH}\s+\d{{1,2}}"
                       rf"(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH},?\s+\d{{4}})"
                       r"(?:,?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?$", re.I),
    "time": re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?$", re.I),
    "email": re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.I),
}
SHAPE_WORDS = {"date": "date", "day": "date", "time": "time", "email": "email", "e-mail": "email"}


def _by_shape(index: TreeIndex, q: Query, container: Container) -> list[Scored] | None:
    """"the date in the row for "A"" where no column is headed so (its heading says "Published On"): the row's
    cell whose text reads as a date (a time, an email address); two such cells are two candidates (AMBIGUOUS)."""
    kind = SHAPE_WORDS.get(q.text.strip().lower())
    if kind is None:
        return None
    rows = _rows(index, container)
    out = [Scored(i, 1.0, 1.0, [f"the row's {kind}: it reads as one", f"in {entry[:40]}"], 1.0)
           for i, e in enumerate(index.elements)
           if e.rect is not None and e.state.visible and e.role in _CELL_ROLES
           and (entry := next((c for c in reversed(e.context) if c in rows), None)) is not None
           and SHAPES[kind].match(" ".join((e.name or e.text or "").split()))]  # fmt: skip
    return _innermost(index, out) if out else None

def table_column_cell(index: TreeIndex, q: Query) -> list[Scored] | None:
    """ "the server response code" on a table named "Server response" whose head row says "Code" and that has one
    data row: that row's cell under "Code". The leading words are (some of) the table's name, the rest a heading of
    its top row; a table with several data rows names no one cell (None), nor does a table said by no words."""
    if q.relation is not None or q.roles or q.quoted:
        return None
    words = tokens(loose_form(q.text))
    tables = {c for e in index.elements for c in e.context if c.startswith(_TABLES)}
    found: list[Scored] = []
    for k in range(1, len(words)):
        place, column = set(words[:k]), words[k:]
        named = [t for t in tables if place <= set(tokens(loose_form(t.partition(":")[2])))]
        for table in named:
            heads = [i for i, e in enumerate(index.elements) if table in e.context and e.rect is not None
                     and e.state.visible and tuple(tokens(loose_form(e.name or e.text))) == tuple(column)
                     and (e.role == "columnheader" or (e.role in ("cell", "text") and in_top_row(index, i)))]
            if len(heads) != 1:
                continue
            head = index.elements[heads[0]].rect
            assert head is not None
            rows = {c for e in index.elements if table in e.context and e.rect is not None and e.state.visible
                    and e.rect.y >= head.y + head.height - 2 for c in e.context if c.startswith("row:")
                    and c not in index.elements[heads[0]].context}
            if len(rows) != 1:
                continue
            row = rows.pop()
            under = [i for i, e in enumerate(index.elements) if row in e.context and e.role in ("cell", "gridcell")
                     and e.rect is not None and e.rect.x < head.x + head.width and head.x < e.rect.x + e.rect.width]
            if len(under) == 1:
                found.append(Scored(under[0], 1.0, 1.0, [f"under the column heading {' '.join(column)!r}, the one row of {table!r}"]))
    return found if len({s.i for s in found}) == 1 else None
