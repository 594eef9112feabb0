"""Finding platforms by name: the ``tapwright.platforms`` entry points, plus any registered in-process."""

from __future__ import annotations

import logging
import threading
from importlib.metadata import entry_points

from tapwright.errors import UserError
from tapwright.platforms.base import Platform

ENTRY_POINT_GROUP = "tapwright.platforms"
log = logging.getLogger("tapwright.platforms")

_lock = threading.Lock()
_loaded: dict[str, Platform] | None = None
_errors: dict[str, str] = {}
_extra: dict[str, Platform] = {}


def _discover() -> dict[str, Platform]:
    global _loaded
    with _lock:
        if _loaded is None:
            found: dict[str, Platform] = {}
            for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
                try:
                    obj = ep.load()
                    platform = obj() if callable(obj) and not isinstance(obj, Platform) else obj
                    if not isinstance(platform, Platform):
                        raise TypeError(f"{ep.value} gives a {type(platform).__name__}, not a Platform")
                    if platform.name != ep.name:
                        raise TypeError(f"{ep.value} declares platform {platform.name!r} under the name {ep.name!r}")
                except Exception as exc:  # one broken platform must not hide the others
                    _errors[ep.name] = f"{type(exc).__name__}: {exc}"
                    log.warning("platform %r (%s) failed to load: %s", ep.name, ep.value, exc)
                    continue
                found.setdefault(platform.name, platform)
            _loaded = found
        return {**_loaded, **_extra}


def names() -> list[str]:
    """The installed platforms' names, sorted."""
    return sorted(_discover())


def all_platforms() -> list[Platform]:
    """Every installed platform, by name."""
    found = _discover()
    return [found[n] for n in sorted(found)]


def get(name: str) -> Platform:
    """The platform called ``name``.

    Raises:
        UserError: no such platform; the message lists the installed ones (and any that failed to load).
    """
    found = _discover()
    platform = found.get(name)
    if platform is None:
        broken = f" ({name!r} failed to load: {_errors[name]})" if name in _errors else ""
        raise UserError(f"unknown platform {name!r}{broken}; installed: {', '.join(sorted(found)) or 'none'}")
    return platform


def register(platform: Platform) -> None:
    """Add a platform in this process (tests, notebooks); entry points are the way for packages."""
    _discover()
    _extra[platform.name] = platform


def unregister(name: str) -> None:
    """Remove a platform added with :func:`register`."""
    _extra.pop(name, None)


def load_errors() -> dict[str, str]:
    """Platforms whose entry point failed to load, with why."""
    _discover()
    return dict(_errors)
