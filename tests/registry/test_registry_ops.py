"""Registry: add / get / list / call, duplicate policies, toolsets, ranking and entry-point discovery."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from typing import Any

import pytest

from tapwright import Registry, Toolset, ToolSpec, tool
from tapwright.errors import ErrorCode, UserError
from tapwright.registry import registry as registry_module


def make(name: str, text: str = "", triggers: list[str] | None = None, category: str = "general") -> ToolSpec:
    def f() -> str:
        return text or name

    return ToolSpec(name=name, description=f"Tool {name}.", func=f, triggers=triggers or [], category=category)


async def test_add_get_list_call() -> None:
    reg = Registry([make("web.click"), make("web.fill", category="forms"), make("fake.locate")])
    assert len(reg) == 3 and "web.click" in reg and "web__click" in reg and 5 not in reg
    assert reg.get("web__click") is reg.get("web.click") is not None
    assert [s.name for s in reg.list()] == ["fake.locate", "web.click", "web.fill"]
    assert [s.name for s in reg.list(namespace="web")] == ["web.click", "web.fill"]
    assert [s.name for s in reg.list(category="forms")] == ["web.fill"]
    assert (await reg.call("web__fill")).data == "web.fill"
    reg.remove("web.fill")
    assert reg.names() == ["fake.locate", "web.click"]
    assert reg.filter(lambda s: s.name.startswith("fake")).names() == ["fake.locate"]


async def test_unknown_tool_names_the_nearest_ones() -> None:
    reg = Registry([make("web.click"), make("web.click_at"), make("web.fill"), make("android.tap")])
    result = await reg.call("web.clik", {})
    assert result.code is ErrorCode.UNKNOWN_TOOL
    assert result.data["suggestions"][0] == "web.click"
    assert "did you mean web.click" in result.error.message  # type: ignore[union-attr]
    assert reg.suggest("desktop.tap") == ["android.tap"]  # same tool, other namespace
    assert reg.suggest("zzzzzz") == []


def test_duplicate_policy_error_is_the_default() -> None:
    reg = Registry([make("a.x", "first")])
    with pytest.raises(UserError, match="already registered"):
        reg.add(make("a.x", "second"))


async def test_duplicate_policy_replace_and_keep() -> None:
    replace = Registry([make("a.x", "first")], on_duplicate="replace")
    replace.add(make("a.x", "second"))
    assert (await replace.call("a.x")).data == "second"
    keep = Registry([make("a.x", "first")], on_duplicate="keep")
    keep.add(make("a.x", "second"))
    assert (await keep.call("a.x")).data == "first"
    # a per-call policy overrides the registry's
    keep.add(make("a.x", "third"), on_duplicate="replace")
    assert (await keep.call("a.x")).data == "third"


def test_only_specs_and_toolsets_can_be_added() -> None:
    with pytest.raises(UserError):
        Registry().add("web.click")  # type: ignore[arg-type]


def test_toolset_namespaces_its_tools() -> None:
    @tool
    def click(x: int) -> int:
        """Click."""
        return x

    pack = Toolset("web", [click, make("web.fill")], "Web tools")
    assert [s.name for s in pack.specs()] == ["web.click", "web.fill"]
    assert click.name == "click"  # the original is not renamed
    reg = Registry([pack])
    assert reg.names() == ["web.click", "web.fill"]
    spec = reg.get("web.click")
    assert spec is not None and spec.parameters == click.parameters and spec.func is click.func


def test_rank_by_triggers() -> None:
    reg = Registry([
        make("web.click", triggers=[r"\b(click|press)\b"]),
        make("web.double_click", triggers=[r"\bdouble[- ]click\b"]),
        make("web.fill", triggers=[r"\b(type|enter|fill)\b"]),
        make("web.nothing"),
    ])  # fmt: skip
    ranked = reg.rank("Double-click the file icon")
    assert [s.name for s, _ in ranked] == ["web.double_click", "web.click"]  # the longer match scores higher
    assert ranked[0][1] > ranked[1][1] > 0
    assert [s.name for s, _ in reg.rank("press OK")] == ["web.click"]
    assert reg.rank("FILL in the name")[0][0].name == "web.fill"  # case-insensitive
    assert reg.rank("scroll down") == []
    assert len(reg.rank("click press fill", limit=1)) == 1


# -- discovery through entry points (the seam: importlib.metadata.entry_points) ----------

def good_pack() -> Toolset:
    return Toolset("ext", [make("hello")])


def spec_list() -> list[ToolSpec]:
    return [make("ext2.one"), make("ext2.two")]


def broken_pack() -> Any:
    raise ImportError("optional dependency missing")


def wrong_type() -> Any:
    return 42


def _eps(*pairs: tuple[str, str]) -> list[EntryPoint]:
    return [EntryPoint(name, f"{__name__}:{attr}", "tapwright.tools") for name, attr in pairs]


def test_discover_loads_every_kind_of_pack_and_survives_broken_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    eps = _eps(("good", "good_pack"), ("list", "spec_list"), ("broken", "broken_pack"), ("wrong", "wrong_type"))
    monkeypatch.setattr(registry_module, "entry_points", lambda group: eps if group == "tapwright.tools" else [])
    reg = Registry()
    loaded = reg.discover()
    assert loaded == ["good", "list"]
    assert reg.names() == ["ext.hello", "ext2.one", "ext2.two"]
    assert len(reg.load_errors) == 2
    assert any("broken" in e and "optional dependency missing" in e for e in reg.load_errors)
    # A tool of the broken pack is not a typo: the error says why the pack is missing, with no guesses.
    missing = reg.unknown_tool("broken.anything")
    assert missing.error is not None and missing.error.code is ErrorCode.UNKNOWN_TOOL
    assert "tool pack 'broken'" in missing.error.message and "optional dependency missing" in missing.error.message
    assert missing.data == {"suggestions": []}
    typo = reg.unknown_tool("ext.helo")  # a pack that loaded: still a typo with suggestions
    assert typo.data is not None and typo.data["suggestions"][0] == "ext.hello" and "did you mean" in (typo.error.message if typo.error else "")
    with pytest.raises(UserError, match="broken"):
        Registry().discover(strict=True)


def test_default_registry_has_the_built_in_fake_pack() -> None:
    reg = Registry.default()
    assert {"fake.locate", "fake.click_at", "fake.type_text"} <= set(reg.names())
    assert reg.on_duplicate == "error"
