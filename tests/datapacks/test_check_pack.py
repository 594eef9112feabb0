"""The check.* tools: pure validation; failures are failed results naming the records, never exceptions."""

from __future__ import annotations

from typing import Any

import pytest

from tapwright.core.result import ToolResult
from tapwright.errors import ErrorCode
from tapwright.registry.registry import Registry

PRODUCTS = {"products": [{"name": "Tent", "price": 149.99, "url": "https://s.example/t"},
                         {"name": "Lamp", "price": 150.01, "url": "/lamp"},
                         {"name": "", "price": None, "url": "https://s.example/t"}]}  # fmt: skip


async def call(registry: Registry, tool: str, **args: Any) -> ToolResult:
    return await registry.call(tool, args)


async def test_range_passes_and_fails_on_each_side_of_the_bound(registry: Registry) -> None:
    ok = await call(registry, "check.range", records=PRODUCTS["products"][:1], max=150)
    assert ok.ok and ok.data == {"passed": True, "checked": 1, "failures": []}
    bad = await call(registry, "check.range", records=PRODUCTS, max=150)
    assert not bad.ok and bad.code is ErrorCode.ASSERTION_FAILED
    assert [f["index"] for f in bad.data["failures"]] == [1, 2]
    assert bad.data["failures"][0]["record"]["name"] == "Lamp" and "150.01" in bad.data["failures"][0]["reason"]
    assert "not a number" in bad.data["failures"][1]["reason"]


async def test_range_min_above_max_is_invalid_input(registry: Registry) -> None:
    r = await call(registry, "check.range", records=[], min=5, max=1)
    assert r.code is ErrorCode.INVALID_INPUT


async def test_urls_must_be_absolute_with_an_allowed_scheme(registry: Registry) -> None:
    r = await call(registry, "check.urls", records=PRODUCTS)
    assert not r.ok and [f["index"] for f in r.data["failures"]] == [1]
    only = await call(registry, "check.urls", records=[{"url": "http://a.example/x"}], schemes=["https"])
    assert not only.ok and "https" in only.data["failures"][0]["reason"]
    assert (await call(registry, "check.urls", records=[{"url": "https://a.example/x.pdf"}], pattern=r"\.pdf$")).ok
    assert (await call(registry, "check.urls", records=[], pattern="(")).code is ErrorCode.INVALID_INPUT


async def test_required_names_every_missing_or_empty_field(registry: Registry) -> None:
    r = await call(registry, "check.required", records=PRODUCTS, fields=["name", "price", "rating"])
    reasons = {(f["index"], f["field"]) for f in r.data["failures"]}
    assert (2, "name") in reasons and (2, "price") in reasons and (0, "rating") in reasons and (0, "name") not in reasons


async def test_count_bounds(registry: Registry) -> None:
    assert (await call(registry, "check.count", records=PRODUCTS, min=3, max=3)).ok
    few = await call(registry, "check.count", records=PRODUCTS, min=4)
    assert not few.ok and "fewer than 4" in few.error.message
    assert not (await call(registry, "check.count", records=PRODUCTS, max=2)).ok


async def test_unique_reports_each_repeat(registry: Registry) -> None:
    r = await call(registry, "check.unique", records=PRODUCTS, fields=["url"])
    assert not r.ok and r.data["failures"][0]["index"] == 2 and "record 0" in r.data["failures"][0]["reason"]
    assert (await call(registry, "check.unique", records=PRODUCTS, fields=["name"])).ok


async def test_schema_whole_and_each(registry: Registry) -> None:
    item = {"type": "object", "properties": {"price": {"type": "number"}}, "required": ["price"]}
    each = await call(registry, "check.schema", data=PRODUCTS, schema=item, each=True)
    assert not each.ok and [f["index"] for f in each.data["failures"]] == [2]
    whole = await call(registry, "check.schema", data=PRODUCTS, schema={"type": "object", "required": ["products"]})
    assert whole.ok
    bad = await call(registry, "check.schema", data=PRODUCTS, schema={"type": "nonsense"})
    assert bad.code is ErrorCode.INVALID_INPUT and "not a valid JSON Schema" in bad.error.message


@pytest.mark.parametrize("tool", ["check.range", "check.urls", "check.required", "check.count", "check.unique", "check.schema"])
@pytest.mark.parametrize("args", [{}, {"records": "not records"}, {"records": 5}, {"records": [1, None, "x"]}, {"data": 7}])
async def test_no_check_raises_on_bad_input(registry: Registry, tool: str, args: dict[str, Any]) -> None:
    r = await registry.call(tool, args)
    assert isinstance(r, ToolResult)
    assert r.ok or r.code in (ErrorCode.INVALID_INPUT, ErrorCode.ASSERTION_FAILED)


def test_seed_names_reach_the_check_tools(registry: Registry) -> None:
    assert registry.get("validation.price_range_check").name == "check.range"  # type: ignore[union-attr]
    assert registry.get("validation.url_format_check").name == "check.urls"  # type: ignore[union-attr]
    assert registry.get("validation.required_fields").name == "check.required"  # type: ignore[union-attr]
    assert registry.get("validation.nonexistent") is None


def test_every_pack_tool_has_a_full_manifest(registry: Registry) -> None:
    specs = [s for s in registry.list() if s.name.split(".")[0] in ("extract", "forms", "nav", "check")]
    assert len(specs) >= 22
    for spec in specs:
        m = spec.manifest()
        assert m["triggers"] and m["examples"] and m["timeout_ms"] > 0 and m["description"], spec.name
        assert m["output_schema"] is not None, spec.name


def test_docs_name_every_pack_tool(registry: Registry) -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "packs.md").read_text(encoding="utf-8")
    missing = [s.name for s in registry.list() if s.name.split(".")[0] in ("extract", "forms", "nav", "check") and f"`{s.name}`" not in text]
    assert not missing, f"docs/packs.md does not mention {missing}"
