"""Fixtures shared across test areas, and the markers applied from the fixtures a test uses."""

from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import settings

from _support import chromium_fixture, markers_for, slow_first

# No per-example time limit: the machines are shared, and a speed target belongs in bench/, not in a test.
settings.register_profile("tapwright", deadline=None)
settings.load_profile("tapwright")

# The plan cache's sealing key lives in tapwright's per-user state folder: tests (and the `tapwright`
# processes they start, which inherit this) use one of their own, never the user's.
os.environ.setdefault("TAPWRIGHT_STATE_DIR", os.path.join(tempfile.gettempdir(), f"tapwright-test-state-{os.getuid()}"))

# One headless Chromium per xdist worker for the folders whose tests run on the session event loop
# (web, reliability, datapacks); folders on a module loop declare `browser = chromium_fixture("module")`.
browser = chromium_fixture("session")

# A plain Playwright Chromium to look at generated HTML reports as a person would.
report_browser = chromium_fixture("module", name="report_browser", raw=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that uses a fixture starting Chromium, Xvfb or a simulated device gets the matching marker
    (`make test-fast` deselects by marker), whether or not its module wrote it by hand.

    Under pytest-xdist the slowest modules are collected (and so handed out) first."""
    for item in items:
        for marker in sorted(markers_for(getattr(item, "fixturenames", ()))):
            if item.get_closest_marker(marker) is None:
                item.add_marker(marker)
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items[:] = slow_first(items)
