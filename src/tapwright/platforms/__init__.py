"""Platforms by name: web, android, desktop and third-party ones, found through entry points.

A platform package declares itself once, in its ``pyproject.toml``::

    [project.entry-points."tapwright.platforms"]
    toy = "toy_platform:platform"

The entry point names a :class:`Platform` instance (or a callable returning one).
Front ends call :func:`get` and never branch on a platform's name.

Example:
    platform = tapwright.platforms.get("web")
    runtime = platform.runtime(LaunchOptions())
    env = await runtime.open(EnvOptions(base_url="http://127.0.0.1:8000"))
    ...
    await env.close()
    await runtime.aclose()
"""

from __future__ import annotations

from tapwright.platforms._registry import (
    ENTRY_POINT_GROUP,
    all_platforms,
    get,
    load_errors,
    names,
    register,
    unregister,
)
from tapwright.platforms._runtimes import LazyEnvs, Runtimes
from tapwright.platforms.base import EnvOptions, LaunchOptions, Platform, PlatformEnv, Runtime

__all__ = [
    "ENTRY_POINT_GROUP",
    "EnvOptions",
    "LaunchOptions",
    "LazyEnvs",
    "Platform",
    "PlatformEnv",
    "Runtime",
    "Runtimes",
    "all_platforms",
    "get",
    "load_errors",
    "names",
    "register",
    "unregister",
]
