"""@tool: a typed function (sync or async) becomes a ToolSpec with its full manifest."""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any, Literal, TypedDict

import pytest
from annotated_types import Ge, Gt, Le, Lt, MaxLen, MinLen
from pydantic import BaseModel, Field

from tapwright import ToolContext, ToolResult, tool
from tapwright.core.context import Resource
from tapwright.core.element import Rect
from tapwright.errors import ErrorCode, ManifestError
from tapwright.registry.decorator import parse_docstring, spec_from_function


@tool(
    name="shop.search",
    category="forms",
    version="2.1.0",
    triggers=[r"\bsearch\b", r"look (for|up)"],
    examples=[{"instruction": "Search for shoes", "parameters": {"query": "shoes"}, "expected_output": {"hits": 3}}],
    dependencies=["web"],
    timeout_ms=1234,
)
async def search(
    query: Annotated[str, MinLen(1), MaxLen(80)],
    sort: Literal["price", "rating"] = "rating",
    page: Annotated[int, Ge(1), Le(50)] = 1,
    ratio: Annotated[float, Gt(0), Lt(1)] = 0.5,
    tags: Annotated[list[str], MaxLen(3)] | None = None,
    exact: bool = False,
) -> dict[str, int]:
    """Search the shop.

    Longer explanation that stays in the description.

    Args:
        query: What to search for.
        sort: How to order the hits;
            continued on a second line.
        page: Which result page.
        ratio: A fraction.
        tags: Filter tags.

    Returns:
        The number of hits.
    """
    return {"hits": len(query)}


def test_manifest_has_every_seed_field() -> None:
    m = search.manifest()
    assert set(m) >= {"name", "version", "description", "category", "triggers", "parameters", "output_schema",
                      "examples", "dependencies", "timeout_ms"}  # fmt: skip
    assert (m["name"], m["version"], m["category"], m["timeout_ms"]) == ("shop.search", "2.1.0", "forms", 1234)
    assert m["triggers"] == [r"\bsearch\b", r"look (for|up)"]
    assert m["dependencies"] == ["web"]
    assert m["examples"][0]["parameters"] == {"query": "shoes"}
    assert m["description"] == "Search the shop.\n\nLonger explanation that stays in the description."
    json.dumps(m)


def test_parameters_schema_from_type_hints_defaults_and_docstring() -> None:
    props = search.parameters["properties"]
    assert search.parameters["required"] == ["query"]
    assert search.parameters["additionalProperties"] is False
    assert props["query"] == {"type": "string", "minLength": 1, "maxLength": 80, "description": "What to search for."}
    assert props["sort"] == {
        "type": "string", "enum": ["price", "rating"], "default": "rating",
        "description": "How to order the hits; continued on a second line.",
    }  # fmt: skip
    assert props["page"] == {"type": "integer", "minimum": 1, "maximum": 50, "default": 1, "description": "Which result page."}
    assert props["ratio"]["exclusiveMinimum"] == 0 and props["ratio"]["exclusiveMaximum"] == 1
    assert props["tags"]["type"] == ["array", "null"] and props["tags"]["maxItems"] == 3
    assert props["tags"]["items"] == {"type": "string"}
    assert props["exact"] == {"type": "boolean", "default": False}
    assert search.output_schema == {"type": "object", "additionalProperties": {"type": "integer"}}


async def test_async_and_sync_functions_both_run() -> None:
    @tool
    def add(a: int, b: int = 2) -> int:
        """Add two numbers.

        Args:
            a: First.
            b: Second.
        """
        return a + b

    assert (await search.invoke({"query": "shoes"})).data == {"hits": 5}
    result = await add.invoke({"a": 40})
    assert result.ok and result.data == 42 and result.status_line() == "OK: 42"
    assert add.output_schema == {"type": "integer"}
    assert add.name == "add" and add.category == "general" and add.timeout_ms == 30_000


@dataclasses.dataclass
class Hit:
    title: str
    price: float
    url: str | None = None


class Row(TypedDict):
    name: str
    qty: int


class Model(BaseModel):
    id: int


def test_output_schema_from_dataclass_typeddict_rect_and_pydantic() -> None:
    @tool
    def hits() -> list[Hit]:
        """Hits."""
        return []

    @tool
    def row() -> Row:
        """A row."""
        return {"name": "a", "qty": 1}

    @tool
    def box() -> Rect:
        """A box."""
        return Rect(0, 0, 1, 1)

    @tool
    def model() -> Model:
        """A model."""
        return Model(id=1)

    item = hits.output_schema["items"]  # type: ignore[index]
    assert item["required"] == ["title", "price"]
    assert item["properties"]["url"] == {"type": ["string", "null"]}
    assert row.output_schema == {
        "type": "object", "properties": {"name": {"type": "string"}, "qty": {"type": "integer"}}, "required": ["name", "qty"],
    }  # fmt: skip
    rect = box.output_schema
    assert rect is not None
    assert set(rect["required"]) == {"x", "y", "width", "height", "center_x", "center_y"}
    assert rect["properties"]["center_x"] == {"type": "integer"}
    assert model.output_schema is not None and model.output_schema["properties"]["id"]["type"] == "integer"


async def test_rect_output_validates_against_its_own_schema() -> None:
    @tool
    def box() -> Rect:
        """A box."""
        return Rect(40, 250, 120, 40)

    result = await box.invoke({})
    assert result.ok, result.status_line()
    assert result.data["center_x"] == 100 and result.data["center_y"] == 270


def test_pydantic_field_and_plain_string_metadata() -> None:
    @tool
    def f(n: Annotated[int, Field(ge=2, le=9, description="How many.")], s: Annotated[str, "A note."] = "") -> None:
        """F."""

    assert f.parameters["properties"]["n"] == {"type": "integer", "minimum": 2, "maximum": 9, "description": "How many."}
    assert f.parameters["properties"]["s"]["description"] == "A note."
    assert f.output_schema is None


class Screen(Resource):
    def __init__(self) -> None:
        self.taps: list[tuple[int, int]] = []


async def test_resources_are_injected_by_type_not_asked_for() -> None:
    @tool
    async def tap(screen: Screen, ctx: ToolContext, x: int, y: int) -> ToolResult:
        """Tap.

        Args:
            x: X.
            y: Y.
        """
        screen.taps.append((x, y))
        return ToolResult.success(status=f"TAPPED: ({x},{y})")

    assert set(tap.parameters["properties"]) == {"x", "y"}
    assert tap.injected == {"screen": Screen, "ctx": ToolContext}
    screen = Screen()
    result = await tap.invoke({"x": 3, "y": 4}, ToolContext([screen]))
    assert result.status_line() == "TAPPED: (3,4)" and screen.taps == [(3, 4)]
    missing = await tap.invoke({"x": 3, "y": 4}, ToolContext())
    assert missing.code is ErrorCode.DRIVER_ERROR


def _no_doc(x: int) -> None:
    pass


def _var_kw(**kw: Any) -> None:
    """Bad."""


def _untyped(x) -> None:  # type: ignore[no-untyped-def]
    """Bad."""


def _bad_length(x: Annotated[int, MaxLen(3)]) -> None:
    """Bad."""


@pytest.mark.parametrize(
    ("func", "kwargs", "fragment"),
    [
        (_no_doc, {}, "needs a description"),
        (_var_kw, {}, "**kwargs"),
        (_untyped, {}, "needs a type hint"),
        (_bad_length, {}, "length bounds"),
        (_no_doc, {"description": "d", "name": "Bad Name"}, "tool name"),
        (_no_doc, {"description": "d", "name": "web_.click"}, "tool name"),
        (_no_doc, {"description": "d", "name": "a__b"}, "tool name"),
        (_no_doc, {"description": "d", "name": "a." + "b" * 62}, "64"),
        (_no_doc, {"description": "d", "name": "t", "triggers": ["("]}, "trigger"),
        (_no_doc, {"description": "d", "name": "t", "timeout_ms": 0}, "timeout_ms"),
    ],
)
def test_bad_tools_are_refused_with_manifest_error(func: Any, kwargs: dict[str, Any], fragment: str) -> None:
    with pytest.raises(ManifestError) as info:
        spec_from_function(func, **kwargs)
    assert fragment in str(info.value)


def test_parse_docstring_google_style() -> None:
    desc, args = parse_docstring(
        """Do it.

        Args:
            a (int): First
                and more.
            **rest: Others.

        Returns:
            Nothing.
        """
    )
    assert desc == "Do it." and args == {"a": "First and more.", "rest": "Others."}
    assert parse_docstring(None) == ("", {})
