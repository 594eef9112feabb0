"""Extraction accuracy against hand-labelled pages: record precision / recall and field exact match.

A label file (``bench/labels/*.json``) names a page, the extraction tool and its args,
the output key (``products``, ``articles``, ``tables``), the field records are matched on,
and the expected records written by hand. URLs on the demo server are compared by path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(slots=True)
class Score:
    """Counts for one page (or a sum of pages)."""

    expected: int = 0
    extracted: int = 0
    matched: int = 0
    fields: int = 0
    fields_equal: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.matched / self.extracted if self.extracted else (1.0 if not self.expected else 0.0)

    @property
    def recall(self) -> float:
        return self.matched / self.expected if self.expected else 1.0

    @property
    def field_match(self) -> float:
        return self.fields_equal / self.fields if self.fields else 1.0

    def add(self, other: Score) -> None:
        self.expected += other.expected
        self.extracted += other.extracted
        self.matched += other.matched
        self.fields += other.fields
        self.fields_equal += other.fields_equal
        self.misses.extend(other.misses)


def load_labels(folder: str | Path) -> list[dict[str, Any]]:
    """Every label file in ``folder``, sorted by name, each with its ``file`` name added."""
    out = []
    for path in sorted(Path(folder).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["file"] = path.name
        out.append(data)
    return out


def _local(value: Any, origin: str) -> Any:
    if isinstance(value, str) and origin and value.startswith(origin):
        return value[len(origin):] or "/"
    return value


def _records(label: dict[str, Any], output: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]], str]:
    key = label["key"]
    if key == "tables":
        def flat(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
            rows = []
            for t in tables:
                rows.append({"_id": f"{t['name']}#headers", "headers": t["headers"]})
                rows.extend({"_id": f"{t['name']}#{i}", **r} for i, r in enumerate(t["rows"]))
            return rows

        return flat(label["expected"]), flat((output or {}).get("tables", [])), "_id"
    return list(label["expected"]), list((output or {}).get(key, [])), label.get("match_on", "name")


def score(label: dict[str, Any], output: Any, origin: str) -> Score:
    """Compare one tool output with its label. ``origin`` (``http://127.0.0.1:PORT``) is stripped from URLs."""
    expected, actual, key = _records(label, output)
    actual = [{k: _local(v, origin) for k, v in r.items()} for r in actual]
    s = Score(expected=len(expected), extracted=len(actual))
    by_key: dict[Any, dict[str, Any]] = {}
    for rec in actual:
        by_key.setdefault(json.dumps(rec.get(key), sort_keys=True), rec)
    for exp in expected:
        got = by_key.pop(json.dumps(exp.get(key), sort_keys=True), None)
        s.fields += len(exp)
        if got is None:
            s.misses.append(f"{label['file']}: missing record {exp.get(key)!r}")
            continue
        s.matched += 1
        for name, want in exp.items():
            if got.get(name) == want:
                s.fields_equal += 1
            else:
                s.misses.append(f"{label['file']}: {exp.get(key)!r}.{name}: expected {want!r}, got {got.get(name)!r}")
    for extra in by_key.values():
        s.misses.append(f"{label['file']}: extra record {extra.get(key)!r}")
    return s
