"""The browser / xserver / device markers come from the fixtures a test uses (tests/conftest.py):
no test that starts Chromium, Xvfb or a simulated device through a fixture escapes its marker,
so `make test-fast` (which deselects by marker) never starts one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from _support import MARKER_FIXTURES, SLOW_MODULES, markers_for, slow_first

TESTS = Path(__file__).parent

# What starting each real component looks like in a fixture's body.
STARTERS = {
    "browser": re.compile(r"\bchromium\(|\bchromium_fixture\(|WebBrowser\.launch\(|\.chromium\.launch\(|"
                          r"PlaywrightServer\(|find_chromium\("),
    "xserver": re.compile(r"DisplayStack\.start\("),
    "device": re.compile(r"AdbServer\.start\(|SimulatedDevice\.start\("),
}  # fmt: skip


def _is_fixture(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any("fixture" in ast.unparse(d) for d in node.decorator_list)


def starting_fixtures() -> dict[str, set[str]]:
    """Every fixture under tests/ whose own body starts a real component, by the marker it needs."""
    found: dict[str, set[str]] = {marker: set() for marker in STARTERS}
    for path in sorted(TESTS.rglob("*.py")):
        if path.parent.name == "_support":
            continue
        source = path.read_text("utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _is_fixture(node):
                name, body = node.name, ast.get_source_segment(source, node) or ""
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) \
                    and ast.unparse(node.value.func) == "chromium_fixture":  # fmt: skip
                given = [k.value for k in node.value.keywords if k.arg == "name"]
                name = ast.literal_eval(given[0]) if given else "browser"
                body = ast.unparse(node.value)
            else:
                continue
            for marker, starts in STARTERS.items():
                if starts.search(body):
                    found[marker].add(name)
    return found


def test_every_fixture_that_starts_a_real_component_is_listed_under_its_marker() -> None:
    found = starting_fixtures()
    assert {"browser", "report_browser", "cdp_browser"} <= found["browser"]  # the scan sees what it should
    assert "desktop_stack" in found["xserver"] and "adb_server" in found["device"]
    for marker, names in found.items():
        assert names <= MARKER_FIXTURES[marker], f"fixtures starting a {marker} but not in MARKER_FIXTURES: " \
                                                 f"{sorted(names - MARKER_FIXTURES[marker])}"  # fmt: skip


def test_markers_follow_the_fixtures_directly_or_through_others() -> None:
    assert markers_for(["tmp_path", "call", "session", "browser"]) == {"browser"}
    assert markers_for(["runtime", "desktop_stack"]) == {"xserver"}
    assert markers_for(["ctx", "driver", "sim", "adb_server"]) == {"device"}
    assert markers_for(["tmp_path", "registry", "pages_url"]) == set()


def test_no_collected_test_requesting_a_starting_fixture_escapes_its_marker(request: pytest.FixtureRequest) -> None:
    items = request.session.items
    assert any(item is request.node for item in items)
    escaped = [f"{item.nodeid}: {marker}" for item in items
               for marker in markers_for(getattr(item, "fixturenames", ()))
               if item.get_closest_marker(marker) is None]  # fmt: skip
    assert not escaped, "\n".join(escaped)


class _Item:
    def __init__(self, nodeid: str, *marks: str) -> None:
        self.nodeid, self._marks = nodeid, [getattr(pytest.mark, m).mark for m in marks]

    def iter_markers(self) -> list[pytest.Mark]:
        return self._marks


def test_the_slowest_modules_are_handed_out_first_and_modules_stay_whole() -> None:
    assert all((TESTS.parent / module).is_file() for module in SLOW_MODULES)
    items = [_Item("tests/a/test_unit.py::t1"), _Item("tests/b/test_page.py::t1", "browser"),
             _Item("tests/a/test_unit.py::t2"), _Item(f"{SLOW_MODULES[1]}::t1"), _Item(f"{SLOW_MODULES[0]}::t1"),
             _Item("tests/b/test_page.py::t2")]  # fmt: skip
    order = [i.nodeid for i in slow_first(items)]  # type: ignore[arg-type]
    assert order == [f"{SLOW_MODULES[0]}::t1", f"{SLOW_MODULES[1]}::t1", "tests/b/test_page.py::t1",
                     "tests/b/test_page.py::t2", "tests/a/test_unit.py::t1", "tests/a/test_unit.py::t2"]  # fmt: skip
