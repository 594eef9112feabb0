"""The extract.* tools against real Chromium on the demo app and the labelled real-site-style pages."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pack_support import ROOT, Call, catalog

from tapwright.core.context import ToolContext
from tapwright.errors import ErrorCode
from tapwright.llm.config import LLMConfig
from tapwright.llm.schema_model import provide_schema_model
from tapwright.testing.accuracy import Score, load_labels, score
from tapwright.testing.openai_server import ScriptedOpenAIServer, text_reply

pytestmark = [pytest.mark.slow, pytest.mark.asyncio(loop_scope="session")]
ITEM = {"type": "object", "properties": {"name": {"type": "string"}, "price": {"type": "number"}, "url": {"type": "string"}},
        "required": ["name", "price"]}  # fmt: skip


async def _open(call: Call, url: str) -> None:
    r = await call("web.navigate", url=url)
    assert r.ok, r.status_line()


async def test_products_of_the_grid_match_the_catalog(call: Call, demo: str) -> None:
    await _open(call, "/products?page=2")
    r = await call("extract.products")
    assert r.ok, r.status_line()
    want = catalog()[24:48]
    got = r.data["products"]
    assert [p["name"] for p in got] == [p["name"] for p in want]
    assert [p["price"] for p in got] == [p["price"] for p in want]
    assert {p["currency"] for p in got} == {"USD"}
    assert got[0]["url"] == f"{demo}/product?id={want[0]['id']}" and got[0]["image"] == f"{demo}/img/p{want[0]['id']}.png"
    assert [p["rating"] for p in got] == [p["rating"] for p in want]


async def test_products_price_bounds_filter_the_records(call: Call) -> None:
    await _open(call, "/products?per=72")
    r = await call("extract.products", min_price=50, max_price=150)
    want = [p["name"] for p in catalog() if 50 <= p["price"] <= 150]
    assert r.ok and [p["name"] for p in r.data["products"]] == want and r.data["count"] == len(want)


async def test_a_page_without_products_gives_an_empty_result_with_the_reason(call: Call) -> None:
    await _open(call, "/booking")
    r = await call("extract.products")
    assert r.ok and r.data["products"] == [] and r.data["count"] == 0
    assert "no repeated elements with a price" in r.data["reason"]
    none = await call("extract.products", max_price=1)
    await _open(call, "/products")
    none = await call("extract.products", max_price=1)
    assert none.ok and none.data["products"] == [] and "none within the price range" in none.data["reason"]


async def test_articles_of_the_feed(call: Call, demo: str) -> None:
    await _open(call, "/feed")
    r = await call("extract.articles")
    assert r.ok and r.data["count"] == 10
    assert r.data["articles"][1] == {"title": "Story 2: notes on the Kitchen", "url": f"{demo}/story/2", "author": "tomasz",
                                     "date": "2026-01-02", "score": 37}  # fmt: skip


async def test_tables_with_spanning_cells_are_told_apart(call: Call) -> None:
    await _open(call, "/tables")
    r = await call("extract.tables")
    assert r.ok and [t["name"] for t in r.data["tables"]] == ["Quarterly sales", "Opening hours", "Stock levels"]
    sales, hours, stock = r.data["tables"]
    assert sales["headers"] == ["Region", "Q1 / Units", "Q1 / Revenue", "Q2 / Units", "Q2 / Revenue"]
    assert sales["rows"][0] == {"Region": "North", "Q1 / Units": 1204, "Q1 / Revenue": "$18,060.00", "Q2 / Units": 1310,
                                "Q2 / Revenue": "$19,650.00"}  # fmt: skip
    assert hours["rows"] == [{"Store": "Central", "Days": "Mon–Fri", "Hours": "9:00–20:00"},
                             {"Store": "Central", "Days": "Sat", "Hours": "10:00–16:00"},
                             {"Store": "Harbor", "Days": "Closed for renovation", "Hours": "Closed for renovation"}]  # fmt: skip
    assert stock["rows"][1] == {"SKU": "B-220", "Item": "Daypack", "On hand": 0, "Reorder at": 10}
    one = await call("extract.tables", name="stock")
    assert [t["id"] for t in one.data["tables"]] == ["stock"]
    missing = await call("extract.tables", name="weather")
    assert missing.ok and missing.data["tables"] == [] and "Quarterly sales" in missing.data["reason"]


async def test_lists_and_definition_lists(call: Call) -> None:
    await _open(call, "/tables")
    r = await call("extract.lists")
    assert r.ok
    by_name = {x["name"]: x for x in r.data["lists"]}
    assert by_name["Glossary"]["kind"] == "definitions" and by_name["Glossary"]["items"][0]["term"] == "SKU"
    assert by_name["Checklist"]["items"] == ["Count stock every Monday", "Reorder below the threshold", "Report by Friday"]


async def test_links_by_pattern_and_a_bad_pattern(call: Call, demo: str) -> None:
    await _open(call, "/feed")
    r = await call("extract.links", pattern=r"/story/\d+$")
    assert r.ok and r.data["count"] == 10 and r.data["links"][0] == {"text": "Story 1: notes on the Trail", "url": f"{demo}/story/1"}
    bad = await call("extract.links", pattern="(")
    assert bad.code is ErrorCode.INVALID_INPUT
    none = await call("extract.links", pattern="nothing-links-here")
    assert none.ok and none.data["links"] == [] and "matches" in none.data["reason"]


async def test_schema_by_structure(call: Call) -> None:
    await _open(call, "/products?per=72")
    r = await call("extract.schema", schema={"type": "array", "items": ITEM}, use_model=False)
    assert r.ok and r.data["source"] == "structure"
    assert [(p["name"], p["price"]) for p in r.data["data"]] == [(p["name"], p["price"]) for p in catalog()]


async def test_schema_that_is_not_json_schema_is_invalid_input(call: Call) -> None:
    await _open(call, "/products")
    r = await call("extract.schema", schema={"type": "array", "items": {"type": "nonsense"}})
    assert r.code is ErrorCode.INVALID_INPUT and "not a valid JSON Schema" in r.error.message


async def test_schema_the_structure_cannot_fill_goes_to_the_model(call: Call, ctx: ToolContext) -> None:
    await _open(call, "/booking")
    schema = {"type": "object", "properties": {"hotel_policy": {"type": "string"}}, "required": ["hotel_policy"]}
    offline = await call("extract.schema", schema=schema)
    assert offline.ok and offline.data["source"] == "none" and offline.data["data"] == {} and "hotel_policy" in offline.data["reason"]
    assert "no model is configured" in offline.data["reason"]
    with ScriptedOpenAIServer() as server:
        server.push(text_reply(json.dumps({"hotel_policy": "Book now"})), text_reply("not json at all"))
        assert provide_schema_model(ctx, LLMConfig(base_url=server.base_url, model="scripted", api_key="test", max_retries=0))
        not_allowed = await call("extract.schema", schema=schema, use_model=False)
        assert not_allowed.data["source"] == "none" and server.request_count == 0
        r = await call("extract.schema", schema=schema, instruction="the policy")
        assert r.ok and r.data == {"data": {"hotel_policy": "Book now"}, "source": "model", "reason": None, "missing": []}
        page = server.chat_requests[0].json["messages"][1]["content"]
        assert "Book a stay" in page and "hotel_policy" in page
        bad = await call("extract.schema", schema=schema)
        assert bad.code is ErrorCode.LLM_MALFORMED_OUTPUT
        await ctx.aclose()


async def test_labelled_pages_reach_95_percent(call: Call, demo: str) -> None:
    total = Score()
    for label in load_labels(ROOT / "bench" / "labels"):
        await _open(call, label["page"])
        r = await call(label["tool"], **label.get("args", {}))
        assert r.ok, (label["file"], r.status_line())
        total.add(score(label, r.data, demo))
    assert total.expected >= 40
    assert min(total.precision, total.recall, total.field_match) >= 0.95, total.misses[:10]


@pytest.mark.parametrize("tool", ["extract.products", "extract.articles", "extract.links", "extract.tables", "extract.lists"])
async def test_extractors_never_throw_on_a_blank_or_closed_page(call: Call, session: Any, tool: str) -> None:
    await session.page.set_content("<html><body></body></html>")
    blank = await call(tool)
    assert blank.ok and blank.data["count"] == 0 and blank.data["reason"]
    await session.page.close()
    closed = await call(tool)
    assert not closed.ok and closed.code is not None

