"""The query-filtered fast path must never pick another element than a full snapshot would.

Differential: on the locator accuracy pages, the web test pages and generated pages
(numbered rows that overflow the locator's prefix expansion, unlabelled fields,
non-ASCII text), every accuracy-suite description plus descriptions generated from
each element's texts (with role words, lower case, typos, word starts) is resolved
both ways. Whenever the fast path answers, the full path must give the same ref.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from _support import serve
from tapwright.core.element import Element, UiTree
from tapwright.core.result import ToolResult
from tapwright.drivers.web import WebSession, fastpath
from tapwright.drivers.web.snapshot import collect
from tapwright.errors import ToolFailure
from tapwright.locator import locate

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

LOCATOR_PAGES = Path(__file__).parents[1] / "locator" / "pages"
ROLE_WORDS = {"button": "button", "link": "link", "textbox": "field", "checkbox": "checkbox", "radio": "radio",
              "combobox": "dropdown", "tab": "tab", "heading": "heading", "searchbox": "search box"}


def numbered_page() -> str:
    rows = "".join(
        f"<tr><td>Item {i}</td><td>item{i}@shop.test</td><td><button>Open item {i}</button>"
        f"<a href='#d{i}'>Remove item {i}</a></td></tr>" for i in range(1, 160)
    )
    return (
        "<html><head><title>Numbered</title></head><body><h1>Items</h1>"
        "<p>Email</p><input id='unl'>  <span>Quantity</span> <input id='qty' type=number>"
        "<label for='em'>Email address</label><input id='em'>"
        "<button data-testid='saveDraftBtn'>Save</button><button>Save draft</button>"
        "<button aria-label='Close dialog'>×</button><button>Café au lait</button><button>Straße</button>"
        "<button>Submitted</button><button>Sub</button><button>E-mail</button><a href='#x'>email</a>"
        "<div role='dialog' aria-label='Confirm'><button>Remove item 7</button></div>"
        f"<table>{rows}</table></body></html>"
    )


@pytest.fixture(scope="module")
def locator_pages() -> Iterator[str]:
    with serve(LOCATOR_PAGES) as url:
        yield url + "/"


def descriptions(tree: UiTree, seeded: list[str], rng: random.Random, limit: int) -> list[str]:
    """The suite's descriptions plus ones made from the page's own texts."""
    out: list[str] = []
    for e in tree.elements:
        texts = [t for t in (e.name, e.text, e.attr("label"), e.attr("placeholder"), e.attr("test_id")) if t]
        for t in texts[:2]:
            out.append(t)
            out.append(t.lower())
            if e.role in ROLE_WORDS:
                out.append(f"the {t} {ROLE_WORDS[e.role]}")
            words = t.split()
            if words:
                longest = max(words, key=len)
                out.append(longest[:4])
                if len(longest) >= 5:  # a typo: two letters swapped
                    out.append(t.replace(longest, longest[0] + longest[2] + longest[1] + longest[3:], 1))
                out.append(" ".join(words[:2]))
    rng.shuffle(out)
    return list(dict.fromkeys(seeded + out))[: len(seeded) + limit]


def full_answer(tree: UiTree, description: str) -> str:
    try:
        return locate(tree, description).element.ref
    except ToolFailure as failure:
        return failure.code.value


async def compare(session: WebSession, seeded: list[str], limit: int = 120) -> tuple[int, int]:
    """(descriptions the fast path answered, descriptions tried); asserts every answer matches."""
    full = (await session.full_snapshot()).tree
    answered = tried = 0
    for description in descriptions(full, seeded, random.Random(5), limit):
        query = fastpath.plan(description)
        if query is None:
            continue
        tried += 1
        snap = await collect(session.page, query=query.script_args())
        assert [e.ref for e in snap.tree] == [e.ref for e in full if e.ref in {x.ref for x in snap.tree}]
        for e in snap.tree:  # the partial snapshot reports its elements exactly as the full one does
            assert e == full.by_ref(e.ref), e.ref
        fast = fastpath.choose(query, snap)
        if fast is not None:
            answered += 1
            assert fast.element.ref == full_answer(full, description), description
    return answered, tried


def seeded_cases(page: str) -> list[str]:
    cases = yaml.safe_load((Path(__file__).parents[1] / "locator" / "accuracy_cases.yaml").read_text("utf-8"))
    return [c["find"] for c in cases.get(page, [])]


@pytest.mark.parametrize("page", sorted(p.name for p in LOCATOR_PAGES.glob("*.html")))
async def test_fast_path_agrees_on_the_locator_pages(session: WebSession, locator_pages: str, page: str) -> None:
    await session.page.goto(locator_pages + page)
    answered, tried = await compare(session, seeded_cases(page))
    if page == "reading-order.html":  # every name repeats: the fast path must leave each to the full locator
        assert tried > 0 and answered == 0
        return
    assert tried > 10
    assert answered > 0  # the fast path is really exercised


async def test_fast_path_agrees_on_numbered_rows_and_tricky_names(session: WebSession) -> None:
    await session.page.set_content(numbered_page())
    seeded = ["Open item 12 button", "Remove item 123 link", "Item 15", "item", "Save", "Save button", "saveDraft",
              "save draft btn", "Email", "Email field", "Quantity", "e mail", "email", "Cafe au lait", "Strasse",
              "Sub", "Submit", "Close dialog", "Remove item 7", "Opne item 3", "open item 1"]
    answered, tried = await compare(session, seeded, limit=200)
    assert answered >= 20 and tried >= 50


async def test_fast_path_is_taken_and_refs_stay_consistent(session: WebSession, call: Any) -> None:
    await session.page.set_content(numbered_page())
    full = (await session.full_snapshot()).tree
    result: ToolResult = await call("web.click", target="Open item 42 button")
    assert result.ok, result.status_line()
    assert session.last is not None and session.last.partial  # answered without a full snapshot
    expected: Element | None = next((e for e in full if e.name == "Open item 42"), None)
    assert expected is not None and result.data["ref"] == expected.ref
    # A ref the partial snapshot did not describe still acts on the element a full snapshot numbers so.
    heading = next(e for e in full if e.role == "heading")
    assert heading.ref not in {e.ref for e in session.last.tree}
    visible = await call("web.verify_visible", target=heading.ref)
    assert visible.ok, visible.status_line()
    located = await call("web.locate", target=expected.ref)
    assert located.ok and located.data["ref"] == expected.ref


async def test_fast_path_can_be_switched_off(session: WebSession, call: Any) -> None:
    await session.page.set_content(numbered_page())
    session.fast_locate = False
    result = await call("web.click", target="Open item 3 button")
    assert result.ok and session.last is not None and not session.last.partial
