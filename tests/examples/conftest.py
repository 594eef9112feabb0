"""Example tests run against the demo shop."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tapwright.demo import DemoServer


@pytest.fixture(scope="module")
def shop_url() -> Iterator[str]:
    with DemoServer("127.0.0.1", 0) as server:
        yield server.url
