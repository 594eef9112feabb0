"""The action catalog's contract: every platform that offers an action has it, with the catalog's
parameters, output keys and declared effects; the output keys are enforced on every call."""

from __future__ import annotations

import inspect
import typing
from typing import Any

import pytest

from tapwright import Registry, ToolContext, platforms
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import ErrorCode
from tapwright.locator import Candidate, locate
from tapwright.registry.toolset import Toolset
from tapwright.tools.actions import CATALOG, ActionSeam, action_tools, dropped, offered

REGISTRY = Registry.default()
WITH_SEAMS = [p for p in platforms.all_platforms() if p.action_seam() is not None]
PAIRS = [(p.name, name) for p in WITH_SEAMS for name in offered(p.action_seam())]  # type: ignore[arg-type]


def _required(output: Any) -> list[str]:
    return sorted(getattr(output, "__required_keys__", ()))


def test_the_built_in_platforms_derive_their_actions_from_the_catalog() -> None:
    assert {"web", "android", "desktop"} <= {p.name for p in WITH_SEAMS}
    offers = {p.name: set(offered(p.action_seam())) for p in WITH_SEAMS}  # type: ignore[arg-type]
    # Every platform clicks, fills and checks what is on screen by description, under the same names.
    for name in ("click", "fill", "press_key", "scroll", "verify_visible", "verify_not_visible", "verify_text"):
        assert all(name in offers[p] for p in ("web", "android", "desktop")), name


@pytest.mark.parametrize(("platform", "name"), PAIRS, ids=[f"{p}.{n}" for p, n in PAIRS])
def test_an_offered_action_has_the_catalogs_output_keys_effects_and_parameters(platform: str, name: str) -> None:
    act = CATALOG[name]
    spec = REGISTRY.get(f"{platform}.{name}")
    assert spec is not None, f"{platform} offers {name} but has no {platform}.{name} tool"
    assert spec.name == f"{platform}.{name}"  # the catalog's name, not an alias
    assert (spec.read_only, spec.idempotent, spec.destructive) == (act.read_only, act.idempotent, False)
    assert spec.output_schema is not None and sorted(spec.output_schema["required"]) == _required(act.output)
    seam = platforms.get(platform).action_seam()
    assert seam is not None
    params = [n for n in inspect.signature(act.func).parameters if n != "seam"]
    assert list(spec.parameters["properties"]) == [n for n in params if n not in dropped(seam, name)]
    assert spec.description == inspect.cleandoc(act.func.__doc__ or "").split("\n\nArgs:")[0].strip()


@pytest.mark.parametrize("platform", WITH_SEAMS, ids=lambda p: p.name)
def test_a_platform_drops_only_optional_parameters(platform: Any) -> None:
    seam = platform.action_seam()
    for name in offered(seam):
        sig = inspect.signature(CATALOG[name].func).parameters
        for param in dropped(seam, name):
            if param in sig:
                assert sig[param].default is not inspect.Parameter.empty, f"{platform.name} drops required {name}.{param}"


def test_the_same_action_has_the_same_output_keys_on_every_platform() -> None:
    for name in {n for _, n in PAIRS}:
        keys = {tuple(sorted(REGISTRY.get(f"{p}.{name}").output_schema["required"]))  # type: ignore[union-attr,index]
                for p, n in PAIRS if n == name}  # fmt: skip
        assert len(keys) == 1, (name, keys)


def test_tap_and_click_have_one_meaning_each_on_android() -> None:
    click, tap = REGISTRY.get("android.click"), REGISTRY.get("android.tap")
    assert click is not None and click.name == "android.click" and "target" in click.parameters["properties"]
    # "android.tap" (a text fragment) is the documented alias of android.tap_text.
    assert tap is not None and tap.name == "android.tap_text" and "text" in tap.parameters["properties"]


# -- a toy platform's seam over the fake driver: the flow and the output contract, without a browser --


class ToyActions(ActionSeam[Candidate]):
    driver_type = FakeDriver
    verbs = frozenset({"click", "fill", "verify_visible", "verify_not_visible", "verify_text", "press_key"})
    never = frozenset({"timeout_ms", "clear"})
    drops: typing.ClassVar[dict[str, frozenset[str]]] = {"verify_text": frozenset({"target", "exact"}),
                                                         "press_key": frozenset({"target"})}  # fmt: skip

    async def resolve(self, target: str, *, wait: bool = True, timeout_ms: int | None = None) -> Candidate:
        return locate(await self.driver.snapshot(), target)

    def describe(self, handle: Candidate) -> dict[str, Any]:
        e = handle.element
        return {"ref": e.ref, "role": e.role, "name": e.name}

    async def act(self, verb: str, handle: Candidate | None, args: dict[str, Any]) -> dict[str, Any] | None:
        if handle is not None:
            rect = handle.element.rect
            assert rect is not None
            await self.driver.click_at(rect.center_x, rect.center_y)
            if verb == "fill":
                await self.driver.type_text(args["text"])
            return None
        if verb == "press_key":
            await self.driver.press_key(args["key"])
            return {}
        tree = await self.driver.snapshot()
        if verb == "verify_text":
            return {"matches": sum(args["text"] in e.name for e in tree)}  # no "found": the catalog adds it
        hits = [e for e in tree if args["target"].casefold() in e.name.casefold()]
        return {"matches": len(hits)}


class Forgetful(ToyActions):
    """A seam whose verify_visible forgets the catalog's ``matches`` key."""

    async def act(self, verb: str, handle: Candidate | None, args: dict[str, Any]) -> dict[str, Any] | None:
        if verb == "verify_visible":
            return {"ref": "e1"}
        return await super().act(verb, handle, args)


def _registry(seam: type[ActionSeam[Any]]) -> Registry:
    return Registry([Toolset("fake", action_tools(seam))])


async def test_a_toy_seam_gets_every_action_its_verbs_allow_with_the_catalogs_keys() -> None:
    reg = _registry(ToyActions)
    assert sorted(s.name for s in reg.list()) == [f"fake.{n}" for n in offered(ToyActions)]
    driver = FakeDriver()
    ctx = ToolContext([driver])
    clicked = await reg.call("fake.click", {"target": "Remember me"}, ctx)
    assert clicked.ok, clicked.status_line()
    assert clicked.data == {"ref": "e4", "role": "checkbox", "name": "Remember me", "changed": None}
    assert driver.tree.by_ref("e4").state.checked is True  # type: ignore[union-attr]
    filled = await reg.call("fake.fill", {"target": "Username", "text": "ada"}, ctx)
    assert filled.ok and filled.data["text_length"] == 3 and filled.status_line() == "OK: typed 3 characters"
    assert driver.tree.by_ref("e2").value == "ada"  # type: ignore[union-attr]
    seen = await reg.call("fake.verify_visible", {"target": "Log in"}, ctx)
    assert seen.ok and seen.data == {"matches": 1, "visible": True} and seen.status_line() == "VISIBLE: 1 match"
    found = await reg.call("fake.verify_text", {"text": "Cancel"}, ctx)
    assert found.ok and found.data["found"] is True


async def test_a_parameter_the_platform_does_not_take_is_refused_not_ignored() -> None:
    reg = _registry(ToyActions)
    refused = await reg.call("fake.fill", {"target": "Username", "text": "ada", "clear": False}, ToolContext([FakeDriver()]))
    assert refused.code is ErrorCode.INVALID_INPUT and "clear" in (refused.error.message if refused.error else "")


async def test_an_output_missing_a_catalog_key_fails_on_any_platform() -> None:
    reg = _registry(Forgetful)
    result = await reg.call("fake.verify_visible", {"target": "Log in"}, ToolContext([FakeDriver()]))
    assert result.code is ErrorCode.INTERNAL and "matches" in (result.error.message if result.error else "")


def test_a_seam_with_a_verb_no_action_uses_is_refused() -> None:
    class Odd(ToyActions):
        verbs = frozenset({"click", "juggle"})

    with pytest.raises(ValueError, match="juggle"):
        action_tools(Odd)
