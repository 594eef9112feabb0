"""The ``@tool`` decorator: a typed function becomes a ToolSpec with a full manifest."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import Any, overload

from tapwright.core.result import ToolResult, to_jsonable
from tapwright.errors import ManifestError
from tapwright.registry._signature import injected_params, type_hints
from tapwright.registry.schema import schema_for
from tapwright.registry.spec import DEFAULT_TIMEOUT_MS, ToolSpec

_SECTION_RE = re.compile(r"^\s*(Args|Arguments|Parameters|Returns|Raises|Yields|Examples?|Notes?)\s*:\s*$")


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into its description and per-argument texts."""
    if not doc:
        return "", {}
    lines = inspect.cleandoc(doc).splitlines()
    summary: list[str] = []
    args: dict[str, str] = {}
    section: str | None = None
    current: str | None = None
    for line in lines:
        m = _SECTION_RE.match(line)
        if m:
            section = m.group(1).lower()
            current = None
            continue
        if section is None:
            summary.append(line)
        elif section in ("args", "arguments", "parameters"):
            am = re.match(r"^\s{0,8}(\*{0,2}\w+)\s*(\([^)]*\))?\s*:\s*(.*)$", line)
            if am and not line.startswith(" " * 9):
                current = am.group(1).lstrip("*")
                args[current] = am.group(3).strip()
            elif current and line.strip():
                args[current] = f"{args[current]} {line.strip()}".strip()
    description = "\n".join(summary).strip()
    return description, args


def spec_from_function(
    func: Callable[..., Any],
    *,
    name: str | None = None,
    description: str | None = None,
    category: str = "general",
    version: str = "1.0.0",
    triggers: list[str] | None = None,
    examples: list[dict[str, Any]] | None = None,
    dependencies: list[str] | None = None,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    tags: list[str] | None = None,
    output: Any = None,
    read_only: bool | None = None,
    idempotent: bool | None = None,
    destructive: bool | None = None,
    open_world: bool | None = None,
) -> ToolSpec:
    """Build a ToolSpec from a typed function's signature and docstring.

    The effect arguments (``read_only``, ``idempotent``, ``destructive``, ``open_world``)
    are the ToolSpec's; see :class:`~tapwright.registry.spec.ToolSpec` for their defaults.
    """
    hints = type_hints(func)
    doc_description, arg_docs = parse_docstring(func.__doc__)
    injected = injected_params(func)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for pname, param in inspect.signature(func).parameters.items():
        if pname in injected:
            continue
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            raise ManifestError(f"{func.__name__}: *args and **kwargs cannot be described as a tool parameter")
        if pname not in hints:
            raise ManifestError(f"{func.__name__}: parameter {pname!r} needs a type hint")
        try:
            schema = schema_for(hints[pname])
        except ManifestError as exc:
            raise ManifestError(f"{func.__name__}.{pname}: {exc}") from exc
        if pname in arg_docs:
            schema["description"] = arg_docs[pname]
        if param.default is inspect.Parameter.empty:
            required.append(pname)
        else:
            schema["default"] = to_jsonable(param.default)
        properties[pname] = schema
    parameters: dict[str, Any] = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        parameters["required"] = required
    out_hint = output if output is not None else hints.get("return", Any)
    output_schema = None
    if out_hint not in (Any, None, type(None), ToolResult) and out_hint is not inspect.Parameter.empty:
        output_schema = schema_for(out_hint)
    text = description or doc_description
    if not text:
        raise ManifestError(f"{func.__name__}: a tool needs a description (a docstring or description=)")
    return ToolSpec(
        name=name or func.__name__,
        description=text,
        func=func,
        version=version,
        category=category,
        triggers=list(triggers or []),
        parameters=parameters,
        output_schema=output_schema,
        examples=list(examples or []),
        dependencies=list(dependencies or []),
        timeout_ms=timeout_ms,
        tags=list(tags or []),
        read_only=read_only,
        idempotent=idempotent,
        destructive=destructive,
        open_world=open_world,
        injected=injected,
    )


@overload
def tool(func: Callable[..., Any], /) -> ToolSpec: ...
@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    category: str = "general",
    version: str = "1.0.0",
    triggers: list[str] | None = None,
    examples: list[dict[str, Any]] | None = None,
    dependencies: list[str] | None = None,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    tags: list[str] | None = None,
    output: Any = None,
    read_only: bool | None = None,
    idempotent: bool | None = None,
    destructive: bool | None = None,
    open_world: bool | None = None,
) -> Callable[[Callable[..., Any]], ToolSpec]: ...


def tool(func: Callable[..., Any] | None = None, /, **options: Any) -> ToolSpec | Callable[[Callable[..., Any]], ToolSpec]:
    """Turn a typed function (sync or async) into a :class:`ToolSpec`.

    Parameters become the JSON Schema (``Literal`` -> enum, ``Annotated[int, Ge(0)]``
    -> bounds, defaults kept, docstring ``Args:`` -> descriptions); the return type
    becomes ``output_schema``. Parameters typed with a ``Resource`` subclass (a
    driver) are injected from the run's context.

    Declare what a call does: ``read_only=True`` for a tool that only looks (implies
    ``idempotent`` and not ``destructive``); otherwise ``idempotent=True`` when a second
    call changes nothing more (set a field to a value, load a URL), ``destructive=True``
    when it destroys data a person would want back, ``open_world=True`` when it can reach
    an arbitrary outside address. A tool that declares nothing is treated as acting and
    not idempotent: it is never retried after a failure that may follow its action.

    Example:
        @tool(category="fake", triggers=[r"\\bclick\\b"], idempotent=False)
        async def click_at(driver: FakeDriver, x: int, y: int) -> ToolResult:
            '''Click at screen coordinates.

            Args:
                x: Horizontal pixel.
                y: Vertical pixel.
            '''
    """
    if func is not None:
        return spec_from_function(func)

    def wrap(f: Callable[..., Any]) -> ToolSpec:
        return spec_from_function(f, **options)

    return wrap
