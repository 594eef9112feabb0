"""The wagtail scenarios (see realapps_support.py)."""

from __future__ import annotations

from typing import Any

import pytest
from realapps_support import MARKS, cases, check, serve

APP = "wagtail"
pytestmark = MARKS
__all__ = ["serve"]  # the fixture that starts and stops the app's server


@pytest.mark.parametrize("name", cases(APP))
def test_real_app_scenario(serve: Any, tmp_path_factory: pytest.TempPathFactory, name: str) -> None:
    check(serve, tmp_path_factory, APP, name)
