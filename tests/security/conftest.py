"""Fixtures of the security suite: an app origin and a logging attacker origin on loopback."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from security_servers import Sites, app_pages, start_app, start_attacker


@pytest.fixture(scope="session")
def sites() -> Iterator[Sites]:
    attacker, log = start_attacker()
    attacker_url = f"http://127.0.0.2:{attacker.server_address[1]}"
    app = start_app(app_pages(attacker_url))
    yield Sites(f"http://127.0.0.1:{app.server_address[1]}", attacker_url, log)
    for server in (app, attacker):
        server.shutdown()
        server.server_close()


@pytest.fixture
def attacker_log(sites: Sites) -> Iterator[None]:
    sites.log.clear()
    yield
