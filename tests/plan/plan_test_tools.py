"""Deterministic tools for the plan tests (a module, not a conftest, so tests can import it)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Annotated, Any

from annotated_types import Ge, Le

from tapwright import Registry, ToolResult, Toolset, tool
from tapwright.core.fence import TypedInput
from tapwright.errors import ErrorCode, ToolFailure
from tapwright.tools.fake import toolset as fake_toolset


@dataclass
class Calls:
    """What the test tools saw, so tests can check what really reached a tool."""

    seen: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    flaky_failures: int = 2
    started: asyncio.Event = field(default_factory=asyncio.Event)

    def names(self) -> list[str]:
        return [n for n, _ in self.seen]


def build_registry(calls: Calls) -> Registry:
    @tool(name="echo")
    def echo(value: Any = None, text: str = "") -> dict[str, Any]:
        """Return what it was given.

        Args:
            value: Any value.
            text: A string.
        """
        calls.seen.append(("t.echo", {"value": value, "text": text}))
        return {"value": value, "text": text, "items": [{"name": "first"}, {"name": "second"}]}

    @tool(name="add")
    def add(a: int, b: Annotated[int, Ge(0), Le(100)] = 0) -> int:
        """Add.

        Args:
            a: A.
            b: B.
        """
        calls.seen.append(("t.add", {"a": a, "b": b}))
        return a + b

    @tool(name="flaky")
    def flaky(code: str = "ELEMENT_NOT_FOUND") -> str:
        """Fail a few times, then succeed.

        Args:
            code: The code to fail with.
        """
        calls.seen.append(("t.flaky", {}))
        if calls.flaky_failures > 0:
            calls.flaky_failures -= 1
            raise ToolFailure(ErrorCode(code), "not yet")
        return "finally"

    @tool(name="fail")
    def fail(code: str = "ASSERTION_FAILED", message: str = "no") -> None:
        """Always fail.

        Args:
            code: The code.
            message: The message.
        """
        calls.seen.append(("t.fail", {"message": message}))
        raise ToolFailure(ErrorCode(code), message)

    @tool(name="slow", timeout_ms=100)
    async def slow(seconds: float = 5.0) -> str:
        """Sleep.

        Args:
            seconds: How long.
        """
        calls.seen.append(("t.slow", {"seconds": seconds}))
        calls.started.set()
        await asyncio.sleep(seconds)
        return "woke"

    @tool(name="liar", output=dict[str, int])
    def liar() -> Any:
        """Return output that breaks its own output_schema."""
        calls.seen.append(("t.liar", {}))
        return {"n": "not an int"}

    @tool(name="login")
    def login(user: str, password: Annotated[str, TypedInput]) -> ToolResult:
        """Log in and (badly) echo the password back everywhere.

        Args:
            user: User.
            password: Password.
        """
        calls.seen.append(("t.login", {"user": user, "password": password}))
        return ToolResult.success({"echo": password, "url": f"https://x/?p={password}"}, status=f"OK: logged in with {password}")

    @tool(name="leak_fail")
    def leak_fail(password: Annotated[str, TypedInput]) -> None:
        """Fail with the password in the message.

        Args:
            password: Password.
        """
        raise ToolFailure(ErrorCode.ASSERTION_FAILED, f"wrong password {password}", cause=f"server said {password}")

    tools = Toolset("t", [echo, add, flaky, fail, slow, liar, login, leak_fail])
    return Registry([tools, fake_toolset()])
