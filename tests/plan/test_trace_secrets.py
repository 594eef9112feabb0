"""No secret value ever appears in a trace (render() or to_dict() JSON), even when a tool echoes it back."""

from __future__ import annotations

import asyncio
import base64
import json
import urllib.parse

from hypothesis import given, settings
from hypothesis import strategies as st
from plan_test_tools import Calls, build_registry

from tapwright import Executor, SecretStore, ToolContext

# Distinctive secrets: a short or common one ("ok", "pass") cannot be told apart from ordinary words.
secrets = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), min_size=8, max_size=24)


def _forms(secret: str) -> list[str]:
    raw = secret.encode()
    return [secret, json.dumps(secret, ensure_ascii=False)[1:-1], json.dumps(secret)[1:-1],
            urllib.parse.quote(secret, safe=""), base64.b64encode(raw).decode()]  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(secret=secrets, whole=st.booleans(), fail=st.booleans())
def test_secret_never_appears_in_a_trace(secret: str, whole: bool, fail: bool) -> None:
    calls = Calls()
    registry = build_registry(calls)
    ctx = ToolContext(secrets=SecretStore({"PASSWORD": secret}))
    password = "${secrets.PASSWORD}" if whole else "pre-${secrets.PASSWORD}-post"
    plan = {"steps": [
        {"id": "in", "tool": "t.login", "args": {"user": "alice", "password": password}},
        {"tool": "t.echo", "args": {"text": "${in.output.echo}", "value": "${in.output.url}"}},
        {"tool": "t.leak_fail" if fail else "t.echo", "args": {"password": password} if fail else {}},
    ]}  # fmt: skip
    trace = asyncio.run(Executor(registry, ctx).run(plan))
    # The tool really got the secret, at the instant of the call ...
    assert calls.seen[0] == ("t.login", {"user": "alice", "password": password.replace("${secrets.PASSWORD}", secret)})
    assert trace.status == ("failed" if fail else "passed"), trace.render()
    # ... and no record holds it, in any form.
    records = [trace.render(), json.dumps(trace.to_dict(), ensure_ascii=False), json.dumps(trace.to_dict()),
               json.dumps(trace.outputs, ensure_ascii=False), repr(trace)]  # fmt: skip
    for record in records:
        for form in _forms(secret):
            assert form not in record
    assert "***" in trace.render()
    # A later step fed from an output that echoed the secret gets the redacted value, not the secret.
    assert secret not in json.dumps(calls.seen[1:], ensure_ascii=False)


async def test_secret_in_a_fallback_and_in_errors_is_redacted() -> None:
    calls = Calls()
    registry = build_registry(calls)
    secret = "correct-horse-battery"
    ctx = ToolContext(secrets=SecretStore({"PASSWORD": secret}))
    plan = {"steps": [{"tool": "t.leak_fail", "args": {"password": "${secrets.PASSWORD}"},
                       "fallback": {"tool": "t.leak_fail", "args": {"password": "x${secrets.PASSWORD}"}}}]}  # fmt: skip
    trace = await Executor(registry, ctx).run(plan)
    dumped = json.dumps(trace.to_dict())
    assert secret not in dumped and secret not in trace.render()
    # The step reports the primary failure; the fallback's own failure is in its record.
    assert trace.error is not None and trace.error.message == "wrong password ***"
    assert trace.error.cause == "server said ***"
    assert trace.calls[0].args == {"password": "***"} and trace.calls[0].fallback is not None
    assert trace.calls[0].fallback.args == {"password": "x***"}
    assert trace.calls[0].fallback.result["error"]["message"] == "wrong password x***"  # type: ignore[index]
