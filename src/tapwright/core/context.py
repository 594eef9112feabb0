"""The run context a tool receives by type: drivers and other resources, created lazily."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from tapwright.core.fence import FileFence
from tapwright.core.secrets import SecretStore
from tapwright.errors import ErrorCode, ToolFailure

T = TypeVar("T")


class Resource:
    """Marker base class: a tool parameter annotated with a subclass is injected, not asked for.

    Drivers and sessions subclass it. A resource may define ``async aclose()``.
    """

    def location(self) -> str | None:
        """Where the resource is now (a web page's URL), for secrets bound to origins; None if not known."""
        return None


Factory = Callable[[], Awaitable[Any]]


class ToolContext:
    """Resources for tools, looked up by type; created on first use by registered factories.

    Example:
        ctx = ToolContext()
        ctx.provide(WebDriver, lambda: WebDriver.launch())
        driver = await ctx.aget(WebDriver)   # launches once, reused after
    """

    def __init__(
        self,
        resources: list[object] | None = None,
        *,
        secrets: SecretStore | None = None,
        artifacts_dir: str | Path | None = None,
        files: FileFence | None = None,
    ) -> None:
        self._resources: list[object] = list(resources or [])
        self._factories: list[tuple[type[Any], Factory, bool]] = []
        self._owned: list[object] = []
        self.secrets = secrets or SecretStore()
        self.artifacts_dir = Path(artifacts_dir) if artifacts_dir else None
        self.vars: dict[str, Any] = {}
        # Where tools may write pictures and recordings a caller names (the same fence on every platform).
        self.files = files or FileFence.of(None)

    def current_location(self) -> str | None:
        """The location of the first resource that knows one (the current web page's URL)."""
        for resource in self._resources:
            if isinstance(resource, Resource):
                where = resource.location()
                if where is not None:
                    return where
        return None

    def add(self, resource: object) -> None:
        self._resources.insert(0, resource)

    def provide(self, cls: type[T], factory: Callable[[], Awaitable[T]], *, own: bool = True) -> None:
        """Register how to create a resource of type ``cls`` the first time a tool needs it.

        With ``own=False`` the caller closes what the factory made; :meth:`aclose` leaves it alone.
        """
        self._factories.append((cls, factory, own))

    def find(self, cls: type[T]) -> T | None:
        for resource in self._resources:
            if isinstance(resource, cls):
                return resource
        return None

    def held(self) -> list[object]:
        """The resources this context holds now, newest first (none is created)."""
        return list(self._resources)

    def has(self, cls: type[Any]) -> bool:
        return self.find(cls) is not None or any(issubclass(c, cls) or issubclass(cls, c) for c, _, _ in self._factories)

    def drop(self, resource: object) -> None:
        """Forget ``resource`` (a dead driver its owner closes): the next :meth:`aget` of its type makes a new one."""
        with contextlib.suppress(ValueError):
            self._resources.remove(resource)
        with contextlib.suppress(ValueError):
            self._owned.remove(resource)

    async def aget(self, cls: type[T]) -> T:
        """Return the resource of type ``cls``, creating it with its factory if needed."""
        if cls is ToolContext or isinstance(self, cls):
            return self  # type: ignore[return-value]
        found = self.find(cls)
        if found is not None:
            return found
        for provided, factory, own in self._factories:
            if issubclass(provided, cls):
                resource = await factory()
                self._resources.insert(0, resource)
                if own:
                    self._owned.append(resource)
                return resource  # type: ignore[no-any-return]
        raise ToolFailure(
            ErrorCode.DRIVER_ERROR,
            f"no {cls.__name__} is available in this run; start one (for example a web session) first",
        )

    async def aclose(self) -> None:
        """Close the resources this context created, newest first."""
        while self._owned:
            resource = self._owned.pop()
            with contextlib.suppress(ValueError):
                self._resources.remove(resource)
            close = getattr(resource, "aclose", None)
            if close is not None:
                await close()
