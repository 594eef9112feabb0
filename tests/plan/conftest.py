"""Fixtures for plan tests: a small registry of deterministic tools plus the fake pack."""

from __future__ import annotations

import pytest
from plan_test_tools import Calls, build_registry

from tapwright import Registry, RetryPolicy


@pytest.fixture
def calls() -> Calls:
    return Calls()


@pytest.fixture
def registry(calls: Calls) -> Registry:
    return build_registry(calls)


@pytest.fixture
def fast_retry() -> RetryPolicy:
    """Real retry logic with a tiny backoff so tests stay fast."""
    return RetryPolicy(max_attempts=3, backoff_s=0.001, factor=2.0, max_backoff_s=0.01)
