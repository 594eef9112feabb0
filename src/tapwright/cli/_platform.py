"""``--platform`` / ``--set`` / ``--headed`` for commands that open one environment, and opening it.

Every command that acts on a screen goes through :func:`open_env`, which looks the
platform up by name: no command has a branch of its own for any platform.
"""

from __future__ import annotations

import argparse
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from tapwright import platforms
from tapwright.core.secrets import SecretStore
from tapwright.errors import UserError
from tapwright.platforms import EnvOptions, PlatformEnv, Runtimes


def add_platform_args(p: argparse.ArgumentParser, *, default: str | None = "web") -> None:
    """The options that choose and configure a platform."""
    p.add_argument("--platform", default=default, metavar="NAME",
                   help=f"the platform to act on (installed: {', '.join(platforms.names())}; default {default})")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", dest="settings",
                   help="a platform setting, as in a test file (e.g. device=emulator-5554, app='gedit'); repeatable")
    p.add_argument("--headed", action="store_true", help="show the browser or window")


def parse_settings(items: list[str]) -> dict[str, Any]:
    """``--set KEY=VALUE`` items as a dict; UserError for one without ``=``."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UserError(f"--set needs KEY=VALUE, got {item!r}")
        out[key.strip()] = value
    return out


@asynccontextmanager
async def open_env(
    name: str,
    *,
    settings: dict[str, Any] | None = None,
    headed: bool = False,
    base_url: str | None = None,
    secrets: SecretStore | None = None,
    run_settings: dict[str, Any] | None = None,
) -> AsyncIterator[PlatformEnv]:
    """One environment on platform ``name``, closed (with the runtime) on exit.

    Raises:
        UserError: unknown platform or a setting it does not take.
    """
    platform = platforms.get(name)
    own = platform.check_settings(settings or {})
    runtimes = Runtimes(headed=headed, settings={name: run_settings or {}})
    try:
        env = await runtimes.open(name, EnvOptions(base_url=base_url, secrets=secrets or SecretStore(), settings=own))
        try:
            yield env
        finally:
            await env.close()
    finally:
        await runtimes.aclose()


def grouped_settings(items: list[str]) -> dict[str, dict[str, Any]]:
    """``--set PLATFORM.KEY=VALUE`` items grouped by platform (commands that may use several platforms)."""
    out: dict[str, dict[str, Any]] = {}
    for key, value in parse_settings(items).items():
        name, dot, setting = key.partition(".")
        if not dot or not name or not setting:
            raise UserError(f"--set needs PLATFORM.KEY=VALUE, got {key}={value}")
        out.setdefault(name, {})[setting] = value
    return out
