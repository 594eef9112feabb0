"""The plan cache: replay step plans with zero model calls, healing what the page changed.

A cache is a plain folder of JSON files (``<step-slug>-<key>.json``) a team can
commit. The key hashes the namespace, the step text (whitespace folded), the
sorted names of its variables and secrets, and the page signature
(:func:`tapwright.llm.observe.page_signature`: URL path, title, set of
interactive roles). Each entry holds the plan that passed and, per call that
named an element, a fingerprint of it (role, name, label, test id, id, text,
position among same-role siblings in its container) rather than an absolute path.

On replay, each fingerprinted call is checked against the current page:

1. its ``target`` still resolves to an element matching the fingerprint: unchanged;
2. otherwise the element is re-located by the fingerprint's remaining attributes
   and the call's ``target`` rewritten to a description that resolves to it
   (zero model calls; the entry is updated after the step passes);
3. otherwise the step alone is re-planned by the inner planner and the entry replaced.

An entry is replayed only when its seal (a keyed hash tapwright writes, see
:mod:`._cache_seal`) matches: a hand-edited or foreign entry is re-planned, or refused
with ``--no-llm``, and the step's report notes why.

``no_llm=True`` forbids step 3 and every cache miss: the step fails with
BUDGET_EXCEEDED ("--no-llm forbids model calls") instead of reaching a model.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import tempfile
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from tapwright.errors import ErrorCode, PlanError, ToolFailure, UserError
from tapwright.llm.observe import Observation, observe
from tapwright.plan.model import Plan
from tapwright.plan.trace import PlanTrace
from tapwright.planners import _cache_seal
from tapwright.planners.base import PlanRequest, PlanResponse, StepPlanner
from tapwright.planners.healing import fingerprint_plan, heal_plan

CacheMode = Literal["off", "read", "write", "readwrite"]
CACHE_MODES: tuple[CacheMode, ...] = ("off", "read", "write", "readwrite")
DEFAULT_DIR = ".tapwright/plans"
FORMAT_VERSION = 1
_KEEP_STATES = 32


@dataclass(slots=True)
class CacheEntry:
    """One cached step plan, as stored in its JSON file."""

    key: str
    step: str
    namespace: str
    plan: dict[str, Any]
    fingerprints: dict[str, dict[str, Any]] = field(default_factory=dict)
    var_names: list[str] = field(default_factory=list)
    page: dict[str, str] = field(default_factory=dict)
    planner: str = "llm"
    created: str = ""
    updated: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": FORMAT_VERSION,
            "key": self.key,
            "step": self.step,
            "namespace": self.namespace,
            "var_names": self.var_names,
            "page": self.page,
            "planner": self.planner,
            "created": self.created,
            "updated": self.updated,
            "plan": self.plan,
            "fingerprints": self.fingerprints,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CacheEntry:
        return cls(
            key=str(data["key"]), step=str(data["step"]), namespace=str(data.get("namespace", "web")),
            plan=dict(data["plan"]), fingerprints=dict(data.get("fingerprints") or {}),
            var_names=list(data.get("var_names") or []), page=dict(data.get("page") or {}),
            planner=str(data.get("planner", "llm")), created=str(data.get("created", "")),
            updated=str(data.get("updated", "")),
        )  # fmt: skip


def cache_key(namespace: str, step: str, data_names: list[str], signature: str) -> str:
    """The entry key: namespace, folded step text, sorted data names, page signature."""
    raw = json.dumps([namespace, " ".join(step.split()), sorted(set(data_names)), signature], separators=(",", ":"))
    return hashlib.sha256(raw.encode()).hexdigest()[:24]


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")
    return slug[:48].rstrip("-") or "step"


class PlanCache:
    """A folder of cached step plans.

    Args:
        directory: where the JSON files live (created on first write).
    """

    def __init__(self, directory: str | Path, *, key: bytes | None = None) -> None:
        self.directory = Path(directory)
        self._key = key

    @property
    def key(self) -> bytes:
        """The sealing key (read or created on first use; see :mod:`._cache_seal`)."""
        if self._key is None:
            self._key = _cache_seal.cache_key()
        return self._key

    @classmethod
    def default(cls) -> PlanCache:
        """``$TAPWRIGHT_CACHE_DIR``, else ``.tapwright/plans`` in the current directory."""
        return cls(os.environ.get("TAPWRIGHT_CACHE_DIR") or DEFAULT_DIR)

    def path_for(self, key: str, step: str) -> Path:
        return self.directory / f"{_slug(step)}-{key[:16]}.json"

    def load(self, key: str, step: str) -> CacheEntry | None:
        """The entry for ``key``, or None (a corrupt, foreign or unsealed file counts as a miss)."""
        return self.check(key, step)[0]

    def check(self, key: str, step: str) -> tuple[CacheEntry | None, str | None]:
        """The entry for ``key`` when its seal holds, else None and why it was refused (None for a plain miss)."""
        path = self.path_for(key, step)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                return None, None
            entry = CacheEntry.from_dict(data)
        except FileNotFoundError:
            return None, None
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            return None, f"the cached plan {path.name} cannot be read"
        if entry.key != key:
            return None, None
        broken = _cache_seal.broken_seal(data, self.key)
        if broken is not None:
            return None, f"the cached plan {path.name} was not replayed: {broken}"
        return entry, None

    def store(self, entry: CacheEntry) -> Path:
        """Write ``entry`` atomically (a reader never sees half a file)."""
        path = self.path_for(entry.key, entry.step)
        now = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
        entry.created = entry.created or now
        entry.updated = now
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(_cache_seal.seal(entry.to_dict(), self.key), fh, indent=2, ensure_ascii=False)
                fh.write("\n")
            os.replace(tmp, path)
        except OSError as exc:
            raise UserError(f"cannot write the plan cache in {self.directory}: {exc}") from exc
        return path

    def entries(self) -> list[CacheEntry]:
        out = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                out.append(CacheEntry.from_dict(json.loads(path.read_text(encoding="utf-8"))))
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return out


@dataclass(slots=True)
class _State:
    observation: Observation | None
    key: str
    source: Literal["cache", "inner"] = "inner"
    healed: bool = False


class CachingPlanner(StepPlanner):
    """Wraps a planner with the plan cache.

    Args:
        inner: the planner for misses and re-plans (usually :class:`~tapwright.planners.llm.LLMPlanner`);
            None allows replay only.
        cache: where plans live.
        mode: ``off`` (pass through), ``read`` (replay, never write), ``write`` (always plan, then
            store), ``readwrite`` (replay hits, plan and store misses).
        no_llm: never call ``inner``; a step with no usable cached plan fails with BUDGET_EXCEEDED.
    """

    name = "cache"
    untrusted_plans = True

    def __init__(
        self, inner: StepPlanner | None, cache: PlanCache, mode: CacheMode = "readwrite", *, no_llm: bool = False
    ) -> None:
        if mode not in CACHE_MODES:
            raise UserError(f"unknown cache mode {mode!r}; choose one of {', '.join(CACHE_MODES)}")
        self.inner = inner
        self.cache = cache
        self.mode: CacheMode = mode
        self.no_llm = no_llm
        self._states: OrderedDict[int, _State] = OrderedDict()

    @property
    def reads(self) -> bool:
        return self.mode in ("read", "readwrite")

    @property
    def writes(self) -> bool:
        return self.mode in ("write", "readwrite")

    async def plan(self, request: PlanRequest) -> PlanResponse:
        observation = await self._observe(request)
        names = [*request.var_names, *request.secret_names]
        key = cache_key(request.namespace, request.step, names, observation.signature if observation else "-")
        state = _State(observation, key)
        self._states[id(request)] = state
        while len(self._states) > _KEEP_STATES:
            self._states.popitem(last=False)
        refused: str | None = None
        if self.reads:
            entry, refused = self.cache.check(key, request.step)
            if entry is not None:
                replay = self._replay(entry, observation)
                if replay is not None:
                    state.source, state.healed = "cache", replay[1]
                    return PlanResponse(plan=replay[0], planner="cache", cached=True)
        if refused is not None and (self.no_llm or self.inner is None):
            raise PlanError(ErrorCode.PLAN_INVALID, f"{refused}; --no-llm forbids planning it afresh")
        response = await self._ask_inner(request, state, "no cached plan for this step on this page")
        if refused is not None:
            response.notes.append(f"{refused}; planned afresh")
        return response

    async def revise(self, request: PlanRequest, response: PlanResponse, trace: PlanTrace) -> PlanResponse | None:
        """A replayed plan failed when run: re-plan the step; otherwise let the inner planner revise."""
        state = self._states.get(id(request))
        if state is None:
            return None
        if response.cached:
            if self.no_llm or self.inner is None:
                return None
            return await self._ask_inner(request, state, "the cached plan failed", fresh=True)
        return await self.inner.revise(request, response, trace) if self.inner is not None else None

    async def record(self, request: PlanRequest, response: PlanResponse, executed: Plan, trace: PlanTrace) -> None:
        """Store the plan that passed (unless it is an unchanged replay or the mode does not write)."""
        state = self._states.get(id(request))
        if state is None or not self.writes or (state.source == "cache" and not state.healed):
            return
        tree = state.observation.tree if state.observation else None
        plan, fingerprints = fingerprint_plan(executed, tree)
        data = plan.to_dict()
        if request.ctx is not None:
            data = request.ctx.secrets.redact(data)
        page = {"signature": state.observation.signature, "url": state.observation.url,
                "title": state.observation.tree.title} if state.observation else {}  # fmt: skip
        old = self.cache.load(state.key, request.step)
        entry = CacheEntry(
            key=state.key, step=" ".join(request.step.split()), namespace=request.namespace, plan=data,
            fingerprints={str(i): fp for i, fp in fingerprints.items()},
            var_names=sorted([*request.var_names, *request.secret_names]), page=page,
            planner=response.planner if response.planner != "cache" else (old.planner if old else "llm"),
            created=old.created if old else "",
        )  # fmt: skip
        self.cache.store(entry)

    def forget(self, request: PlanRequest) -> None:
        self._states.pop(id(request), None)
        if self.inner is not None:
            self.inner.forget(request)

    async def aclose(self) -> None:
        if self.inner is not None:
            await self.inner.aclose()

    # -- internals ------------------------------------------------------------------

    def _replay(self, entry: CacheEntry, observation: Observation | None) -> tuple[Plan, bool] | None:
        try:
            plan = Plan.from_data(entry.plan)
        except PlanError:
            return None  # a hand-edited entry that no longer parses: plan afresh
        if observation is None:
            return plan, False
        fingerprints = {int(k): v for k, v in entry.fingerprints.items() if k.isdigit()}
        return heal_plan(plan, fingerprints, observation.tree)

    async def _ask_inner(self, request: PlanRequest, state: _State, why: str, *, fresh: bool = False) -> PlanResponse:
        if self.no_llm or self.inner is None:
            raise PlanError(
                ErrorCode.BUDGET_EXCEEDED,
                f"{why} ({request.step!r}) and --no-llm forbids model calls; run once without --no-llm to record it",
            )
        state.source = "inner"
        if fresh:
            return await self.inner.plan(request)
        return await self.inner.plan_observed(request, state.observation)

    async def _observe(self, request: PlanRequest) -> Observation | None:
        if request.ctx is None:
            return None
        try:
            return await observe(request.ctx, request.registry, request.namespace)
        except ToolFailure as exc:
            if exc.code is ErrorCode.DRIVER_ERROR:
                return None
            raise
