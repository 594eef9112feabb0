"""The docs site's error table is generated from the catalog; this keeps it true."""

from __future__ import annotations

from pathlib import Path

from tapwright.errors import error_table

DOC = Path(__file__).resolve().parents[2] / "docs" / "reference" / "errors.md"


def test_error_table_in_the_docs_matches_the_catalog() -> None:
    assert error_table() in DOC.read_text(encoding="utf-8"), (
        "run make docs-gen: docs/reference/errors.md is generated from the catalog"
    )
