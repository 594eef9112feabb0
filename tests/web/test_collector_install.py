"""The snapshot collector is defined once per document and called by name.

A snapshot then sends its arguments, not the collector's source. The definition must be
invisible to the page (not enumerable), impossible for the page to replace (read-only,
not configurable), present in frames, and made on first use in a document that started
without tapwright's init scripts.
"""

from __future__ import annotations

import pytest

from tapwright.drivers.web import WebSession
from tapwright.drivers.web.snapshot import _collector_key, collect

pytestmark = [pytest.mark.asyncio(loop_scope="session")]

PAGE = """<html><body><button>Save</button><iframe srcdoc="<button>Inner</button>"></iframe>
<script>
  window.seen = Object.keys(window).filter((k) => k.startsWith("__tw"));
  for (const k in window) if (k.startsWith("__tw")) window.seen.push(k);
  try { window[%r] = () => JSON.stringify({els: []}); window.replaced = "assigned"; }
  catch (e) { window.replaced = "threw"; }
  try { delete window[%r]; } catch (e) { /* strict or not, it stays */ }
</script></body></html>"""


async def test_page_cannot_see_or_replace_the_collector(session: WebSession) -> None:
    key = _collector_key()
    await session.page.set_content(PAGE % (key, key))
    assert await session.page.evaluate("() => window.seen") == []
    assert await session.page.evaluate(f"() => typeof window[{key!r}]") == "function"
    names = [(e.role, e.name) for e in (await collect(session.page)).tree]
    assert ("button", "Save") in names and ("button", "Inner") in names  # the real collector ran, in both frames
    inner = session.page.frames[1]
    assert await inner.evaluate(f"() => typeof window[{key!r}]") == "function"  # the frame got it at its start


async def test_a_document_without_the_init_script_gets_the_collector_on_first_use(session: WebSession) -> None:
    browser = session.page.context.browser
    assert browser is not None
    context = await browser.new_context()  # a plain Playwright context: none of tapwright's init scripts
    try:
        page = await context.new_page()
        await page.set_content("<button>Plain</button>")
        key = _collector_key()
        assert await page.evaluate(f"() => {key!r} in window") is False
        first = await collect(page)
        assert [(e.role, e.name) for e in first.tree] == [("button", "Plain")]
        assert await page.evaluate(f"() => typeof window[{key!r}]") == "function"
        again = await collect(page)
        assert [e.ref for e in again.tree] == [e.ref for e in first.tree]
    finally:
        await context.close()
