"""Manifests loaded from ``<tool>.json`` in the manifest format and bound to a callable."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tapwright import Registry, ToolSpec
from tapwright.errors import ErrorCode, ManifestError

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "manifests" / "price_range_check.json"


def price_range_check(prices: list[float], max_price: float, min_price: float = 0, currency: str | None = None) -> dict[str, Any]:
    outside = [p for p in prices if not min_price <= p <= max_price]
    return {"ok": not outside, "outside": outside}


def test_example_manifest_loads_with_every_field() -> None:
    spec = ToolSpec.from_manifest(EXAMPLE, price_range_check)
    raw = json.loads(EXAMPLE.read_text())
    assert spec.name == "check.price_range" and spec.category == "validation" and spec.timeout_ms == 2000
    assert spec.triggers == raw["triggers"] and spec.examples == raw["examples"]
    # a manifest's "optional": true is not JSON Schema; it is dropped, "required" decides.
    assert "optional" not in spec.parameters["properties"]["currency"]
    assert spec.parameters["required"] == ["prices", "max_price"]
    manifest = spec.manifest()
    assert {k: manifest[k] for k in raw if k != "parameters"} == {k: v for k, v in raw.items() if k != "parameters"}


async def test_bound_manifest_runs_validates_and_checks_output() -> None:
    registry = Registry([ToolSpec.from_manifest(EXAMPLE, price_range_check)])
    ok = await registry.call("check.price_range", {"prices": [10, 200], "max_price": 150})
    assert ok.ok and ok.data == {"ok": False, "outside": [200]}
    bad = await registry.call("check.price_range", {"prices": "10", "max_price": 150, "colour": 1})
    assert bad.code is ErrorCode.INVALID_INPUT
    assert "$.prices" in bad.error.message and "colour" in bad.error.message  # type: ignore[union-attr]
    assert registry.rank("all prices should be under 150")[0][0].name == "check.price_range"


async def test_output_that_breaks_output_schema_is_internal() -> None:
    spec = ToolSpec.from_manifest(EXAMPLE, lambda prices, max_price, min_price=0, currency=None: {"ok": "yes"})
    result = await spec.invoke({"prices": [], "max_price": 1})
    assert result.code is ErrorCode.INTERNAL and "output_schema" in result.error.message  # type: ignore[union-attr]


async def test_unbound_manifest_fails_softly() -> None:
    result = await ToolSpec.from_manifest(EXAMPLE).invoke({"prices": [], "max_price": 1})
    assert result.code is ErrorCode.INTERNAL and "not bound" in result.error.message  # type: ignore[union-attr]


def _takes_other(prices: list[float], maximum: float) -> None:
    pass


def _needs_more(prices: list[float], max_price: float, min_price: float, currency: str, extra: int) -> None:
    pass


@pytest.mark.parametrize(
    ("manifest", "func", "fragment"),
    [
        (EXAMPLE.parent / "absent.json", None, "cannot read manifest"),
        ({"description": "no name"}, None, "needs at least"),
        ({"name": "a.b", "description": "d", "colour": "red"}, None, "unknown manifest keys"),
        ({"name": "a.b", "description": "d", "parameters": {"type": "array"}}, None, "type object"),
        ({"name": "a.b", "description": "d", "parameters": {"type": "object", "properties": {"x": {"type": 5}}}}, None,
         "invalid JSON Schema"),
        (EXAMPLE, _takes_other, "does not accept manifest parameters"),
        (EXAMPLE, _needs_more, "needs ['extra']"),
    ],
)
def test_bad_manifests_raise_manifest_error(manifest: Any, func: Any, fragment: str) -> None:
    with pytest.raises(ManifestError) as info:
        ToolSpec.from_manifest(manifest, func)
    assert fragment in str(info.value)


def test_broken_json_file_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("{nope")
    with pytest.raises(ManifestError, match=r"x\.json"):
        ToolSpec.from_manifest(bad)
