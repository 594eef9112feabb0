"""STYLE.md item 1: a small curated public surface with a sorted ``__all__`` whose names all import."""

from __future__ import annotations

import importlib

import pytest

import tapwright


def _isort_key(name: str) -> tuple[int, str]:
    group = 0 if name.isupper() and len(name) > 1 else 1 if name[:1].isupper() else 2
    return group, name


PUBLIC_MODULES = ["tapwright", "tapwright.core", "tapwright.registry", "tapwright.plan", "tapwright.errors"]


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_all_is_sorted_unique_and_importable(module_name: str) -> None:
    module = importlib.import_module(module_name)
    names = list(module.__all__)
    # Plain sorting, or ruff's RUF022 "isort-style" (CONSTANTS, then Classes, then functions) that `make lint` enforces.
    assert names in (sorted(names), sorted(names, key=_isort_key)), f"{module_name}.__all__ is not sorted"
    assert len(names) == len(set(names))
    for name in names:
        assert hasattr(module, name), f"{module_name}.{name} is listed but missing"
        exec(f"from {module_name} import {name}", {})  # what a user writes


def test_the_top_level_surface_has_the_core_names() -> None:
    expected = {"ErrorCode", "Executor", "Plan", "Registry", "ToolContext", "ToolFailure", "ToolResult", "ToolSpec",
                "Toolset", "UiTree", "load_plan", "tool"}  # fmt: skip
    assert expected <= set(tapwright.__all__)
    assert tapwright.__version__
