"""The forms.* and nav.* tools against real Chromium on the demo app: success, failure and no-throw."""

from __future__ import annotations

from typing import Any

import pytest
from pack_support import Call, catalog

from tapwright.drivers.web import WebSession
from tapwright.errors import ErrorCode

pytestmark = [pytest.mark.slow, pytest.mark.asyncio(loop_scope="session")]


async def _open(call: Call, url: str) -> None:
    r = await call("web.navigate", url=url)
    assert r.ok, r.status_line()


async def _value(session: WebSession, selector: str) -> Any:
    return await session.page.eval_on_selector(selector, "(e) => e.type === 'checkbox' || e.type === 'radio' ? e.checked : e.value")


async def test_fill_sets_every_kind_of_field_and_reports_unknown_labels(call: Call, session: WebSession) -> None:
    await _open(call, "/booking")
    values = {"Full name": "Ann Lee", "Email": "ann@example.com", "Check-in": "2026-06-10", "Guests": "2", "Room": "Suite",
              "Breakfast included": True, "Budget per night": 200, "Notes": "late arrival", "Favourite colour": "red"}  # fmt: skip
    r = await call("forms.fill", values=values)
    assert r.code is ErrorCode.ELEMENT_NOT_FOUND and "Favourite colour" in r.error.message
    assert r.data["unknown"] == ["Favourite colour"] and len(r.data["filled"]) == 8
    assert r.data["required_empty"] == ["Check-out"]
    assert await _value(session, "#guest-name") == "Ann Lee" and await _value(session, "#check-in") == "2026-06-10"
    assert await _value(session, "#guests") == "2" and await _value(session, "#breakfast") is True
    assert await _value(session, "input[value=suite]") is True and await _value(session, "#nights-budget") == "200"
    assert await _value(session, "#notes") == "late arrival"


async def test_fill_and_submit_reads_back_validation_messages(call: Call) -> None:
    await _open(call, "/booking")
    r = await call("forms.fill", values={"Full name": "Ann", "Email": "not-an-email"}, submit=True)
    assert r.ok and r.data["submitted"]
    texts = [m["text"] for m in r.data["messages"]]
    assert "Enter a valid email address" in texts and "Choose a check-in date" in texts
    good = await call("forms.fill", values={"Email": "ann@example.com", "Check-in": "2026-06-10", "Check-out": "2026-06-12"}, submit=True)
    assert good.ok and any(s.startswith("Booked Ann: 2026-06-10 to 2026-06-12") for s in good.data["status"]), good.data


async def test_fill_bad_values_fail_cleanly(call: Call) -> None:
    await _open(call, "/booking")
    assert (await call("forms.fill", values={"Guests": "seventeen"})).code is ErrorCode.ELEMENT_NOT_FOUND
    assert (await call("forms.fill", values={"Breakfast included": "perhaps"})).code is ErrorCode.INVALID_INPUT
    assert (await call("forms.fill", values={"Check-in": "next tuesday"})).code is ErrorCode.INVALID_INPUT
    assert (await call("forms.fill", values={})).code is ErrorCode.INVALID_INPUT


async def test_date_range_native_and_calendar_popup(call: Call, session: WebSession) -> None:
    await _open(call, "/booking")
    r = await call("forms.date_range", start="2026-06-10", end="2026-06-14")
    assert r.ok and r.data["start_field"] == "Check-in" and r.data["end_field"] == "Check-out"
    assert await _value(session, "#check-out") == "2026-06-14"
    custom = await call("forms.date_range", start="2026-08-03", start_label="Arrival day")
    assert custom.ok and await _value(session, "#arrival") == "03/08/2026"
    back = await call("forms.date_range", start="14/04/2026", start_label="Arrival day")
    assert back.ok and await _value(session, "#arrival") == "14/04/2026"


async def test_price_filter_and_search_apply_through_the_form(call: Call, session: WebSession) -> None:
    await _open(call, "/products")
    r = await call("forms.price_filter", min=20, max=150)
    assert r.ok and r.data["applied"] and "min=20" in session.page.url and "max=150" in session.page.url
    shown = await session.page.inner_text("#summary")
    assert f"of {sum(1 for p in catalog() if 20 <= p['price'] <= 150)} products" in shown
    s = await call("forms.search", query="Lamp")
    assert s.ok and "q=Lamp" in session.page.url


async def test_price_filter_on_a_page_without_one(call: Call) -> None:
    await _open(call, "/feed")
    assert (await call("forms.price_filter", max=10)).code is ErrorCode.ELEMENT_NOT_FOUND
    soft = await call("forms.price_filter", max=10, if_present=True)
    assert soft.ok and soft.data["applied"] is False
    assert (await call("forms.price_filter")).code is ErrorCode.INVALID_INPUT
    assert (await call("forms.search", query="x")).code is ErrorCode.ELEMENT_NOT_FOUND


async def test_select_and_submit(call: Call, session: WebSession) -> None:
    await _open(call, "/booking")
    r = await call("forms.select", label="Guests", option="3")
    assert r.ok and await _value(session, "#guests") == "3"
    assert (await call("forms.select", label="Guests", option="12")).code is ErrorCode.ELEMENT_NOT_FOUND
    sub = await call("forms.submit")
    assert sub.ok and "Please enter your name" in [m["text"] for m in sub.data["messages"]]


async def test_scroll_load_stops_when_nothing_new_loads(call: Call) -> None:
    await _open(call, "/feed")
    r = await call("nav.scroll_load", times=30, wait_ms=800)
    assert r.ok and r.data["stopped"] == "nothing_new" and r.data["items"] == 50 and r.data["new_items"] == 40
    articles = await call("extract.articles")
    assert articles.data["count"] == 50


async def test_scroll_load_on_an_endless_feed_is_bounded(call: Call) -> None:
    await _open(call, "/feed?endless=1")
    by_count = await call("nav.scroll_load", times=4, wait_ms=800)
    assert by_count.ok and by_count.data["stopped"] == "max_scrolls" and by_count.data["scrolls"] == 4
    by_items = await call("nav.scroll_load", times=100, wait_ms=800, max_items=80)
    assert by_items.data["stopped"] == "max_items" and by_items.data["items"] >= 80
    by_time = await call("nav.scroll_load", times=1000, wait_ms=800, max_seconds=1.5)
    # The time limit ended it (not the 1,000 scrolls), and only once the 1.5 s had passed.
    assert by_time.data["stopped"] == "max_seconds" and by_time.data["seconds"] >= 1.5
    assert 1 <= by_time.data["scrolls"] < 1000


async def test_paginate_by_next_links_and_by_load_more_collects_every_product(call: Call) -> None:
    names = [p["name"] for p in catalog()]
    await _open(call, "/products")
    r = await call("nav.paginate", pages=10, collect="products")
    assert r.ok and r.data["pages"] == 3 and r.data["stopped"] == "no_next" and r.data["how"] == ["rel=next", "rel=next"]
    assert [p["name"] for p in r.data["products"]] == names
    await _open(call, "/products?mode=more&per=30")
    more = await call("nav.paginate", pages=10, collect="products")
    assert more.ok and more.data["how"] == ["load more", "load more"] and [p["name"] for p in more.data["products"]] == names
    await _open(call, "/products")
    two = await call("nav.paginate", pages=2)
    assert two.ok and two.data["stopped"] == "pages" and two.data["urls"][-1].endswith("page=2")


async def test_category_path_and_click_by_text(call: Call, session: WebSession) -> None:
    await _open(call, "/products")
    r = await call("nav.category", path="Outdoor > Tents")
    assert r.ok and r.data["path"] == ["Outdoor", "Tents"] and "cat=Outdoor+%3E+Tents" in session.page.url
    products = await call("extract.products")
    assert {p["name"] for p in products.data["products"]} == {p["name"] for p in catalog() if p["category"] == "Outdoor > Tents"}
    missing = await call("nav.category", path="Outdoor > Kayaks")
    assert missing.code is ErrorCode.ELEMENT_NOT_FOUND and "Kayaks" in missing.error.message
    click = await call("nav.click_text", text="Next")
    assert click.code is ErrorCode.ELEMENT_NOT_FOUND or click.ok
    await _open(call, "/products")
    clicked = await call("nav.click_text", text="2", exact=True)
    assert clicked.ok and "page=2" in session.page.url
    assert (await call("nav.click_text", text="no such words here")).code is ErrorCode.ELEMENT_NOT_FOUND


@pytest.mark.parametrize(
    ("tool", "args"),
    [("forms.fill", {"values": {"a": 1}}), ("forms.submit", {}), ("forms.date_range", {"start": "2026-01-01"}),
     ("forms.select", {"label": "x", "option": "y"}), ("nav.scroll_load", {"times": 1, "wait_ms": 100}),
     ("nav.paginate", {"pages": 2}), ("nav.category", {"path": "A > B"}), ("nav.click_text", {"text": "x"})],
)  # fmt: skip
async def test_no_form_or_nav_tool_throws_on_a_blank_or_closed_page(call: Call, session: WebSession, tool: str, args: dict[str, Any]) -> None:
    await session.page.set_content("<html><body><p>nothing</p></body></html>")
    blank = await call(tool, **args)
    assert blank.ok or blank.code is not None
    await session.page.close()
    closed = await call(tool, **args)
    assert not closed.ok and closed.code is not None
