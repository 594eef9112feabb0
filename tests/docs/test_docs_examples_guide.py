"""Every example of the guide's pages (docs/guide/) runs (see docs_examples_run.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_examples import Example
from docs_examples_run import EXAMPLES, MARKS, in_guide, projects, run_example, shop

pytestmark = MARKS
__all__ = ["projects", "shop"]  # the fixtures the examples run with


@pytest.mark.parametrize("example", [e for e in EXAMPLES if in_guide(e)], ids=lambda e: e.id)
def test_example_runs(example: Example, shop: str, projects: dict[str, Path],
                      tmp_path_factory: pytest.TempPathFactory) -> None:  # fmt: skip
    run_example(example, shop, projects, tmp_path_factory)
