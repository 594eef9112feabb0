"""Fixtures of the reliability suite: an allowed app on 127.0.0.1, a logging refused server on 127.0.0.2.

Every test here is one case of the fault / bad-input / attack sweep (issue 12). Each
asserts the stable error code, the message and that nothing was lost. "It answered instead
of hanging" is asserted by what ended the wait (the refusal's own code, a signal, an event),
never by a wall-clock ceiling; pytest-timeout stops a real hang.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from reliability_servers import RefusedLog, start_app, start_refused
from reliability_support import Sites, block_refused

from tapwright.drivers.web import WebBrowser, WebSession


@pytest.fixture(scope="session")
def sites() -> Iterator[Sites]:
    refused, log = start_refused()
    port = refused.server_address[1]
    refused_url = f"http://127.0.0.2:{port}"
    app = start_app(refused_url)
    yield Sites(f"http://127.0.0.1:{app.server_address[1]}", refused_url, port, log, app)
    app.shutdown()
    app.server_close()
    refused.shutdown()
    refused.server_close()


@pytest.fixture
def refused_log(sites: Sites) -> Iterator[RefusedLog]:
    sites.log.clear()
    yield sites.log


@pytest_asyncio.fixture(loop_scope="session")
async def guarded(browser: WebBrowser, sites: Sites) -> AsyncIterator[WebSession]:
    s = await browser.new_session(base_url=sites.app, policy=block_refused(sites), action_timeout_ms=2_000)
    yield s
    await s.aclose()
