"""The platform seam in-process: Runtimes (one runtime per platform, settings, status, shutdown order),
LazyEnvs (environments opened on first use, closed newest first) and the registry's register/get.

The end-to-end proof that a pip-installed platform reaches every front end is test_toy_platform.py
(subprocesses); these tests run the seam's own logic with an in-memory platform built on FakeDriver.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from tapwright import Toolset
from tapwright.core.context import ToolContext
from tapwright.drivers.base import Driver
from tapwright.drivers.fake import FakeDriver
from tapwright.errors import UserError
from tapwright.platforms import _registry as registry
from tapwright.platforms._runtimes import LazyEnvs, Runtimes
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime

EVENTS: list[str] = []


class MemRuntime(Runtime):
    def __init__(self, name: str, options: LaunchOptions, *, fail_close: bool = False) -> None:
        self.name = name
        self.options = options
        self.opened = 0
        self.fail_close = fail_close

    async def open(self, options: EnvOptions) -> PlatformEnv:
        self.opened += 1
        n = self.opened
        EVENTS.append(f"open {self.name} {n} {options.base_url}")

        async def closer() -> None:
            EVENTS.append(f"close env {self.name} {n}")

        return PlatformEnv(ToolContext(), FakeDriver(), closer=closer)

    async def aclose(self) -> None:
        EVENTS.append(f"stop {self.name}")
        if self.fail_close:
            raise RuntimeError("would not stop")

    def status(self) -> dict[str, Any]:
        return {f"{self.name}_opened": self.opened}


class MemPlatform(Platform):
    name: ClassVar[str] = "mem"
    fail_close: ClassVar[bool] = False

    @property
    def driver_type(self) -> type[Driver]:
        return FakeDriver

    def toolset(self) -> Toolset:
        return Toolset(self.name, [])

    def runtime(self, options: LaunchOptions) -> Runtime:
        EVENTS.append(f"runtime {self.name}")
        return MemRuntime(self.name, options, fail_close=self.fail_close)


class OtherPlatform(MemPlatform):
    name: ClassVar[str] = "other"
    fail_close: ClassVar[bool] = True


PLATFORMS: dict[str, Platform] = {"mem": MemPlatform(), "other": OtherPlatform()}


def _lookup(name: str) -> Platform:
    if name not in PLATFORMS:
        raise UserError(f"unknown platform {name!r}")
    return PLATFORMS[name]


@pytest.fixture(autouse=True)
def _events() -> None:
    EVENTS.clear()


def test_a_runtime_is_made_once_per_platform_with_the_run_settings() -> None:
    runtimes = Runtimes(headed=True, settings={"mem": {"executable_path": "/x"}, "other": {"k": 1}}, common={"slow_mo": 5},
                        lookup=_lookup)  # fmt: skip
    first = runtimes.runtime("mem")
    assert runtimes.runtime("mem") is first and EVENTS == ["runtime mem"]
    assert isinstance(first, MemRuntime)
    assert first.options == LaunchOptions(True, {"executable_path": "/x"}, {"slow_mo": 5})
    other = runtimes.runtime("other")
    assert isinstance(other, MemRuntime) and other.options.settings == {"k": 1} and other is not first
    assert runtimes.platform("mem") is PLATFORMS["mem"]


def test_settings_are_copied_so_a_runtime_cannot_change_the_run_wide_ones() -> None:
    settings = {"mem": {"a": 1}}
    common = {"c": 2}
    runtimes = Runtimes(settings=settings, common=common, lookup=_lookup)
    runtime = runtimes.runtime("mem")
    assert isinstance(runtime, MemRuntime)
    runtime.options.settings["a"] = 99
    runtime.options.common["c"] = 99
    assert runtimes.settings == {"mem": {"a": 1}} and runtimes.common == {"c": 2}
    assert settings == {"mem": {"a": 1}} and common == {"c": 2}
    assert Runtimes(lookup=_lookup).runtime("mem").options == LaunchOptions(False, {}, {})  # type: ignore[attr-defined]


def test_defaults_are_headless_with_no_settings_and_the_installed_platforms() -> None:
    runtimes = Runtimes()
    assert runtimes.headed is False and runtimes.settings == {} and runtimes.common == {}
    with pytest.raises(UserError, match="unknown platform 'no-such-platform'"):
        runtimes.platform("no-such-platform")


async def test_open_uses_the_platform_runtime_and_status_merges_every_runtime() -> None:
    runtimes = Runtimes(lookup=_lookup)
    assert runtimes.status() == {}
    env = await runtimes.open("mem", EnvOptions(base_url="http://a.test"))
    await runtimes.open("mem", EnvOptions())
    await runtimes.open("other", EnvOptions())
    assert isinstance(env.driver, FakeDriver)
    assert EVENTS == ["runtime mem", "open mem 1 http://a.test", "open mem 2 None", "runtime other", "open other 1 None"]
    assert runtimes.status() == {"mem_opened": 2, "other_opened": 1}


async def test_aclose_stops_newest_first_and_one_failure_does_not_keep_the_others_up() -> None:
    runtimes = Runtimes(lookup=_lookup)
    runtimes.runtime("mem")
    runtimes.runtime("other")  # raises on stop
    EVENTS.clear()
    await runtimes.aclose()
    assert EVENTS == ["stop other", "stop mem"]
    EVENTS.clear()
    await runtimes.aclose()  # nothing left to stop
    assert EVENTS == [] and runtimes.status() == {}
    runtimes.runtime("mem")
    assert EVENTS == ["runtime mem"]  # a fresh one after the shutdown


async def test_lazy_envs_open_on_first_use_only_and_close_newest_first() -> None:
    runtimes = Runtimes(lookup=_lookup)
    ctx = ToolContext()
    envs = LazyEnvs(runtimes, ctx)
    envs.offer("mem", EnvOptions(base_url="http://b.test"))
    assert EVENTS == [] and envs.opened == []  # offering starts nothing
    driver = await ctx.aget(FakeDriver)
    assert isinstance(driver, FakeDriver) and await ctx.aget(FakeDriver) is driver
    assert EVENTS == ["runtime mem", "open mem 1 http://b.test"] and len(envs.opened) == 1
    assert envs.opened[0].driver is driver
    await envs.aclose()
    assert EVENTS[2:] == ["close env mem 1", "stop mem"] and envs.opened == []


async def test_lazy_envs_leave_shared_runtimes_running() -> None:
    runtimes = Runtimes(lookup=_lookup)
    ctx = ToolContext()
    envs = LazyEnvs(runtimes, ctx, close_runtimes=False)
    envs.offer("mem", EnvOptions())
    await ctx.aget(FakeDriver)
    second = await runtimes.open("mem", EnvOptions())
    envs.opened.append(second)
    await envs.aclose()
    assert EVENTS[-2:] == ["close env mem 2", "close env mem 1"]  # newest first
    assert "stop mem" not in EVENTS


async def test_lazy_envs_offer_an_unknown_platform_fails_at_once() -> None:
    envs = LazyEnvs(Runtimes(lookup=_lookup), ToolContext())
    with pytest.raises(UserError):
        envs.offer("nope", EnvOptions())


class RegisteredPlatform(MemPlatform):
    name: ClassVar[str] = "tw-seam-test"


def test_register_get_and_unregister_a_platform_in_process() -> None:
    platform = RegisteredPlatform()
    assert "tw-seam-test" not in registry.names()
    registry.register(platform)
    try:
        assert registry.get("tw-seam-test") is platform
        assert "tw-seam-test" in registry.names() and registry.names() == sorted(registry.names())
        assert platform in registry.all_platforms()
        assert [p.name for p in registry.all_platforms()] == registry.names()
    finally:
        registry.unregister("tw-seam-test")
    assert "tw-seam-test" not in registry.names()
    registry.unregister("tw-seam-test")  # a second time is harmless


def test_an_unknown_platform_lists_the_installed_ones() -> None:
    with pytest.raises(UserError) as info:
        registry.get("tw-no-such")
    installed = ", ".join(registry.names())
    assert str(info.value) == f"unknown platform 'tw-no-such'; installed: {installed}"
    assert "web" in registry.names()


class _EntryPoint:
    def __init__(self, name: str, value: str, obj: Any) -> None:
        self.name, self.value, self._obj = name, value, obj

    def load(self) -> Any:
        if isinstance(self._obj, Exception):
            raise self._obj
        return self._obj


class Zeta(MemPlatform):
    name: ClassVar[str] = "zeta"


def test_discovery_loads_classes_and_instances_and_reports_the_broken_ones(monkeypatch: pytest.MonkeyPatch,
                                                                          caplog: pytest.LogCaptureFixture) -> None:
    points = [
        _EntryPoint("zeta", "pkg:Zeta", Zeta),  # a class: instantiated
        _EntryPoint("mem", "pkg:MEM", PLATFORMS["mem"]),  # an instance: used as is
        _EntryPoint("broken", "pkg:broken", ImportError("no module named pkg")),
        _EntryPoint("liar", "pkg:Zeta", Zeta),  # declares "zeta" under another name
        _EntryPoint("thing", "pkg:thing", object()),
    ]
    asked: list[str] = []

    def entry_points(*, group: str) -> list[_EntryPoint]:
        asked.append(group)
        return points

    monkeypatch.setattr(registry, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_loaded", None)
    monkeypatch.setattr(registry, "_errors", {})
    monkeypatch.setattr(registry, "_extra", {})
    with caplog.at_level("WARNING", logger="tapwright.platforms"):
        assert registry.names() == ["mem", "zeta"]
    assert asked == ["tapwright.platforms"]
    assert "platform 'broken' (pkg:broken) failed to load: no module named pkg" in [r.getMessage() for r in caplog.records]
    assert isinstance(registry.get("zeta"), Zeta) and registry.get("mem") is PLATFORMS["mem"]
    assert registry.load_errors() == {
        "broken": "ImportError: no module named pkg",
        "liar": "TypeError: pkg:Zeta declares platform 'zeta' under the name 'liar'",
        "thing": "TypeError: pkg:thing gives a object, not a Platform",
    }
    with pytest.raises(UserError) as info:
        registry.get("broken")
    assert str(info.value) == "unknown platform 'broken' ('broken' failed to load: ImportError: no module named pkg); installed: mem, zeta"
    registry.names()
    assert asked == ["tapwright.platforms"]  # discovered once


def test_with_nothing_installed_the_error_says_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "entry_points", lambda *, group: [])
    monkeypatch.setattr(registry, "_loaded", None)
    monkeypatch.setattr(registry, "_errors", {})
    monkeypatch.setattr(registry, "_extra", {})
    with pytest.raises(UserError) as info:
        registry.get("web")
    assert str(info.value) == "unknown platform 'web'; installed: none"


async def test_closing_the_tool_context_leaves_the_driver_to_its_environment() -> None:
    runtimes = Runtimes(lookup=_lookup)
    ctx = ToolContext()
    envs = LazyEnvs(runtimes, ctx)
    envs.offer("mem", EnvOptions())
    driver = await ctx.aget(FakeDriver)
    await ctx.aclose()
    assert isinstance(driver, FakeDriver) and not driver.closed  # the environment closes it, not the context
    await envs.aclose()
    assert EVENTS[-2:] == ["close env mem 1", "stop mem"]


class _Grumpy:
    async def aclose(self) -> None:
        EVENTS.append("grumpy close")
        raise RuntimeError("would not close")


async def test_a_context_that_fails_to_close_does_not_keep_environments_open() -> None:
    runtimes = Runtimes(lookup=_lookup)
    ctx = ToolContext()

    async def grumpy() -> _Grumpy:
        return _Grumpy()

    ctx.provide(_Grumpy, grumpy)
    envs = LazyEnvs(runtimes, ctx)
    envs.offer("mem", EnvOptions())
    await ctx.aget(_Grumpy)
    await ctx.aget(FakeDriver)
    await envs.aclose()
    assert EVENTS[-3:] == ["grumpy close", "close env mem 1", "stop mem"]
