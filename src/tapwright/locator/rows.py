"""The rows of a table that are its head, never its data rows (shared by the scorer and the cell finder)."""

from __future__ import annotations

from tapwright.locator.index import TreeIndex


def head_rows(index: TreeIndex) -> set[str]:
    """The rows at the head of their tables, never data rows: a row with a column header, and in a table whose
    other rows have cells, every row without a cell above its first row with one (a row of headings drawn as plain
    text, a row of filter boxes under it)."""
    heads: set[str] = set()
    tables: dict[str, dict[str, float]] = {}  # table -> row -> its top
    celled: set[str] = set()
    for e in index.elements:
        row = next((c for c in reversed(e.context) if c.startswith("row:")), None)
        table = next((c for c in reversed(e.context) if c.partition(":")[0] in ("table", "grid", "treegrid")), "")
        if row is None or e.rect is None:
            continue
        if e.role == "columnheader":
            heads.add(row)
        if e.role in ("cell", "gridcell", "rowheader"):
            celled.add(row)
        if e.rect.width <= 0 or e.rect.height <= 0:
            continue  # a row the grid keeps unshown has no place on the page
        rows = tables.setdefault(table, {})
        rows[row] = min(rows.get(row, e.rect.y), e.rect.y)
    for rows in tables.values():
        body = [y for row, y in rows.items() if row in celled]
        if body:
            heads |= {row for row, y in rows.items() if row not in celled and y < min(body)}
    return heads
