"""The package's import structure, checked by reading every module's imports (issue 9).

* Layers import downward only: core < locator < drivers < registry < tools < plan
  < platforms < llm < planners < runner < front ends (cli, mcp, session, pytest plugin,
  demo, testing, the package root). ``import`` statements inside functions count too:
  a cycle held together by a function-local import is still a cycle.
* Front ends reach drivers only through the platform registry: none of them imports a
  driver module (``drivers.base``, the seam itself, is allowed).
* No import cycles between modules.
"""

from __future__ import annotations

import ast
import collections
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ORDER = ["core", "locator", "drivers", "registry", "tools", "plan", "platforms", "llm", "planners", "runner", "front"]
FRONT_ENDS = ("tapwright.cli", "tapwright.mcp", "tapwright.runner", "tapwright.session", "tapwright.pytest_plugin",
              "tapwright.planners", "tapwright.llm")  # fmt: skip


def _modules() -> dict[str, Path]:
    out = {}
    for path in (SRC / "tapwright").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _edges(mods: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the tapwright modules it imports (``from pkg import submodule`` points at the submodule)."""
    edges: dict[str, set[str]] = collections.defaultdict(set)
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    module = ".".join(base + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                subs = [f"{module}.{a.name}" for a in node.names]
                targets = [t for t in subs if t in mods] + ([module] if any(t not in mods for t in subs) else [])
            else:
                continue
            edges[name].update(t for t in targets if t in mods and t != name)
    return edges


def _layer(module: str) -> str:
    if module == "tapwright.errors" or module.startswith("tapwright.core"):
        return "core"
    for layer in ORDER[1:-1]:
        if module == f"tapwright.{layer}" or module.startswith(f"tapwright.{layer}."):
            return layer
    return "front"


MODS = _modules()
EDGES = _edges(MODS)


def test_the_reader_sees_the_imports() -> None:
    # Guard the checker itself: a known downward import and a known function-local one are found.
    assert "tapwright.core.element" in EDGES["tapwright.locator.core"]
    assert "tapwright.tools.web" in EDGES["tapwright.platforms.web"]  # imported inside a method


def test_layers_import_downward_only() -> None:
    upward = [f"{a} -> {b}" for a, targets in sorted(EDGES.items()) for b in sorted(targets)
              if ORDER.index(_layer(b)) > ORDER.index(_layer(a))]  # fmt: skip
    assert upward == []


def test_front_ends_reach_drivers_only_through_platforms() -> None:
    direct = [f"{a} -> {b}" for a, targets in sorted(EDGES.items()) if a.startswith(FRONT_ENDS)
              for b in sorted(targets) if b.startswith("tapwright.drivers") and b != "tapwright.drivers.base"]  # fmt: skip
    assert direct == []


def test_no_import_cycles() -> None:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(EDGES.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(MODS):
        if module not in index:
            visit(module)
    assert cycles == []
