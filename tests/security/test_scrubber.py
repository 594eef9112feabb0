"""The scrubber sees through invisible characters and transformed text before it matches a secret."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from security_servers import Sites

from tapwright.core.context import ToolContext
from tapwright.core.secrets import REDACTED, SecretStore
from tapwright.drivers.web import WebBrowser
from tapwright.plan.executor import Executor
from tapwright.registry.registry import Registry

SECRET = "Wombat-Secret-42"
INVISIBLE = ["\u00ad", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u200e"]


@pytest.mark.parametrize("shown", [
    "\u00ad".join(SECRET), "\u200b".join(SECRET), SECRET.upper(), SECRET.lower(), SECRET[::-1],
    " ".join(SECRET), "  ".join(SECRET.upper()), SECRET[::-1].upper(), "\n".join(SECRET),
    "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in SECRET),  # fullwidth forms
    "-".join(SECRET), ".".join(SECRET.lower()), "_".join(SECRET), " / ".join(SECRET), "·".join(SECRET),
    "*".join(SECRET[::-1]), "–".join(SECRET), "Wombat Secret 42", "wombat_secret_42", "WOMBAT.SECRET.42",
])
def test_transformed_secret_is_redacted(shown: str) -> None:
    store = SecretStore({"S": SECRET})
    out = store.redact_text(f"before {shown} after")
    assert out.startswith("before ") and out.endswith(" after") and REDACTED in out, out
    assert "wombat" not in out.lower()


@given(st.lists(st.sampled_from(INVISIBLE), min_size=len(SECRET) - 1, max_size=len(SECRET) - 1))
def test_any_invisible_characters_between_the_letters(marks: list[str]) -> None:
    shown = "".join(c + m for c, m in zip(SECRET, [*marks, ""], strict=True))
    assert SecretStore({"S": SECRET}).redact_text(shown) == REDACTED


def test_ordinary_text_is_left_alone() -> None:
    store = SecretStore({"S": SECRET, "SHORT": "abc"})
    text = "A wombat keeps a secret: 42 ways. a b c"
    assert store.redact_text(text) == text
    # Separators are dropped only to find the secret's letters in a row: other words between them stay apart.
    for text in ["w-o-m-b-a-t keeps 4-2", "a-b-c, a.b.c"]:
        assert store.redact_text(text) == text


@given(st.lists(st.sampled_from(["-", ".", "_", "/", "|", "+", "~", "·", "•", "—", " - "]),
                min_size=len(SECRET) - 1, max_size=len(SECRET) - 1))  # fmt: skip
def test_any_separators_between_the_letters(marks: list[str]) -> None:
    shown = "".join(c + m for c, m in zip(SECRET, [*marks, ""], strict=True))
    assert SecretStore({"S": SECRET}).redact_text(f"[{shown}]") == f"[{REDACTED}]"


@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="session")
async def test_page_transformed_echo_never_reaches_tool_output(browser: WebBrowser, sites: Sites) -> None:
    session = await browser.new_session(base_url=sites.app)
    store = SecretStore({"S": SECRET})
    run = Executor(Registry.default(), ToolContext([session], secrets=store)).run
    try:
        trace = await run({"steps": [
            {"tool": "web.navigate", "args": {"url": "/echo"}},
            {"tool": "web.fill", "args": {"target": "#t", "text": "${secrets.S}"}},
            {"id": "page", "tool": "web.snapshot", "args": {}},
            {"id": "upper", "tool": "web.get_text", "args": {"target": "#c"}},
        ]})
        assert trace.status == "passed", trace.error
        dumped = json.dumps(trace.to_dict(), ensure_ascii=False)
        assert "reversed" in dumped and "upper" in dumped  # the echoes were read
        folded = dumped.replace("\u00ad", "").replace("\u200b", "").replace(" ", "").lower()
        assert "wombat" not in folded and "wombat"[::-1] not in folded, dumped
    finally:
        await session.aclose()
    assert asyncio.iscoroutinefunction(run)
