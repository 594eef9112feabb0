"""Declared effects: every tool says whether it only looks, may be repeated, destroys data or reaches
the open world, through every way a tool is made (``@tool``, the pack decorators, coordinate tools,
JSON manifests); contradictions are refused; exports carry the declaration."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tapwright import Registry, ToolSpec, tool
from tapwright.errors import ManifestError
from tapwright.registry.export import effect_hints, export, to_mcp

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "manifests" / "price_range_check.json"


def _spec(**effects: Any) -> ToolSpec:
    return ToolSpec(name="t.x", description="a tool", **effects)


def test_a_tool_that_declares_nothing_is_undeclared_and_acting() -> None:
    spec = _spec()
    assert not spec.effects_declared
    assert (spec.read_only, spec.idempotent, spec.destructive, spec.open_world) == (None, None, None, None)
    assert effect_hints(spec) == {}  # the client falls back on the protocol's cautious defaults


def test_read_only_implies_idempotent_and_not_destructive() -> None:
    spec = _spec(read_only=True)
    assert spec.effects_declared
    assert (spec.read_only, spec.idempotent, spec.destructive, spec.open_world) == (True, True, False, None)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ({"idempotent": True}, (False, True, False)),
        ({"idempotent": False}, (False, False, False)),
        ({"destructive": True}, (False, False, True)),
        ({"read_only": False}, (False, False, False)),
        ({"idempotent": True, "destructive": True}, (False, True, True)),
    ],
)
def test_declaring_one_effect_settles_the_others(given: dict[str, bool], expected: tuple[bool, bool, bool]) -> None:
    spec = _spec(**given)
    assert spec.effects_declared
    assert (spec.read_only, spec.idempotent, spec.destructive) == expected


@pytest.mark.parametrize(
    ("given", "fragment"),
    [
        ({"read_only": True, "idempotent": False}, "a read_only tool is idempotent"),
        ({"read_only": True, "destructive": True}, "a read_only tool cannot be destructive"),
        ({"read_only": "yes"}, "read_only must be true, false or left out"),
        ({"open_world": 1}, "open_world must be true, false or left out"),
    ],
)
def test_contradictory_or_mistyped_declarations_are_refused(given: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ManifestError, match=fragment):
        _spec(**given)


def test_the_decorator_takes_the_effects() -> None:
    @tool(read_only=True)
    def peek(target: str) -> str:
        """Look at something.

        Args:
            target: What.
        """
        return target

    @tool(idempotent=False, destructive=True, open_world=True)
    def wipe() -> None:
        """Wipe everything."""

    assert (peek.read_only, peek.idempotent, peek.destructive) == (True, True, False)
    assert (wipe.read_only, wipe.idempotent, wipe.destructive, wipe.open_world) == (False, False, True, True)
    # A renamed copy (a toolset's namespace) keeps them.
    assert wipe.with_name("x.wipe").destructive is True and wipe.with_name("x.wipe").open_world is True


def test_a_manifest_file_accepts_validates_and_exports_the_effects() -> None:
    raw = json.loads(EXAMPLE.read_text())
    assert raw["read_only"] is True  # the example documents the fields
    spec = ToolSpec.from_manifest(EXAMPLE)
    assert (spec.read_only, spec.idempotent, spec.destructive, spec.open_world) == (True, True, False, False)
    manifest = spec.manifest()
    assert {k: manifest[k] for k in ("read_only", "idempotent", "destructive", "open_world")} == {
        "read_only": True, "idempotent": True, "destructive": False, "open_world": False}  # fmt: skip
    again = ToolSpec.from_manifest(manifest)
    assert again.manifest() == manifest
    with pytest.raises(ManifestError, match="a read_only tool cannot be destructive"):
        ToolSpec.from_manifest({**raw, "destructive": True})
    with pytest.raises(ManifestError, match="idempotent must be true, false or left out"):
        ToolSpec.from_manifest({**raw, "read_only": None, "idempotent": "sometimes"})
    undeclared = ToolSpec.from_manifest({k: v for k, v in raw.items() if k not in ("read_only", "open_world")})
    assert not undeclared.effects_declared and undeclared.manifest()["read_only"] is None


def test_the_mcp_export_carries_the_annotations() -> None:
    spec = _spec(idempotent=True, open_world=True)
    assert to_mcp(spec)["annotations"] == {"title": "t.x", "readOnlyHint": False, "idempotentHint": True,
                                           "destructiveHint": False, "openWorldHint": True}  # fmt: skip
    assert to_mcp(_spec())["annotations"] == {"title": "t.x"}
    [manifest] = export([spec], "manifest")
    assert (manifest["read_only"], manifest["idempotent"], manifest["open_world"]) == (False, True, True)


# -- every registered tool ---------------------------------------------------------------------


REGISTRY = Registry.default()
BUILT_IN = [s for s in REGISTRY.list() if s.func is not None and (s.func.__module__ or "").startswith("tapwright.")]


def test_discovery_finds_every_platform_and_pack() -> None:
    assert not REGISTRY.load_errors
    namespaces = {s.name.split(".", 1)[0] for s in BUILT_IN}
    assert {"web", "android", "desktop", "fake", "extract", "forms", "nav", "check"} <= namespaces
    assert len(BUILT_IN) == len(REGISTRY.list())  # nothing third-party is installed here


@pytest.mark.parametrize("spec", BUILT_IN, ids=lambda s: s.name)
def test_every_built_in_tool_declares_its_effects(spec: ToolSpec) -> None:
    assert spec.effects_declared, f"{spec.name} declares no effects: give read_only=True or idempotent= on its decorator"
    assert isinstance(spec.idempotent, bool) and isinstance(spec.destructive, bool)
    assert isinstance(spec.open_world, bool), f"{spec.name}: open_world is not declared"


# The tools the name-based guesses got wrong, and a few that show each kind.
EXPECTED = {
    "web.go_back": (False, False), "web.go_forward": (False, False), "web.reload": (False, False),
    "android.input_text": (False, True), "desktop.launch_app": (False, False), "nav.paginate": (False, False),
    "web.click": (False, False), "web.type_text": (False, False), "web.fill": (False, False),
    "desktop.fill": (False, False), "android.fill": (False, False), "web.navigate": (False, True),
    "web.select": (False, True), "web.check": (False, True),
    "extract.tables": (True, True), "extract.schema": (True, True), "android.take_screenshot": (True, True),
    "desktop.list_windows": (True, True), "web.screenshot": (True, True), "web.snapshot": (True, True),
    "web.verify_text": (True, True), "check.schema": (True, True), "fake.locate": (True, True),
}  # fmt: skip


@pytest.mark.parametrize(("name", "expected"), EXPECTED.items())
def test_declarations_of_tools_the_names_misled(name: str, expected: tuple[bool, bool]) -> None:
    spec = REGISTRY.get(name)
    assert spec is not None and (spec.read_only, spec.idempotent) == expected


def test_only_tools_that_load_a_given_address_are_open_world_and_only_data_wipes_destroy() -> None:
    assert sorted(s.name for s in BUILT_IN if s.open_world) == ["android.open_deep_link", "ios.open_deep_link", "web.navigate",
                                                                   "web.open_new_tab"]
    assert sorted(s.name for s in BUILT_IN if s.destructive) == ["android.clear_app_data"]
