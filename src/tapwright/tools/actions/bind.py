"""Deriving a platform's tools from the catalog and its seam."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any

from tapwright.registry.decorator import spec_from_function
from tapwright.registry.registry import ALIAS_TAG
from tapwright.registry.spec import ToolSpec
from tapwright.tools.actions.catalog import CATALOG, Action, dropped, offered
from tapwright.tools.actions.seam import ActionSeam


def _bound(act: Action, seam_type: type[ActionSeam[Any]]) -> Callable[..., Any]:
    @functools.wraps(act.func)
    async def run(seam: Any, **kwargs: Any) -> Any:
        return await act.func(seam_type(seam), **kwargs)  # the driver injected by type, wrapped in its seam

    return run


def action_tools(seam_type: type[ActionSeam[Any]], *, aliases: dict[str, Iterable[str]] | None = None) -> list[ToolSpec]:
    """The catalog actions ``seam_type`` offers, as tools of its platform (un-namespaced: the Toolset adds it).

    ``aliases`` maps an action to other names it also answers to (``{"click": ["tap"]}``).
    """
    verbs = {v for act in CATALOG.values() for v in act.verbs}
    unknown = set(seam_type.verbs) - verbs
    if unknown:
        raise ValueError(f"{seam_type.__name__} knows verbs no catalog action uses: {sorted(unknown)}")
    driver_type = seam_type.driver_type
    specs = []
    for name in offered(seam_type):
        act = CATALOG[name]
        spec = spec_from_function(
            act.func,
            category=seam_type.category or driver_type.kind,
            triggers=act.triggers,
            examples=act.examples,
            dependencies=[driver_type.kind],
            timeout_ms=seam_type.timeout_ms,
            tags=[ALIAS_TAG + f"{driver_type.kind}.{a}" for a in (aliases or {}).get(name, ())],
            output=act.output,
            read_only=act.read_only,
            idempotent=act.idempotent,
            destructive=False,
            open_world=False,
        )
        for param in dropped(seam_type, name):
            spec.parameters["properties"].pop(param, None)
        spec.func = _bound(act, seam_type)
        spec.injected = {"seam": driver_type}
        specs.append(spec)
    return specs
