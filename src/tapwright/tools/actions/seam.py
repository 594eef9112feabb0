"""The per-platform half of the action catalog: resolve a target to a handle, act on it, mark and compare for change.

A platform implements one :class:`ActionSeam` subclass over its driver and lists the
catalog actions it offers; :func:`tapwright.tools.actions.action_tools` then derives its
tools (``<platform>.click``, ``<platform>.fill`` ...) from the catalog: name, parameters,
description, declared effects, triggers, examples, output shape and status line, once
for every platform.

A minimal seam (a sketch of what a new platform writes)::

    class ToyActions(ActionSeam[Candidate]):
        driver_type = ToyDriver
        verbs = frozenset({"click", "fill", "verify_visible", "verify_not_visible"})

        async def resolve(self, target: str, *, wait: bool = True, timeout_ms: int | None = None) -> Candidate:
            return locate(await self.driver.snapshot(), target)

        def describe(self, handle: Candidate) -> dict[str, Any]:
            e = handle.element
            return {"ref": e.ref, "role": e.role, "name": e.name}

        async def act(self, verb: str, handle: Candidate | None, args: dict[str, Any]) -> dict[str, Any] | None:
            if verb == "click":
                await self.driver.click_at(handle.element.rect.center_x, handle.element.rect.center_y)
                return None
            ...

The flow around :meth:`ActionSeam.act` (resolve -> mark -> act -> describe -> changed ->
release) is written once in :mod:`tapwright.tools.actions.flow`; a seam only says how its
platform does each verb.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar

from tapwright.core.context import Resource
from tapwright.drivers.base import Changed, Driver

H = TypeVar("H")


class ActionSeam(Resource, ABC, Generic[H]):
    """How one platform resolves, acts on and watches the elements the catalog's actions name.

    A catalog action's ``seam`` parameter is injected (hence :class:`Resource`): the platform's
    driver, taken from the run context by type, wrapped in its seam.

    Attributes:
        driver_type: The Driver subclass the platform's tools receive (injected by type).
        verbs: The verbs :meth:`act` knows (catalog action names); the platform offers every catalog
            action whose verbs it knows (see :func:`~tapwright.tools.actions.catalog.offered`).
        never: Optional catalog parameters this platform never takes (e.g. ``timeout_ms`` where it does
            not wait); they leave its schemas, so a call passing one fails validation with INVALID_INPUT.
        drops: The same, per action.
        category: The category of the derived tools (the platform's name by default).
        timeout_ms: The derived tools' timeout.
    """

    driver_type: ClassVar[type[Driver]]
    verbs: ClassVar[frozenset[str]]
    never: ClassVar[frozenset[str]] = frozenset()
    drops: ClassVar[dict[str, frozenset[str]]] = {}
    category: ClassVar[str] = ""
    timeout_ms: ClassVar[int] = 30_000

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    # -- resolve --------------------------------------------------------------------------

    @abstractmethod
    async def resolve(self, target: str, *, wait: bool = True, timeout_ms: int | None = None) -> H:
        """The element ``target`` (a description, a ref or a platform selector) names, as a handle to act on.

        With ``wait`` the seam may wait for the element to appear: ``timeout_ms`` when given (only
        platforms whose actions take ``timeout_ms`` get one), else the seam's own wait.

        Raises:
            ToolFailure: ELEMENT_NOT_FOUND / AMBIGUOUS (with candidates), NOT_VISIBLE ...
        """

    @abstractmethod
    def describe(self, handle: H) -> dict[str, Any]:
        """Which element a handle is: ``ref``, ``role`` and ``name`` (empty strings when unknown)."""

    async def release(self, handle: H) -> None:
        """Free what a handle holds once the action is done (nothing by default)."""

    def stale_deadline_s(self, timeout_ms: int | None) -> float:
        """How long a target re-rendered away (STALE_REF) is found again and retried: the action's wait."""
        return (self.timeout_ms if timeout_ms is None else timeout_ms) / 1000

    def found_again(self, handle: H) -> None:
        """A handle found afresh after the last one was re-rendered away: the seam may act on it without
        waiting for it to hold still (nothing by default)."""

    async def choice_in(self, target: str) -> tuple[H, str] | None:
        """For a click: when ``target`` names an option by the drop-down it is in, placed by the drop-down's
        caption (``"Milestone" under "Group results by"``, where a drop-down so captioned offers exactly one option
        "Milestone"), that drop-down's handle and the option's label, to choose it there: the option is not drawn
        until the drop-down opens, so what the words fall on otherwise is something else under the caption. None
        (the default) leaves the click to find ``target`` as it is."""
        return None

    async def behind_menu(self, target: str) -> tuple[H, dict[str, Any]] | None:
        """For a click that found nothing: when ``target`` is an action for a record ("Delete for issue #14") that
        the record keeps in a menu of its own (its ⋯ button), that menu opened and the handle of its one item that
        says the action, with what was opened; None (the default) when there is no such menu."""
        return None

    async def set_to(self, handle: H, value: str) -> dict[str, Any] | None:
        """For a drag of a slider to a value ("drag the Volume slider to 8"): set the slider ``handle`` to
        ``value`` and say so (``{"set": value}``); None (the default) when the platform cannot set a slider's
        value, and the drag is refused rather than dropped on an element that shows that number."""
        return None

    # -- act ------------------------------------------------------------------------------

    @abstractmethod
    async def act(self, verb: str, handle: H | None, args: dict[str, Any]) -> dict[str, Any] | None:
        """Do ``verb`` (a catalog action's name) on ``handle`` with the action's other arguments.

        ``handle`` is None for the actions that name no element (a key on whatever has focus,
        scrolling the screen, the verifications, which find or miss their element themselves).
        Returns the platform's extra output keys, or None; a ``"_note"`` key is not output but added
        to a check's status line ("VISIBLE: 1 match (a toast seen 1.2s ago, gone now)"). Raises
        ToolFailure; a verification that does not hold raises ASSERTION_FAILED.
        """

    # -- mark and compare -----------------------------------------------------------------

    async def mark(self, handle: H | None) -> object:
        """A token :meth:`changed` compares against (the driver's by default)."""
        return await self.driver.mark()

    async def changed(self, mark: object, handle: H | None) -> Changed | None:
        """Whether the screen changed since ``mark``; ``"pending"`` when a late change may still come
        (:meth:`Driver.settle_change` says later), None when the platform cannot tell."""
        result: Changed | None = await self.driver.changed(mark)
        return result
