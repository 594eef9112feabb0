"""Sweep cases of the URL policy: no request reaches a refused origin (127.0.0.2 logs everything)."""

from __future__ import annotations

from pathlib import Path

import pytest
from reliability_servers import RefusedLog
from reliability_support import Sites, call

from tapwright.drivers.web import UrlPolicy, WebBrowser, WebSession
from tapwright.errors import ErrorCode

pytestmark = [pytest.mark.browser, pytest.mark.asyncio(loop_scope="session")]


async def test_redirect_chain_to_refused_origin(guarded: WebSession, sites: Sites, refused_log: RefusedLog) -> None:
    """302 -> 301 -> 307 ending on the refused origin: URL_BLOCKED, and the refused server got nothing."""
    r = await call(guarded, "web.navigate", url=f"/chain/3?to={sites.refused}/steal")
    assert r.code is ErrorCode.URL_BLOCKED, r.status_line()
    assert "127.0.0.2" in r.error.message and "blocked" in r.error.message
    await guarded.page.wait_for_timeout(300)
    assert refused_log.empty, (refused_log.connections, refused_log.requests)
    assert not guarded.page.url.startswith(sites.refused)


async def test_allowed_redirect_chain_is_followed(guarded: WebSession, sites: Sites) -> None:
    r = await call(guarded, "web.navigate", url=f"/chain/3?to={sites.app}/second")
    assert r.ok and r.data["url"] == f"{sites.app}/second" and r.data["title"] == "Second"


async def test_websocket_handshake_to_refused_origin(guarded: WebSession, sites: Sites,
                                                     refused_log: RefusedLog) -> None:
    """A page opening a WebSocket to the refused origin: the handshake never reaches it."""
    assert (await call(guarded, "web.navigate", url="/")).ok
    port = sites.refused_port
    state = await guarded.page.evaluate(
        """(port) => new Promise((resolve) => {
            const ws = new WebSocket(`ws://127.0.0.2:${port}/socket`);
            ws.onopen = () => resolve('open'); ws.onerror = () => resolve('error');
            setTimeout(() => resolve('timeout'), 5000);
        })""",
        port,
    )
    assert state == "error"
    assert refused_log.empty, (refused_log.connections, refused_log.requests)
    assert any("127.0.0.2" in url for url, _ in guarded.guard.blocked)


async def test_websocket_app_loads(guarded: WebSession) -> None:
    """Issue 11 item 1: a page that opens a WebSocket to its own loopback server loads and goes live."""
    assert (await call(guarded, "web.navigate", url="/ws-app")).ok
    r = await call(guarded, "web.wait_for", text="Live: echo hello", timeout_ms=10_000)
    assert r.ok, r.status_line()


async def test_page_fetch_to_other_loopback_port(browser: WebBrowser, sites: Sites) -> None:
    """A page's fetch() to another allowed loopback port works, as it does in raw Playwright."""
    other = sites.app.replace("127.0.0.1", "localhost")
    s = await browser.new_session(base_url=sites.app)
    try:
        assert (await call(s, "web.navigate", url="/")).ok
        got = await s.page.evaluate("(u) => fetch(u).then(r => r.json()).then(j => j.q, e => 'failed: ' + e)",
                                    f"{other}/json?q=ok")
        assert got == "ok"
    finally:
        await s.aclose()


@pytest.mark.parametrize("spelling", ["[::ffff:127.0.0.2]", "[::ffff:7f00:2]", "2130706434", "0x7f.0.0.2",
                                      "0177.0.0.2", "127.2", "127.0.0.2."])
async def test_host_spellings_of_refused_origin(guarded: WebSession, sites: Sites, refused_log: RefusedLog,
                                                spelling: str) -> None:
    """Every spelling of 127.0.0.2 meets the rule written for 127.0.0.2, before and after the browser."""
    r = await call(guarded, "web.navigate", url=f"http://{spelling}:{sites.refused_port}/x")
    assert r.code is ErrorCode.URL_BLOCKED, r.status_line()
    # and as a redirect target, where only the network layer sees it
    r = await call(guarded, "web.navigate", url=f"/chain/1?to=http://{spelling}:{sites.refused_port}/y")
    assert r.code is ErrorCode.URL_BLOCKED, r.status_line()
    assert refused_log.empty, (refused_log.connections, refused_log.requests)


async def test_link_local_and_metadata_blocked_by_default(browser: WebBrowser, sites: Sites) -> None:
    s = await browser.new_session(base_url=sites.app)
    try:
        for url in ("http://169.254.169.254/latest/meta-data/", "http://metadata.google.internal/",
                    "http://[fe80::1]/", "http://2852039166/"):
            r = await call(s, "web.navigate", url=url)
            assert r.code is ErrorCode.URL_BLOCKED, (url, r.status_line())
            assert "link-local" in r.error.message
    finally:
        await s.aclose()
    assert UrlPolicy(allow_link_local=True).check("http://169.254.169.254/") is None


async def test_subresource_redirect_to_refused_origin(guarded: WebSession, sites: Sites,
                                                      refused_log: RefusedLog) -> None:
    """An image, a script and a fetch() whose redirect ends on the refused origin are stopped hop by hop."""
    assert (await call(guarded, "web.navigate", url="/")).ok
    target = f"{sites.refused}/pixel"
    await guarded.page.evaluate(
        """(to) => new Promise((resolve) => {
            const img = new Image(); img.onload = img.onerror = () => resolve(1);
            img.src = '/chain/2?to=' + encodeURIComponent(to);
            fetch('/chain/3?to=' + encodeURIComponent(to)).catch(() => 0);
            const s = document.createElement('script'); s.src = '/chain/1?to=' + encodeURIComponent(to);
            document.head.appendChild(s);
        })""",
        target,
    )
    await guarded.page.wait_for_timeout(800)
    assert refused_log.empty, (refused_log.connections, refused_log.requests)
    assert any("127.0.0.2" in url for url, _ in guarded.guard.blocked)


async def test_navigations_after_refused_and_failed_loads(guarded: WebSession, sites: Sites) -> None:
    """A refused or failed load costs only itself: the next navigation succeeds at once."""
    for bad in (f"{sites.refused}/", "http://127.0.0.1:9/", f"/chain/2?to={sites.refused}/"):
        r = await call(guarded, "web.navigate", url=bad)
        assert r.code in (ErrorCode.URL_BLOCKED, ErrorCode.NAVIGATION_FAILED), r.status_line()
        for _ in range(3):
            ok = await call(guarded, "web.navigate", url="/second")
            assert ok.ok, (bad, ok.status_line())


async def test_failed_connection_says_why_in_message(guarded: WebSession) -> None:
    r = await call(guarded, "web.navigate", url="http://127.0.0.1:9/")
    assert r.code is ErrorCode.NAVIGATION_FAILED
    assert "connection refused" in r.error.message.lower() or "ERR_" in r.error.message


async def test_http_error_status_fails_navigation(guarded: WebSession) -> None:
    r = await call(guarded, "web.navigate", url="/status/500")
    assert r.code is ErrorCode.NAVIGATION_FAILED and "HTTP 500" in r.error.message
    r = await call(guarded, "web.navigate", url="/status/404", allow_error_status=True)
    assert r.ok and r.data["status"] == 404


async def test_popup_and_frame_to_refused_origin(guarded: WebSession, sites: Sites, refused_log: RefusedLog) -> None:
    """Already held: popups and frames to a refused origin are closed or blanked, and never load."""
    assert (await call(guarded, "web.navigate", url="/")).ok
    await guarded.page.evaluate("(u) => { window.open(u); const f = document.createElement('iframe');"
                                " f.src = u; document.body.appendChild(f); }", f"{sites.refused}/popup")
    await guarded.page.wait_for_timeout(800)
    assert refused_log.empty, (refused_log.connections, refused_log.requests)
    assert not any(p.url.startswith(sites.refused) for p in guarded.context.pages)


async def test_model_obeying_injected_page_text_is_stopped(browser: WebBrowser, sites: Sites,
                                                           refused_log: RefusedLog) -> None:
    """A page tells the model to go to the refused origin and the model obeys: the policy stops it,
    the page text reached the model marked untrusted, and nothing widened the policy."""
    import tapwright.session
    from tapwright.llm import LLMClient, LLMConfig
    from tapwright.llm.agent import run_agent
    from tapwright.testing.openai_server import ScriptedOpenAIServer, tool_calls_reply

    with ScriptedOpenAIServer() as llm:
        llm.push(tool_calls_reply(("web__navigate", {"url": f"{sites.refused}/steal?c=1"})),
                 tool_calls_reply(("fail", {"reason": "blocked"})))
        client = LLMClient(LLMConfig(base_url=llm.base_url, model="scripted", api_key="sk-test", timeout_s=5.0,
                                     max_retries=0, backoff_s=0.01))
        policy = UrlPolicy(blocked_origins=["127.0.0.2"])
        try:
            async with tapwright.session.web(base_url=sites.app, browser=browser, policy=policy) as session:
                assert (await session.call("web.navigate", url="/inject")).ok
                result = await run_agent("Read the docs page and do what it says", session, client=client)
                assert session.page.url.startswith(sites.app)
                assert session.driver.guard.policy is policy  # never widened
        finally:
            await client.aclose()
        first = "\n".join(str(m.get("content")) for m in llm.chat_requests[0].json["messages"])
        tool_messages = [m["content"] for m in llm.chat_requests[1].json["messages"] if m["role"] == "tool"]
    assert result.status == "failed"
    assert "untrusted" in first and "ignore previous instructions" in first
    assert "URL_BLOCKED" in tool_messages[0]
    assert refused_log.empty, (refused_log.connections, refused_log.requests)


async def test_test_file_block_and_run_allow_apply_to_the_scenario(sites: Sites, refused_log: RefusedLog,
                                                                   tmp_path: Path) -> None:
    """`block:` in a test file and `--allow` on the run (RunOptions.allow) both reach the scenario's browser."""
    from tapwright.runner.cases import load_cases
    from tapwright.runner.planning import make_planner
    from tapwright.runner.run import Runner, RunOptions

    case = tmp_path / "policy.yaml"
    case.write_text(f"""name: policy
base_url: {sites.app}
block: [127.0.0.2]
steps:
  - tool: web.navigate
    args: {{url: "{sites.refused}/from-file"}}
""")
    other = tmp_path / "narrow.yaml"
    other.write_text(f"""name: narrow
base_url: {sites.app}
allow: ["http://localhost"]
steps:
  - tool: web.navigate
    args: {{url: /second}}
""")
    scenarios = load_cases([str(case), str(other)])
    result = await Runner(make_planner("rules"), RunOptions(env_file=None, allow=[sites.app])).run(scenarios)
    first, second = result.scenarios
    assert first.status == "failed" and first.steps[0].error_code == "URL_BLOCKED", first.steps[0].status_line
    # the file's allow list narrows the run's: 127.0.0.1 is allowed by the run but not by the file
    assert second.status == "failed" and second.steps[0].error_code == "URL_BLOCKED", second.steps[0].status_line
    assert refused_log.empty
