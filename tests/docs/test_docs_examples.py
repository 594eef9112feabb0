"""Every example of docs/ outside the guide, and of the README, runs (see docs_examples_run.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_examples import Example
from docs_examples_run import (
    EXAMPLES,
    MARKS,
    check_the_docs_have_examples_and_every_skip_says_why,
    in_guide,
    projects,
    run_example,
    shop,
)

pytestmark = MARKS
__all__ = ["projects", "shop"]  # the fixtures the examples run with


def test_the_docs_have_examples_and_every_skip_says_why() -> None:
    check_the_docs_have_examples_and_every_skip_says_why()


@pytest.mark.parametrize("example", [e for e in EXAMPLES if not in_guide(e)], ids=lambda e: e.id)
def test_example_runs(example: Example, shop: str, projects: dict[str, Path],
                      tmp_path_factory: pytest.TempPathFactory) -> None:  # fmt: skip
    run_example(example, shop, projects, tmp_path_factory)
