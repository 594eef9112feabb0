"""A secret is never an oracle: a model that never sees a secret's value cannot use it as a target or a text to
check, and so cannot learn whether a field or the page holds it (found or not, passed or failed would say so).

A secret placeholder fills only an argument a tool declares as text it types (``typed-text``) or a URL it loads
(``uri-reference``); anything else, and any such argument holding a secret's value written out, is refused with
INVALID_INPUT before the tool runs. Typing a secret, and checking a field without naming the secret, still work.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from security_servers import Sites

from tapwright.core.context import ToolContext
from tapwright.core.fence import FILE_PATH_FORMAT, TYPED_FORMAT, URL_FORMAT
from tapwright.core.secrets import SecretStore
from tapwright.drivers.web import WebBrowser
from tapwright.errors import ErrorCode
from tapwright.plan.destinations import _format_of, check_secret_destinations
from tapwright.plan.executor import Executor
from tapwright.registry.registry import Registry

TOKEN = "tok-CANARY-7781-secret"


def _store() -> SecretStore:
    return SecretStore({"TOKEN": TOKEN})


def _string_params(parameters: dict[str, Any]) -> list[str]:
    def is_string(prop: dict[str, Any]) -> bool:
        return prop.get("type") == "string" or any(p.get("type") == "string" for p in prop.get("anyOf") or ())

    return [k for k, v in (parameters.get("properties") or {}).items() if is_string(v)]


def test_every_tool_of_every_platform_takes_a_secret_only_where_it_types_or_loads_it() -> None:
    """Over the whole registry (web, android, ios, desktop, fake and the data packs): a placeholder in a string
    argument is refused unless the argument is declared typed text or a URL; the refusal says so."""
    store = _store()
    refused = allowed = 0
    namespaces = set()
    for spec in Registry.default().list():
        for key in _string_params(spec.parameters):
            fmt = _format_of(spec.parameters, key)
            written = {key: "${secrets.TOKEN}"}
            refusal = check_secret_destinations(spec.parameters, written, {key: TOKEN}, store, "http://127.0.0.1:1/")
            if fmt in (TYPED_FORMAT, URL_FORMAT):
                assert refusal is None, (spec.name, key)
                allowed += 1
                continue
            assert refusal is not None and refusal.code is ErrorCode.INVALID_INPUT, (spec.name, key)
            if fmt != FILE_PATH_FORMAT:
                assert "compared with the screen" in refusal.message and TOKEN not in refusal.message
                namespaces.add(spec.name.split(".")[0])
            refused += 1
    assert {"web", "android", "ios", "desktop", "fake"} <= namespaces
    assert refused > 100 and allowed >= 15  # the check ran over the real catalog, both ways


@pytest.mark.parametrize(("tool", "args"), [
    ("web.click", {"target": "${secrets.TOKEN}"}),
    ("web.click", {"target": "the ${secrets.TOKEN} button"}),
    ("web.verify_text", {"text": "${secrets.TOKEN}"}),
    ("web.verify_value", {"target": "Token field", "value": "${secrets.TOKEN}"}),
    ("web.wait_for", {"text": "${secrets.TOKEN}"}),
    ("web.locate", {"description": "${secrets.TOKEN}"}),
    ("android.verify_text", {"text": "${secrets.TOKEN}"}),
    ("desktop.verify_text", {"text": "${secrets.TOKEN}"}),
    ("ios.tap_text", {"text": "${secrets.TOKEN}"}),
    ("fake.verify_visible", {"target": "${secrets.TOKEN}"}),
    # The value written out: a guess, or what an earlier call read off the screen.
    ("web.verify_text", {"text": TOKEN}),
    ("web.verify_text", {"text": TOKEN.upper()}),
    ("web.click", {"target": f"the {TOKEN} button"}),
])
def test_a_secret_in_a_target_or_a_check_is_refused(tool: str, args: dict[str, Any]) -> None:
    spec = Registry.default().get(tool)
    assert spec is not None
    resolved = {k: v.replace("${secrets.TOKEN}", TOKEN) for k, v in args.items()}
    refusal = check_secret_destinations(spec.parameters, args, resolved, _store(), "http://127.0.0.1:1/")
    assert refusal is not None and refusal.code is ErrorCode.INVALID_INPUT
    assert TOKEN not in refusal.message and TOKEN.upper() not in refusal.message


@pytest.mark.parametrize(("tool", "args"), [
    ("web.fill", {"target": "Token field", "text": "${secrets.TOKEN}"}),
    ("web.fill_and_press", {"target": "Token field", "text": "${secrets.TOKEN}"}),
    ("web.type_text", {"text": "${secrets.TOKEN}", "x": 1, "y": 1}),
    ("web.handle_dialog", {"action": "accept", "text": "${secrets.TOKEN}"}),
    ("android.input_text", {"field_selector": "Token", "text": "${secrets.TOKEN}"}),
    ("desktop.fill", {"target": "Token field", "text": "${secrets.TOKEN}"}),
    ("forms.fill", {"values": {"Token": "${secrets.TOKEN}"}}),
    ("android.set_clipboard", {"text": "${secrets.TOKEN}"}),
    ("ios.set_clipboard", {"text": "${secrets.TOKEN}"}),
    ("web.navigate", {"url": "/login?t=${secrets.TOKEN}"}),
    ("web.fill", {"target": "Token field", "text": TOKEN}),  # typing the value written out is typing
])
def test_typing_a_secret_or_sending_it_in_a_url_is_allowed(tool: str, args: dict[str, Any]) -> None:
    spec = Registry.default().get(tool)
    assert spec is not None
    resolved = json.loads(json.dumps(args).replace("${secrets.TOKEN}", TOKEN))
    assert check_secret_destinations(spec.parameters, args, resolved, _store(), "http://127.0.0.1:1/") is None


def test_a_target_that_merely_looks_alike_is_not_refused() -> None:
    spec = Registry.default().get("web.click")
    assert spec is not None
    for target in ("Token field", "tok-CANARY", "Save button"):
        assert check_secret_destinations(spec.parameters, {"target": target}, {"target": target}, _store(), None) is None


@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="session")
async def test_a_model_cannot_probe_the_page_for_a_secret(browser: WebBrowser, sites: Sites) -> None:
    """Real Chromium: the page shows the token and a field holds it after a fill; every probe is refused before
    it runs (the answer is the same whether the page shows it or not), typing works, the field can be checked
    without naming the secret, and no trace, result or error holds the value."""
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=2_000)
    store = _store()
    ctx = ToolContext([session], secrets=store)
    run = Executor(Registry.default(), ctx).run
    traces = []
    try:
        for plan in (
            {"steps": [{"tool": "web.navigate", "args": {"url": "/oracle"}}]},
            {"steps": [{"tool": "web.fill", "args": {"target": "Token field", "text": "${secrets.TOKEN}"}}]},
            {"steps": [{"tool": "web.fill", "args": {"target": "Password field", "text": "${secrets.TOKEN}"}}]},
        ):
            trace = await run(plan)
            traces.append(trace)
            assert trace.status == "passed", trace.error
        assert await session.page.input_value("#t") == TOKEN  # the legitimate use: the secret was typed

        probes = [
            ("web.verify_value", {"target": "Token field", "value": "${secrets.TOKEN}"}),
            ("web.verify_text", {"text": "${secrets.TOKEN}"}),
            ("web.click", {"target": "${secrets.TOKEN}"}),
            ("web.click", {"target": f"{TOKEN} button"}),
            ("web.wait_for", {"text": "${secrets.TOKEN}", "timeout_ms": 500}),
            ("web.verify_text", {"text": "wrong-guess ${secrets.TOKEN}"}),
        ]
        for tool, args in probes:
            trace = await run({"steps": [{"tool": tool, "args": args}]})
            traces.append(trace)
            assert trace.status == "failed" and trace.error is not None, (tool, args)
            assert trace.error.code is ErrorCode.INVALID_INPUT, (tool, trace.error)
        assert await session.page.evaluate("document.activeElement.id") != "save"  # nothing was clicked

        # A value read off the page and passed on by the plan reaches the check as *** (outputs are redacted
        # before a later call can read them), so the check cannot find the secret with it.
        chained = await run({"steps": [
            {"id": "read", "tool": "web.get_text", "args": {"target": "#shown"}},
            {"tool": "web.verify_text", "args": {"text": "${read.output.text}"}},
        ]})
        traces.append(chained)
        assert chained.status == "failed" and chained.error is not None
        assert chained.error.code is ErrorCode.ASSERTION_FAILED and "'Your key: ***'" in chained.error.message

        # Checking the password field without naming the secret still works, and says nothing of the value.
        masked = await run({"steps": [
            {"tool": "web.verify_state", "args": {"target": "Password field", "state": "editable"}},
            {"id": "v", "tool": "web.get_value", "args": {"target": "Password field"}},
        ]})
        traces.append(masked)
        assert masked.status == "passed", masked.error
        for trace in traces:
            assert TOKEN not in json.dumps(trace.to_dict(), default=str)
    finally:
        await session.aclose()


@pytest.mark.browser
@pytest.mark.asyncio(loop_scope="session")
@pytest.mark.parametrize("values", [
    {"Note": "${secrets.TOKEN}", "Key": "${secrets.TOKEN}"},
    {"Kind": "${secrets.TOKEN}"},
    {"Agree": "${secrets.TOKEN}"},
    {"Note": "hello", "Key": TOKEN},  # the value written out
])  # fmt: skip
async def test_forms_fill_never_picks_an_option_with_a_secret(browser: WebBrowser, sites: Sites,
                                                                values: dict[str, str]) -> None:
    """forms.fill types a secret into a text field, but a secret given for a dropdown, radio buttons or a
    checkbox is refused before anything is filled: whether it matched an option would tell its value."""
    session = await browser.new_session(base_url=sites.app, action_timeout_ms=2_000)
    session.mask_secrets = _store()
    ctx = ToolContext([session], secrets=_store())
    run = Executor(Registry.default(), ctx).run
    try:
        assert (await run({"steps": [{"tool": "web.navigate", "args": {"url": "/oracle-choices"}}]})).status == "passed"
        trace = await run({"steps": [{"tool": "forms.fill", "args": {"values": values}}]})
        assert trace.status == "failed" and trace.error is not None
        assert trace.error.code is ErrorCode.INVALID_INPUT and "picks one of the page's options" in trace.error.message
        assert TOKEN not in json.dumps(trace.to_dict())
        # Nothing was filled or chosen, not even the text field listed first.
        state = await session.page.evaluate("""() => [document.querySelector('#note').value,
            document.querySelector('#key').value, !!document.querySelector('input[name=kind]:checked'),
            document.querySelector('#agree').checked]""")
        assert state == ["", "none", False, False]
        # Typing the secret into the text field alone works.
        typed = await run({"steps": [{"tool": "forms.fill", "args": {"values": {"Note": "${secrets.TOKEN}"}}}]})
        assert typed.status == "passed", typed.error
        assert await session.page.input_value("#note") == TOKEN
    finally:
        await session.aclose()
