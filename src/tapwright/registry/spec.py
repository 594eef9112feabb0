"""ToolSpec: a tool's manifest bound to the callable that runs it."""

from __future__ import annotations

import asyncio
import inspect
import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from tapwright.core.context import ToolContext
from tapwright.core.result import ToolResult, to_jsonable
from tapwright.errors import ErrorCode, ManifestError, ToolFailure
from tapwright.registry._schema_check import check_schema as _check_schema
from tapwright.registry._signature import injected_params

# Segments start with a letter and do not end with "_", so "." <-> "__" stays reversible.
_SEGMENT = r"[a-z](?:[a-z0-9_]*[a-z0-9])?"
NAME_RE = re.compile(rf"^{_SEGMENT}(\.{_SEGMENT})*$")
_MESSAGE_LIMIT = 300  # a validation message quotes the bad value; a 5 MB string must not follow it
DEFAULT_TIMEOUT_MS = 30_000
EFFECT_KEYS = ("read_only", "idempotent", "destructive", "open_world")  # what a call does; see ToolSpec
MANIFEST_KEYS = (
    "name", "version", "description", "category", "triggers", "parameters",
    "output_schema", "examples", "dependencies", "timeout_ms", "tags", *EFFECT_KEYS,
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class FieldError:
    """One argument that failed validation, addressed by JSON path (``$.items[2].name``)."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass(slots=True)
class ToolSpec:
    """A tool: its manifest and the function behind it.

    Effects (``read_only``, ``idempotent``, ``destructive``, ``open_world``) say what a call
    does to the world; the executor retries and the MCP server snapshots by them, never by
    the tool's name. ``None`` means not declared. Declaring any of the first three settles
    the others: ``read_only`` implies ``idempotent`` and not ``destructive``; otherwise the
    tool acts, is not idempotent and not destructive unless it says so. A tool that declares
    nothing is treated as acting and never repeated after a failure that may follow its
    action (:attr:`effects_declared` is false). ``open_world`` stays ``None`` unless given.

    Build one with the :func:`~tapwright.tool` decorator or :meth:`from_manifest`.
    Call it with :meth:`invoke`, which validates, injects resources, enforces the
    timeout and never raises.
    """

    name: str
    description: str
    func: Callable[..., Any] | None = None
    version: str = "1.0.0"
    category: str = "general"
    triggers: list[str] = field(default_factory=list)
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    output_schema: dict[str, Any] | None = None
    examples: list[dict[str, Any]] = field(default_factory=list)
    dependencies: list[str] = field(default_factory=list)
    timeout_ms: int = DEFAULT_TIMEOUT_MS
    tags: list[str] = field(default_factory=list)
    read_only: bool | None = None
    idempotent: bool | None = None
    destructive: bool | None = None
    open_world: bool | None = None
    injected: dict[str, type] = field(default_factory=dict)
    _validator: Draft202012Validator | None = field(default=None, repr=False, compare=False)
    _out_validator: Draft202012Validator | None = field(default=None, repr=False, compare=False)
    _trigger_res: list[re.Pattern[str]] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        valid = isinstance(self.name, str) and NAME_RE.match(self.name) is not None
        if not valid or "__" in self.name or len(self.name.replace(".", "__")) > 64:
            raise ManifestError(
                f"tool name {self.name!r} must be lowercase words joined by '_' and namespaced with '.', "
                "with no '__', no segment ending in '_', and at most 64 characters once '.' becomes '__'"
            )
        if not isinstance(self.timeout_ms, int) or self.timeout_ms <= 0:
            raise ManifestError(f"{self.name}: timeout_ms must be a positive integer")
        self._settle_effects()
        try:
            _check_schema(self.parameters)
            if self.output_schema is not None:
                _check_schema(self.output_schema)
        except SchemaError as exc:
            raise ManifestError(f"{self.name}: invalid JSON Schema: {exc.message}") from exc
        if self.parameters.get("type") != "object":
            raise ManifestError(f"{self.name}: parameters must be a JSON Schema of type object")
        try:
            self._trigger_res = [re.compile(t, re.IGNORECASE) for t in self.triggers]
        except re.error as exc:
            raise ManifestError(f"{self.name}: invalid trigger regex: {exc}") from exc
        self._validator = Draft202012Validator(self.parameters)
        self._out_validator = Draft202012Validator(self.output_schema) if self.output_schema else None

    def _settle_effects(self) -> None:
        for key in EFFECT_KEYS:
            value = getattr(self, key)
            if value is not None and not isinstance(value, bool):
                raise ManifestError(f"{self.name}: {key} must be true, false or left out, not {value!r}")
        if self.read_only:
            if self.idempotent is False:
                raise ManifestError(f"{self.name}: a read_only tool is idempotent; drop idempotent=false or read_only")
            if self.destructive:
                raise ManifestError(f"{self.name}: a read_only tool cannot be destructive; drop one of the two")
            self.idempotent, self.destructive = True, False
        elif self.read_only is not None or self.idempotent is not None or self.destructive is not None:
            self.read_only = False
            self.idempotent = bool(self.idempotent)
            self.destructive = bool(self.destructive)

    @property
    def effects_declared(self) -> bool:
        """Whether the tool says what it does (``read_only``, ``idempotent`` or ``destructive`` given)."""
        return self.read_only is not None

    def effects_text(self) -> str:
        """The declared effects in words, for references and listings ("read-only", "acts, idempotent, open world")."""
        if not self.effects_declared:
            return "effects not declared (treated as acting, not idempotent)"
        words = ["read-only"] if self.read_only else ["acts", "idempotent" if self.idempotent else "not idempotent"]
        if self.destructive:
            words.append("destructive")
        if self.open_world:
            words.append("open world")
        return ", ".join(words)

    # -- manifest -----------------------------------------------------------------

    def with_name(self, name: str) -> ToolSpec:
        """A copy under another (usually namespaced) name."""
        return ToolSpec(
            name=name, description=self.description, func=self.func, version=self.version,
            category=self.category, triggers=list(self.triggers), parameters=self.parameters,
            output_schema=self.output_schema, examples=list(self.examples),
            dependencies=list(self.dependencies), timeout_ms=self.timeout_ms, tags=list(self.tags),
            read_only=self.read_only, idempotent=self.idempotent, destructive=self.destructive,
            open_world=self.open_world, injected=dict(self.injected),
        )  # fmt: skip

    def manifest(self) -> dict[str, Any]:
        """The manifest as JSON: the ``<tool>.json`` fields, effects included (``null`` when not declared)."""
        return {
            "name": self.name,
            "version": self.version,
            "description": self.description,
            "category": self.category,
            "triggers": list(self.triggers),
            "parameters": self.parameters,
            "output_schema": self.output_schema,
            "examples": list(self.examples),
            "dependencies": list(self.dependencies),
            "timeout_ms": self.timeout_ms,
            "tags": list(self.tags),
            "read_only": self.read_only,
            "idempotent": self.idempotent,
            "destructive": self.destructive,
            "open_world": self.open_world,
        }

    @classmethod
    def from_manifest(cls, manifest: dict[str, Any] | str | Path, func: Callable[..., Any] | None = None) -> ToolSpec:
        """Load a manifest (a dict, or a ``<tool>.json`` path) and bind it to ``func``.

        Parameters of ``func`` annotated with a :class:`~tapwright.core.context.Resource`
        subclass are injected, as with the decorator.
        """
        if isinstance(manifest, (str, Path)):
            path = Path(manifest)
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise ManifestError(f"cannot read manifest {path}: {exc}") from exc
        else:
            data = dict(manifest)
        if not isinstance(data, dict) or "name" not in data or "description" not in data:
            raise ManifestError("a manifest needs at least 'name' and 'description'")
        unknown = sorted(set(data) - set(MANIFEST_KEYS))
        if unknown:
            raise ManifestError(f"{data['name']}: unknown manifest keys {unknown}")
        params = _normalize_manifest_schema(dict(data.get("parameters") or {"type": "object", "properties": {}}))

        if func is not None:
            _check_binding(str(data["name"]), params, func)

        return cls(
            name=data["name"],
            description=data["description"],
            func=func,
            version=str(data.get("version", "1.0.0")),
            category=str(data.get("category", "general")),
            triggers=list(data.get("triggers", [])),
            parameters=params,
            output_schema=data.get("output_schema"),
            examples=list(data.get("examples", [])),
            dependencies=list(data.get("dependencies", [])),
            timeout_ms=int(data.get("timeout_ms", DEFAULT_TIMEOUT_MS)),
            tags=list(data.get("tags", [])),
            read_only=data.get("read_only"),
            idempotent=data.get("idempotent"),
            destructive=data.get("destructive"),
            open_world=data.get("open_world"),
            injected=injected_params(func) if func else {},
        )

    # -- selection ---------------------------------------------------------------

    def trigger_score(self, text: str) -> float:
        """How strongly this tool's triggers match a step text (0 when none do)."""
        best = 0.0
        for pattern in self._trigger_res:
            m = pattern.search(text)
            if m:
                best = max(best, 1.0 + (m.end() - m.start()) / max(len(text), 1))
        return best

    # -- calling ------------------------------------------------------------------

    def validate(self, args: Any) -> list[FieldError]:
        """Every problem with ``args`` against the parameter schema (empty when valid)."""
        if not isinstance(args, dict):
            return [FieldError("$", f"arguments must be an object, not {type(args).__name__}")]
        assert self._validator is not None
        errors = [FieldError(_json_path(e.absolute_path), _short(e.message)) for e in self._validator.iter_errors(args)]
        errors.extend(FieldError(p, "must be a finite number") for p in _non_finite(args, "$"))
        return sorted(errors, key=lambda e: e.path)

    def validate_output(self, data: Any) -> list[FieldError]:
        """Every problem with a tool's output against ``output_schema`` (empty when valid or unset)."""
        if self._out_validator is None:
            return []
        return [FieldError(_json_path(e.absolute_path), _short(e.message)) for e in self._out_validator.iter_errors(data)]

    def invalid_input(self, problems: list[FieldError]) -> ToolResult:
        """The INVALID_INPUT result listing every bad field; ``data.errors`` has them as objects."""
        return ToolResult.failure(
            ErrorCode.INVALID_INPUT,
            f"{self.name}: invalid arguments: " + "; ".join(str(p) for p in problems),
            data={"errors": [{"path": p.path, "message": p.message} for p in problems]},
        )

    async def invoke(self, args: dict[str, Any], ctx: ToolContext | None = None, *, timeout_ms: float | None = None) -> ToolResult:
        """Validate ``args``, run the tool within its timeout, and return a ToolResult. Never raises.

        Only task cancellation propagates (as ``asyncio.CancelledError``).
        """
        started = time.perf_counter()
        result = await self._invoke(args, ctx or ToolContext(), timeout_ms)
        result.duration_ms = (time.perf_counter() - started) * 1000
        return result

    async def _invoke(self, args: dict[str, Any], ctx: ToolContext, timeout_ms: float | None) -> ToolResult:
        limit = (timeout_ms if timeout_ms is not None else self.timeout_ms) / 1000
        try:
            problems = self.validate(args)
            if problems:
                return self.invalid_input(problems)
            if self.func is None:
                return ToolResult.failure(ErrorCode.INTERNAL, f"{self.name}: manifest is not bound to a function")
            kwargs = dict(args)
            for pname, ptype in self.injected.items():
                kwargs[pname] = await ctx.aget(ptype)
            value = await asyncio.wait_for(self._run(kwargs), timeout=limit)
            return self._result(value)
        except ToolFailure as exc:
            result = ToolResult.from_failure(exc)
            if result.error is not None and result.error.cause is None and exc.__cause__ is not None:
                result.error = replace(result.error, cause=_cause(exc.__cause__))
            return result
        except TimeoutError as exc:
            # wait_for raises a bare TimeoutError; one raised by the tool itself carries a message.
            if str(exc):
                return ToolResult.failure(ErrorCode.TIMEOUT, f"{self.name}: {_short(str(exc))}", cause=_cause(exc))
            return ToolResult.failure(ErrorCode.TIMEOUT, f"{self.name} did not finish within {limit * 1000:.0f} ms")
        except ValueError as exc:
            return ToolResult.failure(ErrorCode.INVALID_INPUT, f"{self.name}: {_short(str(exc))}", cause=_cause(exc))
        except Exception as exc:  # a tool must never raise to its caller
            return ToolResult.failure(ErrorCode.INTERNAL, f"{self.name} raised {type(exc).__name__}", cause=_cause(exc))

    def _result(self, value: Any) -> ToolResult:
        """Wrap a tool's return value and check it against ``output_schema``."""
        if isinstance(value, ToolResult):
            result = value
            result.data = to_jsonable(result.data)
        else:
            result = ToolResult.success(to_jsonable(value))
        if result.ok:
            bad = self.validate_output(result.data)
            if bad:
                return ToolResult.failure(
                    ErrorCode.INTERNAL,
                    f"{self.name} returned output that does not match its output_schema: "
                    + "; ".join(str(b) for b in bad[:5]),
                )
        return result

    async def _run(self, kwargs: dict[str, Any]) -> Any:
        assert self.func is not None
        if inspect.iscoroutinefunction(self.func):
            return await self.func(**kwargs)
        value = await asyncio.to_thread(self.func, **kwargs)
        if inspect.isawaitable(value):
            return await value
        return value


def _cause(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]


def _short(text: str) -> str:
    return text if len(text) <= _MESSAGE_LIMIT else text[: _MESSAGE_LIMIT - 1] + "…"


def _json_path(parts: Any) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _non_finite(value: Any, path: str) -> list[str]:
    if isinstance(value, float) and not math.isfinite(value):
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _non_finite(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _non_finite(v, f"{path}[{i}]")]
    return []


def _check_binding(name: str, params: dict[str, Any], func: Callable[..., Any]) -> None:
    """The function must accept every manifest parameter, and need no argument the manifest lacks."""

    sig = inspect.signature(func)
    injected = injected_params(func)
    if any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()):
        return
    declared = set((params.get("properties") or {}).keys())
    accepted = {n for n, p in sig.parameters.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    missing = sorted(declared - accepted)
    if missing:
        raise ManifestError(f"{name}: {func.__name__}() does not accept manifest parameters {missing}")
    needed = sorted(
        n for n, p in sig.parameters.items()
        if p.default is p.empty and n not in injected and n not in declared and p.kind is not p.VAR_POSITIONAL
    )  # fmt: skip
    if needed:
        raise ManifestError(f"{name}: {func.__name__}() needs {needed}, which the manifest does not declare")


def _normalize_manifest_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """Manifest files mark optional properties with ``"optional": true``; JSON Schema does not know it.

    Unknown arguments are refused (as for decorated tools) unless the manifest says otherwise:
    a function cannot take a keyword it does not declare.
    """
    props = schema.get("properties")
    if isinstance(props, dict):
        schema["properties"] = props = {k: dict(v) if isinstance(v, dict) else v for k, v in props.items()}
        for prop in props.values():
            if isinstance(prop, dict):
                prop.pop("optional", None)
    schema.setdefault("type", "object")
    schema.setdefault("additionalProperties", False)
    return schema
